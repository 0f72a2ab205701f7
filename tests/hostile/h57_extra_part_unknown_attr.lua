-- hostile: declarations. An extra part triggered by an attribute no
-- script declares: refused when the flow is built, naming this line
-- and the attribute.
-- expect: error extra_part: unknown attribute 'no_such_attr'
extra_part { when = "closes", kinds = { "city" }, attr = "no_such_attr" }

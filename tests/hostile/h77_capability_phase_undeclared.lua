-- hostile: declarations. A capability whose moves wait in a custom phase
-- (walker, token_pool, move_anywhere) named a phase no script declared:
-- refused at load naming the declaration and the phase, never a flow
-- with a phase index of -1.
-- expect: error token_pool 'meeple': 'nets' is not a phase of a script
attribute "fish" { merge = "sum" }
stack "fish_bag" {}
token_pool "meeple" { stack = "fish_bag", phase = "nets", grow = "cast", cash = "land", value = "fish" }

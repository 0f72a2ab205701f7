-- hostile: declarations. A stack name longer than the kernel stores
-- (GK_NAME_MAX): C refuses it when the rules are built, after every
-- script ran; the message must still name this line and the name.
-- expect: error stack: bad stack name 'ssssssssssssssssssssssssssssssssssssssssssssss
stack "ssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssss" {}

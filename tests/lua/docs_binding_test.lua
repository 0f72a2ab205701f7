-- The examples of docs/lua-api.md, section "Kernel binding", run as the
-- page says (in order, one chunk, from the repository root) under the
-- stock lua5.4 with meeple.so; each `print(...) --> expected` must print
-- what the comment says (its first word; the rest may be a gloss).
local testlib = require "testlib"
local t = testlib.new("docs_binding")

testlib.module(t)

testlib.doc_examples(t, "Kernel binding", 10)
t:done()

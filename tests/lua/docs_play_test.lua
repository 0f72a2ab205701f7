-- The examples of docs/lua-api.md, section "Playing games from Lua (no
-- host)", run as the page says (in order, one chunk, from the repository
-- root, MEEPLE_PATH=.) under the stock lua5.4 with meeple.so; each
-- `print(...) --> expected` must print what the comment says (its first
-- word; the rest may be a gloss).
local testlib = require "testlib"
local t = testlib.new("docs_play")

testlib.module(t)

testlib.doc_examples(t, "Playing games from Lua %(no host%)", 12)
t:done()

-- meeple.loader.state: each script's state lives in the game (a blob
-- per script) so clone, save, undo and replay carry it; hooks get it as
-- a plain table. This is its text form: sorted keys, so the same table
-- always gives the same text; data only (meeple.state), never code.

local codec = require "meeple.state"

local M = {}

M.serialize_state = codec.encode
M.deserialize_state = codec.decode

return M

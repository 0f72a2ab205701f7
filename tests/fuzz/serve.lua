-- Fuzz driver: meeple serve's request handling (meeple.server.handle, as
-- cli_serve.c calls it). The bytes are a request:
--   METHOD URL\n
--   Header-Name: value\n   (any number)
--   \n
--   body                   ($TOKEN stands for seat 1's token of table 1)
-- Findings: an error escaping handle, a status outside 200..599, a 500
-- (an internal error: bad input must be a 4xx), an answer that is not a
-- string, a JSON error answer without "error", or a refused request
-- that changed table 1.
local server = require "meeple.server"
local cjson = require "cjson"

local JSON = { ["content-type"] = "application/json" }
local token, inputs

local function reset()
  server.setup({ root = "." }, { game = "base", seed = 1, players = 2, agents = { "human", "random" } })
  -- bots never think here: a job is taken and dropped, as a bot still thinking
  server.set_host({ spawn = function() return true end, changed = function() end })
  local _, text = server.handle("POST", "/api/v1/tables/1/seats/1", "{}", false, JSON)
  token = cjson.decode(text).token
  inputs = 0
end
reset()

local function version()
  local _, text = server.handle("GET", "/api/v1/tables/1/state?board=0", nil, false, {}, { board = "0" })
  return cjson.decode(text).version
end

return function(data)
  inputs = inputs + 1
  if inputs > 40 then reset() end -- tables accumulate up to the 64 allowed
  local head, body = data:match("^(.-)\n\n(.*)$")
  head = head or data
  body = (body or ""):gsub("%$TOKEN", token)
  local first = head:match("^[^\n]*")
  local method, url = first:match("^(%S+) (%S+)")
  method, url = method or "GET", url or first
  local headers = {}
  for k, v in head:gmatch("\n([^:\n]+):%s*([^\n]*)") do headers[k:lower()] = v end
  local query = {}
  for k, v in (url:match("%?(.*)$") or ""):gmatch("([^&=]+)=?([^&]*)") do query[k] = v end
  local before = version()
  local status, out, ctype = server.handle(method, url, body, #body > server.MAX_BODY, headers, query)
  if math.type(status) ~= "integer" or status < 200 or status > 599 then
    error("status " .. tostring(status) .. " for " .. first)
  end
  if status == 500 then error("500 for " .. first .. ": " .. tostring(out)) end
  if type(out) ~= "string" then error("answer of type " .. type(out)) end
  if status >= 400 then
    local ok, v = pcall(cjson.decode, out)
    if not ok or type(v) ~= "table" or type(v.error) ~= "string" then error("error answer without error: " .. out) end
    if version() ~= before then error("a refused request changed table 1: " .. first) end
  end
  local _ = ctype
end

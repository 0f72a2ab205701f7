-- meeple.loader.freeze: the read-only views of the tables a hook is
-- given as arguments (the move an allow or apply hook judges, the
-- feature view, the event's arguments, the leaders). A view reads
-- through to its table, nested tables as views too; indexing, `#`,
-- `pairs` and `ipairs` work as usual; any write raises
--   rules.lua:7: a hook's arguments are read-only (cannot set 'x'): copy what you change
-- at the script's line, and getmetatable(view) is false. So no hook can
-- change what the next hook or the host sees. Hooks that want a
-- changed value return it (feature_points) or keep it in ctx.state.
--
-- Invariant: a view holds no data of its own (rawget and next on it see
-- nothing); `targets` maps each live view to its table, weakly.

local M = {}

local targets = setmetatable({}, { __mode = "k" })
local freeze

local function wrap(v)
  if type(v) == "table" then return freeze(v) end
  return v
end

local VIEW_MT = {
  __index = function(view, key) return wrap(targets[view][key]) end,
  __newindex = function(_, key)
    local shown = type(key) == "string" and key
      or ("[%s]"):format(math.type(key) == "integer" and tostring(key) or type(key))
    error(("a hook's arguments are read-only (cannot set '%s'): copy what you change"):format(shown), 2)
  end,
  __len = function(view) return #targets[view] end,
  __pairs = function(view)
    local t = targets[view]
    return function(_, key)
      local k, v = next(t, key)
      return k, wrap(v)
    end, view, nil
  end,
  __metatable = false,
}

-- The read-only view of t (a table; anything else is returned as it is).
function freeze(t)
  if type(t) ~= "table" or targets[t] then return t end
  local view = setmetatable({}, VIEW_MT)
  targets[view] = t
  return view
end
M.freeze = freeze

-- A view to point at one table after another (the moves one veto
-- judges in turn), so a dispatch makes one view, not one per move.
-- A hook that keeps a view after its call sees the table of the moment.
function M.retarget(view, t)
  targets[view] = t
  return view
end

-- The read-only view of t that calls refresh() before every read (a
-- key, `#`, `pairs`), for the C side that fills some of t's fields only
-- when a hook looks (bindings/hooks/hook_direct.c: a placed tile's fields,
-- written at the first read, not at every call). Reads the same as
-- freeze(t).
function M.lazy(t, refresh)
  local view = setmetatable({}, {
    __index = function(_, key) refresh(); return wrap(t[key]) end,
    __newindex = VIEW_MT.__newindex,
    __len = function() refresh(); return #t end,
    __pairs = function(view)
      refresh()
      return VIEW_MT.__pairs(view)
    end,
    __metatable = false,
  })
  targets[view] = t
  return view
end

-- A view that reads straight from a table (mt.__index), for the C side
-- that judges moves one after another (bindings/hooks/hook_veto.c): a read is a
-- table lookup, not a call, and the host aims it at another table by
-- setting mt.__index. The table's nested tables must be views already
-- (freeze them first). Returns the view and its metatable.
function M.flat(t)
  local mt
  mt = {
    __index = t,
    __newindex = VIEW_MT.__newindex,
    __len = function() return #mt.__index end,
    __pairs = function() return next, mt.__index, nil end,
    __metatable = false,
  }
  return setmetatable({}, mt), mt
end

return M

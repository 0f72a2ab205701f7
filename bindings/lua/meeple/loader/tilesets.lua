-- meeple.loader.tilesets: the tile sets scripts named (tiles "base",
-- tiles { file = ... }, tiles { text = ... }) read, parsed and pooled,
-- with the touches declarations applied.
--
-- Invariant: the pool is a list of { tile, stack } in declaration order
-- then file order; a tile id appears once in it; every file read is in
-- decl.files with its hash; a tile patched by touches is a copy (parsed
-- tiles may be shared). Trusted host code, never visible to scripts.

local meeple = require "meeple"
local tiles_mod = require "meeple.tiles"
local files = require "meeple.files"
local common = require "meeple.loader.common"
local at = require("meeple.loader.formula").at
local readfile, exists, dirname, tidy = common.readfile, common.exists, common.dirname, common.tidy
local sorted_keys = common.sorted_keys

local M = {}

local function parse_inline(set)
  local list, err = tiles_mod.parse(set.text, set.name)
  if list then list, err = tiles_mod.resolve(list, function(n)
    return nil, "inline tiles cannot include '" .. n .. "'" end) end
  return list, err
end

-- tiles "name": name.tiles next to the script, in ../tiles or a tile dir.
local function find_named(set, tile_dirs)
  local dirs = { dirname(set.script.path) .. "/../tiles", dirname(set.script.path) }
  for _, d in ipairs(tile_dirs) do dirs[#dirs + 1] = d end
  for _, d in ipairs(dirs) do
    if exists(d .. "/" .. set.name .. ".tiles") then return tidy(d .. "/" .. set.name .. ".tiles") end
  end
  error(("%s: tiles '%s': no %s.tiles next to %s or in %s"):format(
    set.at or set.script.path, set.name, set.name, set.script.path, table.concat(tile_dirs, ", ")), 0)
end

local function read_file_set(decl, set, tile_dirs, script_dirs)
  local path = set.file
  -- where a script may make the host read (meeple.files.roots_for): the
  -- game's roots, its own directory, the working directory, the project root
  local game_roots = {}
  for _, d in ipairs(tile_dirs) do game_roots[#game_roots + 1] = d end
  for _, d in ipairs(script_dirs) do game_roots[#game_roots + 1] = d end
  local roots = files.roots_for(set.script.path, game_roots)
  local named = path or set.name
  if not path then
    path = find_named(set, tile_dirs)
  else
    path = files.resolve(set.script.path, path)   -- relative to the script
  end
  files.allow(("%s: tiles"):format(set.at or set.script.path), named, path, roots)
  set.path = path
  local text = readfile(path)
  if text then decl.files[#decl.files + 1] = { path = path, hash = meeple.hash(text) } end
  return tiles_mod.load_resolved(path)
end

-- Adds the set's tiles to the pool; `seen` maps tile ids to set names.
local function check_stack(decl, set, stack)
  if type(stack) ~= "string" or not decl.stack_index[stack] then
    error(("%s: tiles '%s': unknown stack '%s' (declare it with stack)"):format(
      set.at or set.script.path, tostring(set.name), tostring(stack)), 0)
  end
  return stack
end

-- The stack of a tile: by_tag's for its first tag listed there, else the set's.
local function stack_of(set, t, stack)
  for _, tag in ipairs(set.by_tag and t.tags or {}) do
    if set.by_tag[tag] then return set.by_tag[tag] end
  end
  return stack
end

local function pool_set(decl, set, list, pool, seen)
  local stack = check_stack(decl, set, set.stack or decl.draw_stack or "main")
  if set.by_tag ~= nil and type(set.by_tag) ~= "table" then
    error(("%s: tiles '%s': by_tag must be { tag = stack name }"):format(set.at or set.script.path, tostring(set.name)), 0)
  end
  for _, tag in ipairs(sorted_keys(set.by_tag or {})) do check_stack(decl, set, set.by_tag[tag]) end
  for _, t in ipairs(list) do
    for _, tag in ipairs(t.tags) do
      if not decl.tags[tag] then decl.tags[tag] = true; decl.tag_list[#decl.tag_list + 1] = tag end
    end
    if seen[t.id] then
      error(("%s:%s: tile %s: defined by two tile sets (%s and %s)"):format(
        t.file or set.at, t.line or "?", t.id, seen[t.id], set.name), 0)
    end
    seen[t.id] = set.name
    pool[#pool + 1] = { tile = t, stack = stack_of(set, t, stack) }
  end
end

function M.load(decl, tile_dirs, script_dirs)
  local pool, seen = {}, {}
  for _, set in ipairs(decl.tile_sets) do
    local list, err
    if set.text then
      list, err = parse_inline(set)
      -- inline text has no file of its own: the script line that holds it
      if not list then err = ("%stiles: %s"):format(at(set), err) end
    else
      list, err = read_file_set(decl, set, tile_dirs, script_dirs)
    end
    if not list then error(err, 0) end
    pool_set(decl, set, list, pool, seen)
  end
  return pool
end

-- A tile with its own segment list and adjacency lists, to patch.
local function copy_tile(t)
  local copy = {}
  for k, v in pairs(t) do copy[k] = v end
  copy.segments = {}
  for i, sg in ipairs(t.segments) do
    local c = {}
    for k, v in pairs(sg) do c[k] = v end
    c.adjacent = {}
    for j, a in ipairs(sg.adjacent or {}) do c.adjacent[j] = a end
    copy.segments[i] = c
  end
  return copy
end

-- The segment indices of the tile covering the ports named in `group`.
local function group_segments(d, copy, group, port_id)
  local segs = {}
  for _, name in ipairs(group) do
    local port = port_id[name]
    local seg
    for i, sg in ipairs(copy.segments) do
      for _, p in ipairs(sg.ports) do if p == port then seg = i end end
    end
    if not seg then
      error(("%stouches '%s': no segment of the tile covers port '%s'"):format(at(d), d.tile, tostring(name)), 0)
    end
    segs[#segs + 1] = seg
  end
  return segs
end

-- Makes every segment of `segs` adjacent to every other one.
local function join_segments(copy, segs)
  for _, a in ipairs(segs) do
    for _, b in ipairs(segs) do
      if a ~= b then
        local list, has = copy.segments[a].adjacent, false
        for _, x in ipairs(list) do has = has or x == b end
        if not has then list[#list + 1] = b end
      end
    end
  end
end

-- touches declarations: extra segment contacts on tiles of the pool.
function M.apply_touches(decl, pool)
  local port_id = {}
  for i = 0, 11 do port_id[tiles_mod.PORT_NAMES[i]] = i end
  for _, d in ipairs(decl.touches) do
    local found = false
    for _, entry in ipairs(pool) do
      if entry.tile.id == d.tile then
        found = true
        local copy = copy_tile(entry.tile)
        for _, group in ipairs(d.groups) do join_segments(copy, group_segments(d, copy, group, port_id)) end
        entry.tile = copy
      end
    end
    if not found and not d.optional then
      error(("%stouches: no tile '%s' in the loaded tile sets"):format(at(d), d.tile), 0)
    end
  end
end

return M

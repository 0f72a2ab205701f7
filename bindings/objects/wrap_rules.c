/*
** wrap_rules.c: meeple.rules(), the builder of a game's definitions.
**
** Tile definitions come as the tables meeple.tiles produces (see the
** LuaCATS classes in bindings/lua/meeple/tiles.lua): ports are 0..11 as
** in gk.h, segment indices in 'adjacent' count from 1.
*/
#include <stdarg.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "gk.h"
#include "wrap_internal.h"

static mp_rules *checkrulesud(lua_State *L, int arg) {
  return (mp_rules *)luaL_checkudata(L, arg, MP_RULES);
}

gk_rules *mp_checkrules(lua_State *L, int arg) {
  mp_rules *ud = checkrulesud(L, arg);
  if (ud->rules == NULL) luaL_argerror(L, arg, "rules already finalized");
  return ud->rules;
}

int mp_checkname(lua_State *L, int arg, const gk_rules *rules,
                 int (*find)(const gk_rules *, const char *),
                 const char *what) {
  if (lua_type(L, arg) != LUA_TSTRING)  /* luaL_typeerror, for a composed name */
    return luaL_argerror(L, arg, lua_pushfstring(L, "%s name expected, got %s",
                                                 what, luaL_typename(L, arg)));
  const char *name = lua_tostring(L, arg);
  int id = find(rules, name);
  if (id < 0)
    return luaL_argerror(L, arg,
                         lua_pushfstring(L, "unknown %s '%s'", what, name));
  return id;
}

int mp_checktiletype(lua_State *L, int arg, const gk_rules *rules) {
  if (lua_type(L, arg) != LUA_TSTRING) return luaL_typeerror(L, arg, "tile id");
  const char *id = lua_tostring(L, arg);
  int type = gk_rules_find_tile(rules, id);
  if (type < 0)
    return luaL_argerror(L, arg, lua_pushfstring(L, "unknown tile '%s'", id));
  return type;
}

/* Raises the rules' message for a failed registration. */
static int ruleserror(lua_State *L, const gk_rules *rules) {
  return luaL_error(L, "%s", gk_rules_error(rules));
}

/* {======================================================================
** Registration
** ======================================================================= */

static int rules_new(lua_State *L) {
  void *aud;
  lua_Alloc allocf = lua_getallocf(L, &aud);
  mp_rules *ud = (mp_rules *)lua_newuserdatauv(L, sizeof *ud, 0);
  ud->rules = NULL;
  luaL_setmetatable(L, MP_RULES);
  /* Lua's own allocator, so that a memory cap on the state (the sandbox)
  ** covers the kernel objects a script creates. */
  gk_allocator alloc = {allocf, aud};
  ud->rules = gk_rules_new(&alloc);
  if (ud->rules == NULL) return luaL_error(L, "not enough memory");
  return 1;
}

/* Registration results are 0-based ids; Lua sees them from 1. */
static int pushid(lua_State *L, const gk_rules *rules, int id) {
  if (id < 0) return ruleserror(L, rules);
  lua_pushinteger(L, (lua_Integer)id + 1);
  return 1;
}

static const char *const completion_names[] = {"ports", "surrounded", "never",
                                               NULL};

/* An optional string field of the options table at arg, one of lst. */
static int optfield(lua_State *L, int arg, const char *field, int def,
                    const char *const lst[]) {
  int result = def;
  if (lua_getfield(L, arg, field) != LUA_TNIL) {
    const char *s = lua_tostring(L, -1);
    result = -1;
    for (int i = 0; s && lst[i]; i++)
      if (strcmp(lst[i], s) == 0) result = i;
    if (result < 0)
      luaL_argerror(L, arg, lua_pushfstring(L, "invalid %s '%s'", field,
                                            s ? s : luaL_typename(L, -1)));
  }
  lua_pop(L, 1);
  return result;
}

static int rules_kind(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  const char *name = luaL_checkstring(L, 2);
  int completion = GK_CLOSE_PORTS;
  unsigned flags = 0;
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    completion = optfield(L, 3, "completion", GK_CLOSE_PORTS, completion_names);
    lua_getfield(L, 3, "wildcard");
    if (lua_toboolean(L, -1)) flags |= GK_KIND_WILDCARD;
    lua_pop(L, 1);
  }
  return pushid(L, r, gk_rules_add_kind(r, name, (gk_completion)completion, flags));
}

static int rules_match(lua_State *L) {
  static const char *const modes[] = {"none", "match", "join", NULL};
  static const unsigned flags[] = {0, GK_MATCH, GK_MATCH | GK_JOIN};
  gk_rules *r = mp_checkrules(L, 1);
  int a = mp_checkname(L, 2, r, gk_rules_find_kind, "kind");
  int b = mp_checkname(L, 3, r, gk_rules_find_kind, "kind");
  int mode = luaL_checkoption(L, 4, "join", modes);
  if (gk_rules_set_match(r, a, b, flags[mode]) < 0) return ruleserror(L, r);
  return 0;
}

static int rules_attr(lua_State *L) {
  static const char *const ops[] = {"sum", "max", "min", "any", "all", NULL};
  gk_rules *r = mp_checkrules(L, 1);
  const char *name = luaL_checkstring(L, 2);
  int op = luaL_checkoption(L, 3, "sum", ops);
  return pushid(L, r, gk_rules_add_attr(r, name, (gk_merge_op)op));
}

static int rules_tag(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  return pushid(L, r, gk_rules_add_tag(r, luaL_checkstring(L, 2)));
}

static int getcount(lua_State *L, int arg, const char *field, int def) {
  int isint;
  lua_getfield(L, arg, field);
  lua_Integer v = lua_isnil(L, -1) ? def : lua_tointegerx(L, -1, &isint);
  if (!lua_isnil(L, -1) && (!isint || v < 0 || v > 1000))
    luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' must be a count", field));
  lua_pop(L, 1);
  return (int)v;
}

static int rules_figure(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  const char *name = luaL_checkstring(L, 2);
  gk_figure_spec spec = {0, 0};
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    spec.per_player = getcount(L, 3, "per_player", 0);
    spec.neutral = getcount(L, 3, "neutral", 0);
  }
  return pushid(L, r, gk_rules_add_figure_kind(r, name, &spec));
}

static int rules_stack(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  return pushid(L, r, gk_rules_add_stack(r, luaL_checkstring(L, 2)));
}

static int rules_reason(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  return pushid(L, r, gk_rules_add_reason(r, luaL_checkstring(L, 2)));
}

static int rules_counter(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  return pushid(L, r, gk_rules_add_counter(r, luaL_checkstring(L, 2)));
}

/* One bound of a region; nil leaves that side open. */
static int32_t region_bound(lua_State *L, int arg, int32_t open) {
  if (lua_isnoneornil(L, arg)) return open;
  lua_Integer v = luaL_checkinteger(L, arg);
  luaL_argcheck(L, v >= -(1 << 20) && v <= (1 << 20), arg, "coordinate out of range");
  return (int32_t)v;
}

/* rules:block_region(x0, y0, x1, y1): nil bounds are unbounded. */
static int rules_block_region(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  int32_t x0 = region_bound(L, 2, GK_UNBOUNDED_MIN), y0 = region_bound(L, 3, GK_UNBOUNDED_MIN);
  int32_t x1 = region_bound(L, 4, GK_UNBOUNDED_MAX), y1 = region_bound(L, 5, GK_UNBOUNDED_MAX);
  return pushid(L, r, gk_rules_block_region(r, x0, y0, x1, y1));
}

/* }====================================================================== */

/* {======================================================================
** Tile definitions
** ======================================================================= */

/*
** Raises "file:line:col: message" when the table at pos_idx (a tile or a
** segment from meeple.tiles) says where it was written, else "message".
*/
static int tileerror(lua_State *L, int tile_idx, int pos_idx, const char *fmt,
                     ...) {
  int top = lua_gettop(L);
  const char *where = "";
  if (lua_getfield(L, tile_idx, "file") == LUA_TSTRING &&
      lua_getfield(L, pos_idx, "line") == LUA_TNUMBER) {
    lua_getfield(L, pos_idx, "col");
    where = lua_pushfstring(L, "%s:%I:%I: ", lua_tostring(L, top + 1),
                            lua_tointeger(L, top + 2),
                            luaL_optinteger(L, top + 3, 1));
  }
  va_list ap;
  va_start(ap, fmt);
  const char *msg = lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  lua_pushfstring(L, "%s%s", where, msg);
  return lua_error(L);
}

/* A list field of the table at idx, pushed; nil pushes nil and gives 0. */
static lua_Integer listfield(lua_State *L, int tile_idx, int idx,
                             const char *field, const char *id, int si) {
  int t = lua_getfield(L, idx, field);
  if (t == LUA_TNIL) return 0;
  if (t != LUA_TTABLE) {
    if (si > 0)
      tileerror(L, tile_idx, idx, "tile %s: segment %d: '%s' must be a list",
                id, si, field);
    tileerror(L, tile_idx, idx, "tile %s: '%s' must be a list", id, field);
  }
  return luaL_len(L, -1);
}

static uint16_t readports(lua_State *L, int tile_idx, int seg_idx,
                          const char *id, int si) {
  uint16_t mask = 0;
  lua_Integer n = listfield(L, tile_idx, seg_idx, "ports", id, si);
  for (lua_Integer i = 1; i <= n; i++) {
    int port = -1, isint;
    lua_geti(L, -1, i);
    if (lua_type(L, -1) == LUA_TSTRING) {
      port = gk_port_from_name(lua_tostring(L, -1));
    } else {
      lua_Integer p = lua_tointegerx(L, -1, &isint);
      if (isint && p >= 0 && p < GK_PORT_COUNT) port = (int)p;
    }
    if (port < 0)
      tileerror(L, tile_idx, seg_idx, "tile %s: segment %d: bad port %s", id,
                si, luaL_tolstring(L, -1, NULL));
    mask |= (uint16_t)(1u << port);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return mask;
}

static uint16_t readadjacent(lua_State *L, int tile_idx, int seg_idx,
                             const char *id, int si) {
  uint16_t mask = 0;
  lua_Integer n = listfield(L, tile_idx, seg_idx, "adjacent", id, si);
  for (lua_Integer i = 1; i <= n; i++) {
    int isint;
    lua_geti(L, -1, i);
    lua_Integer j = lua_tointegerx(L, -1, &isint);
    if (!isint || j < 1 || j > GK_MAX_SEGMENTS)
      tileerror(L, tile_idx, seg_idx,
                "tile %s: segment %d: adjacent segment %s is not 1..%d", id, si,
                luaL_tolstring(L, -1, NULL), GK_MAX_SEGMENTS);
    mask |= (uint16_t)(1u << (j - 1));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return mask;
}

/* In declare mode an unknown attribute is registered (merged by sum). */
static void readattrs(lua_State *L, gk_rules *r, int tile_idx, int seg_idx,
                      const char *id, int si, int declare,
                      gk_segment_def *seg) {
  lua_Integer n = listfield(L, tile_idx, seg_idx, "attrs", id, si);
  if (n > GK_MAX_SEG_ATTRS)
    tileerror(L, tile_idx, seg_idx, "tile %s: segment %d: more than %d attributes",
              id, si, GK_MAX_SEG_ATTRS);
  for (lua_Integer i = 1; i <= n; i++) {
    int isint;
    lua_geti(L, -1, i);
    lua_getfield(L, -1, "name");
    const char *name = lua_tostring(L, -1);
    if (lua_type(L, -1) != LUA_TSTRING)
      tileerror(L, tile_idx, seg_idx, "tile %s: segment %d: attribute %d has no name",
                id, si, (int)i);
    int attr = gk_rules_find_attr(r, name);
    if (attr < 0 && declare) {
      attr = gk_rules_add_attr(r, name, GK_MERGE_SUM);
      if (attr < 0) tileerror(L, tile_idx, seg_idx, "%s", gk_rules_error(r));
    }
    if (attr < 0)
      tileerror(L, tile_idx, seg_idx,
                "tile %s: segment %d: unknown attribute '%s' (declare it with "
                "rules:attr)", id, si, name);
    lua_getfield(L, -2, "value");
    lua_Integer value = lua_isnil(L, -1) ? 1 : lua_tointegerx(L, -1, &isint);
    if (!lua_isnil(L, -1) && (!isint || value < INT32_MIN || value > INT32_MAX))
      tileerror(L, tile_idx, seg_idx,
                "tile %s: segment %d: attribute '%s' needs a 32-bit integer value",
                id, si, name);
    seg->attrs[seg->n_attrs++] = (gk_segment_attr){attr, (int32_t)value};
    lua_pop(L, 3);
  }
  lua_pop(L, 1);
}

static uint64_t readtags(lua_State *L, gk_rules *r, int tile_idx,
                         const char *id) {
  uint64_t tags = 0;
  lua_Integer n = listfield(L, tile_idx, tile_idx, "tags", id, 0);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, -1, i);
    if (lua_type(L, -1) != LUA_TSTRING)
      tileerror(L, tile_idx, tile_idx, "tile %s: tag %d is not a string", id, (int)i);
    /* Tags carry no semantics the kernel checks, so files may bring new
    ** ones; kinds and attributes must be declared by the rules. */
    const char *name = lua_tostring(L, -1);
    int tag = gk_rules_find_tag(r, name);
    if (tag < 0) tag = gk_rules_add_tag(r, name);
    if (tag < 0) tileerror(L, tile_idx, tile_idx, "%s", gk_rules_error(r));
    tags |= (uint64_t)1 << tag;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return tags;
}

/* Registers the tile definition table at tile_idx; returns its type. */
static int addtile(lua_State *L, gk_rules *r, int tile_idx, int declare) {
  gk_tile_def def;
  memset(&def, 0, sizeof def);
  luaL_checkstack(L, 12, "tile definition");
  if (lua_getfield(L, tile_idx, "id") != LUA_TSTRING)
    tileerror(L, tile_idx, tile_idx, "tile definition without a string 'id'");
  def.id = lua_tostring(L, -1);  /* kept alive on the stack */
  def.tags = readtags(L, r, tile_idx, def.id);
  int oriented = lua_getfield(L, tile_idx, "oriented");
  if (oriented != LUA_TNIL && oriented != LUA_TBOOLEAN)
    tileerror(L, tile_idx, tile_idx, "tile %s: 'oriented' must be true, false or nil", def.id);
  if (lua_toboolean(L, -1)) def.flags |= GK_TILE_ORIENTED;
  lua_pop(L, 1);
  lua_Integer n = listfield(L, tile_idx, tile_idx, "segments", def.id, 0);
  if (n > GK_MAX_SEGMENTS)
    tileerror(L, tile_idx, tile_idx, "tile %s: more than %d segments", def.id,
              GK_MAX_SEGMENTS);
  def.n_segments = (int)n;
  int segs = lua_gettop(L);
  for (int si = 1; si <= (int)n; si++) {
    gk_segment_def *seg = &def.segments[si - 1];
    if (lua_geti(L, segs, si) != LUA_TTABLE)
      tileerror(L, tile_idx, tile_idx, "tile %s: segment %d is not a table",
                def.id, si);
    int seg_idx = lua_gettop(L);
    lua_getfield(L, seg_idx, "kind");
    const char *kind = lua_tostring(L, -1);
    if (lua_type(L, -1) != LUA_TSTRING)
      tileerror(L, tile_idx, seg_idx, "tile %s: segment %d has no kind", def.id, si);
    seg->kind = gk_rules_find_kind(r, kind);
    if (seg->kind < 0)
      tileerror(L, tile_idx, seg_idx,
                "tile %s: segment %d: unknown kind '%s' (declare it with "
                "rules:kind)", def.id, si, kind);
    lua_pop(L, 1);
    seg->ports = readports(L, tile_idx, seg_idx, def.id, si);
    seg->adjacent = readadjacent(L, tile_idx, seg_idx, def.id, si);
    readattrs(L, r, tile_idx, seg_idx, def.id, si, declare, seg);
    lua_pop(L, 1);
  }
  int type = gk_rules_add_tile(r, &def);
  if (type < 0) tileerror(L, tile_idx, tile_idx, "%s", gk_rules_error(r));
  lua_settop(L, segs - 1);
  lua_pop(L, 1);  /* the id */
  return type;
}

static int rules_tile(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_pushinteger(L, (lua_Integer)addtile(L, r, 2, 0) + 1);
  return 1;
}

/*
** Check mode: declares every kind the list uses, in order of first use.
** A kind with an inner segment anywhere closes when surrounded (the
** kernel refuses inner segments of kinds that close by ports).
*/
static void declarekinds(lua_State *L, gk_rules *r, int list) {
  lua_newtable(L);  /* name -> true if some segment of it is inner */
  lua_newtable(L);  /* names in order of first use */
  int inner = lua_gettop(L) - 1, order = inner + 1;
  lua_Integer ntiles = luaL_len(L, list);
  for (lua_Integer t = 1; t <= ntiles; t++) {
    if (lua_geti(L, list, t) == LUA_TTABLE &&
        lua_getfield(L, -1, "segments") == LUA_TTABLE) {
      lua_Integer nsegs = luaL_len(L, -1);
      for (lua_Integer s = 1; s <= nsegs; s++) {
        if (lua_geti(L, -1, s) == LUA_TTABLE &&
            lua_getfield(L, -1, "kind") == LUA_TSTRING) {
          int noports = lua_getfield(L, -2, "ports") != LUA_TTABLE ||
                        luaL_len(L, -1) == 0;
          lua_pop(L, 1);
          if (lua_rawget(L, inner) == LUA_TNIL) {  /* first use */
            lua_getfield(L, -2, "kind");
            lua_rawseti(L, order, luaL_len(L, order) + 1);
          }
          int was = lua_toboolean(L, -1);
          lua_pop(L, 1);
          lua_getfield(L, -1, "kind");
          lua_pushboolean(L, was || noports);
          lua_rawset(L, inner);
        }
        lua_settop(L, order + 2);
      }
    }
    lua_settop(L, order);
  }
  lua_Integer nkinds = luaL_len(L, order);
  for (lua_Integer k = 1; k <= nkinds; k++) {
    lua_geti(L, order, k);
    const char *name = lua_tostring(L, -1);
    lua_pushvalue(L, -1);
    lua_rawget(L, inner);
    gk_completion c = lua_toboolean(L, -1) ? GK_CLOSE_SURROUNDED : GK_CLOSE_PORTS;
    if (gk_rules_find_kind(r, name) < 0 && gk_rules_add_kind(r, name, c, 0) < 0)
      ruleserror(L, r);
    lua_pop(L, 2);
  }
  lua_settop(L, inner - 1);
}

/*
** rules:load_tiles(path | list [, {declare = true}]). A path is read with
** meeple.tiles through the 'require' captured when the module was opened
** (upvalue 1): a state without it, such as the sandbox, passes lists.
*/
static int rules_load_tiles(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  int declare = 0;
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_getfield(L, 3, "declare");
    declare = lua_toboolean(L, -1);
  }
  lua_settop(L, 2);
  if (lua_type(L, 2) == LUA_TSTRING) {
    if (lua_isnil(L, lua_upvalueindex(1)))
      return luaL_error(L, "load_tiles: no file access here (pass a tile list)");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushliteral(L, "meeple.tiles");
    lua_call(L, 1, 1);
    lua_getfield(L, -1, "load_resolved");
    lua_pushvalue(L, 2);
    lua_call(L, 1, 2);
    if (lua_isnil(L, -2)) return luaL_error(L, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
    lua_replace(L, 2);
    lua_settop(L, 2);
  } else if (!lua_istable(L, 2)) {
    return luaL_typeerror(L, 2, "file name or tile list");
  }
  if (declare) declarekinds(L, r, 2);
  lua_Integer n = luaL_len(L, 2);
  lua_createtable(L, (int)n, 0);
  for (lua_Integer i = 1; i <= n; i++) {
    if (lua_geti(L, 2, i) != LUA_TTABLE)
      return luaL_error(L, "load_tiles: entry %I is not a tile table", i);
    int tile_idx = lua_gettop(L);
    int type = addtile(L, r, tile_idx, declare);
    lua_Integer count = 1;
    if (lua_getfield(L, tile_idx, "count") != LUA_TNIL) {
      int isint;
      count = lua_tointegerx(L, -1, &isint);
      if (!isint || count < 0 || count > INT32_MAX)
        tileerror(L, tile_idx, tile_idx, "tile %s: bad count",
                  gk_rules_tile(r, type)->id);
    }
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    lua_pushstring(L, gk_rules_tile(r, type)->id);
    lua_setfield(L, -2, "id");
    lua_pushinteger(L, count);
    lua_setfield(L, -2, "count");
    lua_seti(L, 3, i);
    lua_pop(L, 1);
  }
  return 1;
}

/* }====================================================================== */

/* {======================================================================
** Frozen rules
** ======================================================================= */

static int rules_freeze(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  if (gk_rules_freeze(r) < 0) return ruleserror(L, r);
  lua_settop(L, 1);
  return 1;
}

static int rules_frozen(lua_State *L) {
  lua_pushboolean(L, gk_rules_frozen(mp_checkrules(L, 1)));
  return 1;
}

static int rules_tiles(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  int n = gk_rules_tile_count(r);
  lua_createtable(L, n, 0);
  for (int t = 0; t < n; t++) {
    lua_pushstring(L, gk_rules_tile(r, t)->id);
    lua_rawseti(L, -2, t + 1);
  }
  return 1;
}

/* The ports of a segment: their ids (0..11, clockwise from NNW, in the
** tile's own north-up orientation) and their names. Every table of a
** tile_def is made at its final size: growing one entry at a time
** reallocated each list two or three times, most of a call's cost. */
static void push_ports(lua_State *L, uint16_t ports) {
  int n_ports = __builtin_popcount(ports);
  lua_createtable(L, n_ports, 0);
  lua_createtable(L, n_ports, 0);
  for (int p = 0, n = 0; p < GK_PORT_COUNT; p++)
    if ((ports >> p) & 1) {
      n++;
      lua_pushinteger(L, p);
      lua_rawseti(L, -3, n);
      lua_pushstring(L, gk_port_name(p));
      lua_rawseti(L, -2, n);
    }
  lua_setfield(L, -3, "port_names");
  lua_setfield(L, -2, "ports");
}

static void push_segment(lua_State *L, const gk_rules *r, const gk_segment_def *sd) {
  lua_createtable(L, 0, 5);
  lua_pushstring(L, gk_rules_kind_name(r, sd->kind));
  lua_setfield(L, -2, "kind");
  push_ports(L, sd->ports);
  lua_createtable(L, __builtin_popcountll((unsigned long long)sd->adjacent), 0);
  for (int i = 0, n = 0; i < GK_MAX_SEGMENTS; i++)
    if ((sd->adjacent >> i) & 1) {
      lua_pushinteger(L, i + 1);
      lua_rawseti(L, -2, ++n);
    }
  lua_setfield(L, -2, "touches");
  lua_createtable(L, 0, sd->n_attrs);
  for (int i = 0; i < sd->n_attrs; i++) {
    lua_pushinteger(L, sd->attrs[i].value);
    lua_setfield(L, -2, gk_rules_attr_name(r, sd->attrs[i].attr));
  }
  lua_setfield(L, -2, "attrs");
}

/* rules:tile_def(id): a tile type as its tile file printed it, a fresh
** table each call (changing it changes nothing): { id =, tags = {names},
** oriented = true (only when the file says so),
** segments = { { kind =, ports = {ids}, port_names = {names},
** touches = {segment indices}, attrs = { name = value } } } }. Segment
** i is the i-th segment line; a placed copy turned r quarter turns
** clockwise has port p at (p + 3r) % 12. */
static int rules_tile_def(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  const gk_tile_def *td = gk_rules_tile(r, mp_checktiletype(L, 2, r));
  lua_createtable(L, 0, 4);
  lua_pushstring(L, td->id);
  lua_setfield(L, -2, "id");
  lua_createtable(L, __builtin_popcountll((unsigned long long)td->tags), 0);
  for (int t = 0, n = 0; t < 64; t++)
    if ((td->tags >> t) & 1) {
      lua_pushstring(L, gk_rules_tag_name(r, t));
      lua_rawseti(L, -2, ++n);
    }
  lua_setfield(L, -2, "tags");
  if (td->flags & GK_TILE_ORIENTED) {
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "oriented");
  }
  lua_createtable(L, td->n_segments, 0);
  for (int i = 0; i < td->n_segments; i++) {
    push_segment(L, r, &td->segments[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "segments");
  return 1;
}

static int rules_unique_rotations(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  int type = mp_checktiletype(L, 2, r);
  luaL_argcheck(L, gk_rules_frozen(r), 1, "rules are not frozen");
  unsigned mask = gk_rules_unique_rotations(r, type);
  lua_createtable(L, 4, 0);
  int n = 0;
  for (int rot = 0; rot < 4; rot++)
    if (mask & (1u << rot)) {
      lua_pushinteger(L, rot);
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

static int rules_fingerprint(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  luaL_argcheck(L, gk_rules_frozen(r), 1, "rules are not frozen");
  char hex[17];
  uint64_t fp = gk_rules_fingerprint(r);
  for (int i = 15; i >= 0; i--, fp >>= 4) hex[i] = "0123456789abcdef"[fp & 15];
  lua_pushlstring(L, hex, 16);
  return 1;
}

/* Names registered in one category, in id order. */
static int rules_names(lua_State *L) {
  static const char *const what[] = {"kind", "attr", "tag", "figure", "stack",
                                     "reason", NULL};
  static int (*const count[])(const gk_rules *) = {
      gk_rules_kind_count, gk_rules_attr_count, gk_rules_tag_count,
      gk_rules_figure_kind_count, gk_rules_stack_count, gk_rules_reason_count};
  static const char *(*const name[])(const gk_rules *, int) = {
      gk_rules_kind_name, gk_rules_attr_name, gk_rules_tag_name,
      gk_rules_figure_kind_name, gk_rules_stack_name, gk_rules_reason_name};
  gk_rules *r = mp_checkrules(L, 1);
  int c = luaL_checkoption(L, 2, NULL, what);
  int n = count[c](r);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, name[c](r, i));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* rules:new_game{players = n, seed = s}: freezes the rules if needed. */
static int rules_new_game(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  int isint;
  lua_getfield(L, 2, "players");
  lua_Integer players = lua_tointegerx(L, -1, &isint);
  luaL_argcheck(L, isint && players >= 1 && players <= GK_MAX_PLAYERS, 2,
                lua_pushfstring(L, "field 'players' must be 1..%d", GK_MAX_PLAYERS));
  lua_getfield(L, 2, "seed");
  lua_Integer seed = lua_isnil(L, -1) ? 0 : lua_tointegerx(L, -1, &isint);
  luaL_argcheck(L, lua_isnil(L, -1) || isint, 2, "field 'seed' must be an integer");
  if (gk_rules_freeze(r) < 0) return ruleserror(L, r);
  gk_game *game = gk_game_new(r, (int)players, (uint64_t)seed);
  if (game == NULL) return luaL_error(L, "not enough memory");
  mp_pushgame(L, 1, game);
  return 1;
}

static int rules_gc(lua_State *L) {
  mp_rules *ud = checkrulesud(L, 1);
  /* Every game of these rules holds them in its user value, so it was
  ** created after them and Lua finalizes it first. */
  mp_tile_names_forget(L, ud->rules);
  gk_rules_free(ud->rules);
  ud->rules = NULL;
  return 0;
}

static int rules_tostring(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  lua_pushfstring(L, "meeple rules (%d tiles%s)", gk_rules_tile_count(r),
                  gk_rules_frozen(r) ? ", frozen" : "");
  return 1;
}

/* }====================================================================== */

static const luaL_Reg rules_methods[] = {
  {"kind", rules_kind},
  {"match", rules_match},
  {"attr", rules_attr},
  {"tag", rules_tag},
  {"figure", rules_figure},
  {"stack", rules_stack},
  {"reason", rules_reason},
  {"counter", rules_counter},
  {"block_region", rules_block_region},
  {"tile", rules_tile},
  {"load_tiles", rules_load_tiles},
  {"freeze", rules_freeze},
  {"frozen", rules_frozen},
  {"tiles", rules_tiles},
  {"names", rules_names},
  {"unique_rotations", rules_unique_rotations},
  {"tile_def", rules_tile_def},
  {"fingerprint", rules_fingerprint},
  {"new_game", rules_new_game},
  {NULL, NULL}
};

static const luaL_Reg rules_meta[] = {
  {"__gc", rules_gc},
  {"__tostring", rules_tostring},
  {NULL, NULL}
};

void mp_open_rules(lua_State *L) {
  lua_getglobal(L, "require");
  mp_register_type(L, MP_RULES, rules_meta, rules_methods, 1);
  lua_pushcfunction(L, rules_new);
  lua_setfield(L, -2, "rules");
}

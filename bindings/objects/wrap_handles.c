/*
** wrap_handles.c: Tile, Feature and Figure handles.
**
** A handle names something inside one game state by its kernel index
** (placed tile, feature-graph node, figure). Feature handles hold any
** node of the feature and ask for its root on every use, so a handle
** follows its feature through later merges. Tile handles are values
** (light userdata, tile_handle.c); their methods are here.
*/
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "gk.h"
#include "wrap_internal.h"
#include "tile_serials.h"

/* Handles are made once per game state and kept by the game: game_at.c
** (mp_pushfeature, mp_pushfigure). */

/* The word for a handle type in messages. */
static const char *what(const char *tname) {
  return strcmp(tname, MP_TILE) == 0      ? "tile"
         : strcmp(tname, MP_FEATURE) == 0 ? "feature"
                                          : "figure";
}

int32_t mp_checkhandle(lua_State *L, int arg, const char *tname, int game_idx,
                       gk_game **game) {
  /* tiles are light userdata (tile_handle.c): the name is compared only
  ** for a value that is no full userdata, so feature and figure checks
  ** (a veto round makes many) compare no string */
  if (lua_type(L, arg) != LUA_TUSERDATA && strcmp(tname, MP_TILE) == 0)
    return mp_checktile(L, arg, game_idx, game);
  mp_handle *h = (mp_handle *)luaL_checkudata(L, arg, tname);
  lua_getiuservalue(L, arg, 1);
  mp_game *gud = (mp_game *)lua_touserdata(L, -1);
  if (gud->game == NULL || gud->generation != h->generation)
    luaL_error(L, "stale %s handle (its game was freed or restored)", what(tname));
  if (game_idx > 0 && !lua_rawequal(L, -1, game_idx))
    luaL_argerror(L, arg, lua_pushfstring(L, "%s of another game", what(tname)));
  lua_pop(L, 1);
  if (game) *game = gud->game;
  return h->id;
}

/* The live handle at 1 of type tname (MP_FEATURE or MP_FIGURE) for its
** own methods, in a few comparisons: no metatable fetched, no lookup by
** name. A handle is recognised by its block: a full userdata (strings
** and tables give NULL, whatever their length) of exactly an
** mp_handle's size (light userdata have length 0, so nothing is read
** from them), holding its own address and its type's tag. Only this file
** writes such a block, and no script can write bytes into any userdata,
** let alone its own address; anything else goes to the full check, which
** raises the usual message. Inline in every method (a method is a few
** dozen instructions besides its Lua API calls, #39); the rest is cold. */
static __attribute__((noinline, cold)) mp_handle *self_slow(lua_State *L, const char *tname) {
  mp_checkhandle(L, 1, tname, 0, NULL);  /* raises for anything but a live handle */
  return (mp_handle *)luaL_checkudata(L, 1, tname);
}

static inline __attribute__((always_inline)) mp_handle *self(lua_State *L, const char *tname,
                                                            int32_t type) {
  mp_handle *h = (mp_handle *)lua_touserdata(L, 1);
  if (!h || lua_rawlen(L, 1) != sizeof(mp_handle) || h->self != h || h->type != type ||
      h->gud->game == NULL || h->gud->generation != h->generation)
    h = self_slow(L, tname);
  return h;
}

/* The table to fill for info([t]): t when given (its other keys stay),
** else a new one of 'fields' entries at the top; returns its index. */
static int infotable(lua_State *L, int fields) {
  if (lua_type(L, 2) == LUA_TTABLE) return 2;
  if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TTABLE);
  lua_createtable(L, 0, fields);
  return lua_gettop(L);
}

/* Filling info([t]) (#39). Its keys are the method's upvalues from
** 'first' on, in the order of its fields: each field is written raw
** with a kept key, where lua_setfield would find the key by its C
** string (a string-cache probe and a strcmp) and then look it up. A
** table with a metatable (its __newindex may want to see the writes)
** still gets lua_setfield, as before. */
typedef struct info_fill {
  int t;      /* the table's index */
  int raw;    /* no metatable: raw writes with kept keys */
  int first;  /* upvalue of the first field's key */
} info_fill;

static info_fill infofill(lua_State *L, int fields, int first) {
  info_fill f = {infotable(L, fields), 1, first};
  if (f.t == 2 && lua_getmetatable(L, 2)) {
    lua_pop(L, 1);
    f.raw = 0;
  }
  return f;
}

/* Field k (0-based): its key before its value is pushed ... */
static inline void info_key(lua_State *L, const info_fill *f, int k) {
  if (f->raw) lua_pushvalue(L, lua_upvalueindex(f->first + k));
}

/* ... and the value on top stored under it (named 'name' for setfield). */
static inline void info_set(lua_State *L, const info_fill *f, const char *name) {
  if (f->raw) lua_rawset(L, f->t);
  else lua_setfield(L, f->t, name);
}

static inline void info_int(lua_State *L, const info_fill *f, int k, const char *name,
                            lua_Integer v) {
  info_key(L, f, k);
  lua_pushinteger(L, v);
  info_set(L, f, name);
}

/* Returns the filled table: it is at the top unless extra arguments
** were passed. */
static int info_done(lua_State *L, const info_fill *f) {
  if (lua_gettop(L) != f->t) lua_settop(L, f->t);
  return 1;
}

/* Checks the handle at 1 and pushes its Game userdata; returns its index. */
static int selfgame(lua_State *L, const char *tname, int32_t *id, gk_game **g) {
  *id = mp_checkhandle(L, 1, tname, 0, g);
  if (lua_type(L, 1) == LUA_TLIGHTUSERDATA) { /* a tile: checked above */
    mp_game *gud;
    mp_tile_game(L, 1, &gud); /* live: checked above */
  } else lua_getiuservalue(L, 1, 1);
  return lua_gettop(L);
}

/* Handles are equal when they name the same thing of the same game now. */
static int handle_eq(lua_State *L, const char *tname, int by_root) {
  gk_game *g1, *g2;
  int32_t a = mp_checkhandle(L, 1, tname, 0, &g1);
  int32_t b = mp_checkhandle(L, 2, tname, 0, &g2);
  if (g1 != g2) lua_pushboolean(L, 0);
  else if (by_root)
    lua_pushboolean(L, gk_feature_root(g1, a) == gk_feature_root(g2, b));
  else lua_pushboolean(L, a == b);
  return 1;
}

static void setint(lua_State *L, int t, const char *k, lua_Integer v) {
  lua_pushinteger(L, v);
  lua_setfield(L, t, k);
}

/* The attribute named at arg for a handle method of the game gud: the
** game's last one when it is the same Lua string (short strings are
** interned, so a script's "pennant" is one string), else looked up by
** name and remembered, the string kept alive by the game (user value 5).
** The handle at 1 is a tile (its methods' upvalue 2 finds the game) or
** a feature (its user value 1 is the game). */
static __attribute__((noinline)) int handle_attr_miss(lua_State *L, mp_game *gud, int arg,
                                                      int tile) {
  const gk_rules *rules = gk_game_rules(gud->game);
  int attr = mp_checkname(L, arg, rules, gk_rules_find_attr, "attribute");
  if (tile) lua_rawgeti(L, lua_upvalueindex(2), (lua_Integer)gud->tile_serial);
  else lua_getiuservalue(L, 1, 1);
  lua_pushvalue(L, arg);
  lua_setiuservalue(L, -2, MP_GAME_ATTR_KEY);
  lua_pop(L, 1);
  gud->attr_key = lua_tostring(L, arg);
  gud->attr_rules = rules;
  gud->attr_id = attr;
  return attr;
}

/* The hit inline in each method: a hot f:attr pays no call for it. */
static inline __attribute__((always_inline)) int handle_attr(lua_State *L, mp_game *gud,
                                                             int arg, int tile) {
  const char *name = lua_tolstring(L, arg, NULL);
  if (name && name == gud->attr_key && gk_game_rules(gud->game) == gud->attr_rules)
    return gud->attr_id;
  return handle_attr_miss(L, gud, arg, tile);
}

/* {======================================================================
** Tiles
** ======================================================================= */

/* The tile methods' upvalues: 1 the serial table, 2 the table of
** games, 3 the tile ids by type, then info's keys. */
enum { TILE_INFO_KEYS = 4 };
static const char *const tile_info_keys[] = {"id", "x", "y", "rot", "neighbours", "segments", NULL};

/* th:info([t]): t (or a new table) with id, x, y, rot, neighbours,
** segments. */
static int tile_info(lua_State *L) {
  mp_game *gud;
  int32_t t = mp_tile_self(L, &gud);
  gk_placed_tile pt;
  gk_tile_info(gud->game, t, &pt);
  info_fill f = infofill(L, 6, TILE_INFO_KEYS);
  info_key(L, &f, 0);
  mp_tile_pushid(L, gud, pt.type);
  info_set(L, &f, "id");
  info_int(L, &f, 1, "x", pt.x);
  info_int(L, &f, 2, "y", pt.y);
  info_int(L, &f, 3, "rot", pt.rot);
  info_int(L, &f, 4, "neighbours", pt.neighbours);
  info_int(L, &f, 5, "segments", pt.n_segments);
  return info_done(L, &f);
}

/* th:id(), th:rot(), th:xy(): info's hot fields without the table. */
static int tile_id(lua_State *L) {
  mp_game *gud;
  gk_placed_tile pt;
  int32_t t = mp_tile_self(L, &gud);
  gk_tile_info(gud->game, t, &pt);
  mp_tile_pushid(L, gud, pt.type);
  return 1;
}

static int tile_rot(lua_State *L) {
  mp_game *gud;
  gk_placed_tile pt;
  int32_t t = mp_tile_self(L, &gud);
  gk_tile_info(gud->game, t, &pt);
  lua_pushinteger(L, pt.rot);
  return 1;
}

static int tile_xy(lua_State *L) {
  mp_game *gud;
  gk_placed_tile pt;
  int32_t t = mp_tile_self(L, &gud);
  gk_tile_info(gud->game, t, &pt);
  lua_pushinteger(L, pt.x);
  lua_pushinteger(L, pt.y);
  return 2;
}

/* The node of segment i (argument 2) of the tile handle at 1 (its game
** *gudp); nothing pushed. */
static int32_t tile_segment_node_of(lua_State *L, mp_game **gudp) {
  mp_game *gud;
  int32_t t = mp_tile_self(L, &gud);
  *gudp = gud;
  gk_placed_tile pt;
  gk_tile_info(gud->game, t, &pt);
  int isint;
  lua_Integer i = lua_tointegerx(L, 2, &isint);
  if (!isint) luaL_checkinteger(L, 2);  /* raises the usual message */
  luaL_argcheck(L, i >= 1 && i <= pt.n_segments, 2,
                lua_pushfstring(L, "segment must be 1..%d", pt.n_segments));
  return pt.first_node + (int32_t)i - 1;
}

static int32_t tile_segment_node(lua_State *L, gk_game **g) {
  mp_game *gud;
  int32_t node = tile_segment_node_of(L, &gud);
  *g = gud->game;
  return node;
}

/* th:feature(i): the feature of segment i (1-based, definition order).
** The kept handle is found through the table of games (upvalue 2), which
** also holds each game state's kept feature handles under -serial
** (mp_tile_note_features): two table reads, the game not pushed. */
static int tile_feature(lua_State *L) {
  mp_game *gud;
  /* no settop first: an absent i reads as none and raises; extra
  ** arguments stay below what is pushed, and the top is returned */
  int32_t node = tile_segment_node_of(L, &gud);
  if (gud->cache_generation == gud->generation &&
      lua_rawgeti(L, lua_upvalueindex(2), -(lua_Integer)gud->tile_serial) == LUA_TTABLE &&
      lua_rawgeti(L, -1, (lua_Integer)node + 1) == LUA_TUSERDATA)
    return 1;
  lua_settop(L, 2);
  lua_rawgeti(L, lua_upvalueindex(2), (lua_Integer)gud->tile_serial);
  mp_pushfeature_last(L, 3, gud, node);
  return 1;
}

/* th:features(): the feature of each segment, in definition order (a
** feature crossing the tile twice appears twice). */
static int tile_features(lua_State *L) {
  mp_game *gud;
  lua_settop(L, 1);
  int32_t t = mp_tile_self_game(L, &gud);
  gk_placed_tile pt;
  gk_tile_info(gud->game, t, &pt);
  lua_createtable(L, pt.n_segments, 0);
  for (int i = 0; i < pt.n_segments; i++) {
    mp_pushfeature(L, 2, pt.first_node + i);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* Every light userdata's __tostring (they share one metatable): the
** usual "userdata: 0x..." for those that are no tile handle. */
static int tile_tostring(lua_State *L) {
  mp_game *gud;
  gk_placed_tile pt;
  int tile = mp_istile(L, 1) ? mp_tile_game(L, 1, &gud) : -2;
  if (tile == -2)
    lua_pushfstring(L, "userdata: %p", lua_touserdata(L, 1));
  else if (tile < 0 || gk_tile_info(gud->game, tile, &pt) < 0)
    lua_pushliteral(L, "tile (stale)");
  else
    lua_pushfstring(L, "tile %s at %d,%d rot %d",
                    gk_rules_tile(gk_game_rules(gud->game), pt.type)->id,
                    (int)pt.x, (int)pt.y, pt.rot);
  return 1;
}

/* th:segment_attr(i, name): segment i's own value (printed plus edits). */
static int tile_segment_attr(lua_State *L) {
  mp_game *gud;
  int32_t node = tile_segment_node_of(L, &gud);
  int attr = handle_attr(L, gud, 3, 1);
  lua_pushinteger(L, gk_node_attr(gud->game, node, attr));
  return 1;
}

/* th:add_segment_attr(i, name, delta): adds delta to segment i's own
** value of a summed attribute, and so to its feature's. */
static int tile_add_segment_attr(lua_State *L) {
  gk_game *g;
  lua_settop(L, 4);
  int32_t node = tile_segment_node(L, &g);
  int attr = mp_checkname(L, 3, gk_game_rules(g), gk_rules_find_attr, "attribute");
  lua_Integer delta = luaL_checkinteger(L, 4);
  luaL_argcheck(L, delta >= INT32_MIN && delta <= INT32_MAX, 4, "out of range");
  if (gk_node_add_attr(g, node, attr, (int32_t)delta)) return mp_gameerror(L, g);
  return 0;
}

static const luaL_Reg tile_methods[] = {
  {"info", tile_info},
  {"id", tile_id},
  {"rot", tile_rot},
  {"xy", tile_xy},
  {"feature", tile_feature},
  {"features", tile_features},
  {"segment_attr", tile_segment_attr},
  {"add_segment_attr", tile_add_segment_attr},
  {NULL, NULL}
};

static const luaL_Reg tile_meta[] = {
  {"__tostring", tile_tostring},
  {NULL, NULL}
};

/* }====================================================================== */

/* {======================================================================
** Features
** ======================================================================= */

/* Pushes the kind of the live feature handle h at 1 for f:kind(): the
** name kept in its user value 2 after the first time (a node's kind never
** changes). */
static void pushkind(lua_State *L, mp_handle *h) {
  if (lua_getiuservalue(L, 1, 2) == LUA_TSTRING) return;
  lua_pop(L, 1);
  gk_game *g = h->gud->game;
  lua_pushstring(L, gk_rules_kind_name(gk_game_rules(g), gk_node_kind(g, h->id)));
  lua_pushvalue(L, -1);
  lua_setiuservalue(L, 1, 2);
}

/* The feature methods' upvalues: info's keys. */
static const char *const feature_info_keys[] = {"kind", "open", "closed", "tiles", "segments",
                                               "figures", "root", NULL};

/* fh:info([t]): t (or a new table) with kind, open, closed, tiles,
** segments, figures, root. */
static int feature_info(lua_State *L) {
  mp_handle *h = self(L, MP_FEATURE, MP_HANDLE_FEATURE);
  gk_game *g = h->gud->game;
  gk_feature_info fi;
  if (gk_feature_get(g, h->id, &fi) < 0) return mp_gameerror(L, g);
  info_fill f = infofill(L, 7, 1);
  info_key(L, &f, 0);
  pushkind(L, h);  /* the kept name: fi.kind is the node's kind */
  info_set(L, &f, "kind");
  info_int(L, &f, 1, "open", fi.open_ports);
  info_key(L, &f, 2);
  lua_pushboolean(L, fi.closed);
  info_set(L, &f, "closed");
  info_int(L, &f, 3, "tiles", fi.tiles);
  info_int(L, &f, 4, "segments", fi.segments);
  info_int(L, &f, 5, "figures", fi.figures);
  info_int(L, &f, 6, "root", fi.root);
  return info_done(L, &f);
}

static int feature_kind(lua_State *L) {
  pushkind(L, self(L, MP_FEATURE, MP_HANDLE_FEATURE));
  return 1;
}

static int feature_closed(lua_State *L) {
  mp_handle *h = self(L, MP_FEATURE, MP_HANDLE_FEATURE);
  lua_pushboolean(L, gk_feature_closed(h->gud->game, h->id) > 0);
  return 1;
}

static int feature_attr(lua_State *L) {
  mp_handle *h = self(L, MP_FEATURE, MP_HANDLE_FEATURE);
  int attr = handle_attr(L, h->gud, 2, 0);
  lua_pushinteger(L, gk_feature_attr(h->gud->game, h->id, attr));
  return 1;
}

/* fh:tiles(): the tiles it covers (a tile crossed twice counts once),
** info().tiles without the table. */
static int feature_tiles(lua_State *L) {
  mp_handle *h = self(L, MP_FEATURE, MP_HANDLE_FEATURE);
  lua_pushinteger(L, gk_feature_tiles(h->gud->game, h->id));
  return 1;
}

/* fh:size(): its segments, info().segments without the table. */
static int feature_size(lua_State *L) {
  mp_handle *h = self(L, MP_FEATURE, MP_HANDLE_FEATURE);
  gk_game *g = h->gud->game;
  gk_feature_info fi;
  if (gk_feature_get(g, h->id, &fi) < 0) return mp_gameerror(L, g);
  lua_pushinteger(L, fi.segments);
  return 1;
}

static int feature_figures(lua_State *L) {
  int32_t node;
  gk_game *g;
  int game_idx = selfgame(L, MP_FEATURE, &node, &g);
  int n = gk_feature_figures(g, node, NULL, 0);
  if (n < 0) return mp_gameerror(L, g);
  int *figs = (int *)lua_newuserdatauv(L, (size_t)(n + 1) * sizeof *figs, 0);
  n = gk_feature_figures(g, node, figs, n);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    mp_pushfigure(L, game_idx, figs[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

typedef int (*nodes_fn)(const gk_game *, int32_t, int32_t *, int);

/* Leaves the Game at 2, fn's nodes in a buffer at 3 and an empty result
** table at 4; returns how many nodes. */
static int listnodes(lua_State *L, nodes_fn fn) {
  int32_t node;
  gk_game *g;
  lua_settop(L, 1);
  selfgame(L, MP_FEATURE, &node, &g);
  int n = fn(g, node, NULL, 0);
  if (n < 0) return mp_gameerror(L, g);
  int32_t *out = (int32_t *)lua_newuserdatauv(L, (size_t)(n + 1) * sizeof *out, 0);
  n = fn(g, node, out, n);
  lua_createtable(L, n, 0);
  return n;
}

/* fh:adjacent(): the features touching this one, by segment adjacency. */
static int feature_adjacent(lua_State *L) {
  int n = listnodes(L, gk_feature_adjacent);
  const int32_t *roots = (const int32_t *)lua_touserdata(L, 3);
  for (int i = 0; i < n; i++) {
    mp_pushfeature(L, 2, roots[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* fh:nodes([attr]): every segment of the feature as {tile = th, segment =
** i}; with an attribute name, only the segments whose own value of it
** (printed plus edits) is not 0. */
static int feature_nodes(lua_State *L) {
  int attr = -1;
  if (!lua_isnoneornil(L, 2)) {
    gk_game *g;
    mp_checkhandle(L, 1, MP_FEATURE, 0, &g);
    attr = mp_checkname(L, 2, gk_game_rules(g), gk_rules_find_attr, "attribute");
  }
  int n = listnodes(L, gk_feature_nodes);
  const int32_t *nodes = (const int32_t *)lua_touserdata(L, 3);
  gk_game *g = ((mp_game *)lua_touserdata(L, 2))->game;
  int k = 0;
  for (int i = 0; i < n; i++) {
    if (attr >= 0 && gk_node_attr(g, nodes[i], attr) == 0) continue;
    lua_createtable(L, 0, 2);
    mp_pushtile(L, 2, gk_node_tile(g, nodes[i]));
    lua_setfield(L, -2, "tile");
    setint(L, -2, "segment", gk_node_segment(g, nodes[i]) + 1);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/* fh:spot(): where this handle's own segment lies: its tile, its index
** on the tile, and the ports it covers in board orientation. */
static int feature_spot(lua_State *L) {
  int32_t node;
  gk_game *g;
  int gi = selfgame(L, MP_FEATURE, &node, &g);
  int tile = gk_node_tile(g, node), seg = gk_node_segment(g, node);
  gk_placed_tile pt;
  gk_tile_info(g, tile, &pt);
  uint16_t ports = gk_rules_tile(gk_game_rules(g), pt.type)->segments[seg].ports;
  lua_createtable(L, 0, 3);
  mp_pushtile(L, gi, tile);
  lua_setfield(L, -2, "tile");
  setint(L, -2, "segment", seg + 1);
  lua_newtable(L);
  for (int p = 0, n = 0; p < GK_PORT_COUNT; p++)
    if ((ports >> p) & 1) {
      lua_pushinteger(L, (p + 3 * pt.rot) % GK_PORT_COUNT);
      lua_rawseti(L, -2, ++n);
    }
  lua_setfield(L, -2, "ports");
  return 1;
}

static int feature_eq(lua_State *L) { return handle_eq(L, MP_FEATURE, 1); }

static int feature_tostring(lua_State *L) {
  mp_handle *h = (mp_handle *)luaL_checkudata(L, 1, MP_FEATURE);
  lua_getiuservalue(L, 1, 1);
  mp_game *gud = (mp_game *)lua_touserdata(L, -1);
  if (gud->game == NULL || gud->generation != h->generation)
    lua_pushliteral(L, "feature (stale)");
  else
    lua_pushfstring(L, "feature %s #%d",
                    gk_rules_kind_name(gk_game_rules(gud->game),
                                       gk_node_kind(gud->game, h->id)),
                    (int)gk_feature_root(gud->game, h->id));
  return 1;
}

/* fh:anchor(): x, y, segment of the feature's first segment in reading
** order (smallest y, then x, then segment): a name for the feature that
** does not depend on the order its tiles were placed in. */
static int feature_anchor(lua_State *L) {
  int n = listnodes(L, gk_feature_nodes);
  const int32_t *nodes = (const int32_t *)lua_touserdata(L, 3);
  gk_game *g = ((mp_game *)lua_touserdata(L, 2))->game;
  gk_placed_tile best = {0}, pt;
  int best_seg = -1;
  for (int i = 0; i < n; i++) {
    gk_tile_info(g, gk_node_tile(g, nodes[i]), &pt);
    int seg = gk_node_segment(g, nodes[i]);
    if (best_seg < 0 || pt.y < best.y || (pt.y == best.y && (pt.x < best.x ||
                                                            (pt.x == best.x && seg < best_seg)))) {
      best = pt;
      best_seg = seg;
    }
  }
  lua_pushinteger(L, best.x);
  lua_pushinteger(L, best.y);
  lua_pushinteger(L, best_seg + 1);
  return 3;
}

/* The kinds named in the list at arg, as bits. */
static uint64_t checkkinds(lua_State *L, int arg, const gk_game *g) {
  luaL_checktype(L, arg, LUA_TTABLE);
  uint64_t kinds = 0;
  for (lua_Integer i = 1, n = luaL_len(L, arg); i <= n; i++) {
    lua_geti(L, arg, i);
    kinds |= 1ull << mp_checkname(L, lua_gettop(L), gk_game_rules(g), gk_rules_find_kind, "kind");
    lua_pop(L, 1);
  }
  return kinds;
}

/* fh:system(kinds [, only]): this feature and every feature of those kinds
** joined to it through segment adjacency over features of those kinds,
** this one first, then breadth first; with only (kinds), just the
** features of those kinds among them. */
static int feature_system(lua_State *L) {
  int32_t node;
  gk_game *g;
  lua_settop(L, 3);
  node = mp_checkhandle(L, 1, MP_FEATURE, 0, &g);
  uint64_t kinds = checkkinds(L, 2, g);
  uint64_t only = lua_isnil(L, 3) ? ~0ull : checkkinds(L, 3, g);
  lua_remove(L, 3);
  lua_getiuservalue(L, 1, 1); /* 3: the game */
  /* 4: the roots found (grows), 5: scratch for each one's neighbours */
  int cap = 64, found = 0;
  int32_t *roots = (int32_t *)lua_newuserdatauv(L, sizeof(int32_t) * (size_t)cap, 0);
  roots[found++] = gk_feature_root(g, node);
  lua_createtable(L, 0, 0);
  for (int i = 0; i < found; i++) {
    int na = gk_feature_adjacent(g, roots[i], NULL, 0);
    if (na < 0) return mp_gameerror(L, g);
    int32_t *adj = (int32_t *)lua_newuserdatauv(L, sizeof(int32_t) * (size_t)(na + 1), 0);
    lua_replace(L, 5);
    gk_feature_adjacent(g, roots[i], adj, na);
    for (int k = 0; k < na; k++) {
      if (!((kinds >> gk_feature_kind(g, adj[k])) & 1)) continue;
      int seen = 0;
      for (int j = 0; j < found && !seen; j++) seen = roots[j] == adj[k];
      if (seen) continue;
      if (found == cap) {
        int32_t *more = (int32_t *)lua_newuserdatauv(L, sizeof(int32_t) * (size_t)cap * 2, 0);
        memcpy(more, roots, sizeof(int32_t) * (size_t)cap);
        lua_replace(L, 4);
        roots = more;
        cap *= 2;
      }
      roots[found++] = adj[k];
    }
  }
  lua_createtable(L, found, 0);
  for (int i = 0, k = 0; i < found; i++) {
    if (!((only >> gk_feature_kind(g, roots[i])) & 1)) continue;
    mp_pushfeature(L, 3, roots[i]);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

static const luaL_Reg feature_methods[] = {
  {"info", feature_info},
  {"kind", feature_kind},
  {"closed", feature_closed},
  {"attr", feature_attr},
  {"tiles", feature_tiles},
  {"size", feature_size},
  {"figures", feature_figures},
  {"adjacent", feature_adjacent},
  {"nodes", feature_nodes},
  {"spot", feature_spot},
  {"anchor", feature_anchor},
  {"system", feature_system},
  {NULL, NULL}
};

static const luaL_Reg feature_meta[] = {
  {"__eq", feature_eq},
  {"__tostring", feature_tostring},
  {NULL, NULL}
};

/* }====================================================================== */

/* {======================================================================
** Figures
** ======================================================================= */

/* fig:info([t]): t (or a new table) with kind, owner, at, tile, segment
** (tile and segment set to nil where they do not apply). */
static int figure_info(lua_State *L) {
  lua_settop(L, 2);
  mp_handle *h = self(L, MP_FIGURE, MP_HANDLE_FIGURE);
  int32_t f = h->id;
  gk_game *g = h->gud->game;
  lua_getiuservalue(L, 1, 1);
  int game_idx = lua_gettop(L);
  gk_figure_info fi;
  if (gk_figure_get(g, f, &fi) < 0) return mp_gameerror(L, g);
  int ti = infotable(L, 5);
  if (ti != lua_gettop(L)) lua_pushvalue(L, ti);
  lua_pushstring(L, gk_rules_figure_kind_name(gk_game_rules(g), fi.kind));
  lua_setfield(L, -2, "kind");
  setint(L, -2, "owner", fi.owner + 1);  /* 0 = neutral */
  mp_pushlocation(L, game_idx, fi.at);
  lua_setfield(L, -2, "at");
  /* where it stands: the tile (on a segment or a tile), and the segment */
  int tile = fi.at.where == GK_AT_NODE ? gk_node_tile(g, fi.at.a)
             : fi.at.where == GK_AT_TILE ? (int)fi.at.a : -1;
  if (tile >= 0) mp_pushtile(L, game_idx, tile);
  else lua_pushnil(L);
  lua_setfield(L, -2, "tile");
  if (fi.at.where == GK_AT_NODE) lua_pushinteger(L, gk_node_segment(g, fi.at.a) + 1);
  else lua_pushnil(L);
  lua_setfield(L, -2, "segment");
  return 1;
}

static int figure_move(lua_State *L) {
  int32_t f;
  gk_game *g;
  int game_idx = selfgame(L, MP_FIGURE, &f, &g);
  gk_location loc = mp_checklocation(L, 2, game_idx);
  if (gk_figure_move(g, f, loc) < 0) return mp_gameerror(L, g);
  return 0;
}

static int figure_return(lua_State *L) {
  gk_game *g;
  int32_t f = mp_checkhandle(L, 1, MP_FIGURE, 0, &g);
  if (gk_figure_return(g, f) < 0) return mp_gameerror(L, g);
  return 0;
}

static int figure_eq(lua_State *L) { return handle_eq(L, MP_FIGURE, 0); }

static int figure_tostring(lua_State *L) {
  mp_handle *h = (mp_handle *)luaL_checkudata(L, 1, MP_FIGURE);
  lua_getiuservalue(L, 1, 1);
  mp_game *gud = (mp_game *)lua_touserdata(L, -1);
  gk_figure_info fi;
  if (gud->game == NULL || gud->generation != h->generation ||
      gk_figure_get(gud->game, h->id, &fi) < 0)
    lua_pushliteral(L, "figure (stale)");
  else
    lua_pushfstring(L, "figure %d (%s of player %d)", (int)h->id + 1,
                    gk_rules_figure_kind_name(gk_game_rules(gud->game), fi.kind),
                    fi.owner + 1);
  return 1;
}

static const luaL_Reg figure_methods[] = {
  {"info", figure_info},
  {"move", figure_move},
  {"return_to_supply", figure_return},
  {NULL, NULL}
};

static const luaL_Reg figure_meta[] = {
  {"__eq", figure_eq},
  {"__tostring", figure_tostring},
  {NULL, NULL}
};

/* }====================================================================== */

void mp_open_handles(lua_State *L) {
  /* the tile methods find a handle's game in the serial table, their
  ** upvalue */
  mp_push_tile_serials(L);
  mp_push_tile_games(L);
  lua_createtable(L, 64, 0); /* the tile ids by type (mp_tile_pushid) */
  for (int i = 0; tile_info_keys[i]; i++) lua_pushstring(L, tile_info_keys[i]);
  mp_register_type(L, MP_TILE, tile_meta, tile_methods, TILE_INFO_KEYS - 1 + 6);
  /* tile handles are light userdata: their metatable is that type's */
  lua_pushlightuserdata(L, NULL);
  luaL_getmetatable(L, MP_TILE);
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
  for (int i = 0; feature_info_keys[i]; i++) lua_pushstring(L, feature_info_keys[i]);
  mp_register_type(L, MP_FEATURE, feature_meta, feature_methods, 7);
  mp_register_type(L, MP_FIGURE, figure_meta, figure_methods, 0);
  mp_type_typo_error(L, MP_TILE,
                     "tiles are handles: th:id(), th:xy(), th:rot(), th:info().segments, "
                     "th:feature(i), th:features()");
  mp_type_typo_error(L, MP_FEATURE,
                     "features are handles: f:kind(), f:closed(), f:attr(name), f:tiles(), "
                     "f:size(), f:info().open, f:figures(), f:nodes()");
  mp_type_typo_error(L, MP_FIGURE,
                     "figures are handles: fig:info().kind, fig:info().owner, fig:info().at, "
                     "fig:move(at), fig:return_to_supply()");
}

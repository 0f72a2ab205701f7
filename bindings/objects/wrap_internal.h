/*
** wrap_internal.h: what the wrap_*.c files share. Not part of the public
** API (that is meeple_lua.h).
**
** Object model. A Rules userdata owns a gk_rules. A Game userdata owns a
** gk_game and keeps its Rules userdata in its user value, so the rules
** outlive every game played with them. Feature and Figure handles are
** small userdata holding an index into one game and keep their Game
** userdata in their user value; they also copy the game's generation,
** which g:free() and g:restore() bump, so a handle into a state that no
** longer exists is refused instead of read. Each is made once per game
** state: the Game userdata keeps the handles it made (user values 3 and
** 4, by node and by figure, valid for one generation), so asking again
** for the same feature or figure returns the same userdata and allocates
** nothing. Tile handles are light userdata naming the game's generation
** by a serial (tile_handle.c): values, never allocated; the same refusal.
*/
#ifndef WRAP_INTERNAL_H
#define WRAP_INTERNAL_H

#include <lua.h>
#include <lauxlib.h>

#include "gk.h"

#define MP_RULES "meeple.Rules"
#define MP_GAME "meeple.Game"
#define MP_TILE "meeple.Tile"
#define MP_FEATURE "meeple.Feature"
#define MP_FIGURE "meeple.Figure"

typedef struct mp_rules {
  gk_rules *rules;
} mp_rules;

/* How far the play that owns a game view is inside its own hooks. A hook
** may read the game at any time; while the flow is between two steps (on
** hooks) it may also deploy figures, score and keep counters; while the
** flow is asking a question (allow, collect, transform hooks) it may
** change nothing the flow is iterating over. */
enum { MP_LOCK_NONE = 0, MP_LOCK_HOOK = 1, MP_LOCK_QUERY = 2 };

typedef struct mp_serials mp_serials;

typedef struct mp_game {
  const void *self;       /* its own address: how mp_checkgameud knows it */
  gk_game *game;          /* NULL once freed */
  lua_Integer generation;
  int borrowed;           /* a view of a game a Play owns (user value 2) */
  const int *lock;        /* the owner's MP_LOCK_* level, NULL if none */
  uint64_t tile_serial;   /* its tile handles' serial (tile_handle.c), 0: none yet */
  lua_Integer tile_generation; /* the generation tile_serial names */
  mp_serials *serials; /* the table tile_serial is in, NULL: none */
  lua_Integer cache_generation; /* the generation user values 3 and 4 hold
                                   handles of; another: none kept yet */
  /* the attribute name last asked by f:attr (a Lua string's bytes, kept
  ** alive by user value 5), its rules and its id: a script asks one name
  ** over and over, and a pointer compare replaces the lookup by name */
  const char *attr_key;
  const gk_rules *attr_rules;
  int attr_id;
} mp_game;

/* The Game userdata's user values: its Rules, the Play it belongs to (a
** view), the feature handles it made (by node + 1), its figure handles
** (by figure + 1) and the string attr_key points into. */
enum { MP_GAME_RULES = 1, MP_GAME_OWNER = 2, MP_GAME_FEATURES = 3, MP_GAME_FIGURES = 4,
       MP_GAME_ATTR_KEY = 5, MP_GAME_UVALUES = 5 };

typedef struct mp_handle {
  int32_t id;             /* placed tile, node or figure */
  int32_t type;           /* MP_HANDLE_FEATURE or MP_HANDLE_FIGURE */
  lua_Integer generation; /* the game's when the handle was made */
  mp_game *gud;           /* its Game userdata (user value 1 keeps it alive) */
  const void *self;       /* its own address: see wrap_handles.c, self() */
} mp_handle;

enum { MP_HANDLE_FEATURE = 0x46656174, MP_HANDLE_FIGURE = 0x46696775 };

/* Each opener registers its metatables and adds its functions to the
** module table at the top of the stack (embed/module.c calls them, each
** layer's after the layers below it). */
void mp_open_rules(lua_State *L);
void mp_open_game(lua_State *L);
void mp_open_handles(lua_State *L);

/* wrap_type.c: registers the metatable of userdata type 'tname' with
** __name, the metamethods 'meta' (may be NULL; no __index entry), __index
** = a read-only table of 'methods' sharing the 'nup' upvalues on top of
** the stack (popped), and a locked __metatable (getmetatable gives false). */
void mp_register_type(lua_State *L, const char *tname, const luaL_Reg *meta,
                      const luaL_Reg *methods, int nup);
/* Makes reading a name the type 'tname' has no method of an error: the
** message is "<hint> (no field '<name>')"; a typo or a table-style
** field (f.tiles) then says what to call instead of giving nil. */
void mp_type_typo_error(lua_State *L, const char *tname, const char *hint);
/* Adds 'methods' to the registered type 'tname's method table: how a
** higher layer gives a lower layer's object a method (flow:new_play from
** hooks/, flow:simulate from sim/) without the lower layer naming it. */
void mp_add_methods(lua_State *L, const char *tname, const luaL_Reg *methods);

/* wrap_rules.c */
gk_rules *mp_checkrules(lua_State *L, int arg);
int mp_checktiletype(lua_State *L, int arg, const gk_rules *rules);
/* A name registered in the rules: the id found by 'find', or an argument
** error "unknown <what> 'name'". */
int mp_checkname(lua_State *L, int arg, const gk_rules *rules,
                 int (*find)(const gk_rules *, const char *),
                 const char *what);

/* wrap_game.c */
mp_game *mp_checkgameud(lua_State *L, int arg);
gk_game *mp_checkgame(lua_State *L, int arg);
/* Pushes a new Game userdata owning 'game', for the Rules at rules_idx. */
void mp_pushgame(lua_State *L, int rules_idx, gk_game *game);
/* Pushes a view of a game owned by the object at owner_idx (a Play): it
** keeps the owner alive, never frees the game, and refuses free/restore.
** 'lock' (inside the owner, so it lives as long as the view) says how far
** the owner is inside its hooks. */
void mp_pushgameview(lua_State *L, int rules_idx, int owner_idx, gk_game *game,
                     const int *lock);
/* The game at arg for a change that its play's hooks may not make at
** 'level' (MP_LOCK_*) or deeper: raises "<what>: not allowed inside a
** hook" there. */
gk_game *mp_checkgame_edit(lua_State *L, int arg, int level, const char *what);
/* The same check for the game userdata at game_idx. */
void mp_checkunlocked(lua_State *L, int game_idx, int level, const char *what);
/* The owner's game changed under the view (undo): stale handles. */
void mp_gameview_invalidate(mp_game *view, gk_game *now);
/* Reads a figure location: a Feature or Tile handle, or a table
** {feature=}, {tile=}, {corner={x,y}}, {cell={x,y}}, {out=true}. */
gk_location mp_checklocation(lua_State *L, int arg, int game_idx);
void mp_pushlocation(lua_State *L, int game_idx, gk_location loc);

/* game_at.c: the Game methods tile_at and feature_at. */
int mp_game_tile_at(lua_State *L);
int mp_game_feature_at(lua_State *L);

/* game_log.c: the Game methods log and replay. */
int mp_game_log(lua_State *L);
int mp_game_replay(lua_State *L);

/* tile_handle.c: game_idx is the stack index of the Game userdata. The
** Tile metatable (registry[MP_TILE]) is every light userdata's: never
** luaL_checkudata(MP_TILE), which would take the number for a pointer. */
void mp_pushtile(lua_State *L, int game_idx, int tile);
/* The same for a caller that checked the Game (gud, at game_idx). */
void mp_pushtile_with(lua_State *L, int game_idx, mp_game *gud, int tile);
/* The handle pushed, 1, when that raises nothing (the game's generation
** has its serial); else 0, nothing pushed: mp_pushtile_with then. */
int mp_pushtile_ready(lua_State *L, const mp_game *gud, int tile);
/* Is the value at arg a tile handle (live or stale)? */
int mp_istile(lua_State *L, int arg);
/* The tile of the handle at arg (mp_istile) and its Game userdata pushed,
** *gud set; or -1 and nothing pushed when the handle is stale. */
int mp_tile_game(lua_State *L, int arg, mp_game **gud);
/* The tile methods' check, mp_tile_self, and mp_tile_pushid: inline, in
** tile_serials.h. */
/* The same, with the Game userdata pushed. */
int32_t mp_tile_self_game(lua_State *L, mp_game **gud);
/* Push the serial table and the weak table of games (each made at the
** first call); return its index. */
int mp_push_tile_serials(lua_State *L);
int mp_push_tile_games(lua_State *L);
/* Rules going away: the name table no longer holds their ids. */
void mp_tile_names_forget(lua_State *L, const gk_rules *rules);
/* The table at features_idx is gud's kept feature handles of its current
** state: th:feature finds them by the state's serial (nothing when the
** state has no serial yet: taking one notes them). */
void mp_tile_note_features(lua_State *L, const mp_game *gud, int features_idx);
/* A game going away leaves the serial table (its __gc). */
void mp_tile_forget(mp_game *gud);
/* The tile; raises for anything but a live tile handle or, when game_idx
** > 0, for a handle of another game. *game gets the live gk_game. */
int32_t mp_checktile(lua_State *L, int arg, int game_idx, gk_game **game);

/* game_at.c: game_idx is the stack index of the Game userdata. */
void mp_pushfeature(lua_State *L, int game_idx, int32_t node);
void mp_pushfigure(lua_State *L, int game_idx, int figure);
/* mp_pushfeature for a C function that returns the handle at once: the
** kept handle is pushed with the kept table left below it. gud: the
** checked Game userdata at game_idx. */
void mp_pushfeature_last(lua_State *L, int game_idx, mp_game *gud, int32_t node);
/* wrap_handles.c: the handle's index; raises for a stale handle or,
** when game_idx > 0, for a handle of another game. *game gets the live gk_game. MP_TILE
** goes to mp_checktile. */
int32_t mp_checkhandle(lua_State *L, int arg, const char *tname,
                       int game_idx, gk_game **game);

/* checks.c: argument checks shared by every object. */
int32_t mp_checkcoord(lua_State *L, int arg);
int mp_checkrotation(lua_State *L, int arg);
int mp_checkport(lua_State *L, int arg);
/* A 1-based player number, or 0 for the neutral owner when allowed;
** returns the kernel's player (0-based, -1 neutral). */
int mp_checkplayer(lua_State *L, int arg, const gk_game *game,
                   int allow_neutral);
int32_t mp_checkint32(lua_State *L, int arg, const char *what);
/* lua_getfield without metamethods: host code reads a script's tables
** raw, so no __index of theirs runs outside the sandbox's limits. */
int mp_rawfield(lua_State *L, int idx, const char *key);
/* Raises the kernel's message for a failed call. */
int mp_gameerror(lua_State *L, const gk_game *game);

#endif

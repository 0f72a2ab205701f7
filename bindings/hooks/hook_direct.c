/*
** hook_direct.c: notifications (on("turn_begin"), on("tile_placed")...)
** and on("action") that the flow calls itself, without the Lua
** dispatcher: a rule author's hook then costs one sandboxed call, not a
** dispatch. An action's hooks get (ctx, move) and answer: true from any
** of them keeps the flow in the phase (the flow's value 1), as
** meeple.loader.dispatch's EVENTS.apply folds it.
**
** The dispatcher (meeple.loader.dispatch) says which events qualify and
** hands over a table
**   { [event name] = {hook, ...}, ctx = proxy, fields = its fields,
**     hook_key =, lazy_key = (the fields' private keys), freeze = fn(v),
**     lazy = fn(args, refresh): the arguments' view }
** from which mp_setdirect makes a Direct userdata, the play's user value
** 4: its C part (mp_direct) remembers what ctx's fields show now, and its
** user values (DV_*) hold what every call reuses: the ctx, one argument
** table and its one read-only view, the keys, and per event a flat list
** {hook, fn, source, hook, fn, source, ...}. Each hook record has fn and
** script_id; ctx is a proxy of its own, so a direct call never shares its
** fields with a dispatch.
**
** Invariant: the calls see what the dispatcher would show (ctx, subject,
** args, the lent game, the budgets) and fail the same way with the same
** message; a field of ctx or of the arguments is written only when it
** changes (the lazy ones are cleared when a hook read one: lazy_key), and
** a placed tile's args.tile and args.tile_id only when a hook reads the
** arguments' view (any read calls refresh_args first: pending); on
** any failure the game is lent to nobody again (the move's undo restores
** the scripts' live state: meeple.loader.state_live). The argument table
** is reused: a hook that keeps its view sees the arguments of the call of
** the moment.
**
** Cost: a call whose event shows what the last one showed (same game,
** play, phase and value, no move or tile: turn_begin, turn_end, phase)
** and whose hook ran last and read no lazy field is one sandboxed
** lua_pcall of the script's function with the message handler pushed
** once per event (mp_sandbox_call_with), about 1,100 instructions with
** the flow's side; a tile_placed event that changed only the tile has
** the tile's handle (a value) pushed and args.tile and args.tile_id left
** pending when none of that can raise (placed_inline), else through placed_call
** (a closure over what it writes); any other goes through the
** trampoline, which sets up first, in the same protected call (a
** feature_scored event's args.feature, when and leaders: set_feature). The play
** is named by the slot ud->self gave when the event began: a hook's call
** of a play method repoints ud->self into that method's frame. A lazy field's reader calls
** fields[lazy_key] (mark_lazy), so no call has to look afterwards.
*/
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "hook_profile.h"
#include "host.h"
#include "hooks.h"

/* The play's user value of the Direct userdata (nil: none). */
enum { DIRECT_UV = MP_PLAY_UV_DIRECT };

/* The Direct userdata's user values. */
enum {
  DV_TABLE = 1, /* the dispatcher's table: freeze */
  DV_CTX,
  DV_FIELDS,
  DV_HOOK_KEY,
  DV_LAZY_KEY,
  DV_ARGS,      /* the argument table, reused */
  DV_VIEW,      /* its read-only view, what hooks get */
  DV_TILE_IDS,  /* tile type + 1 -> its id, filled as tiles are placed */
  DV_SUBJECT,   /* the subject of the event of the moment */
  DV_PLACED,    /* placed_call: a closure over args, the view, keys */
  DV_LISTS      /* + hook: the flat list of the event's hooks */
};
enum { DV_COUNT = DV_LISTS + GK_HOOK_COUNT };

/* One hook, by its ordinal. */
typedef struct mp_direct_hook {
  const char *source; /* its script, for messages (the string lives in
                      ** its event's list) */
  int sees;           /* how many of (ctx, subject, args) its function can
                      ** see: its parameters, 3 if it takes `...`. Scripts
                      ** have no debug library, so a function never reads
                      ** an argument it has no parameter for: a call
                      ** passes only those, and builds nothing else */
} mp_direct_hook;

/* Tile types whose id strings mp_direct remembers are made. */
enum { IDS_MADE_WORDS = 8 };

/* What ctx's fields and the argument table show now. */
typedef struct mp_direct {
  const void *game, *play; /* fields.game, fields.play */
  int phase;               /* fields.phase and args.phase (-2: unset) */
  lua_Integer value;       /* args.value */
  int had_tile, had_move;  /* args.tile/tile_id, args.move are set */
  int had_feature;         /* args.feature, when and leaders are set */
  int behind;              /* an event since left the argument table as
                           ** it was (its hooks did not take args): the
                           ** fields above describe the table, not the
                           ** last event, and DV_SUBJECT may be another
                           ** event's; the next hook that sees a subject
                           ** or the arguments sets up afresh */
  int drawn;               /* args.tile is a drawn tile's id (tile_drawn's
                           ** setup wrote it and args.value last) */
  int pending;             /* args.tile and args.tile_id are not written
                           ** yet: the view's first read (refresh_args)
                           ** writes pending_tile and the id of type
                           ** pending_type (-1: nil) */
  void *pending_tile;      /* the tile's handle, a light userdata value */
  int pending_type;
  uint64_t ids_made[IDS_MADE_WORDS]; /* bit per tile type whose id string
                                     ** DV_TILE_IDS holds */
  int hook;                /* ordinal of the hook in fields[hook_key], or -1 */
  uint32_t events;         /* bit per gk_hook called directly */
  int lazy_read;           /* a hook read a lazy field of ctx (or failed):
                           ** the next one clears them first */
  const gk_game *state_game; /* the game whose state fields.state may keep */
  int first[GK_HOOK_COUNT + 1]; /* the hooks of event h have the ordinals
                                ** first[h] to first[h + 1] - 1 */
  mp_direct_hook hooks[];  /* by ordinal */
} mp_direct;

/* The key of the Direct in the dispatcher's table. */
static const char direct_key = 'd';

/* A hook's record: its script, and how many arguments its function
** sees (an action's: ctx and the move, at most). */
static void read_direct(lua_State *L, int rec, int h, int k, const mp_hook_info *in, void *data) {
  (void)L;
  (void)rec;
  int most = h == GK_HOOK_APPLY ? 2 : 3;
  mp_direct_hook *dh = &((mp_direct *)data)->hooks[k];
  dh->sees = in->params < most ? in->params : most;
  dh->source = in->source;
}

/* fields[lazy_key]: what ctx's lazy fields call when a hook reads one. */
static int mark_lazy(lua_State *L) {
  ((mp_direct *)lua_touserdata(L, lua_upvalueindex(1)))->lazy_read = 1;
  return 0;
}

static void set_mark(lua_State *L, int dv) {
  lua_getiuservalue(L, dv, DV_FIELDS);
  lua_getiuservalue(L, dv, DV_LAZY_KEY);
  lua_pushvalue(L, dv);
  lua_pushcclosure(L, mark_lazy, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

/* Upvalues of refresh_args. */
enum { RU_DV = 1, RU_ARGS, RU_TILE_IDS };

/* What the argument table's view calls before every read: writes the
** pending args.tile_id and args.tile (placed_inline), in the order
** set_args writes them. Runs in the reading hook's sandboxed call. */
static int refresh_args(lua_State *L) {
  mp_direct *d = (mp_direct *)lua_touserdata(L, lua_upvalueindex(RU_DV));
  if (!d->pending) return 0;
  d->pending = 0;
  lua_pushliteral(L, "tile_id");
  if (d->pending_type >= 0) lua_rawgeti(L, lua_upvalueindex(RU_TILE_IDS), d->pending_type + 1);
  else lua_pushnil(L);
  lua_rawset(L, lua_upvalueindex(RU_ARGS));
  lua_pushliteral(L, "tile");
  lua_pushlightuserdata(L, d->pending_tile);
  lua_rawset(L, lua_upvalueindex(RU_ARGS));
  return 0;
}

/* The argument table's view (the dispatcher's lazy(args, refresh)),
** the args table on top: popped. */
static void make_view(lua_State *L, int dv, int t) {
  int args = lua_gettop(L);
  lua_getfield(L, t, "lazy");
  lua_pushvalue(L, args);
  lua_pushvalue(L, dv);
  lua_pushvalue(L, args);
  lua_getiuservalue(L, dv, DV_TILE_IDS);
  lua_pushcclosure(L, refresh_args, 3);
  lua_call(L, 2, 1);
  lua_setiuservalue(L, dv, DV_VIEW);
  lua_pop(L, 1);
}

/* Upvalues of placed_call. */
enum { PU_ARGS = 1, PU_VIEW, PU_TILE_KEY, PU_ID_KEY, PU_DV, PU_TILE_IDS };

static int placed_call(lua_State *L);

static void push_placed_call(lua_State *L, int dv) {
  lua_getiuservalue(L, dv, DV_ARGS);
  lua_getiuservalue(L, dv, DV_VIEW);
  lua_pushliteral(L, "tile");
  lua_pushliteral(L, "tile_id");
  lua_pushvalue(L, dv);
  lua_getiuservalue(L, dv, DV_TILE_IDS);
  lua_pushcclosure(L, placed_call, 6);
}

/* The Direct of the dispatcher's table t, pushed. */
static void new_direct(lua_State *L, int t, mp_play *ud) {
  (void)ud;
  static const char *const fields[] = {NULL, "ctx", "fields", "hook_key", "lazy_key"};
  int count = mp_count_hooks(L, t, mp_hook_names, GK_HOOK_COUNT);
  mp_direct *d = (mp_direct *)mp_c_path_new(L, t, sizeof(mp_direct), sizeof(mp_direct_hook), count, DV_COUNT,
                                            fields, DV_ARGS - 1);
  d->hook = -1;
  d->phase = -2;
  d->value = LUA_MININTEGER; /* args.value is set at the first call */
  int dv = lua_gettop(L);
  set_mark(L, dv);
  lua_newtable(L);
  lua_setiuservalue(L, dv, DV_TILE_IDS);
  lua_createtable(L, 0, 6);
  lua_pushvalue(L, -1);
  lua_setiuservalue(L, dv, DV_ARGS);
  make_view(L, dv, t);
  push_placed_call(L, dv);
  lua_setiuservalue(L, dv, DV_PLACED);
  d->events = (uint32_t)mp_read_hooks(L, t, mp_hook_names, GK_HOOK_COUNT, dv, DV_LISTS, d->first, read_direct, d);
}

/* The route's call (the entry calls it through ud->direct_call). */
static int call_direct(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c);

/* opts.direct: the dispatcher's table (absent: every hook dispatches). */
void mp_setdirect(lua_State *L, int self, int opts) {
  mp_direct *d = (mp_direct *)mp_c_path_attach(L, self, opts, "direct", &direct_key, DIRECT_UV, new_direct);
  mp_play *ud = mp_checkplayud(L, self);
  ud->direct = d ? d->events : 0;
  ud->direct_call = call_direct;
}

/* One direct event: what the setup and the calls need. */
typedef struct direct_call {
  mp_direct *d;
  mp_play *ud;
  const gk_hook_call *c;
  int ready; /* what is set for this event (READY_*) */
  int changed; /* the event shows what the argument table does not */
  int hooks; /* how many the event calls */
  int sees;  /* the running hook's mp_direct_hook.sees */
  int answers; /* its hooks answer (an action's): one result a call */
  int again;   /* an action's hook answered true */
} direct_call;

/* How far an event is set up (direct_call.ready), each level with the
** ones below: ctx's fields; the subject (DV_SUBJECT); the argument table.
** A hook needs the level of the arguments it sees (need_of), so hooks
** that take (ctx) or (ctx, subject) build no argument table: a move's
** table and its view, a feature's leaders. */
enum { READY_NONE, READY_FIELDS, READY_SUBJECT, READY_ARGS };

static int need_of(int sees) { return sees < READY_FIELDS ? READY_FIELDS : sees; }

/* Stack slots of the setup. */
typedef struct direct_slots {
  int dv, self, fields, args, view;
  mp_game *game; /* the view's */
} direct_slots;

/* After a hook read one of ctx's lazy fields (player, turn, part, state)
** they are all cleared, for the next hook to read its own. */
static void clear_lazy(lua_State *L, const direct_slots *s) {
  static const char *const lazy[] = {"player", "turn", "part", "state"};
  for (size_t i = 0; i < sizeof lazy / sizeof lazy[0]; i++) {
    lua_pushnil(L);
    lua_setfield(L, s->fields, lazy[i]);
  }
}

/* ctx's fields for this event, written where they changed. */
static void set_fields(lua_State *L, mp_direct *d, const direct_slots *s, int phase,
                       const char *phase_name) {
  const void *game = lua_topointer(L, s->view), *play = lua_topointer(L, s->self);
  if (game != d->game) {
    lua_pushvalue(L, s->view);
    lua_setfield(L, s->fields, "game");
    d->game = game;
  }
  if (play != d->play) {
    lua_pushvalue(L, s->self);
    lua_setfield(L, s->fields, "play");
    d->play = play;
  }
  if (phase != d->phase) {
    lua_pushstring(L, phase_name);
    lua_pushvalue(L, -1);
    lua_setfield(L, s->fields, "phase");
    lua_setfield(L, s->args, "phase");
    d->phase = phase;
  }
}

/* Is type's id string in DV_TILE_IDS (which only grows)? */
static int id_made(const mp_direct *d, int type) {
  return type >= 0 && type < 64 * IDS_MADE_WORDS && ((d->ids_made[type / 64] >> (type % 64)) & 1u);
}

/* A tile type's id, as a Lua string made once per type: interning the C
** string again on every placement costs more than the lookup. */
static void push_id_from(lua_State *L, mp_direct *d, int ids, const gk_rules *r, int type) {
  if (lua_rawgeti(L, ids, type + 1) != LUA_TSTRING) {
    lua_pop(L, 1);
    lua_pushstring(L, gk_rules_tile(r, type)->id);
    lua_pushvalue(L, -1);
    lua_rawseti(L, ids, type + 1);
  }
  if (type < 64 * IDS_MADE_WORDS) d->ids_made[type / 64] |= (uint64_t)1 << (type % 64);
}

static void push_tile_id(lua_State *L, mp_direct *d, const direct_slots *s, const gk_rules *r,
                         int type) {
  lua_getiuservalue(L, s->dv, DV_TILE_IDS);
  push_id_from(L, d, lua_gettop(L), r, type);
  lua_remove(L, -2);
}

/* args.feature (the scored feature's handle), args.when ("closed" or
** "final") and args.leaders (a new list of player numbers), as the
** dispatcher shows them to on("feature_scored"); nil for other events. */
static void set_feature(lua_State *L, mp_direct *d, const gk_hook_call *c,
                        const direct_slots *s) {
  int on = c->feature >= 0;
  if (on) mp_pushfeature(L, s->view, c->feature);
  else lua_pushnil(L);
  lua_setfield(L, s->args, "feature");
  if (on) lua_pushstring(L, c->when == GK_WHEN_FINAL ? "final" : "closed");
  else lua_pushnil(L);
  lua_setfield(L, s->args, "when");
  if (on) mp_pushleaders(L, c->leaders);
  else lua_pushnil(L);
  lua_setfield(L, s->args, "leaders");
  d->had_feature = on;
}

/* The event's arguments, into the reused table: phase (set_fields),
** value, move (figure_placed) and the placed tile (tile_placed) and its
** id (for the dispatcher's tile filters: cheaper than th:info()), or the
** drawn tile's id (tile_drawn: args.tile, as the dispatcher's
** play:tile()). Pushes the subject: the placed tile, the drawn tile's
** id, the move's view, or nil. */
static void set_args(lua_State *L, mp_direct *d, mp_play *ud, const gk_hook_call *c,
                     const direct_slots *s) {
  if (c->value != d->value) {
    lua_pushinteger(L, c->value);
    lua_setfield(L, s->args, "value");
    d->value = c->value;
  }
  if (c->move || d->had_move) {
    if (c->move) mp_pushmove(L, ud, s->self, c->move);
    else lua_pushnil(L);
    lua_setfield(L, s->args, "move");
    d->had_move = c->move != NULL;
  }
  if (c->feature >= 0 || d->had_feature) set_feature(L, d, c, s);
  if (c->report || d->had_tile) {
    gk_placed_tile pt;
    d->pending = 0; /* written here */
    d->drawn = 0;
    if (c->report && gk_tile_info(s->game->game, c->report->tile, &pt) == GK_OK)
      push_tile_id(L, d, s, mp_playrules(ud), pt.type);
    else lua_pushnil(L);
    lua_setfield(L, s->args, "tile_id");
    if (c->report) {
      mp_pushtile_with(L, s->view, s->game, c->report->tile);
      lua_pushvalue(L, -1); /* and the subject */
    } else lua_pushnil(L);
    lua_setfield(L, s->args, "tile");
    d->had_tile = c->report != NULL;
    if (c->report) return;
  }
  if (c->hook == GK_HOOK_TILE_DRAWN) { /* args.tile and the subject: the drawn tile's id */
    push_tile_id(L, d, s, mp_playrules(ud), (int)c->value);
    lua_pushvalue(L, -1);
    lua_setfield(L, s->args, "tile");
    d->had_tile = 1; /* the next event clears it */
    d->drawn = 1;
    return;
  }
  if (c->feature >= 0) { /* the subject: the feature's handle */
    lua_getfield(L, s->args, "feature");
    return;
  }
  if (c->move) {
    lua_getiuservalue(L, s->dv, DV_TABLE);
    lua_getfield(L, -1, "freeze");
    lua_getfield(L, s->args, "move");
    lua_call(L, 1, 1);
    lua_remove(L, -2);
  } else lua_pushnil(L);
}

/* The event's subject as set_args pushes it, the argument table left as
** it is: the placed tile, the drawn tile's id, the feature's handle, the
** move's view, or nil. */
static void push_subject(lua_State *L, mp_direct *d, mp_play *ud, const gk_hook_call *c,
                         const direct_slots *s) {
  if (c->report) mp_pushtile_with(L, s->view, s->game, c->report->tile);
  else if (c->hook == GK_HOOK_TILE_DRAWN) push_tile_id(L, d, s, mp_playrules(ud), (int)c->value);
  else if (c->feature >= 0) mp_pushfeature(L, s->view, c->feature);
  else if (c->move) {
    lua_getiuservalue(L, s->dv, DV_TABLE);
    lua_getfield(L, -1, "freeze");
    mp_pushmove(L, ud, s->self, c->move);
    lua_call(L, 1, 1);
    lua_remove(L, -2);
  } else lua_pushnil(L);
}

/* Sets the event up to level need (READY_*) from call->ready: ctx's
** fields, then the subject (kept as a user value), then the arguments.
** Below READY_ARGS an event that changed leaves the table behind. */
static void set_up(lua_State *L, direct_call *call, direct_slots *s, int need) {
  mp_direct *d = call->d;
  const gk_hook_call *c = call->c;
  lua_getiuservalue(L, s->dv, DV_ARGS);
  s->args = lua_gettop(L);
  s->view = mp_pushplayview(L, s->self);
  s->game = (mp_game *)lua_touserdata(L, s->view);
  if (call->ready < READY_FIELDS) {
    const char *phase = gk_flow_phase_name(gk_play_flow(call->ud->play), c->phase);
    set_fields(L, d, s, c->phase, phase ? phase : "?");
  }
  if (need >= READY_ARGS) {
    set_args(L, d, call->ud, c, s);
    lua_setiuservalue(L, s->dv, DV_SUBJECT);
    d->behind = 0;
  } else {
    if (call->changed) d->behind = 1;
    if (need == READY_SUBJECT && call->ready < READY_SUBJECT) {
      push_subject(L, d, call->ud, c, s);
      lua_setiuservalue(L, s->dv, DV_SUBJECT);
    }
  }
  call->ready = need;
}

/* Runs in the sandbox's protected call, so that nothing it allocates can
** raise through the flow: (call, direct, play, hook record, ordinal, fn).
** Clears the lazy fields a hook read, names the hook about to run in
** ctx's fields and sets up what the hook sees (set_up) where an earlier
** hook of the event did not; then runs the hook on (ctx, subject, args). */
static int trampoline(lua_State *L) {
  direct_call *call = (direct_call *)lua_touserdata(L, 1);
  direct_slots s = {.dv = 2, .self = 3};
  lua_getiuservalue(L, s.dv, DV_FIELDS);
  s.fields = lua_gettop(L);
  if (call->d->lazy_read) {
    clear_lazy(L, &s);
    call->d->lazy_read = 0;
  }
  int ordinal = (int)lua_tointeger(L, 5);
  if (ordinal != call->d->hook) { /* and its state is its script's */
    lua_pushvalue(L, 4);
    mp_set_running(L, s.fields, s.dv, DV_HOOK_KEY);
    call->d->hook = ordinal;
  }
  int need = need_of(call->sees);
  const gk_hook_call *c = call->c;
  mp_direct *d = call->d;
  /* without a subject, now or in the table, the arguments cost a few
  ** scalar writes: set in full, the next events that show the same take
  ** the short path */
  if (!(c->move || d->had_move || c->feature >= 0 || d->had_feature || c->report || d->had_tile ||
        c->hook == GK_HOOK_TILE_DRAWN))
    need = READY_ARGS;
  if (call->ready < need) set_up(L, call, &s, need);
  lua_pushvalue(L, 6);
  if (call->sees >= 1) lua_getiuservalue(L, s.dv, DV_CTX);
  if (call->sees >= 2) lua_getiuservalue(L, s.dv, DV_SUBJECT);
  if (call->sees >= 3) lua_getiuservalue(L, s.dv, DV_VIEW);
  lua_call(L, call->sees, call->answers);
  return call->answers;
}

/* The setup and call of a tile_placed event that shows what the last
** event showed but the tile (same game, play, phase and value, no move),
** for a hook that ran last and read no lazy field: the trampoline's work
** cut to what changes, the tile's handle and args.tile_id and args.tile
** (raw sets of keys the table holds), and only what the
** hook's function can see: without `args` the table is left as it is and
** the event not marked ready, so a next hook sets it up in full. Runs in
** the sandbox's protected call: (call, game view, fn, ctx). */
static int placed_call(lua_State *L) {
  direct_call *call = (direct_call *)lua_touserdata(L, 1);
  mp_game *game = (mp_game *)lua_touserdata(L, 2);
  int sees = call->sees, tile = 0;
  if (sees >= 2) {
    mp_pushtile_with(L, 2, game, call->c->report->tile);
    tile = lua_gettop(L);
  }
  if (sees >= 3) {
    gk_placed_tile pt;
    lua_pushvalue(L, lua_upvalueindex(PU_ID_KEY));
    call->d->pending = 0; /* written here */
    call->d->drawn = 0;
    if (gk_tile_info(game->game, call->c->report->tile, &pt) == GK_OK)
      push_id_from(L, call->d, lua_upvalueindex(PU_TILE_IDS), mp_playrules(call->ud), pt.type);
    else lua_pushnil(L);
    lua_rawset(L, lua_upvalueindex(PU_ARGS));
    lua_pushvalue(L, lua_upvalueindex(PU_TILE_KEY));
    lua_pushvalue(L, tile);
    lua_rawset(L, lua_upvalueindex(PU_ARGS));
    if (call->hooks > 1) { /* the next hooks' subject */
      lua_pushvalue(L, tile);
      lua_setiuservalue(L, lua_upvalueindex(PU_DV), DV_SUBJECT);
    }
    call->ready = READY_ARGS;
  }
  lua_pushvalue(L, 3);
  if (sees >= 1) lua_pushvalue(L, 4);
  if (sees >= 2) lua_pushvalue(L, tile);
  if (sees >= 3) lua_pushvalue(L, lua_upvalueindex(PU_VIEW));
  lua_call(L, sees, 0);
  return 0;
}

/* placed_call's work done in place, outside any protected call, when
** none of it can raise: the view's generation has its tile serial (a
** handle is a pushed number) and the tile type's id string is made.
** args.tile and args.tile_id are left pending: the view writes them at a
** hook's first read of it (refresh_args), so a hook that never reads its
** arguments costs no table write. Saves the closure's C call. Pushes the
** hook's function and what it sees, returns how many; -1, nothing
** pushed: placed_call does it. */
static int placed_inline(lua_State *L, direct_call *call, int dv, int view, int list, int ctx,
                         lua_Integer i) {
  mp_game *game = (mp_game *)lua_touserdata(L, view);
  int sees = call->sees, tile = call->c->report->tile, top = lua_gettop(L);
  lua_rawgeti(L, list, 3 * i - 1);
  if (sees >= 1) lua_pushvalue(L, ctx);
  if (sees >= 2 && !mp_pushtile_ready(L, game, tile)) {
    lua_settop(L, top);
    return -1;
  }
  if (sees >= 3) {
    gk_placed_tile pt;
    int type = gk_tile_info(game->game, tile, &pt) == GK_OK ? pt.type : -1;
    if (type >= 0 && !id_made(call->d, type)) {
      lua_settop(L, top);
      return -1;
    }
    call->d->pending = 1;
    call->d->drawn = 0;
    call->d->pending_tile = lua_touserdata(L, top + 3);
    call->d->pending_type = type;
    if (call->hooks > 1) { /* the next hooks' subject */
      lua_pushvalue(L, top + 3);
      lua_setiuservalue(L, dv, DV_SUBJECT);
    }
    call->ready = READY_ARGS;
    lua_getiuservalue(L, dv, DV_VIEW);
  }
  return sees;
}

/* Does this event differ from the last one in its placed tile only? */
static int only_tile_changed(const mp_direct *d, const mp_play *ud, const void *view,
                             const gk_hook_call *c) {
  return c->report && d->had_tile && !c->move && !d->had_move && !d->had_feature &&
         view == d->game &&
         (const void *)ud == d->play && c->phase == d->phase && c->value == d->value;
}

/* Does this event show anything the argument table does not (another
** game or play, phase, value, a move or a tile, now or then)? Then the
** first hook's setup writes what it sees. (A hook that sees a subject or
** the arguments also sets up after an event left them behind: run_one.) */
static int event_changed(const mp_direct *d, const mp_play *ud, const void *view,
                         const gk_hook_call *c) {
  return view != d->game || (const void *)ud != d->play || c->phase != d->phase ||
         c->value != d->value || c->move || d->had_move || c->report || d->had_tile ||
         c->feature >= 0 || d->had_feature ||
         c->hook == GK_HOOK_TILE_DRAWN;
}

/* Stack slots of one event's calls. */
typedef struct event_slots {
  int dv, view, list, handler, ctx;
  int self; /* the play's slot: ud->self names it only until a hook
            ** calls a play method, which points it into that frame */
  int only_tile; /* the event differs from the last in its tile only */
  int only_drawn; /* a tile_drawn event after one: differs in its tile only */
} event_slots;

/* The setup of a tile_drawn event that follows one (same game, play and
** phase, no move or feature, the hook ran last and read no lazy field),
** done in place, outside any protected call, when none of it can raise:
** the tile type's id string is made, and args.value and args.tile are
** keys the reused table holds (set_args wrote them last), so setting
** them allocates nothing. Pushes the hook's function and what it sees,
** returns how many; -1, nothing pushed: the trampoline sets up. */
static int drawn_inline(lua_State *L, direct_call *call, const event_slots *e, lua_Integer i) {
  mp_direct *d = call->d;
  int type = (int)call->c->value;
  if (!id_made(d, type)) return -1;
  lua_rawgeti(L, e->list, 3 * i - 1);
  if (call->sees >= 1) lua_pushvalue(L, e->ctx);
  lua_getiuservalue(L, e->dv, DV_TILE_IDS);
  lua_rawgeti(L, -1, type + 1);
  lua_remove(L, -2);
  int id = lua_gettop(L);
  lua_getiuservalue(L, e->dv, DV_ARGS);
  lua_pushinteger(L, call->c->value);
  lua_setfield(L, id + 1, "value");
  lua_pushvalue(L, id);
  lua_setfield(L, id + 1, "tile");
  lua_pop(L, 1);
  d->value = call->c->value;
  if (call->hooks > 1) { /* the next hooks' subject */
    lua_pushvalue(L, id);
    lua_setiuservalue(L, e->dv, DV_SUBJECT);
  }
  call->ready = READY_ARGS;
  if (call->sees < 2) lua_pop(L, 1);
  if (call->sees >= 3) lua_getiuservalue(L, e->dv, DV_VIEW);
  return call->sees;
}

/* Does this tile_drawn event differ from the last event, a tile_drawn
** one, in its tile only? */
static int only_drawn_changed(const mp_direct *d, const mp_play *ud, const void *view,
                              const gk_hook_call *c) {
  return c->hook == GK_HOOK_TILE_DRAWN && d->drawn && !c->move && !d->had_move &&
         !d->had_feature && !c->report && c->feature < 0 && view == d->game &&
         (const void *)ud == d->play && c->phase == d->phase;
}

/* Calls hook i (ordinal k) of the event on (ctx, subject, args): through
** the trampoline when the last call left anything to set up, else as it
** is. Raises nothing: GK_OK, or the flow's error set. */
static int run_one(lua_State *L, direct_call *call, gk_play *play, const event_slots *e,
                   int changed, lua_Integer i, int k) {
  mp_direct *d = call->d;
  mp_sandbox *sb = mp_host_sandbox(call->ud->host);
  const char *name = d->hooks[k].source;
  int sees = d->hooks[k].sees;
  call->sees = sees;
  int nargs = 3;
  int profiled = mp_profiling ? mp_profile_enter_at(L, mp_profiling, e->list, 3 * i - 2, MP_PATH_DIRECT) : -1;
  int inline_args = -1;
  if (e->only_drawn && call->ready == READY_NONE && !d->lazy_read && d->hook == k &&
      (inline_args = drawn_inline(L, call, e, i)) >= 0) {
    nargs = inline_args;
  } else if (e->only_tile && call->ready == READY_NONE && !d->lazy_read && d->hook == k &&
      (inline_args = placed_inline(L, call, e->dv, e->view, e->list, e->ctx, i)) >= 0) {
    nargs = inline_args;
  } else if (e->only_tile && call->ready == READY_NONE && !d->lazy_read && d->hook == k) {
    lua_getiuservalue(L, e->dv, DV_PLACED);
    lua_pushlightuserdata(L, call);
    lua_pushvalue(L, e->view);
    lua_rawgeti(L, e->list, 3 * i - 1);
    lua_pushvalue(L, e->ctx);
    nargs = 4;
  } else if (((changed || (d->behind && sees >= READY_SUBJECT)) && call->ready < need_of(sees)) ||
             d->lazy_read || d->hook != k) {
    lua_pushcfunction(L, trampoline);
    lua_pushlightuserdata(L, call);
    lua_pushvalue(L, e->dv);
    lua_pushvalue(L, e->self);
    lua_rawgeti(L, e->list, 3 * i - 2);
    lua_pushinteger(L, k);
    lua_rawgeti(L, e->list, 3 * i - 1);
    nargs = 6;
  } else {
    lua_rawgeti(L, e->list, 3 * i - 1);
    if (sees >= 1) lua_pushvalue(L, e->ctx);
    if (sees >= 2) lua_getiuservalue(L, e->dv, DV_SUBJECT);
    if (sees >= 3) lua_getiuservalue(L, e->dv, DV_VIEW);
    nargs = sees;
  }
  int st = call->answers ? mp_sandbox_call_with_results(sb, nargs, 1, e->handler, name)
                         : mp_sandbox_call_with(sb, nargs, e->handler, name);
  if (profiled >= 0) mp_profile_leave(mp_profiling, profiled);
  if (st == MP_SANDBOX_OK && call->answers) { /* EVENTS.apply: exactly true */
    if (lua_isboolean(L, -1) && lua_toboolean(L, -1)) call->again = 1;
    lua_pop(L, 1);
  }
  if (st == MP_SANDBOX_OK) return GK_OK;
  d->lazy_read = 1; /* it may have read one before it failed */
  gk_play_set_error(play, "%s", mp_sandbox_error(sb));
  return GK_EINVAL;
}

/* The hook's state kept in ctx's fields (ctx_fields.c) is one game's:
** another game shown, even through the same view (an agent's lender
** repoints its view), forgets it. (A nil stored allocates nothing.) */
static void forget_game_state(lua_State *L, const event_slots *e, mp_direct *d, const gk_game *g) {
  lua_getiuservalue(L, e->dv, DV_FIELDS);
  lua_pushnil(L);
  lua_setfield(L, -2, "state");
  lua_pop(L, 1);
  d->state_game = g;
}

/* Called by the flow outside any protected call: raises nothing (what
** may raise runs in the setup or the hook, under the sandbox's
** protection; the rest only reads or pushes onto a checked stack). */
static int call_direct(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c) {
  int top = lua_gettop(L);
  if (!lua_checkstack(L, 24)) {
    gk_play_set_error(play, "out of memory");
    return GK_ENOMEM;
  }
  event_slots e;
  e.self = lua_absindex(L, ud->self);
  lua_getiuservalue(L, e.self, DIRECT_UV);
  e.dv = top + 1;
  direct_call call = {.d = (mp_direct *)lua_touserdata(L, e.dv), .ud = ud, .c = c,
                      .answers = c->hook == GK_HOOK_APPLY};
  lua_getiuservalue(L, e.self, 2);
  e.view = top + 2;
  const mp_game *view = (const mp_game *)lua_touserdata(L, e.view);
  if (!view->game) {
    gk_play_set_error(play, "attempt to use a freed game");
    lua_settop(L, top);
    return GK_EINVAL;
  }
  lua_getiuservalue(L, e.dv, DV_LISTS + c->hook);
  e.list = top + 3;
  mp_sandbox_push_handler(mp_host_sandbox(ud->host));
  e.handler = top + 4;
  lua_getiuservalue(L, e.dv, DV_CTX);
  e.ctx = top + 5;
  if (view->game != call.d->state_game) forget_game_state(L, &e, call.d, view->game);
  int changed = event_changed(call.d, ud, view, c);
  call.changed = changed;
  e.only_tile = only_tile_changed(call.d, ud, view, c);
  e.only_drawn = only_drawn_changed(call.d, ud, view, c);
  int first = call.d->first[c->hook], n = call.d->first[c->hook + 1] - first;
  call.hooks = n;
  mp_host_lend_game(ud->host, view->game);
  int st = GK_OK;
  for (int i = 1; i <= n && st == GK_OK; i++) st = run_one(L, &call, play, &e, changed, i, first + i - 1);
  mp_host_lend_game(ud->host, NULL);
  lua_settop(L, top);
  if (st == GK_OK && call.answers) { /* as the flow reads the dispatcher's answer */
    if (call.again) c->value = 1;
    ud->hook_where[0] = '\0';
  }
  return st;
}

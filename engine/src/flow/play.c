/*
** play.c: a game in progress: creation, copies and what it tells.
**
** Owns struct gk_play's lifetime. Invariant: a play's moves, placement
** and backup buffers are its own (a clone allocates fresh ones); its game
** is freed with it unless released.
*/
#include <stddef.h>

#include "flow/flow_internal.h"

void gk_play_set_error(gk_play *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err, sizeof p->err, fmt, ap);
  va_end(ap);
}

int gk_move_equal(const gk_move *a, const gk_move *b) {
  if (a->type != b->type) return 0;
  switch (a->type) {
    case GK_MOVE_PLACE:
      return a->tile == b->tile && a->x == b->x && a->y == b->y && a->rot == b->rot;
    case GK_MOVE_DEPLOY:
      return a->figure_kind == b->figure_kind && a->at.where == b->at.where && a->at.a == b->at.a &&
             a->at.b == b->at.b;
    case GK_MOVE_ACTION:
      return a->action == b->action && memcmp(a->arg, b->arg, sizeof a->arg) == 0;
    default: return 1;
  }
}

/* {==================================================================
** Play: creation and copies
** =================================================================== */

/* The fields gk_play_new sets besides zeros (p's game as it is now). */
static void init_fields(gk_play *p) {
  p->phase = GK_PHASE_BEGIN_TURN;
  p->part = 1;
  p->stack = p->flow->stack;
  p->tile = -1;
  p->placed = -1;
  p->extra_stack = -1;
  p->drawn_fits = -1;
  p->agent_rng = p->game->rng[0] | 1;
}

gk_play *gk_play_new(const gk_flow *flow, gk_game *game, const gk_hooks *hooks) {
  if (!flow || !flow->frozen || !game || game->rules != flow->rules) return NULL;
  gk_play *p = gki_mem(&game->alloc, NULL, 0, sizeof *p);
  if (!p) return NULL;
  memset(p, 0, sizeof *p);
  p->flow = flow;
  p->game = game;
  if (hooks) p->hooks = *hooks;
  init_fields(p);
  p->cap_moves = 128;
  p->moves = gki_mem(&game->alloc, NULL, 0, sizeof(gk_move) * (size_t)p->cap_moves);
  if (!p->moves) {
    gki_mem(&game->alloc, p, sizeof *p, 0);
    return NULL;
  }
  return p;
}

/* A host that plays many games in one game object (meeple sim) starts
** each in the same play: no allocation between games, where a new play's
** few kilobytes made malloc consolidate its free lists every game. */
int gk_play_restart(gk_play *p) {
  if (!p || p->game->rules != p->flow->rules) return GK_EINVAL;
  struct {
    gk_game *game;
    bool game_released;
    void *blob_keep, *backup;
    size_t blob_keep_cap, backup_bytes;
    gk_move *moves;
    int cap_moves;
    gk_placement *place;
    int32_t cap_place;
    uint32_t *tail;
    int cap_tail;
  } keep = {p->game,         p->game_released, p->blob_keep, p->backup,    p->blob_keep_cap,
            p->backup_bytes, p->moves,         p->cap_moves, p->place,     p->cap_place,
            p->tail,         p->cap_tail};
  const gk_flow *flow = p->flow;
  memset(p, 0, sizeof *p);
  p->flow = flow;
  p->game = keep.game;
  p->game_released = keep.game_released;
  p->blob_keep = keep.blob_keep;
  p->blob_keep_cap = keep.blob_keep_cap;
  p->backup = keep.backup;
  p->backup_bytes = keep.backup_bytes;
  p->moves = keep.moves;
  p->cap_moves = keep.cap_moves;
  p->place = keep.place;
  p->cap_place = keep.cap_place;
  p->tail = keep.tail;
  p->cap_tail = keep.cap_tail;
  init_fields(p);
  return GK_OK;
}

void gk_play_free(gk_play *p) {
  if (!p) return;
  gk_allocator a = p->game->alloc;
  gki_mem(&a, p->moves, sizeof(gk_move) * (size_t)p->cap_moves, 0);
  gki_mem(&a, p->place, sizeof(gk_placement) * (size_t)p->cap_place, 0);
  gki_mem(&a, p->tail, sizeof(uint32_t) * (size_t)p->cap_tail, 0);
  gki_mem(&a, p->blob_keep, p->blob_keep_cap, 0);
  gki_mem(&a, p->backup, p->backup_bytes, 0);
  if (!p->game_released) gk_game_free(p->game);
  gki_mem(&a, p, sizeof *p, 0);
}

gk_game *gk_play_release(gk_play *p) {
  if (!p) return NULL;
  gk_game *g = p->game;
  p->game_released = true;
  gk_play_free(p);
  return g;
}

/* src's listed moves into dst's buffers (as big as src's). place[] means
** something only while it holds the list; a lazy list has no entries in
** moves[] (n_moves may pass cap_moves). */
static void take_list(gk_play *dst, const gk_play *src) {
  if (src->moves_in_place) {
    memcpy(dst->place, src->place, sizeof(gk_placement) * (size_t)src->n_moves);
  } else if (!src->moves_lazy) {
    int written = src->tail_move ? src->tail_from : src->n_moves;
    memcpy(dst->moves, src->moves, sizeof(gk_move) * (size_t)written);
    if (src->tail_move)
      memcpy(dst->tail, src->tail, sizeof(uint32_t) * (size_t)(src->n_moves - written));
  }
}

gk_play *gk_play_clone(const gk_play *src) {
  if (!src) return NULL;
  gk_game *g = gk_game_clone(src->game);
  if (!g) return NULL;
  gk_play *p = gki_mem(&g->alloc, NULL, 0, sizeof *p);
  gk_move *moves = gki_mem(&g->alloc, NULL, 0, sizeof(gk_move) * (size_t)src->cap_moves);
  if (!p || !moves) {
    gki_mem(&g->alloc, p, p ? sizeof *p : 0, 0);
    gki_mem(&g->alloc, moves, moves ? sizeof(gk_move) * (size_t)src->cap_moves : 0, 0);
    gk_game_free(g);
    return NULL;
  }
  *p = *src;
  p->game = g;
  p->blob_keep = NULL;
  p->blob_keep_cap = 0;
  p->backup = NULL;
  p->backup_bytes = 0;
  p->moves = moves;
  p->place = NULL;
  p->cap_place = 0;
  p->tail = NULL;
  p->cap_tail = 0;
  if (src->cap_tail) {
    p->tail = gki_mem(&g->alloc, NULL, 0, sizeof(uint32_t) * (size_t)src->cap_tail);
    if (!p->tail) {
      p->moves_in_place = false;
      p->n_moves = 0;
      gk_play_free(p);
      return NULL;
    }
    p->cap_tail = src->cap_tail;
  }
  if (src->cap_place) {
    p->place = gki_mem(&g->alloc, NULL, 0, sizeof(gk_placement) * (size_t)src->cap_place);
    if (!p->place) {
      p->moves_in_place = false;
      p->n_moves = 0;
      gk_play_free(p);
      return NULL;
    }
    p->cap_place = src->cap_place;
    memcpy(p->place, src->place, sizeof(gk_placement) * (size_t)src->cap_place);
  }
  take_list(p, src);
  return p;
}

/* dst's buffer of items grown to at least want items (never shrunk);
** false on no memory, the buffer unchanged. */
static bool reserve_items(gk_allocator *a, void **items, int32_t *cap, int32_t want, size_t size) {
  if (*cap >= want) return true;
  void *grown = gki_mem(a, *items, size * (size_t)*cap, size * (size_t)want);
  if (!grown) return false;
  *items = grown;
  *cap = want;
  return true;
}


/* dst takes src's fields and listed moves, keeping its own identity,
** hooks, filters and buffers (not the whole struct: it is a few
** kilobytes and a search copies it very often). dst's buffers hold
** src's capacities. */
static void take_position(gk_play *dst, const gk_play *src) {
  struct {
    gk_game *game;
    gk_hooks hooks;
    gk_hook_filters filters;
    bool game_released;
    void *blob_keep, *backup;
    size_t blob_keep_cap, backup_bytes;
    gk_move *moves;
    int cap_moves;
    gk_placement *place;
    int32_t cap_place;
    uint32_t *tail;
    int cap_tail;
  } keep = {dst->game,      dst->hooks,        dst->filters,      dst->game_released,
            dst->blob_keep, dst->backup,       dst->blob_keep_cap, dst->backup_bytes,
            dst->moves,     dst->cap_moves,    dst->place,        dst->cap_place,
            dst->tail,      dst->cap_tail};
  *dst = *src;
  dst->game = keep.game;
  dst->hooks = keep.hooks;
  dst->filters = keep.filters;
  dst->game_released = keep.game_released;
  dst->blob_keep = keep.blob_keep;
  dst->blob_keep_cap = keep.blob_keep_cap;
  dst->backup = keep.backup;
  dst->backup_bytes = keep.backup_bytes;
  dst->moves = keep.moves;
  dst->cap_moves = keep.cap_moves;
  dst->place = keep.place;
  dst->cap_place = keep.cap_place;
  dst->tail = keep.tail;
  dst->cap_tail = keep.cap_tail;
  take_list(dst, src);
}

/* Copies into dst's own game and buffers (gk_game_copy: a tenth of a
** clone), keeping dst's identity, hooks, filters and scratch buffers; a
** search that refills one play from its root many times allocates only
** when the root has grown. On failure dst is unchanged. */
int gk_play_copy_from(gk_play *dst, const gk_play *src) {
  if (!dst || !src || dst->flow != src->flow) return GK_EINVAL;
  if (dst == src) return GK_OK;
  gk_allocator *a = &dst->game->alloc;
  int32_t cap_moves = dst->cap_moves, cap_tail = dst->cap_tail;
  if (!reserve_items(a, (void **)&dst->moves, &cap_moves, src->cap_moves, sizeof(gk_move)) ||
      !reserve_items(a, (void **)&dst->place, &dst->cap_place, src->cap_place, sizeof(gk_placement)) ||
      !reserve_items(a, (void **)&dst->tail, &cap_tail, src->cap_tail, sizeof(uint32_t))) {
    dst->cap_moves = cap_moves;
    dst->cap_tail = cap_tail;
    gk_play_set_error(dst, "out of memory copying a game");
    return GK_ENOMEM;
  }
  dst->cap_moves = cap_moves;
  dst->cap_tail = cap_tail;
  if (gk_game_copy(dst->game, src->game) < 0) {
    gk_play_set_error(dst, "out of memory copying a game");
    return GK_ENOMEM;
  }
  take_position(dst, src);
  return GK_OK;
}

int gk_play_copy_tracked(gk_play *dst, const gk_play *src) {
  /* on during the copy too: a tracked copy takes src's buffer sizes
  ** exactly (gk_game_copy's keeps_caps), which its rewinds compare */
  if (!dst || !src) return GK_EINVAL;
  gki_journal_start(dst->game);
  int st = gk_play_copy_from(dst, src);
  if (st == GK_OK)
    gki_journal_start(dst->game);
  else
    gki_journal_stop(dst->game); /* its records are gone: no rewind */
  return st;
}

void gk_play_untrack(gk_play *dst) {
  if (dst) gki_journal_stop(dst->game);
}

/* What a move may have changed in dst's own fields, back from src: the
** position block (undo.c), the closed list and placement report (their
** entries in use), and the listed moves. The rest is dst's own or set
** only while a move runs (guarded, blobs_kept) or when it fails (err). */
static void take_moved(gk_play *dst, const gk_play *src) {
  size_t at = offsetof(gk_play, phase), end = offsetof(gk_play, closed);
  memcpy((char *)dst + at, (const char *)src + at, end - at);
  memcpy(dst->closed, src->closed, sizeof(int32_t) * (size_t)src->n_closed);
  int rc = src->report.n_closed < GK_REPORT_MAX ? src->report.n_closed : GK_REPORT_MAX;
  memcpy(&dst->report, &src->report,
         offsetof(gk_place_report, closed) + sizeof(int32_t) * (size_t)(rc > 0 ? rc : 0));
  take_list(dst, src);
}

int gk_play_rewind(gk_play *dst, const gk_play *src) {
  if (!dst || !src || dst->flow != src->flow) return GK_EINVAL;
  if (dst == src) return GK_OK;
  if (dst->cap_moves < src->cap_moves || dst->cap_place < src->cap_place ||
      dst->cap_tail < src->cap_tail ||
      !gki_game_rewind(dst->game, src->game))
    return gk_play_copy_tracked(dst, src);
  take_moved(dst, src);
  return 1;
}

gk_game *gk_play_game(gk_play *p) { return p ? p->game : NULL; }
const gk_flow *gk_play_flow(const gk_play *p) { return p ? p->flow : NULL; }
const char *gk_play_error(const gk_play *p) { return p ? p->err : "no game"; }
void gk_play_set_hooks(gk_play *p, const gk_hooks *h) {
  if (p) {
    if (h)
      p->hooks = *h;
    else
      memset(&p->hooks, 0, sizeof p->hooks);
  }
}
int gk_play_phase(const gk_play *p) { return p ? p->phase : GK_EINVAL; }
int gk_play_over(const gk_play *p) { return p && p->phase == GK_PHASE_GAME_OVER; }
int gk_play_player(const gk_play *p) { return p ? p->player : GK_EINVAL; }
int gk_play_decider(const gk_play *p) {
  return p ? (p->decider ? p->decider - 1 : p->player) : GK_EINVAL;
}
int gk_play_turn(const gk_play *p) { return p ? p->turn : GK_EINVAL; }
int gk_play_part(const gk_play *p) { return p ? p->part : GK_EINVAL; }
int gk_play_stack(const gk_play *p) { return p ? p->stack : GK_EINVAL; }
int gk_play_tile(const gk_play *p) { return p ? p->tile : GK_EINVAL; }
int gk_play_placed(const gk_play *p) { return p ? p->placed : GK_EINVAL; }

int gk_play_closed(const gk_play *p, int32_t *out, int cap) {
  if (!p || cap < 0 || (cap > 0 && !out)) return GK_EINVAL;
  int n = 0;
  for (int i = 0; i < p->n_closed; i++) {
    /* roots now: a closed feature may have merged since the report */
    int32_t root = gki_find(p->game, p->closed[i]);
    bool seen = false;
    for (int j = 0; j < i && !seen; j++) seen = gki_find(p->game, p->closed[j]) == root;
    if (seen || fl_closed_done(p, i)) continue;
    if (n < cap) out[n] = root;
    n++;
  }
  return n;
}

void gk_play_end_game(gk_play *p) {
  if (p) p->ending = true;
}

void gk_play_set_hook_filters(gk_play *p, const gk_hook_filters *filters) {
  if (!p) return;
  if (filters)
    p->filters = *filters;
  else
    memset(&p->filters, 0, sizeof p->filters);
}

void gk_play_seed_agent(gk_play *p, uint64_t seed) {
  if (p) p->agent_rng = seed * 0x9E3779B97F4A7C15ull | 1;
}

/* }================================================================== */

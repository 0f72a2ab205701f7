/*
** gk_stack.c: tile stacks. The top of a stack is the end of its array,
** so a draw is a pop; a seeded Fisher-Yates shuffle decides the order.
*/
#include "gk_internal.h"

static gk_stackrec *stack_of(const gk_game *g, const char *fn, int s) {
  if (!g) return NULL;
  if (s < 0 || s >= g->rules->n_stacks) {
    gki_game_seterr(g, "%s: no stack %d", fn, s);
    return NULL;
  }
  return (gk_stackrec *)&g->stacks[s];
}

static bool type_ok(const gk_game *g, const char *fn, int type) {
  if (type >= 0 && type < g->rules->n_tiles) return true;
  gki_game_seterr(g, "%s: unknown tile type %d", fn, type);
  return false;
}

/* A game's tiles, in its stacks and on the board, stay within
** GK_MAX_GAME_TILES: each is a turn at least, and a turn the flow plays
** with no hook is charged to no budget, so this bounds a game's work. */
static bool room_for(gk_game *g, const char *fn, int64_t more) {
  int64_t n = g->n_tiles;
  for (int s = 0; s < g->rules->n_stacks; s++) n += g->stacks[s].n;
  if (n + more <= GK_MAX_GAME_TILES) return true;
  gki_game_seterr(g, "%s: the game would hold %lld tiles, more than %d (stacks and board)", fn,
                  (long long)(n + more), GK_MAX_GAME_TILES);
  return false;
}

static int reserve(gk_game *g, gk_stackrec *st, int extra, int log_events) {
  int32_t cap = st->cap;
  void *p = st->types;
  if (gki_grow(&g->alloc, &p, &cap, st->n + extra, sizeof(uint16_t)) ||
      gki_log_reserve(g, log_events)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  st->types = p;
  st->cap = cap;
  return GK_OK;
}

int gk_stack_add(gk_game *g, int s, int type, int count) {
  gk_stackrec *st = stack_of(g, "stack_add", s);
  if (!st) return GK_EINVAL;
  if (!type_ok(g, "stack_add", type)) return GK_EINVAL;
  if (count < 1 || count > GK_MAX_TILE_COUNT) {
    gki_game_seterr(g, "stack_add: count %d is not 1..%d", count, GK_MAX_TILE_COUNT);
    return GK_EINVAL;
  }
  if (!room_for(g, "stack_add", count)) return GK_EINVAL;
  if (reserve(g, st, count, 1)) return GK_ENOMEM;
  for (int i = 0; i < count; i++) st->types[st->n++] = (uint16_t)type;
  gki_log_push(g, GK_EV_STACK_ADD, s, type, count, 0, 0);
  return GK_OK;
}

int gk_stack_shuffle(gk_game *g, int s) {
  gk_stackrec *st = stack_of(g, "stack_shuffle", s);
  if (!st) return GK_EINVAL;
  if (gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  for (int i = st->n - 1; i > 0; i--) {
    int j = (int)gki_rng_raw_below(g, (uint32_t)i + 1);
    uint16_t t = st->types[i];
    st->types[i] = st->types[j];
    st->types[j] = t;
  }
  gki_log_push(g, GK_EV_SHUFFLE, s, 0, 0, 0, 0);
  return GK_OK;
}

int gk_stack_size(const gk_game *g, int s) {
  const gk_stackrec *st = stack_of(g, "stack_size", s);
  return st ? st->n : GK_EINVAL;
}

int gk_stack_count(const gk_game *g, int s, int type) {
  const gk_stackrec *st = stack_of(g, "stack_count", s);
  if (!st || !type_ok(g, "stack_count", type)) return GK_EINVAL;
  int c = 0;
  for (int i = 0; i < st->n; i++) c += st->types[i] == type;
  return c;
}

int gk_stack_peek(const gk_game *g, int s, int i) {
  const gk_stackrec *st = stack_of(g, "stack_peek", s);
  if (!st) return GK_EINVAL;
  if (i < 0 || i >= st->n) {
    gki_game_seterr(g, "stack_peek: position %d beyond the %d tiles", i, st->n);
    return GK_EEMPTY;
  }
  return st->types[st->n - 1 - i];
}

int gk_stack_draw(gk_game *g, int s) {
  gk_stackrec *st = stack_of(g, "stack_draw", s);
  if (!st) return GK_EINVAL;
  if (st->n == 0) {
    gki_game_seterr(g, "stack_draw: stack '%s' is empty", g->rules->stack_name[s].s);
    return GK_EEMPTY;
  }
  if (gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  int type = st->types[--st->n];
  gki_log_push(g, GK_EV_DRAW, s, type, 0, 0, 0);
  return type;
}

/* Index of the topmost tile of a type, or -1. */
static int find_top(const gk_stackrec *st, int type) {
  for (int i = st->n - 1; i >= 0; i--)
    if (st->types[i] == type) return i;
  return -1;
}

int gk_stack_take(gk_game *g, int s, int type) {
  gk_stackrec *st = stack_of(g, "stack_take", s);
  if (!st) return GK_EINVAL;
  if (!type_ok(g, "stack_take", type)) return GK_EINVAL;
  int i = find_top(st, type);
  if (i < 0) {
    gki_game_seterr(g, "stack_take: no tile %s left in stack '%s'",
                   g->rules->tiles[type].id, g->rules->stack_name[s].s);
    return GK_EEMPTY;
  }
  if (gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  memmove(&st->types[i], &st->types[i + 1], (size_t)(st->n - i - 1) * sizeof(uint16_t));
  st->n--;
  gki_log_push(g, GK_EV_TAKE, s, type, 0, 0, 0);
  return type;
}

static void insert_at(gk_stackrec *st, int pos, int type) {
  memmove(&st->types[pos + 1], &st->types[pos], (size_t)(st->n - pos) * sizeof(uint16_t));
  st->types[pos] = (uint16_t)type;
  st->n++;
}

int gk_stack_put_back(gk_game *g, int s, int type, gk_put_where where) {
  gk_stackrec *st = stack_of(g, "stack_put_back", s);
  if (!st) return GK_EINVAL;
  if (!type_ok(g, "stack_put_back", type)) return GK_EINVAL;
  if ((unsigned)where > GK_PUT_RANDOM) {
    gki_game_seterr(g, "stack_put_back: bad position %d", (int)where);
    return GK_EINVAL;
  }
  if (!room_for(g, "stack_put_back", 1)) return GK_EINVAL;
  if (reserve(g, st, 1, 1)) return GK_ENOMEM;
  int pos = where == GK_PUT_TOP      ? st->n
            : where == GK_PUT_BOTTOM ? 0
                                     : (int)gki_rng_raw_below(g, (uint32_t)st->n + 1);
  insert_at(st, pos, type);
  gki_log_push(g, GK_EV_PUT_BACK, s, type, (int32_t)where, pos, 0);
  return GK_OK;
}

int gk_stack_force(gk_game *g, int s, const int *types, int n) {
  gk_stackrec *st = stack_of(g, "stack_force", s);
  if (!st) return GK_EINVAL;
  if (n < 0 || (n > 0 && !types) || n > st->n) {
    gki_game_seterr(g, "stack_force: %d types for a stack of %d", n, st->n);
    return GK_EINVAL;
  }
  /* Check first that every type is there, counting repeats. */
  for (int i = 0; i < n; i++) {
    if (!type_ok(g, "stack_force", types[i])) return GK_EINVAL;
    int need = 0;
    for (int j = 0; j < n; j++) need += types[j] == types[i];
    int have = 0;
    for (int k = 0; k < st->n; k++) have += st->types[k] == types[i];
    if (have < need) {
      gki_game_seterr(g, "stack_force: stack '%s' holds %d of tile %s, %d wanted",
                     g->rules->stack_name[s].s, have, g->rules->tiles[types[i]].id, need);
      return GK_EEMPTY;
    }
  }
  if (gki_log_reserve(g, n)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  /* Last listed goes down first, so the first listed ends on top. Each
  ** type is taken from below the part already forced. */
  for (int i = n - 1; i >= 0; i--) {
    int limit = st->n - (n - 1 - i);
    int k = -1;
    for (int j = limit - 1; j >= 0; j--)
      if (st->types[j] == types[i]) {
        k = j;
        break;
      }
    assert(k >= 0);
    memmove(&st->types[k], &st->types[k + 1], (size_t)(st->n - k - 1) * sizeof(uint16_t));
    st->types[st->n - 1] = (uint16_t)types[i];
  }
  /* one event per type, numbered, so a replay can redo the call whole */
  for (int i = 0; i < n; i++) gki_log_push(g, GK_EV_FORCE, s, types[i], i, n, 0);
  return GK_OK;
}

int gk_discard(gk_game *g, int type) {
  if (!g) return GK_EINVAL;
  if (!type_ok(g, "discard", type)) return GK_EINVAL;
  if (gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  g->discards++;
  gki_log_push(g, GK_EV_DISCARD, type, 0, 0, 0, 0);
  return GK_OK;
}

int gk_discard_count(const gk_game *g) { return g ? g->discards : 0; }

int gk_stack_draw_placeable(gk_game *g, int s) {
  gk_stackrec *st = stack_of(g, "stack_draw_placeable", s);
  if (!st) return GK_EINVAL;
  for (;;) {
    int type = gk_stack_draw(g, s);
    if (type < 0) return type;
    if (gk_has_placement(g, type)) return type;
    int e = gk_discard(g, type);
    if (e) return e;
  }
}

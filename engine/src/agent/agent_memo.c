/*
** agent_memo.c: what the candidates of one decision share when each is
** valued (playout_policy.c): the final points of the features that hold
** figures. A decision values every legal move, each one move away from
** the same base position, and a move changes the points of only the
** features next to it; the rest are worked out once per decision, not
** once per candidate (a field's walk over its neighbours is the costly
** part of a position value).
**
** Invariant: a points entry holds the value the feature has in the base
** and in every bound position that agent_memo_points answers from it. A
** position is bound only as the base plus one move, and the memo answers
** from an entry only when that move provably left the feature alone:
**   - the game's log since the base holds no event that may change the
**     feature graph except one tile placement (the log records every
**     change to a game);
**   - a placement changes only the features with a port on a side facing
**     it (joined, or their ports covered) and those with a segment on a
**     neighbour it surrounded: the touched set, as roots in the base;
**   - an untouched feature keeps its root, members, tiles, attributes and
**     closure. Terms that read the features beside it are answered only
**     when none of those is touched (two of them merging, or one closing,
**     change the count), and terms that count only the closed ones also
**     when none of the touched ones is closed after the move (one that is
**     not was not before: closure lasts; it took nothing closed in, as a
**     closed feature has no port to join by; and the untouched closed
**     ones stay as they were); the block term only when its root's tile
**     is not next to the new one.
** Formula terms the memo does not know are never answered from it.
*/
#include "agent/agent_internal.h"
#include "flow/flow_internal.h"

/* What the final formula of features of a kind reads (REACH_*): the
** feature itself, the features beside it, only the closed ones beside
** it, the tiles around its root's tile, or something the memo does not
** follow (0). */
enum { REACH_SELF = 1, REACH_BESIDE = 2, REACH_BLOCK = 4, REACH_BESIDE_CLOSED = 8 };

static int kind_reach(const gk_play *p, int kind) {
  const gk_formula *f = &p->flow->scoring[kind][GK_WHEN_FINAL].formula;
  int reach = REACH_SELF;
  for (int i = 0; i < f->n_terms; i++) {
    switch (f->terms[i].term) {
      case GK_TERM_CONST:
      case GK_TERM_TILE:
      case GK_TERM_ATTR:
      case GK_TERM_ATTR_OVER:
      case GK_TERM_FEATURES:
      case GK_TERM_ZERO_IF: break;
      case GK_TERM_BLOCK: reach |= REACH_BLOCK; break;
      case GK_TERM_ADJACENT_CLOSED: reach |= REACH_BESIDE_CLOSED; break;
      case GK_TERM_ADJACENT:
      case GK_TERM_TOUCHING: reach |= REACH_BESIDE; break;
      default: return 0;
    }
  }
  return reach;
}

void agent_memo_init(agent_memo *m, gk_play *base) {
  m->base = base;
  m->base_log = base->game->n_log;
  m->base_nodes = base->game->n_nodes;
  m->usable = false;
  m->n_touched = 0;
  m->n_entries = 0;
  m->n_adjacent = 0;
  m->held_known = false;
  m->answered = 0;
  memset(m->reach, 0xff, sizeof m->reach); /* -1: not yet looked at */
  memset(m->conditional, 0xff, sizeof m->conditional);
  memset(m->slot, 0xff, sizeof m->slot); /* no entries */
}

void agent_memo_held_known(agent_memo *m) {
  memset(m->held_entry, AGENT_MEMO_UNKNOWN, sizeof m->held_entry[0] * (size_t)m->n_held);
}

/* A root's bit in the touched set's filter. */
static inline uint64_t filter_bit(int32_t root, int *word) {
  uint32_t h = (uint32_t)root * 0x9E3779B1u >> 24;
  *word = (int)(h >> 6);
  return 1ull << (h & 63);
}

bool agent_memo_touched(const agent_memo *m, int32_t root) {
  int w;
  uint64_t bit = filter_bit(root, &w);
  if (!(m->filter[w] & bit)) return false;
  for (int i = 0; i < m->n_touched; i++)
    if (m->touched[i] == root) return true;
  return false;
}

static bool touch(agent_memo *m, int32_t root) {
  if (agent_memo_touched(m, root)) return true;
  if (m->n_touched == AGENT_MEMO_TOUCHED) return false;
  m->touched[m->n_touched++] = root;
  int w;
  uint64_t bit = filter_bit(root, &w);
  m->filter[w] |= bit;
  return true;
}

static const int DX8[8] = {0, 1, 1, 1, 0, -1, -1, -1}; /* N NE E SE S SW W NW */
static const int DY8[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

/* The base's features a tile placed at x, y in `after` may have changed:
** those with a port facing it (joined, or their ports covered) and those
** on a neighbour it surrounded; false when there are more than the memo
** holds. */
static bool touch_placement(agent_memo *m, const gk_game *after, int32_t x, int32_t y) {
  gk_game *g = m->base->game;
  /* the eight cells by index when all lie inside the window (a board
  ** keeps a margin round its tiles: nearly always) */
  int64_t cx = (int64_t)x - g->ox, cy = (int64_t)y - g->oy;
  bool inside = cx >= 1 && cy >= 1 && cx + 1 < g->w && cy + 1 < g->h;
  const gk_cellrec *here = inside ? &g->cells[cx + cy * g->w] : NULL;
  for (int d = 0; d < 8; d++) {
    int t = here ? here[DX8[d] + DY8[d] * g->w].tile : gk_tile_at(g, x + DX8[d], y + DY8[d]);
    if (t < 0) continue;
    const gk_tilerec *o = &g->tiles[t];
    int n = 0;
    const uint8_t *ports = NULL;
    if (o->neighbours < 8 && after->tiles[t].neighbours == 8) {
      n = g->rules->templates[o->type].n_segments; /* all of them: surrounded */
    } else if (d % 2 == 0) {
      ports = gki_port_seg(g->rules, o->type, o->rot) + 3 * ((d / 2 + 2) % 4);
      n = 3; /* the ports of the side facing the new tile */
    }
    for (int k = 0; k < n; k++) {
      int seg = ports ? ports[k] : k;
      if (seg != GK_NO_SEGMENT && !touch(m, gki_find(g, o->first_node + seg))) return false;
    }
  }
  return true;
}

void agent_memo_bind(agent_memo *m, gk_play *after) {
  const gk_game *g = after->game;
  m->usable = false;
  m->placed = false;
  m->n_touched = 0;
  memset(m->filter, 0, sizeof m->filter);
  if (g->n_log < m->base_log) return;
  bool placed = false, moved = false;
  for (int i = m->base_log; i < g->n_log; i++) {
    const gk_event *e = &g->log[i];
    switch (e->type) {
      case GK_EV_PLACE:
        if (placed || !touch_placement(m, g, e->b, e->c)) return;
        placed = true;
        m->placed_x = e->b;
        m->placed_y = e->c;
        break;
      case GK_EV_DEPLOY:
      case GK_EV_MOVE:
      case GK_EV_RETURN: moved = true; break;
      case GK_EV_STACK_ADD:
      case GK_EV_SHUFFLE:
      case GK_EV_DRAW:
      case GK_EV_TAKE:
      case GK_EV_PUT_BACK:
      case GK_EV_FORCE:
      case GK_EV_DISCARD:
      case GK_EV_SCORE:
      case GK_EV_TURN:
      case GK_EV_BLOB:
      case GK_EV_RNG:
      case GK_EV_COUNTER: break; /* stacks, scores: no formula reads them */
      default: return;           /* fixed tiles, blocks, attribute edits, ... */
    }
  }
  m->usable = true;
  m->placed = placed;
  m->figures_moved = moved;
}

/* The entry of root, a new one if the memo has room (else NULL): found
** by a hash of the root, probing the next slots, as a decision looks up
** every held feature once per candidate. */
_Static_assert(AGENT_MEMO_SLOTS == 128 && 2 * AGENT_MEMO_ENTRIES <= AGENT_MEMO_SLOTS,
               "entry_of hashes to 7 bits and needs a free slot");

static agent_memo_entry *entry_of(agent_memo *m, int32_t root, int reach) {
  uint32_t h = (uint32_t)root * 0x9E3779B1u >> 25; /* 7 bits: AGENT_MEMO_SLOTS */
  for (;; h = (h + 1) % AGENT_MEMO_SLOTS) {
    int i = m->slot[h];
    if (i < 0) break;
    if (m->entries[i].root == root) return &m->entries[i];
  }
  if (m->n_entries == AGENT_MEMO_ENTRIES) return NULL;
  m->slot[h] = (int8_t)m->n_entries;
  agent_memo_entry *e = &m->entries[m->n_entries++];
  *e = (agent_memo_entry){.root = root, .known = false, .reach = (int8_t)reach,
                          .first_adjacent = 0, .n_adjacent = -1};
  return e;
}

/* Lists the features beside e's in the base, once; false when the memo
** has no room to remember them. */
static bool list_beside(agent_memo *m, agent_memo_entry *e) {
  if (e->n_adjacent >= 0) return true;
  int room = AGENT_MEMO_ADJACENT - m->n_adjacent;
  int n = gki_adjacent_roots(m->base->game, e->root, m->adjacent + m->n_adjacent, room);
  if (n < 0 || n > room) return false;
  e->first_adjacent = m->n_adjacent;
  e->n_adjacent = n;
  m->n_adjacent += n;
  memset(e->beside, 0, sizeof e->beside);
  for (int i = 0; i < n; i++) {
    int w;
    uint64_t bit = filter_bit(m->adjacent[e->first_adjacent + i], &w);
    e->beside[w] |= bit;
  }
  return true;
}

/* Whether a feature beside e's may be touched: their filter bits meet
** (none do for most features, most moves). */
static bool beside_may_be_touched(const agent_memo *m, const agent_memo_entry *e) {
  return ((e->beside[0] & m->filter[0]) | (e->beside[1] & m->filter[1]) |
          (e->beside[2] & m->filter[2]) | (e->beside[3] & m->filter[3])) != 0;
}

/* Whether a feature beside e's (in the base) is touched; true when the
** memo has no room to remember them. */
static bool beside_touched(agent_memo *m, agent_memo_entry *e) {
  if (!list_beside(m, e)) return true;
  if (!beside_may_be_touched(m, e)) return false;
  for (int i = 0; i < e->n_adjacent; i++)
    if (agent_memo_touched(m, m->adjacent[e->first_adjacent + i])) return true;
  return false;
}

/* Whether a touched feature beside e's is closed in after; true when the
** memo has no room to remember them. */
static bool beside_closed(agent_memo *m, const gk_game *after, agent_memo_entry *e) {
  if (!list_beside(m, e)) return true;
  if (!beside_may_be_touched(m, e)) return false;
  for (int i = 0; i < e->n_adjacent; i++) {
    int32_t root = m->adjacent[e->first_adjacent + i];
    if (agent_memo_touched(m, root) && gki_root_closed(after, gki_find(after, root))) return true;
  }
  return false;
}

/* Whether the tile of root's node is next to the bound move's tile. */
static bool block_touched(const agent_memo *m, int32_t root) {
  const gk_game *g = m->base->game;
  const gk_tilerec *t = &g->tiles[g->node_tile[root]];
  return m->placed && t->x >= m->placed_x - 1 && t->x <= m->placed_x + 1 &&
         t->y >= m->placed_y - 1 && t->y <= m->placed_y + 1;
}

/* The points of e's feature (root, of a kind that reaches `reach`) in
** after, from e when the bound move left what it reads alone. */
static int32_t entry_points(agent_memo *m, gk_play *after, agent_memo_entry *e, int reach) {
  int32_t root = e->root;
  if (((reach & REACH_BLOCK) && block_touched(m, root)) ||
      ((reach & REACH_BESIDE) && m->n_touched && beside_touched(m, e)) ||
      ((reach & REACH_BESIDE_CLOSED) && m->n_touched && beside_closed(m, after->game, e)))
    return gk_play_formula_points(after, root, GK_WHEN_FINAL);
  if (!e->known) {
    /* the feature is as in the base: its points there */
    e->points = gk_play_formula_points(after, root, GK_WHEN_FINAL);
    e->known = true;
  } else {
    m->answered++;
  }
  return e->points;
}

/* Whether e's points may be answered as they are, the usual case tested
** before entry_points's full one: known, and nothing it reads was
** touched (its block, the features beside it); false: ask entry_points. */
static inline bool entry_answers(const agent_memo *m, const agent_memo_entry *e) {
  if (!e->known || ((e->reach & REACH_BLOCK) && block_touched(m, e->root))) return false;
  if (!(e->reach & (REACH_BESIDE | REACH_BESIDE_CLOSED)) || !m->n_touched) return true;
  return e->n_adjacent >= 0 && !beside_may_be_touched(m, e);
}

/* What the final formula of root's kind reads, looked at once. */
static int reach_of(agent_memo *m, int32_t root) {
  int kind = m->base->game->node_kind[root];
  if (m->reach[kind] < 0) m->reach[kind] = (int8_t)kind_reach(m->base, kind);
  return m->reach[kind];
}

int32_t agent_memo_points(agent_memo *m, gk_play *after, int32_t root) {
  if (!m || !m->usable || root >= m->base_nodes || m->base->game->parent[root] != root ||
      agent_memo_touched(m, root))
    return gk_play_formula_points(after, root, GK_WHEN_FINAL);
  int reach = reach_of(m, root);
  agent_memo_entry *e = reach ? entry_of(m, root, reach) : NULL;
  return e ? entry_points(m, after, e, reach) : gk_play_formula_points(after, root, GK_WHEN_FINAL);
}

int32_t agent_memo_held_points(agent_memo *m, gk_play *after, int i) {
  if (m->held_entry[i] == AGENT_MEMO_UNKNOWN) {
    int reach = reach_of(m, m->held_root[i]);
    agent_memo_entry *e = reach ? entry_of(m, m->held_root[i], reach) : NULL;
    m->held_entry[i] = e ? (int8_t)(e - m->entries) : AGENT_MEMO_NONE;
  }
  if (m->held_entry[i] == AGENT_MEMO_NONE)
    return gk_play_formula_points(after, m->held_root[i], GK_WHEN_FINAL);
  agent_memo_entry *e = &m->entries[m->held_entry[i]];
  if (entry_answers(m, e)) {
    m->answered++;
    return e->points;
  }
  return entry_points(m, after, e, e->reach);
}

int gk_agent_memo_check(gk_play *play, const gk_agent_eval *eval, const gk_agent_env *env,
                        int *answered) {
  if (!play || !eval || !answered) return GK_EINVAL;
  int n = gk_play_moves(play, NULL, 0), bad = 0, st = n < 0 ? n : GK_OK;
  gk_play *scratch = st < 0 ? NULL : agent_copy_new(play, env);
  if (st == GK_OK && !scratch) st = GK_ENOMEM;
  agent_memo memo;
  agent_memo_init(&memo, play);
  size_t bytes = sizeof(double) * (size_t)gk_game_players(play->game);
  for (int i = 0; i < n && st == GK_OK; i++) {
    st = gk_play_copy_from(scratch, play);
    if (st < 0) break;
    agent_refilled(scratch, env);
    st = gk_play_apply_index(scratch, i);
    if (st < 0) break;
    double with[GK_MAX_PLAYERS], without[GK_MAX_PLAYERS];
    agent_values(scratch, eval, NULL, without);
    agent_memo_bind(&memo, scratch);
    agent_values(scratch, eval, &memo, with);
    bad += memcmp(with, without, bytes) != 0 || agent_held_differs(scratch, &memo);
  }
  agent_refilled(play, env);
  if (st < 0 && scratch) agent_fail(play, scratch, st);
  gk_play_free(scratch);
  *answered = memo.answered;
  return st < 0 ? st : bad;
}

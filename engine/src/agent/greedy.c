/*
** greedy.c: the greedy agent. It tries every move, and through the rest
** of the mover's own decisions this turn (a figure after a tile, up to
** `depth` decisions) every follow-up, and keeps the move whose best line
** leaves the mover the greatest lead in position value (agent_eval.c).
**
** Invariant: levels[d] holds the position d decisions below the root;
** levels[0] is a determinized copy of the root, so looking ahead never
** reads the real draw order. levels[d + 1] is tracked from levels[d]
** (gk_play_copy_tracked) while levels[d]'s moves are tried in it.
*/
#include <stdlib.h>

#include "agent/agent_internal.h"

enum { GREEDY_MAX_DEPTH = 6 };

typedef struct greedy_search {
  const gk_greedy_params *params;
  const gk_agent_env *env;
  gk_play *root;
  gk_play *levels[GREEDY_MAX_DEPTH + 1];
  int me, turn, players;
} greedy_search;

void gk_greedy_defaults(gk_greedy_params *params) {
  params->eval.open = 0.8;
  params->eval.figure = 1.0;
  params->eval.final = 0; /* the leaves of a search only */
  params->eval.complete = 0; /* likewise */
  params->eval.complete_tiles = 0;
  params->eval.figure_tiles = 0;
  params->depth = 2;
  params->seed = 1;
}

static int still_deciding(const greedy_search *s, gk_play *p) {
  return !gk_play_over(p) && gk_play_decider(p) == s->me && gk_play_turn(p) == s->turn;
}

static int best_lead(greedy_search *s, int d, double *lead, int *best_move);

/* The lead move i of levels[d] reaches, in levels[d + 1]: a tracked copy
** of levels[d] for the first move (first), put back by its journal for
** the next ones rather than copied again; valued with the memo of
** levels[d]'s candidates (agent_memo.c). */
static int move_lead(greedy_search *s, int d, int i, bool first, agent_memo *memo,
                     double *lead) {
  gk_play *from = s->levels[d], *to = s->levels[d + 1];
  int st = first ? gk_play_copy_tracked(to, from) : gk_play_rewind(to, from);
  if (st < 0) return agent_fail(s->root, to, st);
  agent_refilled(to, s->env);
  st = gk_play_apply_index(to, i);
  if (st < 0) return agent_fail(s->root, to, st);
  if (d + 1 < s->params->depth && still_deciding(s, to)) {
    int ignored;
    return best_lead(s, d + 1, lead, &ignored);
  }
  double values[GK_MAX_PLAYERS];
  agent_memo_bind(memo, to);
  agent_values(to, &s->params->eval, memo, values);
  *lead = agent_lead(values, s->players, s->me);
  return GK_OK;
}

/* The best lead reachable from levels[d] (d decisions taken). */
static int best_lead(greedy_search *s, int d, double *lead, int *best_move) {
  int n = gk_play_moves(s->levels[d], NULL, 0);
  if (n < 0) return agent_fail(s->root, s->levels[d], n);
  *lead = -1e300;
  agent_memo memo;
  agent_memo_init(&memo, s->levels[d]);
  for (int i = 0; i < n; i++) {
    double v;
    int st = move_lead(s, d, i, i == 0, &memo, &v);
    if (st < 0) return st;
    if (v > *lead) {
      *lead = v;
      *best_move = i;
    }
  }
  return GK_OK;
}

static void free_levels(greedy_search *s) {
  for (int d = 0; d <= GREEDY_MAX_DEPTH; d++) gk_play_free(s->levels[d]);
}

/* The lead each root move reaches (leads[i] for move i, n moves). */
static int root_leads(greedy_search *s, double *leads, int n) {
  agent_memo memo;
  agent_memo_init(&memo, s->levels[0]);
  for (int i = 0; i < n; i++) {
    int st = move_lead(s, 0, i, i == 0, &memo, &leads[i]);
    if (st < 0) return st;
  }
  return GK_OK;
}

int agent_move_leads(gk_play *root, const gk_agent_env *env, agent_rng *rng,
                     const gk_agent_eval *eval, int depth, double *leads, int n) {
  gk_greedy_params p = {.eval = *eval, .depth = depth < 1 ? 1 : depth > GREEDY_MAX_DEPTH ? GREEDY_MAX_DEPTH : depth};
  greedy_search s = {.params = &p, .env = env, .root = root, .me = gk_play_decider(root),
                     .turn = gk_play_turn(root), .players = gk_game_players(gk_play_game(root))};
  int st = GK_OK;
  for (int d = 0; d <= p.depth && st == GK_OK; d++)
    if (!(s.levels[d] = agent_copy_new(root, env))) st = GK_ENOMEM;
  if (st == GK_OK) st = agent_copy_fill(s.levels[0], root, env, rng);
  if (st == GK_OK) st = root_leads(&s, leads, n);
  free_levels(&s);
  return st;
}

int gk_greedy_choose(const gk_greedy_params *params, gk_play *root, const gk_agent_env *env,
                     uint64_t salt, gk_agent_stats *stats) {
  if (!params || !root) return GK_EINVAL;
  if (gk_play_over(root)) {
    gk_play_set_error(root, "greedy: the game is over");
    return GK_ESTATE;
  }
  int n = gk_play_moves(root, NULL, 0);
  if (stats) *stats = (gk_agent_stats){.moves = n};
  if (n <= 1) return n == 1 ? 0 : GK_EILLEGAL;
  double *leads = malloc(sizeof(double) * (size_t)n);
  if (!leads) {
    gk_play_set_error(root, "greedy: out of memory");
    return GK_ENOMEM;
  }
  agent_rng rng = agent_rng_for(params->seed, salt, root);
  int st = agent_move_leads(root, env, &rng, &params->eval, params->depth, leads, n);
  int best = 0;
  for (int i = 1; i < n && st == GK_OK; i++)
    if (leads[i] > leads[best]) best = i;
  free(leads);
  return st < 0 ? st : best;
}

/*
** mcts.c: Monte Carlo tree search with UCT over determinized draws.
**
** Each iteration fills the agent's copy with the root position and
** reshuffles its stacks (agent_copy_fill), walks down the tree choosing
** moves by UCT, adds one node, plays the rest of the game (or
** playout_turns turns) with the playout policy (the flow's random agent,
** or the epsilon-greedy policy of playout_policy.c), and adds each
** player's reward to the edges walked, as seen by the player deciding at
** each. The move played is the root's most visited.
**
** Invariant: the copy is the only play the search moves in; the root is
** only copied from. The generator is seeded from (seed, salt, the root's
** log length), so a fixed number of playouts gives the same choice.
*/
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agent/agent_internal.h"
#include "agent/mcts_tree.h"

enum { MCTS_MAX_PATH = 512, MCTS_CLOCK_EVERY = 8, MCTS_SETTLE_EVERY = 8 };
/* the horizon by budget (gk_mcts_turns) */
enum { MCTS_TURNS_BASE = 2, MCTS_TURNS_DEEPER_FROM = 1000, MCTS_TURNS_MAX = 8 };

typedef struct search {
  const gk_mcts_params *params;
  const gk_agent_env *env;
  gk_play *root, *copy, *scratch; /* scratch: where greedy playouts look */
  gk_play *scratch2;    /* where the follow policy looks one move further */
  mcts_tree tree;
  agent_rng rng;        /* selection's ties, priors */
  agent_rng draw;       /* this iteration's determinization and playout */
  uint64_t crn_base;    /* common random numbers: see iteration_draws */
  double root_lead[GK_MAX_PLAYERS]; /* each player's lead at the root */
  double root_extra[GK_MAX_PLAYERS]; /* ... of it, from the final extra */
  int players;
  int turns;            /* a playout's horizon: gk_mcts_turns */
  int depth;
  int32_t path_node[MCTS_MAX_PATH], path_edge[MCTS_MAX_PATH];
  unsigned char *pruned; /* per root edge: 1 = never searched (or NULL) */
} search;

void gk_mcts_defaults(gk_mcts_params *params) {
  /* measured against greedy on the base game (bench/strength.sh):
  ** short playouts by the epsilon-greedy policy on common draws, valued
  ** by the position, greedy priors, little exploration; the rules' own
  ** final scoring counted twice at the leaves (final 2: with Traders &
  ** Builders and in Hunters & Gatherers it beat final 1); every playout
  ** move the best of all (sample 0): 80% of base games won against
  ** greedy, where the best of 4 won 66% at a third of the cost; a figure
  ** in supply worth 2 points (figure 2), not greedy's 1: the search and
  ** its playouts keep figures for features worth them (seeds 1001-1030,
  ** 60 games: 81.7%, margin +22.6, where figure 1 won 75.8%, +17.9, and
  ** figure 1 with 2000 playouts 81.7%, +21.8; seeds 2001-2050, 100 games:
  ** 89.5%, +23.6;
  ** figure 1.5 74.0%, +20.0; docs/lua-api.md); the leaves value an
  ** unfinished feature's chance to close (complete 1, complete_tiles 8:
  ** seeds 2001-2050, 100 games: 93.0%, +24.6, where without it 89.5%,
  ** +23.6; seeds 1-100, 200 games: 85.8%, +23.5, where without it
  ** 82.0%, +21.8; complete_tiles 4 91.5%, +22.6, 20 82.0%, +21.1,
  ** complete 0.5 89.5%, +22.9 on seeds 2001-2050) */
  *params = (gk_mcts_params){.playouts = 500, .time_us = 0, .exploration = 0.3, .seed = 1,
                             .playout_turns = GK_MCTS_TURNS_BY_BUDGET, .win_weight = 0, .margin_scale = 10,
                             .eval = {0.8, 2.0, 2.0, 1.0, 8.0}, .max_tree_bytes = (size_t)256 << 20,
                             .prior_visits = 20, .prior_depth = 2, .root_moves = 0,
                             .playout_policy = GK_PLAYOUT_GREEDY, .epsilon = 0.1, .sample = 0,
                             .common_draws = 1, .reply_sample = -1,
                             .stop_settled = 1};
}

/* Longer playouts spread their outcomes wider; a search with more of
** them averages that out and gains their longer view. 2-turn playouts
** keep mcts:500 at its speed (issue 21); base, seeds 1001-1050, 100
** games against mcts:500: mcts:2000 with 2 turns won 57.0% (+2.6), with
** 3 turns 72.5% (+10.4), with 4 turns 79.0% (+16.1); seeds 1-100, 200
** games: 2 turns 57.5% (+4.4), 4 turns 72.5% (+12.2). At one horizon
** more playouts buy little (3 turns both: 58.5%, +4.6). */
int gk_mcts_turns(const gk_mcts_params *params) {
  if (params->playout_turns >= 0) return params->playout_turns;
  if (params->time_us > 0) return MCTS_TURNS_BASE;
  int turns = MCTS_TURNS_BASE;
  for (int n = params->playouts; n >= MCTS_TURNS_DEEPER_FROM && turns < MCTS_TURNS_MAX; n /= 2)
    turns++;
  return turns;
}

static int64_t now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* What the flow waits for after a move: a move that leads to different
** draws leads to different keys. */
static uint64_t outcome_key(gk_play *p, int n_moves) {
  uint64_t k = (uint64_t)(uint32_t)gk_play_tile(p);
  k = k * 0x100000001B3ull ^ (uint64_t)(uint32_t)gk_play_decider(p);
  k = k * 0x100000001B3ull ^ (uint64_t)(uint32_t)gk_play_phase(p);
  k = k * 0x100000001B3ull ^ (uint64_t)(uint32_t)gk_play_part(p);
  return k * 0x100000001B3ull ^ (uint64_t)(uint32_t)n_moves;
}

/* UCT; an edge never tried goes first, a random one of those. */
static int32_t select_edge(search *s, int32_t node) {
  const mcts_node *n = &s->tree.nodes[node];
  const mcts_edge *e = &s->tree.edges[n->first_edge];
  double c = s->params->exploration, logn = log((double)n->visits + 1.0);
  double best = -1.0;
  int32_t pick = 0;
  uint32_t untried = 0;
  for (int32_t i = 0; i < n->n_edges; i++) {
    if (node == 0 && s->pruned && s->pruned[i]) continue;
    if (e[i].visits == 0) {
      if (agent_rng_below(&s->rng, ++untried) == 0) pick = i;
      continue;
    }
    if (untried) continue;
    double v = e[i].reward / e[i].visits + c * sqrt(logn / e[i].visits);
    if (v > best) {
      best = v;
      pick = i;
    }
  }
  return n->first_edge + pick;
}

/* A player's reward for reaching lead m: the win term, and the margin
** term measured from the player's lead at the root, so that it stays
** where the logistic curve tells moves apart however far ahead or
** behind the player is. */
static double reward_of_lead(const search *s, int player, double m) {
  double win = m > 0 ? 1.0 : m == 0 ? 0.5 : 0.0;
  double gain = m - s->root_lead[player];
  double margin = 1.0 / (1.0 + exp(-gain / s->params->margin_scale));
  return s->params->win_weight * win + (1.0 - s->params->win_weight) * margin;
}

static double reward_of(const search *s, const double *values, int player) {
  return reward_of_lead(s, player, agent_lead(values, s->players, player));
}

static int note_root_leads(search *s) {
  double values[GK_MAX_PLAYERS], plain[GK_MAX_PLAYERS];
  gk_agent_values(s->root, &s->params->eval, values);
  memcpy(plain, values, sizeof plain);
  agent_leaf_values(s->root, &s->params->eval, values);
  int st = agent_add_final_extra_of(s->root, s->params->eval.final, values);
  for (int p = 0; p < s->players; p++) {
    s->root_lead[p] = agent_lead(values, s->players, p);
    s->root_extra[p] = s->root_lead[p] - agent_lead(plain, s->players, p);
  }
  return st;
}

/* Keeps only the root_moves best root moves by their priors (ties: the
** first in move order), so that the playouts go to moves worth a look. */
static int prune_root(search *s, const double *leads, int n) {
  int k = s->params->root_moves;
  if (k <= 0 || k >= n) return GK_OK;
  s->pruned = malloc((size_t)n);
  if (!s->pruned) {
    gk_play_set_error(s->root, "mcts: out of memory");
    return GK_ENOMEM;
  }
  for (int i = 0; i < n; i++) {
    int better = 0;
    for (int j = 0; j < n; j++) better += leads[j] > leads[i] || (leads[j] == leads[i] && j < i);
    s->pruned[i] = better >= k;
  }
  return GK_OK;
}

/* The root's edges start from the greedy look-ahead's verdict. */
static int seed_priors(search *s, int n) {
  double *leads = malloc(sizeof(double) * (size_t)n);
  if (!leads) {
    gk_play_set_error(s->root, "mcts: out of memory");
    return GK_ENOMEM;
  }
  int st = agent_move_leads(s->root, s->env, &s->rng, &s->params->eval, s->params->prior_depth,
                            leads, n);
  uint32_t v0 = (uint32_t)s->params->prior_visits;
  for (int i = 0; i < n && st == GK_OK; i++) {
    s->tree.edges[i].visits = v0;
    /* the look-ahead values no final extra: the root's stands in */
    int me = gk_play_decider(s->root);
    s->tree.edges[i].reward = v0 * reward_of_lead(s, me, leads[i] + s->root_extra[me]);
  }
  if (st == GK_OK) st = prune_root(s, leads, n);
  free(leads);
  return st;
}

/* One move of a playout, by the params' policy. */
static int playout_move(search *s, const agent_policy *policy) {
  if (!policy) return gk_play_random_move(s->copy);
  agent_policy reply = *policy;
  if (s->params->reply_sample >= 0 && gk_play_decider(s->copy) != s->tree.nodes[0].player) {
    reply.sample = s->params->reply_sample; /* the other players' replies */
    policy = &reply;
  }
  int i = s->params->follow > 0
              ? agent_follow_index(s->copy, s->scratch, s->scratch2, policy, s->params->follow, &s->draw)
              : agent_policy_index(s->copy, s->scratch, policy, &s->draw);
  return i < 0 ? i : gk_play_apply_index(s->copy, i);
}

/* Plays the copy out and writes each player's reward. */
static int playout(search *s, double *rewards) {
  gk_play *p = s->copy;
  gk_play_seed_agent(p, agent_rng_next(&s->draw));
  const gk_mcts_params *pr = s->params;
  double eps = pr->epsilon < 0 ? 0 : pr->epsilon > 1 ? 1 : pr->epsilon;
  agent_memo memo; /* carried between the playout's decisions */
  memo.carry = false;
  agent_policy greedy = {s->env, &pr->eval, (uint64_t)(eps * 18446744073709549568.0), pr->sample,
                         &memo};
  const agent_policy *policy = pr->playout_policy == GK_PLAYOUT_GREEDY ? &greedy : NULL;
  int turns = s->turns;
  int last = turns > 0 ? gk_play_turn(p) + turns : -1;
  while (!gk_play_over(p) && (last < 0 || gk_play_turn(p) < last)) {
    int st = playout_move(s, policy);
    if (st < 0) return agent_fail(s->root, p, st);
  }
  double values[GK_MAX_PLAYERS];
  if (gk_play_over(p)) {
    for (int pl = 0; pl < s->players; pl++) values[pl] = gk_player_score(gk_play_game(p), pl);
  } else {
    agent_leaf_values(p, &s->params->eval, values);
    int st = agent_add_final_extra(p, s->params->eval.final, values); /* p is refilled next */
    if (st < 0) return agent_fail(s->root, p, st);
  }
  for (int pl = 0; pl < s->players; pl++) rewards[pl] = reward_of(s, values, pl);
  return GK_OK;
}

/* Below the edge just played: the node for this outcome, a new one if
** the tree has room (then the walk stops there), or -1 to stop. */
static int32_t descend(search *s, int32_t e, int *stop) {
  gk_play *p = s->copy;
  *stop = 1;
  if (gk_play_over(p) || s->tree.edges[e].visits == 0 || s->depth >= MCTS_MAX_PATH) return -1;
  int n = gk_play_moves(p, NULL, 0);
  uint64_t key = outcome_key(p, n);
  int32_t child = mcts_tree_find(&s->tree, e, key);
  if (child >= 0) {
    *stop = 0;
    return child;
  }
  if (n > 0 && mcts_tree_bytes(&s->tree) < s->params->max_tree_bytes)
    mcts_tree_add(&s->tree, e, key, gk_play_decider(p), n);
  return -1;
}

static void backpropagate(search *s, const double *rewards) {
  for (int i = 0; i < s->depth; i++) {
    mcts_node *n = &s->tree.nodes[s->path_node[i]];
    mcts_edge *e = &s->tree.edges[s->path_edge[i]];
    n->visits++;
    e->visits++;
    e->reward += rewards[n->player];
  }
}

/* The draws of an iteration through root edge e. With common random
** numbers the k-th visit of every root move sees the same draws (stack
** order, game generator, playout choices), so root moves are compared on
** the same futures and their difference is far less noisy. */
static void iteration_draws(search *s, int32_t e) {
  if (!s->params->common_draws) {
    s->draw.s = agent_rng_next(&s->rng);
    return;
  }
  s->draw.s = s->crn_base ^ ((uint64_t)s->tree.edges[e].visits * 0xD1B54A32D192ED03ull);
  agent_rng_next(&s->draw);
}

static int iterate(search *s) {
  int32_t e = select_edge(s, 0);
  iteration_draws(s, e);
  int st = agent_copy_fill(s->copy, s->root, s->env, &s->draw);
  if (st < 0) return st;
  s->depth = 0;
  int32_t node = 0;
  for (int stop = 0; !stop; e = -1) {
    if (e < 0) e = select_edge(s, node);
    st = gk_play_apply_index(s->copy, e - s->tree.nodes[node].first_edge);
    if (st < 0) return agent_fail(s->root, s->copy, st);
    s->path_node[s->depth] = node;
    s->path_edge[s->depth++] = e;
    node = descend(s, e, &stop);
  }
  double rewards[GK_MAX_PLAYERS];
  st = playout(s, rewards);
  if (st < 0) return st;
  backpropagate(s, rewards);
  return GK_OK;
}

/* The root's most visited edge; ties go to the better mean. */
static int best_root_edge(const search *s) {
  const mcts_node *r = &s->tree.nodes[0];
  int best = 0;
  while (s->pruned && s->pruned[best]) best++;
  for (int i = best + 1; i < r->n_edges; i++) {
    if (s->pruned && s->pruned[i]) continue;
    const mcts_edge *a = &s->tree.edges[i], *b = &s->tree.edges[best];
    if (a->visits > b->visits ||
        (a->visits == b->visits && a->visits > 0 && a->reward / a->visits > b->reward / b->visits))
      best = i;
  }
  return best;
}

/* Whether the root's most visited edge stays the choice however the
** `left` playouts still to run fall: it leads every other searched edge
** by more than left visits. Stopping then plays the same move sooner. */
static int settled(const search *s, int left) {
  const mcts_node *r = &s->tree.nodes[0];
  uint32_t first = 0, second = 0;
  for (int i = 0; i < r->n_edges; i++) {
    if (s->pruned && s->pruned[i]) continue;
    uint32_t v = s->tree.edges[r->first_edge + i].visits;
    if (v > first) {
      second = first;
      first = v;
    } else if (v > second) {
      second = v;
    }
  }
  return first - second > (uint32_t)left;
}

static int run(search *s) {
  const gk_mcts_params *pr = s->params;
  int64_t deadline = pr->time_us > 0 ? now_us() + pr->time_us : 0;
  int done = 0;
  for (;; done++) {
    if (deadline ? (done % MCTS_CLOCK_EVERY == 0 && done > 0 && now_us() >= deadline)
                 : done >= pr->playouts ||
                       (pr->stop_settled && done % MCTS_SETTLE_EVERY == 0 &&
                        settled(s, pr->playouts - done)))
      break;
    int st = iterate(s);
    if (st < 0) return st;
  }
  return done;
}

static void fill_stats(const search *s, int done, int best, gk_agent_stats *stats) {
  const mcts_edge *e = &s->tree.edges[best];
  stats->playouts = done;
  stats->nodes = s->tree.n_nodes;
  stats->tree_bytes = mcts_tree_bytes(&s->tree);
  stats->best_visits = (int)e->visits;
  stats->best_value = e->visits ? e->reward / e->visits : 0;
}

int gk_mcts_choose(const gk_mcts_params *params, gk_play *root, const gk_agent_env *env,
                   uint64_t salt, gk_agent_stats *stats) {
  if (!params || !root) return GK_EINVAL;
  if (gk_play_over(root)) {
    gk_play_set_error(root, "mcts: the game is over");
    return GK_ESTATE;
  }
  int n = gk_play_moves(root, NULL, 0);
  if (stats) *stats = (gk_agent_stats){.moves = n};
  if (n <= 1) return n == 1 ? 0 : GK_EILLEGAL;
  search s = {.params = params, .env = env, .root = root,
              .players = gk_game_players(gk_play_game(root)), .turns = gk_mcts_turns(params)};
  s.rng = agent_rng_for(params->seed, salt, root);
  s.crn_base = agent_rng_next(&s.rng);
  int noted = note_root_leads(&s);
  if (noted < 0) return noted;
  mcts_tree_init(&s.tree);
  if (mcts_tree_add(&s.tree, -1, 0, gk_play_decider(root), n) < 0) {
    gk_play_set_error(root, "mcts: out of memory");
    return GK_ENOMEM;
  }
  int done = params->prior_visits > 0 ? seed_priors(&s, n) : GK_OK;
  if (done == GK_OK) {
    s.copy = agent_copy_new(root, env);
    int greedy = params->playout_policy == GK_PLAYOUT_GREEDY, follow = greedy && params->follow > 0;
    if (s.copy && greedy) s.scratch = agent_copy_new(root, env);
    if (s.scratch && follow) s.scratch2 = agent_copy_new(root, env);
    done = s.copy && (s.scratch || !greedy) && (s.scratch2 || !follow) ? run(&s) : GK_ENOMEM;
  }
  int best = done < 0 ? done : best_root_edge(&s);
  if (stats && done >= 0) fill_stats(&s, done, best, stats);
  gk_play_free(s.copy);
  gk_play_free(s.scratch);
  gk_play_free(s.scratch2);
  free(s.pruned);
  mcts_tree_free(&s.tree);
  return best;
}

/*
** cap_companion.c: a neutral figure that stands next to a follower and
** pays its owner (gk_companion_rule: a fairy).
**
** Owns caps.companion: the rule and its follower kinds as a mask. It
** keeps no state: where the companion stands is on the board, and the
** follower it is next to is whoever of the `follows` kinds stands on the
** same node, or else on the node's tile off the segments. Invariant: the companion, once on the board, stands on a
** node (GK_AT_NODE) that held a player's follower when it moved there;
** it counts for nothing there (its figure rule gives it no strength).
*/
#include "flow/flow_internal.h"

int gk_flow_add_companion(gk_flow *f, const gk_companion_rule *rule) {
  int st = fl_check_open(f, "declare a companion");
  if (st) return st;
  const gk_rules *r = f->rules;
  bool ok = rule && rule->figure >= 0 && rule->figure < r->n_figure_kinds && rule->action >= 0 &&
            rule->action < f->n_actions && rule->reason >= 0 && rule->reason < r->n_reasons &&
            rule->n_follows >= 1 && rule->n_follows <= GK_MAX_FIGURE_KINDS;
  uint32_t mask = 0;
  for (int i = 0; ok && i < rule->n_follows; i++) {
    int k = rule->follows[i];
    ok = k < r->n_figure_kinds && k != rule->figure && !((mask >> k) & 1);
    mask |= 1u << (k & 31);
  }
  if (!ok) {
    fl_flow_error(f, "companion: malformed rule (a figure kind, an action, a reason and "
                     "distinct follower kinds other than the companion)");
    return GK_EINVAL;
  }
  if (f->caps.companion.on) {
    fl_flow_error(f, "companion: declared twice (one companion per game)");
    return GK_EINVAL;
  }
  if (fl_node_action_layout(f, rule->action, "companion")) return GK_EINVAL;
  f->caps.companion.on = true;
  f->caps.companion.rule = *rule;
  f->caps.companion.follows = mask;
  return GK_OK;
}

/* The node the companion stands on, or -1 while it is off the board:
** the first neutral figure of its kind on a node (gki_figure_range: no
** scan of the other figures). */
int32_t fl_companion_node(const gk_play *p) {
  if (!p->flow->caps.companion.on) return -1;
  const gk_game *g = p->game;
  int32_t f;
  int n = gki_figure_range(g, -1, p->flow->caps.companion.rule.figure, &f);
  for (; n > 0; n--, f++)
    if (g->figures[f].where == GK_AT_NODE) return g->figures[f].a;
  return -1;
}

/* The follower the companion is next to: the lowest-numbered figure of a
** player, of a followed kind, on its node; with none there, player
** `off_for`'s lowest one (none when off_for < 0) that a script moved off
** the segments onto the node's own tile (at GK_AT_TILE: still next to the
** companion, which stands on that tile; a castle keeps its knight so).
** -1 if none (it went home, was sent away: the companion stays where it
** is). Only the figures on the node's feature can stand on the node. */
static int32_t follower_at(const gk_play *p, int32_t node, int off_for) {
  if (node < 0) return -1;
  const gk_game *g = p->game;
  uint32_t follows = p->flow->caps.companion.follows;
  int32_t best = -1;
  for (int32_t f = g->root[gki_find(g, node)].fig_head; f >= 0; f = g->figures[f].next) {
    const gk_figrec *fr = &g->figures[f];
    if (fr->a == node && fr->owner >= 0 && ((follows >> fr->kind) & 1) && (best < 0 || f < best))
      best = f;
  }
  if (best >= 0 || off_for < 0) return best;
  const gk_companion_rule *rule = &p->flow->caps.companion.rule;
  int32_t tile = g->node_tile[node];
  for (int i = 0; i < rule->n_follows; i++) {
    int32_t f;
    for (int n = gki_figure_range(g, off_for, rule->follows[i], &f); n > 0; n--, f++)
      if (g->figures[f].where == GK_AT_TILE && g->figures[f].a == tile && (best < 0 || f < best))
        best = f;
  }
  return best;
}

/* Scores the owner of the companion's follower, if there is one. */
static int pay(gk_play *p, int32_t follower, int32_t points, int32_t feature) {
  if (follower < 0 || points == 0) return GK_OK;
  const gk_companion_rule *rule = &p->flow->caps.companion.rule;
  return fl_score(p, p->game->figures[follower].owner, points, rule->reason, feature);
}

/* A move of the lazy tail (gk_play.tail_move): the entry is the node
** the follower stands on. */
static gk_move companion_move(const gk_play *p, uint32_t node) {
  const gk_game *g = p->game;
  const gk_tilerec *t = &g->tiles[g->node_tile[node]];
  return (gk_move){.type = GK_MOVE_ACTION, .action = p->flow->caps.companion.rule.action,
                   .arg = {t->x, t->y, g->node_seg[node] + 1, 0}};
}

/* A move each per figure of the player's it may go next to, kind by
** kind in `follows` order, each kind's figures in id order (the player's
** range of that kind, gki_figure_range), as entries of the list's lazy
** tail (companion_move): a random agent reads only the one it picks.
** Written through a local cursor: stores through p->tail would make the
** compiler reload p's fields. */
static int companion_moves(gk_play *p) {
  const gk_companion_rule *rule = &p->flow->caps.companion.rule;
  const gk_game *g = p->game;
  int32_t at = fl_companion_node(p);
  for (int i = 0; i < rule->n_follows; i++) {
    int32_t f;
    int n = gki_figure_range(g, p->player, rule->follows[i], &f);
    if (n == 0) continue;
    int st = fl_tail_begin(p, companion_move, n);
    if (st) return st;
    uint32_t *out = p->tail + (p->n_moves - p->tail_from);
    for (; n > 0; n--, f++) {
      const gk_figrec *fr = &g->figures[f];
      if (fr->where != GK_AT_NODE || fr->a == at) continue;
      *out++ = (uint32_t)fr->a;
    }
    p->n_moves = p->tail_from + (int)(out - p->tail);
  }
  return GK_OK;
}

/* Moves the companion onto the segment the move names (it was listed,
** so a follower of the player stands there). */
static int companion_apply(gk_play *p, const gk_move *m) {
  const gk_companion_rule *rule = &p->flow->caps.companion.rule;
  if (m->type != GK_MOVE_ACTION || m->action != rule->action) return FL_NOT_MINE;
  gk_game *g = p->game;
  int32_t node = fl_action_node(p, m);
  if (node < 0) return GK_EILLEGAL;
  gk_location to = {GK_AT_NODE, node, 0};
  int st = GK_OK;
  int32_t f = -1, i;
  for (int n = gki_figure_range(g, -1, rule->figure, &i); n > 0 && f < 0; n--, i++)
    if (g->figures[i].where != GK_AT_SUPPLY && g->figures[i].where != GK_AT_OUT) f = i;
  st = f >= 0 ? gk_figure_move(g, f, to) : gk_figure_deploy(g, -1, rule->figure, to);
  if (st < 0) {
    gk_play_set_error(p, "%s", gk_game_error(g));
    return st;
  }
  return FL_PLAYED_NEXT;
}

static int companion_turn_begin(gk_play *p) {
  int32_t f = follower_at(p, fl_companion_node(p), p->player);
  if (f < 0 || p->game->figures[f].owner != p->player) return GK_OK;
  return pay(p, f, p->flow->caps.companion.rule.turn_points, -1);
}

/* The companion's feature was scored: its follower's owner is paid (a
** follower off the segments is on no feature: it has nothing scored). */
static int pay_scored(gk_play *p, int32_t root) {
  int32_t at = fl_companion_node(p);
  if (at < 0 || gki_find(p->game, at) != root) return GK_OK;
  return pay(p, follower_at(p, at, -1), p->flow->caps.companion.rule.scored_points, root);
}

static int companion_feature_scored(gk_play *p, int32_t root, uint32_t leaders) {
  (void)leaders;
  int st = pay_scored(p, root);
  return st < 0 ? st : GK_OK;
}

/* With scored_final, the companion's feature is paid for when the final
** scoring will score it: a feature of a kind scored at the end, still
** open (the features' final scoring skips closed ones). */
static int companion_final(gk_play *p, int stage, fl_final *ctx) {
  (void)ctx;
  if (stage != FL_FINAL_BEFORE || !p->flow->caps.companion.rule.scored_final) return GK_OK;
  int32_t at = fl_companion_node(p);
  if (at < 0) return GK_OK;
  gk_game *g = p->game;
  int32_t root = gki_find(g, at);
  if (!p->flow->scoring[g->node_kind[root]][GK_WHEN_FINAL].on || gki_root_closed(g, root))
    return GK_OK;
  int st = pay_scored(p, root);
  return st < 0 ? st : GK_OK;
}

static bool companion_declared(const gk_flow *f) { return f->caps.companion.on; }

const fl_capability fl_cap_companion = {
    .name = "companion",
    .declared = companion_declared,
    .turn_begin = companion_turn_begin,
    .deploy_moves = companion_moves,
    .feature_scored = companion_feature_scored,
    .apply = companion_apply,
    .final_scoring = companion_final,
};

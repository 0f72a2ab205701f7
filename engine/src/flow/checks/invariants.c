/*
** invariants.c: what must hold between any two moves of any game, read
** from the declarations (meeple sim --check-invariants). Nothing here is
** a rule of one game: each check follows from a figure declaration, so a
** fan expansion's figures are checked by declaring them.
**
**   needs_own    a dependent figure shares its feature with a figure of
**                its owner in one of those groups (depends.c keeps it)
**   blocks       a figure that keeps groups off its feature never shares
**                it with one of them once a part's scoring is over (a
**                tile may join a barn's field to farmers, who leave in
**                the scoring phase of that part), so while no tile of
**                the part is placed
**   blocks_tile  no figure stands on a segment of a tile where such a
**                figure stands (corner figures excepted)
**   counts       each player's figures of each kind, in supply and
**                elsewhere, are the declared starting count; a supply
**                holds exactly the figures it says; each feature lists
**                exactly the figures standing on it
**   scores       no score falls from one move to the next unless a
**                ledger entry took points from that player (a house
**                rule's penalty); the caller keeps a memo of the last
**                scores and the ledger's length
**
** Off by default and outside the play loop: a game pays nothing for it.
*/
#include <stdarg.h>

#include "flow/flow_internal.h"

static int broke(char *msg, size_t cap, const char *fmt, ...) {
  if (msg && cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
  }
  return 1;
}

static const char *kind_name(const gk_game *g, int k) { return g->rules->figure_name[k].s; }

/* The tile's cell, for a message. */
static void where_of(const gk_game *g, int32_t node, int *x, int *y) {
  const gk_tilerec *t = &g->tiles[g->node_tile[node]];
  *x = t->x;
  *y = t->y;
}

static int check_figures_on_board(const gk_play *p, char *msg, size_t cap) {
  const gk_game *g = p->game;
  for (int32_t f = 0; f < g->n_figures; f++) {
    const gk_figrec *fig = &g->figures[f];
    const gk_figure_rule *fr = &p->flow->figure[fig->kind];
    int x, y;
    if (fig->where == GK_AT_NODE) {
      where_of(g, fig->a, &x, &y);
      if (fr->needs_own && !fl_has_company(p, f, fr->needs_own))
        return broke(msg, cap, "needs_own: player %d's %s at %d,%d is alone on its feature",
                     fig->owner + 1, kind_name(g, fig->kind), x, y);
      if (fr->blocks && p->placed < 0) {
        int32_t root = gki_find((gk_game *)g, fig->a);
        for (int32_t o = g->root[root].fig_head; o >= 0; o = g->figures[o].next)
          if (o != f && (p->flow->figure[g->figures[o].kind].group & fr->blocks))
            return broke(msg, cap, "blocks: a %s shares the feature of the %s at %d,%d",
                         kind_name(g, g->figures[o].kind), kind_name(g, fig->kind), x, y);
      }
    } else if (fig->where == GK_AT_TILE && fr->blocks_tile) {
      for (int32_t o = 0; o < g->n_figures; o++) {
        const gk_figrec *other = &g->figures[o];
        if (other->where != GK_AT_NODE || p->flow->figure[other->kind].corner ||
            g->node_tile[other->a] != fig->a)
          continue;
        where_of(g, other->a, &x, &y);
        return broke(msg, cap, "blocks_tile: a %s stands on the tile at %d,%d with the %s",
                     kind_name(g, other->kind), x, y, kind_name(g, fig->kind));
      }
    }
  }
  return 0;
}

static int check_counts(const gk_play *p, char *msg, size_t cap) {
  const gk_game *g = p->game;
  const int nk = g->rules->n_figure_kinds;
  for (int owner = -1; owner < g->n_players; owner++)
    for (int k = 0; k < nk; k++) {
      const gk_figure_spec *sp = &g->rules->figure_spec[k];
      int want = owner < 0 ? sp->neutral : sp->per_player, all = 0, home = 0;
      for (int32_t f = 0; f < g->n_figures; f++)
        if (g->figures[f].owner == owner && g->figures[f].kind == k) {
          all++;
          home += g->figures[f].where == GK_AT_SUPPLY;
        }
      int supply = g->supply[(owner + 1) * nk + k];
      if (all != want || home != supply)
        return broke(msg, cap, "counts: %s %s: %d figures (declared %d), %d at home, supply says %d",
                     owner < 0 ? "neutral" : "player", kind_name(g, k), all, want, home, supply);
    }
  /* every feature's list holds exactly its figures, each once */
  int32_t listed = 0, standing = 0;
  for (int32_t f = 0; f < g->n_figures; f++) {
    if (g->figures[f].where != GK_AT_NODE) continue;
    standing++;
    int32_t root = gki_find((gk_game *)g, g->figures[f].a);
    bool found = false;
    for (int32_t o = g->root[root].fig_head; o >= 0 && !found; o = g->figures[o].next) found = o == f;
    if (!found) return broke(msg, cap, "counts: figure %d is missing from its feature's list", f);
  }
  for (int32_t n = 0; n < g->n_nodes; n++)
    if (g->parent[n] == n) listed += g->root[n].figures;
  if (listed != standing)
    return broke(msg, cap, "counts: features list %d figures, %d stand on them", listed, standing);
  return 0;
}

/* A score below the last one is a break unless a ledger entry since then
** took points from that player: every score goes through the ledger. */
static int check_scores(const gk_game *g, gk_invariant_memo *memo, char *msg, size_t cap) {
  for (int pl = 0; pl < g->n_players; pl++) {
    if (g->score[pl] >= memo->score[pl]) continue;
    bool penalty = false;
    for (int i = memo->n_ledger; i < g->n_ledger && !penalty; i++)
      penalty = g->ledger[i].player == pl && g->ledger[i].points < 0;
    if (!penalty)
      return broke(msg, cap, "scores: player %d's score fell from %d to %d with no penalty in the ledger",
                   pl + 1, (int)memo->score[pl], (int)g->score[pl]);
  }
  for (int pl = 0; pl < g->n_players; pl++) memo->score[pl] = g->score[pl];
  memo->n_ledger = g->n_ledger;
  return 0;
}

int gk_play_check_invariants(const gk_play *p, gk_invariant_memo *memo, char *msg, size_t cap) {
  if (!p) return broke(msg, cap, "no game");
  if (p->game->vacated && p->flow->dependents)
    return broke(msg, cap, "a figure left a feature and its dependents were not settled");
  int st = check_figures_on_board(p, msg, cap);
  if (!st) st = check_counts(p, msg, cap);
  if (!st && memo) st = check_scores(p->game, memo, msg, cap);
  return st;
}

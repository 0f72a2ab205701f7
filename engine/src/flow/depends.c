/*
** depends.c: figures that depend on others (a figure rule's needs_own).
** A dependent figure stays on the board only while its owner has a
** figure of the needed groups in the same feature; the moment the last
** one leaves, by whatever cause (scoring, a capability sending it home or
** moving it, a hook's fig:move or g:remove), the dependent goes home too.
**
** Why here and not in each cause: the kernel marks the game whenever a
** figure leaves a feature (gk_game.vacated) and this file is the one place
** that answers the mark, before the flow runs another phase or lists a
** move, so no cause, present or future, can leave a dependent alone.
**
** Invariant: when fl_settle_dependents returns (how many it sent home),
** every figure on a feature whose rule has needs_own shares that feature
** with a figure of its owner in one of those groups, and the mark is
** clear.
*/
#include "flow/flow_internal.h"

/* Whether figure f's owner has another figure of `groups` on f's feature. */
bool fl_has_company(const gk_play *p, int32_t f, unsigned groups) {
  const gk_game *g = p->game;
  const gk_figrec *fig = &g->figures[f];
  int32_t root = gki_find((gk_game *)g, fig->a);
  for (int32_t o = g->root[root].fig_head; o >= 0; o = g->figures[o].next)
    if (o != f && g->figures[o].owner == fig->owner &&
        (p->flow->figure[g->figures[o].kind].group & groups))
      return true;
  return false;
}

/* The first dependent figure (figure order, so the same in every process)
** left without its company, or -1. Only the figures of needs_own kinds are
** looked at (gki_kind_range): a builder and a pig a player, not a crowd. */
static int32_t first_alone(const gk_play *p) {
  const gk_game *g = p->game;
  int32_t first = -1;
  for (uint32_t kinds = p->flow->dependents; kinds; kinds &= kinds - 1) {
    int k = __builtin_ctz(kinds);
    int32_t f;
    for (int n = gki_kind_range(g, k, &f); n > 0; n--, f++)
      if (g->figures[f].where == GK_AT_NODE && (first < 0 || f < first) &&
          !fl_has_company(p, f, p->flow->figure[k].needs_own))
        first = f;
  }
  return first;
}

int fl_settle_dependents(gk_play *p) {
  gk_game *g = p->game;
  g->vacated = 0;
  if (!p->flow->dependents) return 0;
  /* a dependent sent home may be another's company: again until none */
  int sent = 0;
  for (int32_t f = first_alone(p); f >= 0; f = first_alone(p), sent++) {
    int st = gk_figure_return(g, f);
    if (st < 0) {
      gk_play_set_error(p, "%s", gk_game_error(g));
      return st;
    }
  }
  g->vacated = 0;
  return sent;
}

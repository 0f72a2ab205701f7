/*
** cap_square_count.c: square counts (gk_square_count_rule): a figure on a
** marked segment of a completed feature scores what the 3x3 square
** around its tile holds (a tower overlooking its neighbours).
**
** Owns caps.square_count: the rules. It keeps no state. Invariant: a
** completed feature pays each scorer once per rule whose attribute its
** segment carries, after the feature's own points and before its figures
** go home, so the square's figures are those of the moment it closed.
*/
#include "flow/flow_internal.h"

int gk_flow_add_square_count(gk_flow *f, const gk_square_count_rule *rule) {
  int st = fl_check_open(f, "declare a square count");
  if (st) return st;
  const gk_rules *r = f->rules;
  bool ok = rule && rule->attr >= 0 && rule->attr < r->n_attrs && rule->kinds != 0 &&
            (r->n_kinds >= 64 || (rule->kinds >> r->n_kinds) == 0) && rule->scorers != 0 &&
            (r->n_figure_kinds >= 32 || (rule->scorers >> r->n_figure_kinds) == 0) &&
            rule->reason >= 0 && rule->reason < r->n_reasons && rule->unless >= -1 &&
            rule->unless < r->n_attrs;
  if (ok) switch (rule->count) {
    case GK_SQUARE_FIGURES:
      ok = rule->figures != 0 && (r->n_figure_kinds >= 32 || (rule->figures >> r->n_figure_kinds) == 0);
      break;
    case GK_SQUARE_ATTR: ok = rule->arg >= 0 && rule->arg < r->n_attrs; break;
    case GK_SQUARE_TILES:
    case GK_SQUARE_SEGMENTS: ok = rule->arg >= 0 && rule->arg < r->n_kinds; break;
    default: ok = false;
  }
  if (!ok || f->caps.square_count.n >= GK_MAX_SQUARE_COUNTS) {
    fl_flow_error(f, "square_count: malformed rule (an attribute, kinds, scorer figures, what it "
                     "counts and its figures, attribute or kind, a reason) or more than %d",
                  GK_MAX_SQUARE_COUNTS);
    return GK_EINVAL;
  }
  f->caps.square_count.rule[f->caps.square_count.n++] = *rule;
  return GK_OK;
}

/* What one tile of the square holds for the rule. */
static int32_t count_tile(const gk_game *g, const gk_square_count_rule *sr, int tile) {
  gk_placed_tile t;
  if (gk_tile_info(g, tile, &t) < 0) return 0;
  int32_t n = 0;
  if (sr->count == GK_SQUARE_FIGURES) {
    for (int32_t f = 0; f < g->n_figures; f++) {
      const gk_figrec *fr = &g->figures[f];
      if (fr->owner < 0 || !((sr->figures >> fr->kind) & 1)) continue;
      if ((fr->where == GK_AT_NODE && gk_node_tile(g, fr->a) == tile) ||
          (fr->where == GK_AT_TILE && fr->a == tile))
        n++;
    }
    return n;
  }
  for (int s = 0; s < t.n_segments; s++) {
    int32_t node = gk_node(g, tile, s);
    if (sr->count == GK_SQUARE_ATTR) {
      n += gk_node_attr(g, node, sr->arg);
    } else if (gk_node_kind(g, node) == sr->arg) {
      if (sr->count == GK_SQUARE_SEGMENTS) n++;
      else if (sr->unless < 0 || gk_feature_attr(g, node, sr->unless) == 0) return 1;
    }
  }
  return n;
}

static int64_t count_square(const gk_game *g, const gk_square_count_rule *sr, int tile) {
  gk_placed_tile t;
  if (gk_tile_info(g, tile, &t) < 0) return 0;
  int around[8];
  gk_neighbours8(g, t.x, t.y, around);
  int64_t n = count_tile(g, sr, tile);
  for (int i = 0; i < 8; i++)
    if (around[i] >= 0) n += count_tile(g, sr, around[i]);
  return n;
}

static int square_feature_scored(gk_play *p, int32_t root, uint32_t leaders) {
  (void)leaders;
  gk_game *g = p->game;
  const int kind = g->node_kind[root];
  for (int i = 0; i < p->flow->caps.square_count.n; i++) {
    const gk_square_count_rule *sr = &p->flow->caps.square_count.rule[i];
    if (!((sr->kinds >> kind) & 1)) continue;
    for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next) {
      const gk_figrec *fr = &g->figures[f];
      if (fr->owner < 0 || fr->where != GK_AT_NODE || !((sr->scorers >> fr->kind) & 1)) continue;
      int32_t per = gk_node_attr(g, fr->a, sr->attr);
      if (per == 0) continue;
      int64_t points = count_square(g, sr, gk_node_tile(g, fr->a)) * per;
      if (points == 0) continue;
      int st = fl_score(p, fr->owner, points, sr->reason, root);
      if (st) return st;
    }
  }
  return GK_OK;
}

static bool square_declared(const gk_flow *f) { return f->caps.square_count.n > 0; }

const fl_capability fl_cap_square_count = {
    .name = "square counts",
    .declared = square_declared,
    .feature_scored = square_feature_scored,
};

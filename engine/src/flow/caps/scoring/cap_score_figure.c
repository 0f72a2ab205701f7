/*
** cap_score_figure.c: figures that score by themselves at final
** scoring (gk_flow_add_score_figure), majority or not (a barn).
**
** Owns caps.score_figure. Invariant: the figures are found before the
** features' own final scoring sends them home, and score after it; a
** rule paid once per owner scores each owner's first figure on a feature
** only.
*/
#include "flow/flow_internal.h"

int gk_flow_add_score_figure(gk_flow *f, int figure, gk_when when, const gk_formula *formula,
                             int reason) {
  int st = fl_check_open(f, "declare a figure scoring");
  if (st) return st;
  const gk_rules *r = f->rules;
  bool ok = figure >= 0 && figure < r->n_figure_kinds && when == GK_WHEN_FINAL && formula &&
            formula->n_terms >= 0 && formula->n_terms <= GK_MAX_TERMS && reason >= 0 &&
            reason < r->n_reasons && f->caps.score_figure.n < GK_MAX_SCORE_FIGURES;
  for (int i = 0; ok && i < formula->n_terms; i++)
    ok = fl_term_ok(r, formula->terms[i].term, formula->terms[i].arg, false) &&
         formula->terms[i].only_with == 0 && formula->terms[i].if_attr >= 0 &&
         formula->terms[i].if_attr <= r->n_attrs;
  if (!ok) {
    fl_flow_error(f, "score_figure: malformed (figure, when, reason or a term) or more than %d",
                  GK_MAX_SCORE_FIGURES);
    return GK_EINVAL;
  }
  f->caps.score_figure.rule[f->caps.score_figure.n].figure = figure;
  f->caps.score_figure.rule[f->caps.score_figure.n].once_per_owner = false;
  f->caps.score_figure.rule[f->caps.score_figure.n].rule =
      (fl_scoring){.on = true, .formula = *formula, .reason = reason};
  f->caps.score_figure.n++;
  return GK_OK;
}

int gk_flow_score_figure_once_per_owner(gk_flow *f, int figure) {
  int st = fl_check_open(f, "declare a figure scoring");
  if (st) return st;
  for (int i = 0; i < f->caps.score_figure.n; i++)
    if (f->caps.score_figure.rule[i].figure == figure) {
      f->caps.score_figure.rule[i].once_per_owner = true;
      return GK_OK;
    }
  fl_flow_error(f, "score_figure: no figure scoring of figure kind %d to pay once per owner", figure);
  return GK_EINVAL;
}

/* With once_per_owner, has an earlier held figure of the same rule and
** owner on the same feature scored already? */
static bool owner_scored(const gk_game *g, const fl_final *ctx, int i) {
  int8_t owner = g->figures[ctx->held[i].figure].owner;
  for (int j = 0; j < i; j++)
    if (ctx->held[j].rule == ctx->held[i].rule && ctx->held[j].root == ctx->held[i].root &&
        g->figures[ctx->held[j].figure].owner == owner)
      return true;
  return false;
}

/* The figures that score by themselves, found before the features' final
** scoring may send them home. */
static int find_scorers(gk_play *p, fl_final *ctx) {
  const gk_game *g = p->game;
  for (int i = 0; i < p->flow->caps.score_figure.n; i++)
    for (int32_t f = 0; f < g->n_figures; f++) {
      const gk_figrec *fr = &g->figures[f];
      if (fr->kind != p->flow->caps.score_figure.rule[i].figure || fr->where != GK_AT_NODE ||
          fr->owner < 0)
        continue;
      if (ctx->n_held == GK_MAX_FINAL_HELD) {
        gk_play_set_error(p, "figure scoring: more than %d figures", GK_MAX_FINAL_HELD);
        return GK_EINVAL;
      }
      ctx->held[ctx->n_held].figure = f;
      ctx->held[ctx->n_held].rule = i;
      ctx->n_held++;
    }
  for (int i = 0; i < ctx->n_held; i++)
    ctx->held[i].root = gki_find(g, g->figures[ctx->held[i].figure].a);
  return GK_OK;
}

/* Each found figure scores its formula over the feature it stood on. */
static int score_scorers(gk_play *p, const fl_final *ctx) {
  gk_game *g = p->game;
  for (int i = 0; i < ctx->n_held; i++) {
    const fl_score_figure_rule *rule = &p->flow->caps.score_figure.rule[ctx->held[i].rule];
    if (rule->once_per_owner && owner_scored(g, ctx, i)) continue;
    const fl_scoring *sr = &rule->rule;
    int32_t pts = fl_formula_sum(p, ctx->held[i].root, sr, false, 0); /* 0 written too */
    if (fl_formula_status(p)) return GK_EINVAL;
    int st = fl_score(p, g->figures[ctx->held[i].figure].owner, pts, sr->reason, ctx->held[i].root);
    if (st) return st;
  }
  return GK_OK;
}

static int score_figure_final(gk_play *p, int stage, fl_final *ctx) {
  return stage == FL_FINAL_BEFORE ? find_scorers(p, ctx) : score_scorers(p, ctx);
}

static bool score_figure_declared(const gk_flow *f) { return f->caps.score_figure.n > 0; }

const fl_capability fl_cap_score_figure = {
    .name = "figure scoring",
    .declared = score_figure_declared,
    .final_scoring = score_figure_final,
};

/*
** cap_system.c: systems of features (gk_system_rule), e.g. rivers and
** the lakes they touch, scored once each at final scoring by the majority
** of a figure kind in the whole system.
**
** Owns caps.system. Invariant: each system is scored at most once per
** rule, named by its first root (ascending) holding the figure.
*/
#include "flow/flow_internal.h"

int gk_flow_add_system(gk_flow *f, const gk_system_rule *rule) {
  int st = fl_check_open(f, "add a system scoring");
  if (st) return st;
  const gk_rules *r = f->rules;
  bool ok = rule && rule->kinds != 0 && (r->n_kinds >= 64 || (rule->kinds >> r->n_kinds) == 0) &&
            rule->figure >= 0 && rule->figure < r->n_figure_kinds && rule->reason >= 0 &&
            rule->reason < r->n_reasons && rule->n_terms >= 0 && rule->n_terms <= GK_MAX_TERMS;
  for (int i = 0; ok && i < rule->n_terms; i++)
    ok = fl_term_ok(r, rule->terms[i].term, rule->terms[i].arg, true) &&
         rule->terms[i].if_attr >= 0 && rule->terms[i].if_attr <= r->n_attrs;
  if (!ok || f->caps.system.n >= GK_MAX_SYSTEMS) {
    fl_flow_error(
        f, "system: malformed rule (kinds, figure, reason or a term) or more than %d",
        GK_MAX_SYSTEMS);
    return GK_EINVAL;
  }
  f->caps.system.rule[f->caps.system.n++] = *rule;
  return GK_OK;
}

static int64_t system_attr(const gk_game *g, const fl_root_list *l, int attr) {
  int64_t sum = 0;
  for (int32_t i = 0; i < l->n; i++)
    sum += g->attrs[(size_t)l->v[i] * (size_t)g->rules->n_attrs + (size_t)attr];
  return sum;
}

static int64_t system_points(const gk_game *g, const gk_system_rule *fm, const fl_root_list *l) {
  int64_t total = 0;
  for (int i = 0; i < fm->n_terms; i++) {
    int if_attr = fm->terms[i].if_attr, arg = fm->terms[i].arg;
    int64_t pts = fm->terms[i].points;
    if (if_attr && system_attr(g, l, if_attr - 1) == 0) continue;
    switch (fm->terms[i].term) {
      case GK_TERM_CONST: total += pts; break;
      case GK_TERM_ATTR: total += pts * system_attr(g, l, arg); break;
      case GK_TERM_ATTR_OVER: {
        int64_t over = system_attr(g, l, arg & 0xff) - system_attr(g, l, arg >> 8);
        if (over > 0) total += pts * over;
        break;
      }
      case GK_TERM_FEATURES:
        for (int32_t k = 0; k < l->n; k++) total += g->node_kind[l->v[k]] == arg ? pts : 0;
        break;
      default: break;
    }
  }
  return total; /* exact: fl_score refuses it beyond one score's limit */
}

/* One declared system rule over the board: each system holding its
** figure, once, in ascending order of the first root holding one. */
static int score_system_rule(gk_play *p, const gk_system_rule *sr, uint8_t *done) {
  gk_game *g = p->game;
  for (int32_t n = 0; n < g->n_nodes; n++) {
    if (g->parent[n] != n || done[n] || !((sr->kinds >> g->node_kind[n]) & 1) ||
        !fl_root_holds(p, n, 0, sr->figure))
      continue;
    fl_root_list l;
    fl_roots_init(&l);
    int st = fl_gather_system(p, n, sr->kinds, &l, 0, -1);
    if (st < 0) {
      fl_roots_free(g, &l);
      gk_play_set_error(p, "out of memory scoring a system");
      return st;
    }
    int32_t count[GK_MAX_PLAYERS] = {0}, best = 0;
    for (int32_t i = 0; i < l.n; i++) {
      done[l.v[i]] = 1;
      for (int32_t f = g->root[l.v[i]].fig_head; f >= 0; f = g->figures[f].next) {
        int owner = g->figures[f].owner;
        if (g->figures[f].kind != sr->figure || owner < 0 || owner >= GK_MAX_PLAYERS) continue;
        if (++count[owner] > best) best = count[owner];
      }
    }
    int64_t points = best > 0 ? system_points(g, sr, &l) : 0;
    fl_roots_free(g, &l);
    if (best <= 0) continue; /* held: scored, even for 0 */
    for (int pl = 0; pl < g->n_players; pl++) {
      if (count[pl] != best) continue;
      st = fl_score(p, pl, points, sr->reason, n);
      if (st) return st;
    }
  }
  return GK_OK;
}

static int score_systems(gk_play *p) {
  gk_game *g = p->game;
  uint8_t *done = gki_mem(&g->alloc, NULL, 0, (size_t)g->n_nodes + 1);
  if (!done) {
    gk_play_set_error(p, "out of memory scoring systems");
    return GK_ENOMEM;
  }
  int st = GK_OK;
  for (int i = 0; i < p->flow->caps.system.n && st == GK_OK; i++) {
    memset(done, 0, (size_t)g->n_nodes + 1);
    st = score_system_rule(p, &p->flow->caps.system.rule[i], done);
  }
  gki_mem(&g->alloc, done, (size_t)g->n_nodes + 1, 0);
  return st;
}

static bool system_declared(const gk_flow *f) { return f->caps.system.n > 0; }

/* Before the features' own final formulas. */
static int system_final_scoring(gk_play *p, int stage, fl_final *ctx) {
  return stage == FL_FINAL_BEFORE ? score_systems(p) : GK_OK;
}

const fl_capability fl_cap_system = {
    .name = "systems",
    .declared = system_declared,
    .final_scoring = system_final_scoring,
};

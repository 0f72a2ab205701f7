/*
** gk_figures.c: figures, supplies and majorities.
*/
#include <stdlib.h>

#include "gk_internal.h"

static int16_t *supply_slot(gk_game *g, int owner, int kind) {
  return &g->supply[(owner + 1) * g->rules->n_figure_kinds + kind];
}

int gk_figure_count(const gk_game *g) { return g ? g->n_figures : 0; }

static bool figure_ok(const gk_game *g, const char *fn, int f) {
  if (f >= 0 && f < g->n_figures) return true;
  gki_game_seterr(g, "%s: no figure %d", fn, f);
  return false;
}

int gk_figure_get(const gk_game *g, int f, gk_figure_info *out) {
  if (!g || !figure_ok(g, "figure_info", f) || !out) return GK_EINVAL;
  const gk_figrec *r = &g->figures[f];
  out->kind = r->kind;
  out->owner = r->owner;
  out->at = (gk_location){r->where, r->a, r->b};
  return GK_OK;
}

int gk_figure_range(const gk_game *g, int player, int kind, int *first) {
  if (!g || player < -1 || player >= g->n_players || kind < 0 ||
      kind >= g->rules->n_figure_kinds || !first)
    return GK_EINVAL;
  int32_t at;
  int n = gki_figure_range(g, player, kind, &at);
  *first = at;
  return n;
}

int gk_supply(const gk_game *g, int player, int kind) {
  if (!g || player < -1 || player >= g->n_players || kind < 0 ||
      kind >= g->rules->n_figure_kinds)
    return GK_EINVAL;
  return *supply_slot((gk_game *)g, player, kind);
}

/* Inlined (always_inline, as detach and attach below) into the deploys
** and moves of every turn: a call each cost more than its tests. */
static inline __attribute__((always_inline)) int check_location(const gk_game *g, const char *fn,
                                                                gk_location loc) {
  switch (loc.where) {
    case GK_AT_NODE:
      if (loc.a >= 0 && loc.a < g->n_nodes) return GK_OK;
      gki_game_seterr(g, "%s: no node %d", fn, loc.a);
      return GK_EINVAL;
    case GK_AT_TILE:
      if (loc.a >= 0 && loc.a < g->n_tiles) return GK_OK;
      gki_game_seterr(g, "%s: no placed tile %d", fn, loc.a);
      return GK_EINVAL;
    case GK_AT_CORNER:
    case GK_AT_CELL:
      if (loc.a > -GK_MAX_COORD && loc.a < GK_MAX_COORD && loc.b > -GK_MAX_COORD &&
          loc.b < GK_MAX_COORD)
        return GK_OK;
      gki_game_seterr(g, "%s: coordinates %d,%d out of range", fn, loc.a, loc.b);
      return GK_EINVAL;
    case GK_AT_OUT:
      return GK_OK;
    default:
      gki_game_seterr(g, "%s: bad location type %d", fn, loc.where);
      return GK_EINVAL;
  }
}

/* Takes a figure off whatever list it is on. */
static inline __attribute__((always_inline)) void detach(gk_game *g, int f) {
  gk_figrec *fr = &g->figures[f];
  if (fr->where == GK_AT_NODE) {
    gk_rootrec *root = &g->root[gki_find(g, fr->a)];
    GKI_JOURNAL_REC(g, root);
    int32_t *link = &root->fig_head;
    while (*link != f) link = &g->figures[*link].next;
    *link = fr->next;
    root->figures--;
    g->vacated = 1;
  } else if (fr->where == GK_AT_SUPPLY) {
    (*supply_slot(g, fr->owner, fr->kind))--;
  }
  fr->next = -1;
}

static inline __attribute__((always_inline)) void attach(gk_game *g, int f, gk_location loc) {
  gk_figrec *fr = &g->figures[f];
  fr->where = (uint8_t)loc.where;
  fr->a = loc.where == GK_AT_SUPPLY ? 0 : loc.a;
  fr->b = loc.where == GK_AT_SUPPLY ? 0 : loc.b;
  fr->next = -1;
  if (loc.where == GK_AT_NODE) {
    gk_rootrec *root = &g->root[gki_find(g, loc.a)];
    GKI_JOURNAL_REC(g, root);
    fr->next = root->fig_head;
    root->fig_head = f;
    root->figures++;
  } else if (loc.where == GK_AT_SUPPLY) {
    (*supply_slot(g, fr->owner, fr->kind))++;
  }
}

int gk_figure_deploy(gk_game *g, int player, int kind, gk_location loc) {
  if (!g) return GK_EINVAL;
  if (player < -1 || player >= g->n_players || kind < 0 ||
      kind >= g->rules->n_figure_kinds) {
    gki_game_seterr(g, "deploy: bad player %d or figure kind %d", player, kind);
    return GK_EINVAL;
  }
  if (loc.where == GK_AT_SUPPLY) {
    gki_game_seterr(g, "deploy: a figure must go somewhere other than the supply");
    return GK_EINVAL;
  }
  int st = check_location(g, "deploy", loc);
  if (st) return st;
  if (*supply_slot(g, player, kind) <= 0) {
    gki_game_seterr(g, "deploy: player %d has no %s left", player + 1,  /* 1-based, as shown */
                   g->rules->figure_name[kind].s);
    return GK_EEMPTY;
  }
  if (gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  /* The lowest-numbered figure in supply, so ids are deterministic:
  ** looked for among the owner's figures of the kind only, which are
  ** consecutive (gki_kind_range), and one of which is in supply. */
  int32_t f;
  gki_figure_range(g, player, kind, &f);
  while (g->figures[f].where != GK_AT_SUPPLY) f++;
  detach(g, f);
  attach(g, f, loc);
  gki_log_push(g, GK_EV_DEPLOY, player, kind, loc.where, loc.a, loc.b);
  return f;
}

int gk_figure_move(gk_game *g, int f, gk_location loc) {
  if (!g) return GK_EINVAL;
  if (!figure_ok(g, "move", f)) return GK_EINVAL;
  int st = check_location(g, "move", loc);
  if (st) return st;
  if (loc.where == GK_AT_SUPPLY) return gk_figure_return(g, f);
  if (gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  detach(g, f);
  attach(g, f, loc);
  gki_log_push(g, GK_EV_MOVE, f, 0, loc.where, loc.a, loc.b);
  return GK_OK;
}

int gk_figure_return(gk_game *g, int f) {
  if (!g) return GK_EINVAL;
  if (!figure_ok(g, "return", f)) return GK_EINVAL;
  if (g->figures[f].where == GK_AT_SUPPLY) {
    gki_game_seterr(g, "return: figure %d is already in supply", f);
    return GK_EILLEGAL;
  }
  if (gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  detach(g, f);
  attach(g, f, (gk_location){GK_AT_SUPPLY, 0, 0});
  gki_log_push(g, GK_EV_RETURN, f, 0, 0, 0, 0);
  return GK_OK;
}

int gk_feature_figures(const gk_game *g, int32_t node, int *out, int cap) {
  if (!g) return GK_EINVAL;
  if (node < 0 || node >= g->n_nodes || cap < 0 || (cap > 0 && !out)) {
    gki_game_seterr(g, "feature_figures: bad node %d or buffer", node);
    return GK_EINVAL;
  }
  int count = 0;
  for (int32_t f = g->root[gki_find(g, node)].fig_head; f >= 0; f = g->figures[f].next) {
    if (count < cap) out[count] = f;
    count++;
  }
  /* lists are short: insertion sort */
  for (int i = 1; i < count && i < cap; i++)
    for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
      int t = out[j];
      out[j] = out[j - 1];
      out[j - 1] = t;
    }
  return count;
}

int gk_figures_at(const gk_game *g, gk_location loc, int *out, int cap) {
  if (!g) return GK_EINVAL;
  if (cap < 0 || (cap > 0 && !out)) {
    gki_game_seterr(g, "figures_at: bad buffer");
    return GK_EINVAL;
  }
  if (loc.where < GK_AT_SUPPLY || loc.where > GK_AT_OUT) {
    gki_game_seterr(g, "figures_at: bad location type %d", loc.where);
    return GK_EINVAL;
  }
  int count = 0;
  for (int f = 0; f < g->n_figures; f++) {
    const gk_figrec *r = &g->figures[f];
    if (r->where != loc.where) continue;
    if (loc.where != GK_AT_SUPPLY && loc.where != GK_AT_OUT &&
        (r->a != loc.a || (loc.where != GK_AT_NODE && loc.where != GK_AT_TILE &&
                           r->b != loc.b)))
      continue;
    if (count < cap) out[count] = f;
    count++;
  }
  return count;
}

int gk_majority(const gk_game *g, int32_t node, const int32_t *by_kind,
                const int32_t *by_figure, uint32_t *leaders) {
  if (leaders) *leaders = 0;
  if (!g) return GK_EINVAL;
  if (node < 0 || node >= g->n_nodes || !by_kind) {
    gki_game_seterr(g, "majority: bad node %d or strengths", node);
    return GK_EINVAL;
  }
  int64_t strength[GK_MAX_PLAYERS] = {0};
  for (int32_t f = g->root[gki_find(g, node)].fig_head; f >= 0; f = g->figures[f].next) {
    const gk_figrec *r = &g->figures[f];
    if (r->owner < 0) continue;
    int32_t s = by_figure && by_figure[f] >= 0 ? by_figure[f] : by_kind[r->kind];
    if (s > 0) strength[r->owner] += s;
  }
  int64_t best = 0;
  for (int p = 0; p < g->n_players; p++)
    if (strength[p] > best) best = strength[p];
  uint32_t mask = 0;
  if (best > 0)
    for (int p = 0; p < g->n_players; p++)
      if (strength[p] == best) mask |= 1u << p;
  if (leaders) *leaders = mask;
  return best > INT32_MAX ? INT32_MAX : (int)best;
}

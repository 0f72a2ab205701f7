/*
** cap_token_pool.c: a figure's pool of tokens drawn from a bag, grown
** while its feature grows and paid out, or lost, all at once
** (gk_token_pool_rule).
**
** Owns caps.token_pool. Invariant: the state's pools are the figures of
** the rule's kind that stood on the board at the last turn end, less
** those sent home since, in the order they arrived, each with its summed
** worth; every token drawn is in the token list under one pool's figure
** (in the order drawn) or back in the bag. `asked` lists the pools the
** active player is still to be asked about this part, and is empty
** between turns.
*/
#include "flow/flow_internal.h"

int gk_flow_add_token_pool(gk_flow *f, const gk_token_pool_rule *rule) {
  int st = fl_check_open(f, "declare a token pool");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || rule->figure < 0 || rule->figure >= r->n_figure_kinds || rule->stack < 0 ||
      rule->stack >= r->n_stacks || rule->phase < GK_PHASE_CUSTOM || rule->phase >= f->n_phases ||
      rule->grow < 0 || rule->grow >= f->n_actions || rule->cash < 0 ||
      rule->cash >= f->n_actions || rule->grow == rule->cash || rule->value < 0 ||
      rule->value >= r->n_attrs || rule->bust < -1 || rule->bust >= r->n_tags || rule->reason < 0 ||
      rule->reason >= r->n_reasons) {
    fl_flow_error(f, "token_pool: malformed rule (a figure kind, a stack, a custom phase, two "
                     "actions, an attribute, a tag or none and a reason that exist)");
    return GK_EINVAL;
  }
  if (f->caps.token_pool.on) {
    fl_flow_error(f, "token_pool: one per flow");
    return GK_EINVAL;
  }
  if (fl_action_layout(f, rule->grow, "token_pool", 0, NULL) ||
      fl_action_layout(f, rule->cash, "token_pool", 0, NULL))
    return GK_EINVAL;
  f->caps.token_pool.on = true;
  f->caps.token_pool.rule = *rule;
  return GK_OK;
}

static bool pool_declared(const gk_flow *f) { return f->caps.token_pool.on; }

static const gk_token_pool_rule *rule_of(const gk_play *p) { return &p->flow->caps.token_pool.rule; }

static int32_t root_of(const gk_play *p, const fl_pool *x) { return gki_find(p->game, x->node); }

/* A token type's worth: the value attribute over its segments. */
static int32_t worth_of(const gk_play *p, int type) {
  const gk_rules *r = p->game->rules;
  const gk_tile_template *tp = &r->templates[type];
  int32_t sum = 0;
  for (int s = 0; s < tp->n_segments; s++)
    sum += r->template_attrs[tp->attr_offset + (size_t)s * (size_t)r->n_attrs + (size_t)rule_of(p)->value];
  return sum;
}

static int put_back(gk_play *p, int type) {
  int st = gk_stack_put_back(p->game, rule_of(p)->stack, type, GK_PUT_RANDOM);
  if (st < 0) gk_play_set_error(p, "%s", gk_game_error(p->game));
  return st < 0 ? st : GK_OK;
}

/* Puts the tokens of figure fig's pool back into the bag, in the order
** drawn, and out of the list. */
static int release_tokens(gk_play *p, int16_t fig) {
  fl_pool_state *s = &p->caps.token_pool;
  int kept = 0, st = GK_OK;
  for (int t = 0; t < s->n_tokens; t++) {
    if (s->token_of[t] != fig) {
      s->token_of[kept] = s->token_of[t];
      s->token[kept++] = s->token[t];
    } else if (!st) {
      st = put_back(p, s->token[t]);
    }
  }
  s->n_tokens = (uint8_t)kept;
  return st;
}

static void drop_pool(fl_pool_state *s, int i) {
  memmove(&s->pool[i], &s->pool[i + 1], (size_t)(s->n - i - 1) * sizeof s->pool[0]);
  s->n--;
}

/* Sends home the figures of the pools on feature `root` and puts their
** tokens back, pool by pool in order, then `extra` (a bust token, or -1). */
static int clear_feature(gk_play *p, int32_t root, int extra) {
  fl_pool_state *s = &p->caps.token_pool;
  for (int i = 0; i < s->n;) {
    if (root_of(p, &s->pool[i]) != root) { i++; continue; }
    fl_pool x = s->pool[i];
    drop_pool(s, i);
    int st = gk_figure_return(p->game, x.figure);
    if (st < 0) {
      gk_play_set_error(p, "%s", gk_game_error(p->game));
      return st;
    }
    if ((st = release_tokens(p, x.figure))) return st;
  }
  return extra >= 0 ? put_back(p, extra) : GK_OK;
}

/* Cash-in: each owner of a pool on the feature, once, in pool order,
** scores all of the feature's pools; then they are cleared. */
static int cash_feature(gk_play *p, int32_t root) {
  const fl_pool_state *s = &p->caps.token_pool;
  int64_t total = 0;
  uint32_t seen = 0;
  int owners[GK_MAX_POOLS], n = 0;
  for (int i = 0; i < s->n; i++) {
    if (root_of(p, &s->pool[i]) != root) continue;
    total += s->pool[i].worth;
    int o = s->pool[i].owner;
    if (o >= 0 && !((seen >> o) & 1u)) seen |= 1u << o, owners[n++] = o;
  }
  for (int i = 0; i < n; i++) {
    int st = fl_score(p, owners[i], total, rule_of(p)->reason, root);
    if (st) return st;
  }
  return clear_feature(p, root, -1);
}

/* One more token for pool i; a bust token clears its feature. */
static int grow_pool(gk_play *p, int i) {
  fl_pool_state *s = &p->caps.token_pool;
  const gk_token_pool_rule *rule = rule_of(p);
  int type = gk_stack_draw(p->game, rule->stack);
  if (type == GK_EEMPTY) return GK_OK; /* an empty bag: nothing happens */
  if (type < 0) {
    gk_play_set_error(p, "%s", gk_game_error(p->game));
    return type;
  }
  if (rule->bust >= 0 && ((p->game->rules->tiles[type].def.tags >> rule->bust) & 1u))
    return clear_feature(p, root_of(p, &s->pool[i]), type);
  if (s->n_tokens >= GK_MAX_POOL_TOKENS) {
    gk_play_set_error(p, "token_pool: more than %d tokens in the pools", GK_MAX_POOL_TOKENS);
    return GK_EINVAL;
  }
  s->token_of[s->n_tokens] = s->pool[i].figure;
  s->token[s->n_tokens++] = (uint16_t)type;
  s->pool[i].worth += worth_of(p, type);
  return GK_OK;
}

/* The placed tile's features holding pools of the active player: asked
** about once per feature, in pool order (a later tile of the turn's
** next part asks anew). */
static int pool_tile_placed(gk_play *p, const gk_move *m) {
  (void)m;
  fl_pool_state *s = &p->caps.token_pool;
  if (s->n == 0 || p->placed < 0) return GK_OK;
  const gk_game *g = p->game;
  const gk_tilerec *t = &g->tiles[p->placed];
  int nseg = g->rules->templates[t->type].n_segments;
  int32_t fields[GK_MAX_POOLS];
  int n = 0;
  int16_t asked[GK_MAX_POOLS];
  for (int i = 0; i < s->n; i++) {
    if (s->pool[i].owner != p->player) continue;
    int32_t root = root_of(p, &s->pool[i]);
    bool here = false, fresh = true;
    for (int k = 0; k < nseg && !here; k++) here = gki_find(g, t->first_node + k) == root;
    for (int k = 0; k < n && fresh; k++) fresh = fields[k] != root;
    if (!here || !fresh) continue;
    fields[n] = root;
    asked[n++] = s->pool[i].figure;
  }
  if (n == 0) return GK_OK;
  memcpy(s->asked, asked, (size_t)n * sizeof asked[0]);
  s->n_asked = (int8_t)n;
  return GK_OK;
}

static int pool_phase_moves(gk_play *p) {
  const gk_token_pool_rule *rule = rule_of(p);
  if (p->phase != rule->phase || p->caps.token_pool.n_asked == 0) return GK_OK;
  int st = fl_reserve_moves(p, p->n_moves + 2);
  if (st) return st;
  p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_ACTION, .action = rule->grow};
  p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_ACTION, .action = rule->cash};
  return GK_OK;
}

static int pool_apply(gk_play *p, const gk_move *m) {
  const gk_token_pool_rule *rule = rule_of(p);
  fl_pool_state *s = &p->caps.token_pool;
  if (m->type != GK_MOVE_ACTION || p->phase != rule->phase ||
      (m->action != rule->grow && m->action != rule->cash))
    return FL_NOT_MINE;
  if (s->n_asked == 0) {
    gk_play_set_error(p, "%s: no pool to tend this turn", gk_flow_action_name(p->flow, m->action));
    return GK_EILLEGAL;
  }
  int16_t fig = s->asked[0];
  memmove(&s->asked[0], &s->asked[1], (size_t)(s->n_asked - 1) * sizeof s->asked[0]);
  s->n_asked--;
  /* found again by figure: an earlier choice this turn may have sent it home */
  for (int i = 0; i < s->n; i++) {
    if (s->pool[i].figure != fig) continue;
    int st = m->action == rule->grow ? grow_pool(p, i) : cash_feature(p, root_of(p, &s->pool[i]));
    if (st) return st;
    break;
  }
  return s->n_asked > 0 ? FL_PLAYED_AGAIN : FL_PLAYED_NEXT;
}

/* Figures gone from where their pool began put their tokens back; the
** rule's figures newly on the board start a pool with one token. */
static int reconcile(gk_play *p) {
  fl_pool_state *s = &p->caps.token_pool;
  const gk_game *g = p->game;
  for (int i = 0; i < s->n;) {
    const gk_figrec *fr = &g->figures[s->pool[i].figure];
    if (fr->where == GK_AT_NODE && fr->a == s->pool[i].node) { i++; continue; }
    int16_t fig = s->pool[i].figure;
    drop_pool(s, i);
    int st = release_tokens(p, fig);
    if (st) return st;
  }
  /* the kind's figures are consecutive ids (gki_kind_range): figure order */
  int32_t first;
  int count = gki_kind_range(g, rule_of(p)->figure, &first);
  for (int32_t f = first; f < first + count; f++) {
    const gk_figrec *fr = &g->figures[f];
    if (fr->where != GK_AT_NODE) continue;
    bool known = false;
    for (int i = 0; i < s->n && !known; i++) known = s->pool[i].figure == f;
    if (known) continue;
    if (s->n >= GK_MAX_POOLS) {
      gk_play_set_error(p, "token_pool: more than %d figures with pools", GK_MAX_POOLS);
      return GK_EINVAL;
    }
    s->pool[s->n++] = (fl_pool){.figure = (int16_t)f, .owner = fr->owner, .node = fr->a};
    int st = grow_pool(p, s->n - 1);
    if (st) return st;
  }
  return GK_OK;
}

/* The end of a turn: pools settled, then each closed feature cashed. */
static int pool_turn_end(gk_play *p) {
  fl_pool_state *s = &p->caps.token_pool;
  s->n_asked = 0;
  int st = reconcile(p);
  if (st) return st;
  for (int i = 0; i < s->n;) {
    int32_t root = root_of(p, &s->pool[i]);
    if (p->game->root[root].open != 0) { i++; continue; }
    if ((st = cash_feature(p, root))) return st;
  }
  return GK_OK;
}

const fl_capability fl_cap_token_pool = {
    .name = "token_pool",
    .declared = pool_declared,
    .tile_placed = pool_tile_placed,
    .phase_moves = pool_phase_moves,
    .apply = pool_apply,
    .turn_end = pool_turn_end,
};

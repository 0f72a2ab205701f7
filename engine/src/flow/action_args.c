/*
** action_args.c: the names of a custom action's arguments.
**
** Owns the flow's action_args. Invariant: an action has either no names
** (its moves carry four positional integers, as scripts wrote them
** before names existed) or 0..GK_ACTION_ARGS distinct names, set once
** before the flow is frozen, one per leading gk_move.arg; the other
** arguments of its moves are 0. The kernel never reads the names: they
** are how the bindings show and read the arguments (args.x) and what a
** capability declares about the moves it plays. A capability whose moves
** name a node (x, y, segment) reads it with fl_action_node, so every such
** move refuses a missing node with the same message.
*/
#include <stdio.h>
#include <string.h>

#include "flow/flow_internal.h"

static bool names_ok(int n, const char *const *names) {
  if (n < 0 || n > GK_ACTION_ARGS || (n > 0 && !names)) return false;
  for (int i = 0; i < n; i++) {
    if (!gki_name_ok(names[i])) return false;
    for (int j = 0; j < i; j++)
      if (strcmp(names[i], names[j]) == 0) return false;
  }
  return true;
}

int gk_flow_set_action_args(gk_flow *f, int action, int n, const char *const *names) {
  int st = fl_check_open(f, "name an action's arguments");
  if (st) return st;
  if (action < 0 || action >= f->n_actions || f->action_args[action].named || !names_ok(n, names)) {
    fl_flow_error(f, "action_args: an unknown action, names given twice, or not 0..%d distinct names",
                  GK_ACTION_ARGS);
    return GK_EINVAL;
  }
  fl_action_args *a = &f->action_args[action];
  a->named = true;
  a->n = n;
  for (int i = 0; i < n; i++) strcpy(a->name[i].s, names[i]);
  return GK_OK;
}

int gk_flow_action_args(const gk_flow *f, int action) {
  if (!f || action < 0 || action >= f->n_actions || !f->action_args[action].named) return -1;
  return f->action_args[action].n;
}

const char *gk_flow_action_arg(const gk_flow *f, int action, int i) {
  int n = gk_flow_action_args(f, action);
  return i >= 0 && i < n ? f->action_args[action].name[i].s : NULL;
}

/* "x, y, segment" (or "nothing") into out. */
static void list_names(const gk_flow *f, int action, int n, const char *const *names, char *out,
                       size_t cap) {
  out[0] = '\0';
  if (n == 0) snprintf(out, cap, "no arguments");
  for (int i = 0; i < n; i++) {
    size_t len = strlen(out);
    snprintf(out + len, cap - len, "%s%s", i ? ", " : "",
             names ? names[i] : f->action_args[action].name[i].s);
  }
}

int fl_action_layout(gk_flow *f, int action, const char *what, int n, const char *const *names) {
  if (action < 0 || action >= f->n_actions) return GK_OK; /* the capability's check says */
  const fl_action_args *a = &f->action_args[action];
  if (!a->named) return gk_flow_set_action_args(f, action, n, names);
  bool same = a->n == n;
  for (int i = 0; same && i < n; i++) same = strcmp(a->name[i].s, names[i]) == 0;
  if (same) return GK_OK;
  char want[GK_ACTION_ARGS * (GK_NAME_MAX + 2) + 16], had[sizeof want];
  list_names(f, action, n, names, want, sizeof want);
  list_names(f, action, a->n, NULL, had, sizeof had);
  fl_flow_error(f, "%s: action '%s' takes %s, not the declared %s", what, f->action_name[action].s,
                want, had);
  return GK_EINVAL;
}

static const char *const node_args[] = {"x", "y", "segment"};

int fl_node_action_layout(gk_flow *f, int action, const char *what) {
  return fl_action_layout(f, action, what, 3, node_args);
}

int32_t fl_action_node(gk_play *p, const gk_move *m) {
  int32_t tile = gk_tile_at(p->game, m->arg[0], m->arg[1]);
  int32_t node = tile >= 0 ? gk_node(p->game, tile, m->arg[2] - 1) : -1;
  if (node < 0)
    gk_play_set_error(p, "%s: no segment %d at %d %d", gk_flow_action_name(p->flow, m->action),
                      m->arg[2], m->arg[0], m->arg[1]);
  return node;
}

/*
** gk_rules.c: registering kinds, attributes, figures and tile types, and
** freezing them into the tables that placement runs on.
*/
#include <stdio.h>

#include "gk_internal.h"

gk_rules *gk_rules_new(const gk_allocator *alloc) {
  gk_allocator a = {0};
  if (alloc) a = *alloc;
  gk_rules *r = gki_mem(&a, NULL, 0, sizeof *r);
  if (!r) return NULL;
  memset(r, 0, sizeof *r);
  r->alloc = a;
  return r;
}

static void free_tables(gk_rules *r) {
  size_t nt = (size_t)r->n_tiles;
  /* sizes as allocated by freeze, which adds 1 so that 0 tiles works */
  gki_mem(&r->alloc, r->port_seg, nt * 4 * GK_PORT_COUNT + 1, 0);
  gki_mem(&r->alloc, r->side_class, nt * 4 * 4 + 1, 0);
  gki_mem(&r->alloc, r->side_runs, nt * 4 * 4 + 1, 0);
  r->side_runs = NULL;
  gki_mem(&r->alloc, r->side_key, (nt * 4 * 4 + 1) * sizeof(uint32_t), 0);
  r->side_key = NULL;
  gki_mem(&r->alloc, r->unique_rot, nt + 1, 0);
  gki_mem(&r->alloc, r->canon_rot, nt * 4 + 1, 0);
  r->canon_rot = NULL;
  gki_mem(&r->alloc, r->inner_mask, nt * sizeof(uint16_t) + 1, 0);
  gki_mem(&r->alloc, r->surround_mask_any, nt + 1, 0);
  gki_mem(&r->alloc, r->rotmask, 2 * nt * r->n_keys, 0); /* with rotcount */
  gki_mem(&r->alloc, r->key_enclosed, r->n_keys, 0);
  gki_mem(&r->alloc, r->templates, nt * sizeof *r->templates + 1, 0);
  gki_mem(&r->alloc, r->template_attrs,
         nt * GK_MAX_SEGMENTS * (size_t)r->n_attrs * sizeof(int32_t) + 1, 0);
  r->templates = NULL;
  r->template_attrs = NULL;
  r->port_seg = r->side_class = r->unique_rot = r->surround_mask_any = NULL;
  r->inner_mask = NULL;
  r->rotmask = r->rotcount = NULL;
  r->key_enclosed = NULL;
  r->n_keys = 0;
}

void gk_rules_free(gk_rules *r) {
  if (!r) return;
  free_tables(r);
  gki_mem(&r->alloc, r->tiles, (size_t)r->cap_tiles * sizeof *r->tiles, 0);
  gki_mem(&r->alloc, r->reason_name,
         (size_t)r->cap_reasons * sizeof *r->reason_name, 0);
  gk_allocator a = r->alloc;
  gki_mem(&a, r, sizeof *r, 0);
}

const char *gk_rules_error(const gk_rules *r) { return r ? r->err : "no rules"; }

int gk_rules_frozen(const gk_rules *r) { return r && r->frozen; }

/* Common checks for every registration: rules open, name usable, not
** already taken among names[0..n). */
static int check_new_name(gk_rules *r, const char *what, const char *name,
                          const gk_name *names, int n, int max) {
  if (!r) return GK_EINVAL;
  if (r->frozen) {
    gki_rules_seterr(r, "cannot add %s '%s': rules are frozen", what,
                    name ? name : "?");
    return GK_ESTATE;
  }
  if (!gki_name_ok(name)) {
    /* the offending value, cut short: it may be any length */
    if (!name || !name[0])
      gki_rules_seterr(r, "bad %s name: empty", what);
    else
      gki_rules_seterr(r, "bad %s name '%.*s...': over %d bytes", what,
                      GK_NAME_MAX, name, GK_NAME_MAX);
    return GK_EINVAL;
  }
  for (int i = 0; i < n; i++)
    if (strcmp(names[i].s, name) == 0) {
      gki_rules_seterr(r, "%s '%s' is already defined", what, name);
      return GK_EINVAL;
    }
  if (n >= max) {
    gki_rules_seterr(r, "too many %ss (at most %d)", what, max);
    return GK_EINVAL;
  }
  return GK_OK;
}

static int find_name(const gk_name *names, int n, const char *name) {
  if (!name) return -1;
  for (int i = 0; i < n; i++)
    if (strcmp(names[i].s, name) == 0) return i;
  return -1;
}

int gk_rules_add_kind(gk_rules *r, const char *name, gk_completion completion,
                      unsigned flags) {
  int st = check_new_name(r, "kind", name, r ? r->kind_name : NULL,
                          r ? r->n_kinds : 0, GK_MAX_KINDS);
  if (st) return st;
  if ((unsigned)completion > GK_CLOSE_NEVER || (flags & ~GK_KIND_WILDCARD)) {
    gki_rules_seterr(r, "kind '%s': bad completion %d or flags %u", name,
                    (int)completion, flags);
    return GK_EINVAL;
  }
  int k = r->n_kinds++;
  strcpy(r->kind_name[k].s, name);
  r->kind_completion[k] = (uint8_t)completion;
  r->kind_flags[k] = (uint8_t)flags;
  r->kind_match[k] = 1ull << k;
  r->kind_join[k] = (flags & GK_KIND_WILDCARD) ? 0 : 1ull << k;
  return k;
}

static bool kind_ok(const gk_rules *r, int k) { return k >= 0 && k < r->n_kinds; }

int gk_rules_set_match(gk_rules *r, int a, int b, unsigned flags) {
  if (!r) return GK_EINVAL;
  if (r->frozen) {
    gki_rules_seterr(r, "cannot change matching: rules are frozen");
    return GK_ESTATE;
  }
  if (!kind_ok(r, a) || !kind_ok(r, b) || (flags & ~(GK_MATCH | GK_JOIN))) {
    gki_rules_seterr(r, "set_match: bad kind %d/%d or flags %u", a, b, flags);
    return GK_EINVAL;
  }
  if ((flags & GK_JOIN) && !(flags & GK_MATCH)) {
    gki_rules_seterr(r, "set_match: kinds that join must also match");
    return GK_EINVAL;
  }
  uint64_t ba = 1ull << a, bb = 1ull << b;
  if (flags & GK_MATCH) {
    r->kind_match[a] |= bb;
    r->kind_match[b] |= ba;
  } else {
    r->kind_match[a] &= ~bb;
    r->kind_match[b] &= ~ba;
  }
  if (flags & GK_JOIN) {
    r->kind_join[a] |= bb;
    r->kind_join[b] |= ba;
  } else {
    r->kind_join[a] &= ~bb;
    r->kind_join[b] &= ~ba;
  }
  return GK_OK;
}

int gk_rules_kinds_match(const gk_rules *r, int a, int b) {
  if (!r || !kind_ok(r, a) || !kind_ok(r, b)) return GK_EINVAL;
  if ((r->kind_flags[a] | r->kind_flags[b]) & GK_KIND_WILDCARD) return 1;
  return (r->kind_match[a] >> b) & 1;
}

int gk_rules_kinds_join(const gk_rules *r, int a, int b) {
  if (!r || !kind_ok(r, a) || !kind_ok(r, b)) return GK_EINVAL;
  return (r->kind_join[a] >> b) & 1;
}

int gk_rules_add_attr(gk_rules *r, const char *name, gk_merge_op op) {
  int st = check_new_name(r, "attribute", name, r ? r->attr_name : NULL,
                          r ? r->n_attrs : 0, GK_MAX_ATTRS);
  if (st) return st;
  if ((unsigned)op > GK_MERGE_ALL) {
    gki_rules_seterr(r, "attribute '%s': bad merge op %d", name, (int)op);
    return GK_EINVAL;
  }
  int i = r->n_attrs++;
  strcpy(r->attr_name[i].s, name);
  r->attr_op[i] = (uint8_t)op;
  return i;
}

int gk_rules_add_tag(gk_rules *r, const char *name) {
  int st = check_new_name(r, "tag", name, r ? r->tag_name : NULL,
                          r ? r->n_tags : 0, GK_MAX_TAGS);
  if (st) return st;
  strcpy(r->tag_name[r->n_tags].s, name);
  return r->n_tags++;
}

int gk_rules_add_figure_kind(gk_rules *r, const char *name,
                             const gk_figure_spec *spec) {
  int st = check_new_name(r, "figure kind", name, r ? r->figure_name : NULL,
                          r ? r->n_figure_kinds : 0, GK_MAX_FIGURE_KINDS);
  if (st) return st;
  if (!spec || spec->per_player < 0 || spec->neutral < 0 ||
      spec->per_player > 1000 || spec->neutral > 1000) {
    gki_rules_seterr(r, "figure kind '%s': counts must be within 0..1000",
                    name);
    return GK_EINVAL;
  }
  int i = r->n_figure_kinds++;
  strcpy(r->figure_name[i].s, name);
  r->figure_spec[i] = *spec;
  if (i > 0)
    r->figures_before[i] = (gk_figure_spec){
        r->figures_before[i - 1].per_player + r->figure_spec[i - 1].per_player,
        r->figures_before[i - 1].neutral + r->figure_spec[i - 1].neutral};
  return i;
}

int gk_rules_add_stack(gk_rules *r, const char *name) {
  int st = check_new_name(r, "stack", name, r ? r->stack_name : NULL,
                          r ? r->n_stacks : 0, GK_MAX_STACKS);
  if (st) return st;
  strcpy(r->stack_name[r->n_stacks].s, name);
  return r->n_stacks++;
}

int gk_rules_add_counter(gk_rules *r, const char *name) {
  int st = check_new_name(r, "counter", name, r ? r->counter_name : NULL,
                          r ? r->n_counters : 0, GK_MAX_COUNTERS);
  if (st) return st;
  strcpy(r->counter_name[r->n_counters].s, name);
  return r->n_counters++;
}

int gk_rules_block_region(gk_rules *r, int32_t x0, int32_t y0, int32_t x1, int32_t y1) {
  if (!r) return GK_EINVAL;
  if (r->frozen) {
    gki_rules_seterr(r, "cannot add a blocked region: rules are frozen");
    return GK_ESTATE;
  }
  if (x0 > x1 || y0 > y1) {
    gki_rules_seterr(r, "block_region: empty rectangle x %d..%d, y %d..%d", x0, x1, y0, y1);
    return GK_EINVAL;
  }
  if (r->n_regions >= GK_MAX_REGIONS) {
    gki_rules_seterr(r, "block_region: more than %d regions", GK_MAX_REGIONS);
    return GK_EINVAL;
  }
  r->region[r->n_regions].x0 = x0;
  r->region[r->n_regions].y0 = y0;
  r->region[r->n_regions].x1 = x1;
  r->region[r->n_regions].y1 = y1;
  return r->n_regions++;
}

int gk_rules_region_count(const gk_rules *r) { return r ? r->n_regions : GK_EINVAL; }

bool gki_in_blocked_region(const gk_rules *r, int32_t x, int32_t y) {
  for (int i = 0; i < r->n_regions; i++)
    if (x >= r->region[i].x0 && x <= r->region[i].x1 && y >= r->region[i].y0 &&
        y <= r->region[i].y1)
      return true;
  return false;
}

int gk_rules_add_reason(gk_rules *r, const char *name) {
  int st = check_new_name(r, "reason", name, r ? r->reason_name : NULL,
                          r ? r->n_reasons : 0, 4096);
  if (st) return st;
  void *p = r->reason_name;
  int32_t cap = r->cap_reasons;
  if (gki_grow(&r->alloc, &p, &cap, r->n_reasons + 1, sizeof(gk_name))) {
    gki_rules_seterr(r, "out of memory adding reason '%s'", name);
    return GK_ENOMEM;
  }
  r->reason_name = p;
  r->cap_reasons = cap;
  strcpy(r->reason_name[r->n_reasons].s, name);
  return r->n_reasons++;
}

/* {------------------------------------------------------------------
** Tile types
** ------------------------------------------------------------------- */

static int validate_tile(gk_rules *r, const gk_tile_def *d) {
  const char *id = d->id;
  if (d->n_segments < 1 || d->n_segments > GK_MAX_SEGMENTS) {
    gki_rules_seterr(r, "tile %s: %d segments (must be 1..%d)", id,
                    d->n_segments, GK_MAX_SEGMENTS);
    return GK_EINVAL;
  }
  int owner[GK_PORT_COUNT];
  for (int p = 0; p < GK_PORT_COUNT; p++) owner[p] = -1;
  for (int i = 0; i < d->n_segments; i++) {
    const gk_segment_def *s = &d->segments[i];
    if (!kind_ok(r, s->kind)) {
      gki_rules_seterr(r, "tile %s: segment %d has unknown kind %d", id, i + 1,
                      s->kind);
      return GK_EINVAL;
    }
    if (s->ports & ~0xFFFu) {
      gki_rules_seterr(r, "tile %s: segment %d names ports beyond the 12", id,
                      i + 1);
      return GK_EINVAL;
    }
    for (int p = 0; p < GK_PORT_COUNT; p++) {
      if (!(s->ports & (1u << p))) continue;
      if (owner[p] >= 0) {
        gki_rules_seterr(r, "tile %s: port %s covered by segments %d and %d",
                        id, gk_port_name(p), owner[p] + 1, i + 1);
        return GK_EINVAL;
      }
      owner[p] = i;
    }
    if (s->adjacent >> d->n_segments) {
      int bad = d->n_segments;
      while (!((s->adjacent >> bad) & 1)) bad++;
      gki_rules_seterr(r, "tile %s: segment %d is adjacent to missing segment %d",
                      id, i + 1, bad + 1);
      return GK_EINVAL;
    }
    if (s->adjacent & (1u << i)) {
      gki_rules_seterr(r, "tile %s: segment %d is adjacent to itself", id, i + 1);
      return GK_EINVAL;
    }
    if (s->n_attrs < 0 || s->n_attrs > GK_MAX_SEG_ATTRS) {
      gki_rules_seterr(r, "tile %s: segment %d has %d attributes (max %d)", id,
                      i + 1, s->n_attrs, GK_MAX_SEG_ATTRS);
      return GK_EINVAL;
    }
    for (int k = 0; k < s->n_attrs; k++)
      if (s->attrs[k].attr < 0 || s->attrs[k].attr >= r->n_attrs) {
        gki_rules_seterr(r, "tile %s: segment %d has unknown attribute %d", id,
                        i + 1, s->attrs[k].attr);
        return GK_EINVAL;
      }
    if (s->ports == 0 && r->kind_completion[s->kind] == GK_CLOSE_PORTS) {
      /* An inner segment has no ports to close; it is closed from the
      ** start, which is only sensible for kinds that never score by
      ** closing. Allowed, but it is a definition smell worth refusing. */
      gki_rules_seterr(r,
                      "tile %s: inner segment %d of kind '%s' closes by ports "
                      "but has none (give the kind a 'surrounded' or 'never' "
                      "completion)",
                      id, i + 1, r->kind_name[s->kind].s);
      return GK_EINVAL;
    }
  }
  for (int p = 0; p < GK_PORT_COUNT; p++)
    if (owner[p] < 0) {
      gki_rules_seterr(r, "tile %s: port %s covered by no segment", id,
                      gk_port_name(p));
      return GK_EINVAL;
    }
  if (r->n_tags < 64 && (d->tags >> r->n_tags)) {
    gki_rules_seterr(r, "tile %s: unknown tag bit set", id);
    return GK_EINVAL;
  }
  if (d->flags & ~(unsigned)GK_TILE_ORIENTED) {
    gki_rules_seterr(r, "tile %s: unknown flag bits 0x%x", id,
                    d->flags & ~(unsigned)GK_TILE_ORIENTED);
    return GK_EINVAL;
  }
  return GK_OK;
}

int gk_rules_add_tile(gk_rules *r, const gk_tile_def *d) {
  if (!r) return GK_EINVAL;
  if (r->frozen) {
    gki_rules_seterr(r, "cannot add tile '%s': rules are frozen",
                    d && d->id ? d->id : "?");
    return GK_ESTATE;
  }
  if (!d || !gki_name_ok(d->id)) {
    gki_rules_seterr(r, "tile definition without a usable id");
    return GK_EINVAL;
  }
  if (gk_rules_find_tile(r, d->id) >= 0) {
    gki_rules_seterr(r, "tile %s: duplicate tile id", d->id);
    return GK_EINVAL;
  }
  if (r->n_tiles >= 65535) {
    gki_rules_seterr(r, "too many tile types");
    return GK_EINVAL;
  }
  int st = validate_tile(r, d);
  if (st) return st;
  void *p = r->tiles;
  int32_t cap = r->cap_tiles;
  if (gki_grow(&r->alloc, &p, &cap, r->n_tiles + 1, sizeof(gk_tile_entry))) {
    gki_rules_seterr(r, "out of memory adding tile %s", d->id);
    return GK_ENOMEM;
  }
  r->tiles = p;
  r->cap_tiles = cap;
  for (int i = 0; i < r->n_tiles; i++) r->tiles[i].def.id = r->tiles[i].id;
  gk_tile_entry *e = &r->tiles[r->n_tiles];
  memset(e, 0, sizeof *e);
  e->def = *d;
  strcpy(e->id, d->id);
  e->def.id = e->id;
  for (int i = 0; i < d->n_segments; i++) {
    gk_segment_def *s = &e->def.segments[i];
    for (int j = 0; j < d->n_segments; j++)
      if (d->segments[j].adjacent & (1u << i)) s->adjacent |= (uint16_t)(1u << j);
    memset(s->attrs + s->n_attrs, 0,
           sizeof(gk_segment_attr) * (size_t)(GK_MAX_SEG_ATTRS - s->n_attrs));
  }
  for (int i = d->n_segments; i < GK_MAX_SEGMENTS; i++)
    memset(&e->def.segments[i], 0, sizeof e->def.segments[i]);
  return r->n_tiles++;
}

/* }------------------------------------------------------------------ */

/* {------------------------------------------------------------------
** Lookups
** ------------------------------------------------------------------- */

int gk_rules_find_kind(const gk_rules *r, const char *n) {
  return r ? find_name(r->kind_name, r->n_kinds, n) : -1;
}
int gk_rules_find_attr(const gk_rules *r, const char *n) {
  return r ? find_name(r->attr_name, r->n_attrs, n) : -1;
}
int gk_rules_find_tag(const gk_rules *r, const char *n) {
  return r ? find_name(r->tag_name, r->n_tags, n) : -1;
}
int gk_rules_find_figure_kind(const gk_rules *r, const char *n) {
  return r ? find_name(r->figure_name, r->n_figure_kinds, n) : -1;
}
int gk_rules_find_stack(const gk_rules *r, const char *n) {
  return r ? find_name(r->stack_name, r->n_stacks, n) : -1;
}
int gk_rules_find_reason(const gk_rules *r, const char *n) {
  return r ? find_name(r->reason_name, r->n_reasons, n) : -1;
}
int gk_rules_find_counter(const gk_rules *r, const char *n) {
  return r ? find_name(r->counter_name, r->n_counters, n) : -1;
}
int gk_rules_find_tile(const gk_rules *r, const char *id) {
  if (!r || !id) return -1;
  for (int i = 0; i < r->n_tiles; i++)
    if (strcmp(r->tiles[i].id, id) == 0) return i;
  return -1;
}

int gk_rules_kind_count(const gk_rules *r) { return r ? r->n_kinds : 0; }
int gk_rules_attr_count(const gk_rules *r) { return r ? r->n_attrs : 0; }
int gk_rules_tag_count(const gk_rules *r) { return r ? r->n_tags : 0; }
int gk_rules_figure_kind_count(const gk_rules *r) {
  return r ? r->n_figure_kinds : 0;
}
int gk_rules_stack_count(const gk_rules *r) { return r ? r->n_stacks : 0; }
int gk_rules_reason_count(const gk_rules *r) { return r ? r->n_reasons : 0; }
int gk_rules_tile_count(const gk_rules *r) { return r ? r->n_tiles : 0; }

#define NAME_GETTER(fn, arr, count)                          \
  const char *fn(const gk_rules *r, int i) {                 \
    return r && i >= 0 && i < r->count ? r->arr[i].s : NULL; \
  }
NAME_GETTER(gk_rules_kind_name, kind_name, n_kinds)
NAME_GETTER(gk_rules_attr_name, attr_name, n_attrs)
NAME_GETTER(gk_rules_tag_name, tag_name, n_tags)
NAME_GETTER(gk_rules_figure_kind_name, figure_name, n_figure_kinds)
NAME_GETTER(gk_rules_stack_name, stack_name, n_stacks)
NAME_GETTER(gk_rules_reason_name, reason_name, n_reasons)

int gk_rules_kind_completion(const gk_rules *r, int k) {
  return r && kind_ok(r, k) ? r->kind_completion[k] : GK_EINVAL;
}
int gk_rules_attr_op(const gk_rules *r, int a) {
  return r && a >= 0 && a < r->n_attrs ? r->attr_op[a] : GK_EINVAL;
}
int gk_rules_figure_spec(const gk_rules *r, int k, gk_figure_spec *out) {
  if (!r || k < 0 || k >= r->n_figure_kinds || !out) return GK_EINVAL;
  *out = r->figure_spec[k];
  return GK_OK;
}
const gk_tile_def *gk_rules_tile(const gk_rules *r, int t) {
  return r && t >= 0 && t < r->n_tiles ? &r->tiles[t].def : NULL;
}

unsigned gk_rules_unique_rotations(const gk_rules *r, int t) {
  return r && r->frozen && t >= 0 && t < r->n_tiles ? r->unique_rot[t] : 0;
}

int gk_rules_segment_at_port(const gk_rules *r, int t, int rot, int port) {
  if (!r || !r->frozen || t < 0 || t >= r->n_tiles || rot < 0 || rot > 3 ||
      port < 0 || port >= GK_PORT_COUNT)
    return GK_EINVAL;
  uint8_t s = gki_port_seg(r, t, rot)[port];
  return s == GK_NO_SEGMENT ? -1 : s;
}

uint64_t gk_rules_fingerprint(const gk_rules *r) {
  return r && r->frozen ? r->fingerprint : 0;
}

/* }------------------------------------------------------------------ */

/* {------------------------------------------------------------------
** Freezing
** ------------------------------------------------------------------- */

/* Rotations r1 and r2 give the same tile when some bijection of segments
** maps every port and keeps kinds, attributes and adjacency. */
static bool same_rotation(const gk_rules *r, int t, int r1, int r2) {
  const gk_tile_def *d = &r->tiles[t].def;
  const uint8_t *a = gki_port_seg(r, t, r1), *b = gki_port_seg(r, t, r2);
  int map[GK_MAX_SEGMENTS];
  for (int i = 0; i < GK_MAX_SEGMENTS; i++) map[i] = -1;
  for (int p = 0; p < GK_PORT_COUNT; p++) {
    if (map[a[p]] < 0) map[a[p]] = b[p];
    else if (map[a[p]] != b[p]) return false;
  }
  for (int i = 0; i < d->n_segments; i++)
    if (d->segments[i].ports == 0) map[i] = i; /* inner segments stay put */
  int seen = 0;
  for (int i = 0; i < d->n_segments; i++) {
    if (map[i] < 0 || (seen & (1 << map[i]))) return false;
    seen |= 1 << map[i];
  }
  for (int i = 0; i < d->n_segments; i++) {
    const gk_segment_def *x = &d->segments[i], *y = &d->segments[map[i]];
    if (x->kind != y->kind || x->n_attrs != y->n_attrs ||
        memcmp(x->attrs, y->attrs, sizeof x->attrs) != 0)
      return false;
    for (int j = 0; j < d->n_segments; j++)
      if (((x->adjacent >> j) & 1) != ((y->adjacent >> map[j]) & 1))
        return false;
  }
  return true;
}

static bool class_sides_match(const gk_rules *r, const uint8_t *mine,
                              const uint8_t *theirs) {
  for (int i = 0; i < 3; i++)
    if (gk_rules_kinds_match(r, mine[i], theirs[2 - i]) != 1) return false;
  return true;
}

static uint64_t fnv(uint64_t h, const void *data, size_t n) {
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++) {
    h ^= p[i];
    h *= 0x100000001B3ull;
  }
  return h;
}

static uint64_t compute_fingerprint(const gk_rules *r) {
  uint64_t h = 0xCBF29CE484222325ull;
  h = fnv(h, &r->n_kinds, sizeof r->n_kinds);
  for (int k = 0; k < r->n_kinds; k++) {
    h = fnv(h, r->kind_name[k].s, strlen(r->kind_name[k].s) + 1);
    h = fnv(h, &r->kind_completion[k], 1);
    h = fnv(h, &r->kind_flags[k], 1);
    h = fnv(h, &r->kind_match[k], 8);
    h = fnv(h, &r->kind_join[k], 8);
  }
  for (int i = 0; i < r->n_attrs; i++) {
    h = fnv(h, r->attr_name[i].s, strlen(r->attr_name[i].s) + 1);
    h = fnv(h, &r->attr_op[i], 1);
  }
  for (int i = 0; i < r->n_figure_kinds; i++) {
    h = fnv(h, r->figure_name[i].s, strlen(r->figure_name[i].s) + 1);
    h = fnv(h, &r->figure_spec[i], sizeof r->figure_spec[i]);
  }
  for (int i = 0; i < r->n_stacks; i++)
    h = fnv(h, r->stack_name[i].s, strlen(r->stack_name[i].s) + 1);
  for (int i = 0; i < r->n_tags; i++)
    h = fnv(h, r->tag_name[i].s, strlen(r->tag_name[i].s) + 1);
  for (int i = 0; i < r->n_reasons; i++)
    h = fnv(h, r->reason_name[i].s, strlen(r->reason_name[i].s) + 1);
  for (int i = 0; i < r->n_counters; i++)
    h = fnv(h, r->counter_name[i].s, strlen(r->counter_name[i].s) + 1);
  if (r->n_regions) {
    h = fnv(h, &r->n_regions, sizeof r->n_regions);
    h = fnv(h, r->region, sizeof r->region[0] * (size_t)r->n_regions);
  }
  for (int t = 0; t < r->n_tiles; t++) {
    const gk_tile_def *d = &r->tiles[t].def;
    h = fnv(h, d->id, strlen(d->id) + 1);
    h = fnv(h, &d->n_segments, sizeof d->n_segments);
    for (int i = 0; i < d->n_segments; i++) {
      const gk_segment_def *s = &d->segments[i];
      h = fnv(h, &s->kind, sizeof s->kind);
      h = fnv(h, &s->ports, sizeof s->ports);
      h = fnv(h, &s->adjacent, sizeof s->adjacent);
      h = fnv(h, &s->n_attrs, sizeof s->n_attrs);
      h = fnv(h, s->attrs, sizeof(gk_segment_attr) * (size_t)s->n_attrs);
    }
    h = fnv(h, &d->tags, sizeof d->tags);
    /* hashed only when set: rules without flags keep their fingerprint */
    if (d->flags) h = fnv(h, &d->flags, sizeof d->flags);
  }
  return h;
}

static unsigned gk_popcount4(unsigned m) {
  return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);
}

/* The per-tile tables freezing fills (NULL members: out of memory). */
static bool alloc_tables(gk_rules *r, size_t nt) {
  r->port_seg = gki_mem(&r->alloc, NULL, 0, nt * 4 * GK_PORT_COUNT + 1);
  r->side_class = gki_mem(&r->alloc, NULL, 0, nt * 4 * 4 + 1);
  r->side_runs = gki_mem(&r->alloc, NULL, 0, nt * 4 * 4 + 1);
  r->side_key = gki_mem(&r->alloc, NULL, 0, (nt * 4 * 4 + 1) * sizeof(uint32_t));
  r->unique_rot = gki_mem(&r->alloc, NULL, 0, nt + 1);
  r->canon_rot = gki_mem(&r->alloc, NULL, 0, nt * 4 + 1);
  r->inner_mask = gki_mem(&r->alloc, NULL, 0, nt * sizeof(uint16_t) + 1);
  r->surround_mask_any = gki_mem(&r->alloc, NULL, 0, nt + 1);
  r->templates = gki_mem(&r->alloc, NULL, 0, nt * sizeof *r->templates + 1);
  r->template_attrs = gki_mem(&r->alloc, NULL, 0,
                             nt * GK_MAX_SEGMENTS * (size_t)r->n_attrs * sizeof(int32_t) + 1);
  r->n_keys = 0;
  return r->port_seg && r->side_class && r->side_runs && r->side_key && r->unique_rot && r->canon_rot &&
         r->inner_mask && r->surround_mask_any && r->templates && r->template_attrs;
}

/* A tile's fresh segments as placing it copies them: kinds, one-tile
** aggregates, adjacency and attribute values (any/all merged as 0/1). */
static void build_template(gk_rules *r, size_t t) {
  const gk_tile_def *d = &r->tiles[t].def;
  gk_tile_template *tp = &r->templates[t];
  memset(tp, 0, sizeof *tp);
  tp->n_segments = d->n_segments;
  tp->attr_offset = t * GK_MAX_SEGMENTS * (size_t)r->n_attrs;
  int32_t *av = r->template_attrs + tp->attr_offset;
  memset(av, 0, GK_MAX_SEGMENTS * (size_t)r->n_attrs * sizeof(int32_t));
  for (int i = 0; i < d->n_segments; i++) {
    const gk_segment_def *s = &d->segments[i];
    tp->kind[i] = (uint8_t)s->kind;
    tp->root[i] = (gk_rootrec){.open = __builtin_popcount(s->ports), .segments = 1,
                               .tiles = 1, .fig_head = -1, .figures = 0, .closed_by = 0};
    tp->adjacent[i] = s->adjacent;
    for (int k = 0; k < s->n_attrs; k++) {
      int a = s->attrs[k].attr;
      int32_t v = s->attrs[k].value;
      if (r->attr_op[a] == GK_MERGE_ANY || r->attr_op[a] == GK_MERGE_ALL) v = v != 0;
      av[i * r->n_attrs + a] = v;
    }
  }
}

/* Segment at every board port for every rotation, and the runs along
** each side. Turning a tile rot quarters clockwise moves its port p to
** board port p + 3*rot. */
static void build_port_tables(gk_rules *r, size_t t) {
  const gk_tile_def *d = &r->tiles[t].def;
  uint16_t inner = 0;
  uint8_t surround = 0;
  for (int i = 0; i < d->n_segments; i++)
    if (d->segments[i].ports == 0) {
      inner |= (uint16_t)(1u << i);
      if (r->kind_completion[d->segments[i].kind] == GK_CLOSE_SURROUNDED)
        surround = 1;
    }
  r->inner_mask[t] = inner;
  r->surround_mask_any[t] = surround;
  for (int rot = 0; rot < 4; rot++) {
    uint8_t *ps = r->port_seg + (t * 4 + (size_t)rot) * GK_PORT_COUNT;
    for (int i = 0; i < d->n_segments; i++)
      for (int p = 0; p < GK_PORT_COUNT; p++)
        if (d->segments[i].ports & (1u << p))
          ps[(p + 3 * rot) % GK_PORT_COUNT] = (uint8_t)i;
    for (int s = 0; s < 4; s++) {
      const uint8_t *sp = ps + 3 * s;
      unsigned own = (unsigned)(sp[1] == sp[0]) | (unsigned)(sp[2] == sp[1]) << 1;
      unsigned facing = (unsigned)(sp[1] == sp[2]) | (unsigned)(sp[0] == sp[1]) << 1;
      r->side_runs[(t * 4 + (size_t)rot) * 4 + (size_t)s] = (uint8_t)(own | facing << 2);
    }
  }
}

/* The class of kind triple k, added if new; -1 past GK_MAX_CLASSES. */
static int side_class_of(gk_rules *r, const uint8_t k[3]) {
  int c = 0;
  while (c < r->n_classes && memcmp(r->class_kinds[c], k, 3) != 0) c++;
  if (c < r->n_classes) return c;
  if (c == GK_MAX_CLASSES) return -1;
  memcpy(r->class_kinds[c], k, 3);
  r->n_classes++;
  return c;
}

/* Side classes: the distinct kind triples seen on any side, and which
** classes may face which. */
static int build_side_classes(gk_rules *r, size_t nt) {
  r->n_classes = 0;
  for (size_t t = 0; t < nt; t++) {
    const gk_tile_def *d = &r->tiles[t].def;
    for (int rot = 0; rot < 4; rot++) {
      const uint8_t *ps = gki_port_seg(r, (int)t, rot);
      for (int s = 0; s < 4; s++) {
        uint8_t k[3];
        for (int i = 0; i < 3; i++) k[i] = (uint8_t)d->segments[ps[3 * s + i]].kind;
        int c = side_class_of(r, k);
        if (c < 0) {
          gki_rules_seterr(r, "too many distinct side patterns (over %d)",
                          GK_MAX_CLASSES);
          free_tables(r);
          return GK_EINVAL;
        }
        r->side_class[(t * 4 + (size_t)rot) * 4 + (size_t)s] = (uint8_t)c;
      }
    }
  }
  for (int a = 0; a < r->n_classes; a++) {
    r->class_compat[a] = 0;
    for (int b = 0; b < r->n_classes; b++)
      if (class_sides_match(r, r->class_kinds[a], r->class_kinds[b]))
        r->class_compat[a] |= 1ull << b;
  }
  return GK_OK;
}

/* The rotations of tile t that differ from every lower one, and for
** each rotation the lowest one it equals. An oriented tile's rotations
** all differ: its picture tells them apart where its segments do not. */
static void build_rotations(gk_rules *r, size_t t) {
  bool oriented = r->tiles[t].def.flags & GK_TILE_ORIENTED;
  uint8_t mask = 0;
  for (int rot = 0; rot < 4; rot++) {
    int twin = -1;
    for (int q = 0; q < rot && twin < 0 && !oriented; q++)
      if (((mask >> q) & 1) && same_rotation(r, (int)t, q, rot)) twin = q;
    if (twin < 0) mask |= (uint8_t)(1u << rot);
    r->canon_rot[t * 4 + (size_t)rot] = (uint8_t)(twin < 0 ? rot : twin);
  }
  r->unique_rot[t] = mask;
}

/* The unique rotations of tile t that fit neighbour classes `key`: the
** low 4 bits the rotations; above them, how many. */
static uint8_t fitting_rotations(const gk_rules *r, size_t t, uint32_t key) {
  uint8_t mask = 0;
  uint32_t req[4], k = key;
  for (int s = 0; s < 4; s++) {
    req[s] = k % r->key_base;
    k /= r->key_base;
  }
  for (int rot = 0; rot < 4; rot++) {
    if (!((r->unique_rot[t] >> rot) & 1)) continue;
    const uint8_t *sc = r->side_class + (t * 4 + (size_t)rot) * 4;
    bool ok = true;
    for (int s = 0; s < 4 && ok; s++)
      if (req[s]) ok = (r->class_compat[sc[s]] >> (req[s] - 1)) & 1;
    if (ok) mask |= (uint8_t)(1u << rot);
  }
  return (uint8_t)(mask | gk_popcount4(mask) << 4);
}

/* Dense table: for every tile type and every combination of the four
** neighbouring side classes, the unique rotations that fit (left out
** past GK_ROTMASK_TABLE_MAX entries), and beside it (one allocation) their
** counts alone, which the count of placements adds up cell by cell
** without extracting them. false: out of memory. */
static bool build_rotmask(gk_rules *r, size_t nt) {
  r->key_base = (uint32_t)r->n_classes + 1;
  for (int s = 0, p = 1; s < 4; s++, p *= (int)r->key_base) r->key_pow[s] = (uint32_t)p;
  for (size_t i = 0; i < nt * 16; i++)
    r->side_key[i] = (uint32_t)(r->side_class[i] + 1) * r->key_pow[((i % 4) + 2) % 4];
  uint64_t nkeys = (uint64_t)r->key_base * r->key_base * r->key_base * r->key_base;
  r->rotmask = r->rotcount = NULL;
  if (nt == 0 || nkeys * nt > GK_ROTMASK_TABLE_MAX) return true;
  r->rotmask = gki_mem(&r->alloc, NULL, 0, (size_t)(2 * nkeys * nt));
  r->key_enclosed = gki_mem(&r->alloc, NULL, 0, (size_t)nkeys);
  if (!r->rotmask || !r->key_enclosed) {
    gki_mem(&r->alloc, r->rotmask, (size_t)(2 * nkeys * nt), 0);
    gki_mem(&r->alloc, r->key_enclosed, (size_t)nkeys, 0);
    r->rotmask = r->key_enclosed = NULL;
    return false;
  }
  r->rotcount = r->rotmask + nkeys * nt;
  r->n_keys = (uint32_t)nkeys;
  for (uint32_t key = 0; key < nkeys; key++) {
    bool all = true;
    for (uint32_t s = 0, k = key; s < 4; s++, k /= r->key_base) all = all && k % r->key_base != 0;
    r->key_enclosed[key] = all;
  }
  for (size_t t = 0; t < nt; t++)
    for (uint32_t key = 0; key < nkeys; key++) {
      uint8_t m = fitting_rotations(r, t, key);
      r->rotmask[t * nkeys + key] = m;
      r->rotcount[t * nkeys + key] = m >> 4;
    }
  return true;
}

static int freeze_nomem(gk_rules *r) {
  free_tables(r);
  gki_rules_seterr(r, "out of memory freezing rules");
  return GK_ENOMEM;
}

int gk_rules_freeze(gk_rules *r) {
  if (!r) return GK_EINVAL;
  if (r->frozen) return GK_OK;
  size_t nt = (size_t)r->n_tiles;
  if (!alloc_tables(r, nt)) return freeze_nomem(r);
  for (size_t t = 0; t < nt; t++) build_template(r, t);
  for (size_t t = 0; t < nt; t++) build_port_tables(r, t);
  r->attrs_all_summed = true;
  for (int a = 0; a < r->n_attrs; a++)
    if (r->attr_op[a] != GK_MERGE_SUM) r->attrs_all_summed = false;
  int st = build_side_classes(r, nt);
  if (st) return st;
  for (size_t t = 0; t < nt; t++) build_rotations(r, t);
  if (!build_rotmask(r, nt)) return freeze_nomem(r);
  r->fingerprint = compute_fingerprint(r);
  r->frozen = true;
  return GK_OK;
}

/* }------------------------------------------------------------------ */

/*
** gk_util.c: memory, error messages, port names.
*/
#include <stdio.h>
#include <stdlib.h>

#include "gk_internal.h"

static void *default_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud;
  (void)osize;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  return realloc(ptr, nsize);
}

void *gki_mem(const gk_allocator *a, void *p, size_t osize, size_t nsize) {
  if (a && a->fn) return a->fn(a->ud, p, osize, nsize);
  return default_alloc(NULL, p, osize, nsize);
}

void gki_rules_seterr(gk_rules *r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->err, sizeof r->err, fmt, ap);
  va_end(ap);
}

/* Queries take a const game but may still explain a refusal: the message
** buffer is the one field a read-only call writes. */
void gki_game_seterr(const gk_game *g, const char *fmt, ...) {
  gk_game *mg = (gk_game *)g;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(mg->err, sizeof mg->err, fmt, ap);
  va_end(ap);
}

/* Grows *p to hold at least need elements, doubling; on failure *p and
** *cap are untouched. */
int gki_grow(const gk_allocator *a, void **p, int32_t *cap, int32_t need,
            size_t elem) {
  if (need <= *cap) return GK_OK;
  int64_t ncap = *cap > 0 ? *cap : 8;
  while (ncap < need) ncap *= 2;
  if (ncap > INT32_MAX / 2 || (size_t)ncap > SIZE_MAX / elem) return GK_ENOMEM;
  void *np = gki_mem(a, *p, (size_t)*cap * elem, (size_t)ncap * elem);
  if (!np) return GK_ENOMEM;
  *p = np;
  *cap = (int32_t)ncap;
  return GK_OK;
}

bool gki_name_ok(const char *name) {
  return name && name[0] && strlen(name) <= GK_NAME_MAX;
}

static const char *const port_names[GK_PORT_COUNT] = {
    "NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW"};

const char *gk_port_name(int port) {
  return port >= 0 && port < GK_PORT_COUNT ? port_names[port] : NULL;
}

int gk_port_from_name(const char *name) {
  if (!name) return -1;
  for (int p = 0; p < GK_PORT_COUNT; p++)
    if (strcmp(port_names[p], name) == 0) return p;
  return -1;
}

/* Port i of side s faces port 2-i of the opposite side: both lists run
** clockwise around their own tiles, so they run in opposite directions
** along the shared edge. */
int gk_port_opposite(int port) {
  if (port < 0 || port >= GK_PORT_COUNT) return -1;
  int side = port / 3, i = port % 3;
  return ((side + 2) % 4) * 3 + (2 - i);
}

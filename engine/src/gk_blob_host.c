/*
** gk_blob_host.c: blobs whose newest contents a host keeps (gk_blob_host).
**
** A rules layer keeps each script's state as a live table and changes it
** in place; turning it into bytes after every change would cost as much
** as the table is big. So the host marks the blob stale instead, and the
** kernel asks it for the bytes when someone reads them.
**
** Invariant: a slot's bytes are what the host would write whenever its
** stale bit is clear; every reader of the bytes calls gki_blob_sync
** first; a game with a host tells it when it is freed or overwritten
** (gki_blob_release), so the host never keys anything by a dead game.
*/
#include "gk_internal.h"

void gk_blob_attach(gk_game *g, const gk_blob_host *host) {
  if (g) g->blob_host = host;
}

void gk_blob_mark_stale(gk_game *g, int slot) {
  if (g && slot >= 0 && slot < GK_MAX_BLOBS) g->blob_stale |= 1u << slot;
}

int gk_blob_is_stale(const gk_game *g, int slot) {
  return g && slot >= 0 && slot < GK_MAX_BLOBS && ((g->blob_stale >> slot) & 1u);
}

uint32_t gk_blob_epoch(const gk_game *g) { return g ? g->blob_epoch : 0; }

void gk_blob_fail(gk_game *g, const char *why) {
  if (g) gki_game_seterr(g, "%s", why ? why : "state could not be written");
}

int gk_blob_fill(gk_game *g, int slot, const void *data, size_t len) {
  if (!g) return GK_EINVAL;
  if (slot < 0 || slot >= GK_MAX_BLOBS || (len && !data) || len > (1u << 30)) {
    gki_game_seterr(g, "blob_fill: bad slot %d or data", slot);
    return GK_EINVAL;
  }
  if (gki_blob_store(g, slot, data, len) < 0) return GK_ENOMEM;
  g->blob_stale &= ~(1u << slot);
  return GK_OK;
}

/* The bytes are a cache of what the host keeps: filling them changes no
** game the caller can see, so readers of a const game may ask. */
int gki_blob_sync(const gk_game *g) {
  if (!g->blob_stale || !g->blob_host) return GK_OK;
  gk_game *mut = (gk_game *)g;
  int st = g->blob_host->fill(g->blob_host->ud, mut);
  if (st < 0) return st;
  mut->blob_stale = 0; /* a host that left one stale has nothing newer */
  return GK_OK;
}

void gki_blob_release(gk_game *g) {
  const gk_blob_host *host = g->blob_host;
  g->blob_host = NULL;
  g->blob_stale = 0;
  if (host) host->drop(host->ud, g);
}

/*
** roots.c: finds the installed data root (see roots.h). Only reads the
** file system; nothing is cached, so a root installed while a program
** runs is found by its next game.
*/
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "roots.h"

static int holds_scripts(const char *root) {
  char probe[4200];
  snprintf(probe, sizeof probe, "%s/scripts/base.lua", root);
  return access(probe, R_OK) == 0;
}

static const char *copy_if_root(const char *root, char *buf, size_t cap) {
  if (!holds_scripts(root) || strlen(root) >= cap) return NULL;
  memcpy(buf, root, strlen(root) + 1);
  return buf;
}

/* share/meeple up from the directory of the object holding this code:
** lib/ (libmeeple), lib/lua/5.4/ (meeple.so) or bin/ (the executable). */
static const char *beside_object(char *buf, size_t cap) {
  Dl_info info;
  if (!dladdr((void *)mp_installed_root, &info) || !info.dli_fname) return NULL;
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", info.dli_fname);
  char *slash = strrchr(dir, '/');
  if (!slash) return NULL;
  *slash = 0;
  for (int up = 1; up <= 3; up++) {
    char root[4200];
    snprintf(root, sizeof root, "%s%s/share/meeple", dir, up == 1 ? "/.." : up == 2 ? "/../.." : "/../../..");
    if (copy_if_root(root, buf, cap)) return buf;
  }
  return NULL;
}

const char *mp_installed_root(char *buf, size_t cap) {
#ifdef MEEPLE_DATADIR
  if (copy_if_root(MEEPLE_DATADIR, buf, cap)) return buf;
#endif
  return beside_object(buf, cap);
}

/*
** sandbox_trust.c: which Lua code is the host's own, by identity.
**
** Host code (the embedded meeple.* modules) runs inside script calls when
** a script calls the loader's API; its frames are skipped in error
** locations and its library calls are not charged (sandbox_bounds.c).
** That right must never follow from a name a user chooses: a folder
** called meeple/ is anybody's. So a chunk is host code when its source
** string is one the host itself created while loading an embedded module
** (mp_sandbox_trust), compared by address:
**
**   trusted[]   open-addressed set of the 'source' pointers (lua_Debug's
**               ar.source, the bytes of the chunk's name string that every
**               function of the chunk shares) of trusted chunks;
**   registry    the trusted chunks' main functions (key &chunks_key), so
**               their source strings stay alive and no other string can
**               ever be allocated at one of those addresses.
**
** Invariant: a pointer is in trusted[] only while its string is alive, and
** no chunk loaded for a script shares it. Lua interns short strings, so a
** script chunk named exactly like an embedded module ("@meeple/state.lua")
** would get the same string: every loader of script code checks the chunk
** it made (mp_sb_host_chunk) and renames it ("@./meeple/state.lua")
** before it can run.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "sandbox_internal.h"

static const char chunks_key = 'k';

static size_t slot_of(const char *p, size_t cap) {
  uintptr_t h = (uintptr_t)p;
  h ^= h >> 17;
  h *= (uintptr_t)0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 7) & (cap - 1);
}

int mp_sb_trusted_source(const mp_sandbox *sb, const char *source) {
  if (sb->n_trusted == 0 || source == NULL) return 0;
  for (size_t i = slot_of(source, sb->trusted_cap);; i = (i + 1) & (sb->trusted_cap - 1)) {
    if (sb->trusted[i] == source) return 1;
    if (sb->trusted[i] == NULL) return 0;
  }
}

/* Adds 'source' to the set, growing it to keep it at most half full. */
static int add_source(mp_sandbox *sb, const char *source) {
  if (mp_sb_trusted_source(sb, source)) return 1;
  if (2 * (sb->n_trusted + 1) > sb->trusted_cap) {
    size_t cap = sb->trusted_cap ? 2 * sb->trusted_cap : 64;
    const char **t = (const char **)calloc(cap, sizeof *t);
    if (t == NULL) return 0;
    for (size_t i = 0; i < sb->trusted_cap; i++) {
      if (sb->trusted[i] == NULL) continue;
      size_t j = slot_of(sb->trusted[i], cap);
      while (t[j] != NULL) j = (j + 1) & (cap - 1);
      t[j] = sb->trusted[i];
    }
    free(sb->trusted);
    sb->trusted = t;
    sb->trusted_cap = cap;
  }
  size_t j = slot_of(source, sb->trusted_cap);
  while (sb->trusted[j] != NULL) j = (j + 1) & (sb->trusted_cap - 1);
  sb->trusted[j] = source;
  sb->n_trusted++;
  return 1;
}

/* The source pointer of the Lua function at 'idx', or NULL. */
static const char *source_of(lua_State *L, int idx) {
  lua_Debug ar;
  if (lua_type(L, idx) != LUA_TFUNCTION || lua_iscfunction(L, idx)) return NULL;
  lua_pushvalue(L, idx);
  if (!lua_getinfo(L, ">S", &ar)) return NULL;
  return ar.source;
}

int mp_sandbox_trust(mp_sandbox *sb, int idx) {
  lua_State *L = sb->L;
  idx = lua_absindex(L, idx);
  const char *source = source_of(L, idx);
  if (source == NULL || !lua_checkstack(L, 3)) return MP_SANDBOX_EINVAL;
  /* alive first: the string must outlive its place in the set */
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &chunks_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &chunks_key);
  }
  lua_pushvalue(L, idx);
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  lua_pop(L, 1);
  return add_source(sb, source) ? MP_SANDBOX_OK : MP_SANDBOX_EMEMORY;
}

int mp_sb_host_chunk(lua_State *L, int idx) {
  return mp_sb_trusted_source(getsb(L), source_of(L, idx));
}

/* "@./file" for "@file" (the same file, so messages still name it),
** "=name" for any other name: another string than the host chunk's. */
static void push_other_name(lua_State *L, const char *name) {
  if (name[0] == '@') lua_pushfstring(L, "@./%s", name + 1);
  else lua_pushfstring(L, "=%s", name[0] == '=' ? name + 1 : name);
}

/* Script chunks loaded outside a game (loading the rules): the registry
** table at &scripts_key maps each one's source pointer to a copy of its
** name, compared on lookup, so that another chunk whose name string
** later takes a freed one's address is not taken for it (keeping the
** chunk itself alive would keep its environment, and all it holds).
** sandbox_fresh.c walks only their functions: a function the host hands
** a script (a loader API, a test's tracer) keeps its own state. Chunks a
** game's hooks load are not kept (they would pile up, and the state a
** game starts from was taken before any game). */
static const char scripts_key = 's';
void mp_sb_mark_script(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  const char *source = source_of(L, idx);
  if (source == NULL || getsb(L)->periods || !lua_checkstack(L, 4)) return;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &scripts_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scripts_key);
  }
  lua_pushstring(L, source);
  lua_rawsetp(L, -2, source);
  lua_pop(L, 1);
}

int mp_sb_script_chunk(lua_State *L, int idx) {
  const char *source = source_of(L, idx);
  if (source == NULL) return 0;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &scripts_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    return 0;
  }
  int found = lua_rawgetp(L, -1, source) == LUA_TSTRING && strcmp(lua_tostring(L, -1), source) == 0;
  lua_pop(L, 2);
  return found;
}

int mp_sb_load_script(lua_State *L, const char *code, size_t len, const char *name) {
  int status = luaL_loadbufferx(L, code, len, name, "t");
  if (status == LUA_OK && !mp_sb_host_chunk(L, -1)) mp_sb_mark_script(L, -1);
  if (status != LUA_OK || !mp_sb_host_chunk(L, -1)) return status;
  lua_pop(L, 1);
  push_other_name(L, name);
  status = luaL_loadbufferx(L, code, len, lua_tostring(L, -1), "t");
  lua_remove(L, -2);
  if (status == LUA_OK && mp_sb_host_chunk(L, -1)) {
    lua_pop(L, 1);
    lua_pushfstring(L, "chunk name '%s' is reserved for the host", name);
    status = LUA_ERRSYNTAX;
  }
  if (status == LUA_OK) mp_sb_mark_script(L, -1);
  return status;
}

void mp_sb_free_trust(mp_sandbox *sb) {
  free(sb->trusted);
  sb->trusted = NULL;
  sb->n_trusted = sb->trusted_cap = 0;
}

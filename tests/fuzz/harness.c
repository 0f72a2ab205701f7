/*
** harness.c: one libFuzzer target around a Lua driver (tests/fuzz/TARGET.lua).
**
** The driver is trusted host code, like `meeple script`: it returns a
** function that takes the fuzzer's bytes and feeds them to the part under
** test (the tile parser, the record reader, the scenario loader, the hook
** API), catching the errors that bad input must give. So the only
** findings are what must never happen: a crash, a leak, undefined
** behaviour (ASan/UBSan), an error escaping the host's own pcall, or an
** invariant the driver checks (a failed move that changed the game).
**
** Built with MEEPLE_FUZZ=ON (clang, -fsanitize=fuzzer) for `make fuzz`, and
** with standalone.c instead of libFuzzer for the short runs in `make test`.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <lua.h>
#include <lauxlib.h>

#include "host.h"
#include "sandbox.h"

static void quiet_print(void *ud, const char *text, size_t len) {
  (void)ud;
  (void)text;
  (void)len;
}

static mp_host *host;
static int driver_ref = LUA_NOREF;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  const char *root = getenv("MEEPLE_ROOT");
  if (chdir(root && *root ? root : MEEPLE_SOURCE_DIR) != 0) {
    perror("fuzz: chdir");
    abort();
  }
  host = mp_host_new(NULL);
  if (!host) abort();
  mp_sandbox_set_print(mp_host_sandbox(host), quiet_print, NULL);
  lua_State *L = mp_host_lua(host);
  if (luaL_loadfile(L, "tests/fuzz/" FUZZ_DRIVER ".lua") != LUA_OK ||
      lua_pcall(L, 0, 1, 0) != LUA_OK || !lua_isfunction(L, -1)) {
    fprintf(stderr, "fuzz: driver: %s\n", lua_tostring(L, -1));
    abort();
  }
  driver_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  lua_State *L = mp_host_lua(host);
  lua_rawgeti(L, LUA_REGISTRYINDEX, driver_ref);
  lua_pushlstring(L, (const char *)data, size);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    fprintf(stderr, "fuzz: finding: %s\n", lua_tostring(L, -1));
    abort();
  }
  /* Free this input's garbage now: libFuzzer re-runs under LeakSanitizer
  ** every input that leaves more mallocs than frees, and with Lua's
  ** collector running later that was every input (about 30 times slower
  ** with ASan); a real leak of C memory still shows. */
  lua_gc(L, LUA_GCCOLLECT);
  return 0;
}

/*
** test_sandbox.c: the sandbox for untrusted rule scripts (bindings/sandbox/sandbox.c).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "sandbox.h"

/* {====================================================================
** Helpers
** ===================================================================== */

/* A fake game RNG: replays a fixed sequence, counts the draws. */
typedef struct fake_rng {
  const uint64_t *seq;
  size_t n, next;
  int calls;
} fake_rng;

static uint64_t fake_draw(void *ud) {
  fake_rng *r = (fake_rng *)ud;
  uint64_t v = r->seq[r->next % r->n];
  r->next++;
  r->calls++;
  return v;
}

static const uint64_t zero_seq[] = {0};

/* The wall clock is not what these tests test: a generous time limit, so
** that a loaded machine running the sanitizers never trips it first. */
#define SLOW_MS 600000L

static mp_sandbox *new_sandbox(size_t cap, long budget) {
  mp_sandbox_limits lim = {cap, budget, 0, 0, SLOW_MS};
  static fake_rng dummy = {zero_seq, 1, 0, 0};
  mp_sandbox *sb = mp_sandbox_new(&lim, fake_draw, &dummy);
  assert_non_null(sb);
  return sb;
}

/* Runs 'code' as chunk 'name'; on success drops env and results. */
static int run(mp_sandbox *sb, const char *name, const char *code) {
  lua_State *L = mp_sandbox_lua(sb);
  int top = lua_gettop(L);
  int rc = mp_sandbox_run(sb, name, code, strlen(code), 0);
  if (rc == MP_SANDBOX_OK)
    assert_int_equal(lua_gettop(L), top + 1);  /* the env */
  else
    assert_int_equal(lua_gettop(L), top);
  lua_settop(L, top);
  return rc;
}

/* Runs 'code' and returns its single result converted to a string, in
** 'buf'. Fails the test if the chunk fails. */
static const char *eval(mp_sandbox *sb, const char *code, char *buf,
                        size_t n) {
  lua_State *L = mp_sandbox_lua(sb);
  int top = lua_gettop(L);
  int rc = mp_sandbox_run(sb, "@eval.lua", code, strlen(code), 1);
  if (rc != MP_SANDBOX_OK)
    fail_msg("eval failed: %s", mp_sandbox_error(sb));
  assert_int_equal(lua_gettop(L), top + 2);
  snprintf(buf, n, "%s", luaL_tolstring(L, -1, NULL));
  lua_settop(L, top);
  return buf;
}

#define assert_eval(sb, code, expected)                        \
  do {                                                         \
    char buf_[512];                                            \
    assert_string_equal(eval(sb, code, buf_, sizeof buf_), expected); \
  } while (0)

/* Asserts that 'code' fails with status 'rc' and a message containing
** 'needle'. */
#define assert_fails(sb, code, rc, needle)                                \
  do {                                                                    \
    int rc_ = run(sb, "@t.lua", code);                                    \
    if (rc_ != (rc) || strstr(mp_sandbox_error(sb), needle) == NULL)      \
      fail_msg("%s\n  rc %d (want %d), message: \"%s\" (want \"%s\")",    \
               code, rc_, (rc), mp_sandbox_error(sb), needle);            \
  } while (0)

/* }=================================================================== */


/* {====================================================================
** Allow-list
** ===================================================================== */

static void test_forbidden_names_are_absent(void **state) {
  static const char *const names[] = {
    "io", "os", "package", "debug", "dofile", "loadfile", "require",
    "coroutine", "warn", "loadstring", "unpack", "module", "setfenv",
    "getfenv", NULL
  };
  mp_sandbox *sb = new_sandbox(0, 0);
  lua_State *L = mp_sandbox_lua(sb);
  char code[128], want[128];
  const char *const *p;
  (void)state;
  for (p = names; *p != NULL; p++) {
    /* from a script, reading them is an error... */
    snprintf(code, sizeof code, "return %s", *p);
    snprintf(want, sizeof want, "t.lua:1: read of undefined global '%s'", *p);
    assert_fails(sb, code, MP_SANDBOX_ERROR, want);
    assert_string_equal(mp_sandbox_error(sb), want);
    /* ...and in its environment they are nil (host reads never raise) */
    assert_int_equal(mp_sandbox_run(sb, "@e.lua", "", 0, 0), MP_SANDBOX_OK);
    assert_int_equal(lua_getfield(L, -1, *p), LUA_TNIL);
    lua_pop(L, 2);
  }
  assert_eval(sb, "return string.dump == nil and ('').dump == nil", "true");
  assert_eval(sb, "return getmetatable('')", "false");
  assert_eval(sb, "return getmetatable(math)", "false");
  assert_eval(sb, "return math.randomseed ~= nil and math.pow == nil", "true");
  assert_eval(sb, "return type(collectgarbage('count'))", "number");
  assert_fails(sb, "collectgarbage()", MP_SANDBOX_ERROR,
               "t.lua:1: collectgarbage('collect') is not allowed");
  assert_fails(sb, "collectgarbage('stop')", MP_SANDBOX_ERROR, "not allowed");
  /* every documented name is there */
  assert_eval(sb,
              "local n = 0\n"
              "for _, f in ipairs{assert, error, getmetatable, ipairs, load,\n"
              "  next, pairs, pcall, print, rawequal, rawget, rawlen, rawset,\n"
              "  select, setmetatable, tonumber, tostring, type, xpcall,\n"
              "  collectgarbage} do n = n + 1 end\n"
              "for _, lib in ipairs{string, table, math, utf8} do\n"
              "  for k in pairs(lib) do n = n + 1 end\n"
              "end\n"
              "return n .. ' ' .. _VERSION .. ' ' .. tostring(_G == _ENV)",
              "76 Lua 5.4 true");
  mp_sandbox_free(sb);
}

typedef struct chunk_buf { char data[4096]; size_t len; } chunk_buf;

static int buf_writer(lua_State *L, const void *p, size_t sz, void *ud) {
  chunk_buf *b = (chunk_buf *)ud;
  (void)L;
  if (b->len + sz > sizeof b->data)
    return 1;
  memcpy(b->data + b->len, p, sz);
  b->len += sz;
  return 0;
}

static void test_binary_chunks_refused(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  lua_State *L = mp_sandbox_lua(sb);
  lua_State *plain = luaL_newstate();
  chunk_buf b = {{0}, 0};
  (void)state;
  /* real bytecode, made by a stock state */
  assert_int_equal(luaL_loadstring(plain, "return 42"), LUA_OK);
  assert_int_equal(lua_dump(plain, buf_writer, &b, 0), 0);
  lua_close(plain);

  assert_int_equal(mp_sandbox_run(sb, "=bin", b.data, b.len, 0),
                   MP_SANDBOX_ERROR);
  assert_non_null(strstr(mp_sandbox_error(sb), "attempt to load a binary chunk"));

  /* the script-visible load forces text mode, whatever mode it asks */
  lua_pushlstring(L, b.data, b.len);
  assert_int_equal(mp_sandbox_expose(sb, "BYTECODE"), MP_SANDBOX_OK);
  assert_eval(sb,
              "local f, e1 = load(BYTECODE)\n"
              "local g, e2 = load(BYTECODE, 'x', 'b')\n"
              "local h, e3 = load(BYTECODE, 'x', 'bt', {})\n"
              "return tostring(f or g or h) .. '|' .. e1 .. '|' .. e2 .. '|' .. e3",
              "nil|attempt to load a binary chunk (mode is 't')"
              "|attempt to load a binary chunk (mode is 't')"
              "|attempt to load a binary chunk (mode is 't')");
  mp_sandbox_free(sb);
}

static void test_load_gets_sandbox_env(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  (void)state;
  /* a fresh environment: not the caller's, not the real globals */
  assert_eval(sb,
              "secret = 1\n"
              "local f = assert(load('return rawget(_ENV, \"secret\")'))\n"
              "return tostring(f())",
              "nil");
  assert_fails(sb, "local f = load('return secret', '=loaded')\n f()",
               MP_SANDBOX_ERROR, "loaded:1: read of undefined global 'secret'");
  assert_eval(sb, "return load('y = 5 return y + math.floor(1.5)')()", "6");
  assert_eval(sb, "return load('return v', 'c', 't', {v = 'mine'})()", "mine");
  /* a reader function works, and runs under the budget (see below) */
  assert_eval(sb,
              "local parts, i = {'return ', '1 + ', '2'}, 0\n"
              "return load(function() i = i + 1 return parts[i] end)()",
              "3");
  mp_sandbox_free(sb);
}

/* }=================================================================== */


/* {====================================================================
** Globals and read-only tables
** ===================================================================== */

static void test_undefined_global_read(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  (void)state;
  assert_int_equal(run(sb, "@script.lua", "local a = 1\nlocal b = 2\nreturn foo"),
                   MP_SANDBOX_ERROR);
  assert_string_equal(mp_sandbox_error(sb),
                      "script.lua:3: read of undefined global 'foo'");
  /* writes are fine, and later reads see them */
  assert_eval(sb, "function helper() return 7 end\nx = helper()\nreturn x", "7");
  /* _G is the script's own environment */
  assert_fails(sb, "return _G.nope", MP_SANDBOX_ERROR,
               "t.lua:1: read of undefined global 'nope'");
  assert_fails(sb, "setmetatable(_ENV, nil)", MP_SANDBOX_ERROR,
               "cannot change a protected metatable");
  mp_sandbox_free(sb);
}

static void test_library_tables_read_only(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  (void)state;
  assert_fails(sb, "math.pi = 3", MP_SANDBOX_ERROR,
               "t.lua:1: attempt to modify read-only table 'math'");
  assert_string_equal(mp_sandbox_error(sb),
                      "t.lua:1: attempt to modify read-only table 'math'");
  assert_fails(sb, "\nstring.x = 1", MP_SANDBOX_ERROR,
               "t.lua:2: attempt to modify read-only table 'string'");
  assert_fails(sb, "table.sort = nil", MP_SANDBOX_ERROR, "read-only table 'table'");
  assert_fails(sb, "utf8.len = print", MP_SANDBOX_ERROR, "read-only table 'utf8'");
  assert_fails(sb, "rawset(math, 'pi', 3)", MP_SANDBOX_ERROR,
               "t.lua:1: attempt to modify read-only table 'math'");
  assert_fails(sb, "setmetatable(math, nil)", MP_SANDBOX_ERROR,
               "t.lua:1: cannot change a protected metatable");
  assert_fails(sb, "table.insert(string, 1)", MP_SANDBOX_ERROR,
               "read-only table 'string'");
  assert_fails(sb, "getmetatable('').__index = {}", MP_SANDBOX_ERROR,
               "attempt to index a boolean value");
  /* what one script tried, another does not see */
  run(sb, "@evil.lua", "pcall(function() math.floor = nil end)\n"
                       "string = {upper = function() return 'pwned' end}");
  assert_eval(sb, "return math.floor(2.5) .. string.upper('a') .. ('b'):upper()",
              "2AB");
  /* reading through the proxies works as usual */
  assert_eval(sb,
              "local n = 0 for k, v in pairs(math) do n = n + 1 end\n"
              "return n .. ' ' .. math.type(1) .. ' ' .. tostring(rawget(math, 'pi'))",
              "27 integer nil");
  mp_sandbox_free(sb);
}

static void test_string_methods(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  (void)state;
  assert_eval(sb, "return ('abc'):upper()", "ABC");
  assert_eval(sb, "local s = 'a,b,c' return s:gsub(',', ';')", "a;b;c");
  assert_eval(sb, "return ('%d-%s'):format(5, 'x') .. #'abc'", "5-x3");
  assert_eval(sb, "return '10' + 1", "11");  /* string arithmetic */
  assert_eval(sb, "return utf8.char(233, 0x20AC)", "\xc3\xa9\xe2\x82\xac");
  assert_eval(sb, "return table.concat({1, 2, 3}, '+')", "1+2+3");
  mp_sandbox_free(sb);
}

static void test_gc_metamethod_refused(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  (void)state;
  assert_fails(sb, "setmetatable({}, {__gc = function() end})",
               MP_SANDBOX_ERROR, "t.lua:1: __gc metamethods are not allowed");
  assert_eval(sb, "return getmetatable(setmetatable({}, {__index = {a = 1}})).__index.a",
              "1");
  mp_sandbox_free(sb);
}

/* }=================================================================== */


/* {====================================================================
** Instruction budget
** ===================================================================== */

static void test_budget_stops_loop(void **state) {
  mp_sandbox *sb = new_sandbox(0, 100000);
  (void)state;
  assert_int_equal(run(sb, "@loop.lua", "local x = 0\n\nwhile true do end\n"),
                   MP_SANDBOX_EBUDGET);
  assert_string_equal(mp_sandbox_error(sb),
                      "loop.lua:3: instruction budget exceeded (100000 instructions)");
  /* the next call gets a fresh budget */
  assert_eval(sb, "local s = 0 for i = 1, 1000 do s = s + i end return s", "500500");
  mp_sandbox_free(sb);
}

static void test_budget_default(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  mp_sandbox_limits lim;
  (void)state;
  mp_sandbox_get_limits(sb, &lim);
  assert_int_equal(lim.instruction_budget, 10000000L);
  assert_int_equal(lim.memory_cap, (size_t)64 << 20);
  assert_int_equal(run(sb, "@spin.lua", "while true do end"), MP_SANDBOX_EBUDGET);
  assert_string_equal(mp_sandbox_error(sb),
                      "spin.lua:1: instruction budget exceeded (10000000 instructions)");
  mp_sandbox_free(sb);
}

static void test_budget_not_swallowed(void **state) {
  static const char *const scripts[] = {
    /* plain pcall */
    "local ok, e = pcall(function()\n  while true do end\nend)\nreturn 'swallowed'",
    /* retrying pcall */
    "for i = 1, 100 do pcall(function()\n  while true do end\nend) end",
    /* xpcall with a handler that returns normally */
    "xpcall(function()\n  while true do end\nend, function(e) return 'ok' end)\n"
    "while true do pcall(error) end",
    /* a handler that loops itself */
    "xpcall(error, function()\n  while true do end\nend)",
    /* pcall called through pcall */
    "pcall(pcall, function()\n  while true do end\nend)",
    /* load catches errors of its reader */
    "local f, e = load(function()\n  while true do end\nend)\nreturn e",
    /* an error handler that would catch it after the fact */
    "local t = setmetatable({}, {__index = function()\n  while true do end\nend})\n"
    "pcall(function() return t.x end) return 1",
    NULL
  };
  const char *const *p;
  mp_sandbox *sb = new_sandbox(0, 200000);
  (void)state;
  for (p = scripts; *p != NULL; p++) {
    int rc = run(sb, "@trap.lua", *p);
    if (rc != MP_SANDBOX_EBUDGET ||
        strcmp(mp_sandbox_error(sb),
               "trap.lua:2: instruction budget exceeded (200000 instructions)") != 0)
      fail_msg("%s\n  rc %d, message \"%s\"", *p, rc, mp_sandbox_error(sb));
  }
  /* pcall still catches ordinary errors */
  assert_eval(sb, "local ok, e = pcall(error, 'boom', 0) return tostring(ok) .. e",
              "falseboom");
  assert_eval(sb, "return select(2, xpcall(error, function(m) return 'h:' .. m end, 'x', 0))",
              "h:x");
  mp_sandbox_free(sb);
}

/* A host function that calls back into the script and ignores failures:
** the re-armed hook must still stop the script once it is back in Lua. */
static int host_callback(lua_State *L) {
  mp_sandbox *sb = (mp_sandbox *)lua_touserdata(L, lua_upvalueindex(1));
  lua_settop(L, 1);
  lua_pushinteger(L, mp_sandbox_call(sb, 0, 0));
  return 1;
}

static void test_budget_shared_by_nested_calls(void **state) {
  mp_sandbox *sb = new_sandbox(0, 100000);
  lua_State *L = mp_sandbox_lua(sb);
  (void)state;
  lua_newtable(L);
  lua_pushlightuserdata(L, sb);
  lua_pushcclosure(L, host_callback, 1);
  lua_setfield(L, -2, "call");
  assert_int_equal(mp_sandbox_expose(sb, "host"), MP_SANDBOX_OK);
  assert_eval(sb, "return host.call(function() end)", "0");
  assert_int_equal(run(sb, "@n.lua",
                       "local rc = host.call(function()\n  while true do end\nend)\n"
                       "return rc"),
                   MP_SANDBOX_EBUDGET);
  assert_string_equal(mp_sandbox_error(sb),
                      "n.lua:2: instruction budget exceeded (100000 instructions)");
  /* same for the memory cap */
  assert_int_equal(run(sb, "@n.lua",
                       "local rc = host.call(function()\n  return ('x'):rep(1 << 30)\nend)\n"
                       "return rc"),
                   MP_SANDBOX_EMEMORY);
  assert_string_equal(mp_sandbox_error(sb),
                      "n.lua:2: memory cap exceeded (cap 64 MiB)");
  /* a callback cannot renew the budget: each call of it spends 60% */
  assert_int_equal(run(sb, "@n.lua",
                       "local function burn() for i = 1, 60000 do end end\n"
                       "host.call(burn) host.call(burn)"),
                   MP_SANDBOX_EBUDGET);
  mp_sandbox_free(sb);
}

/* }=================================================================== */


/* {====================================================================
** Memory cap
** ===================================================================== */

static void test_memory_cap(void **state) {
  static const struct { const char *code, *msg; } cases[] = {
    {"local x = 1\nreturn string.rep('x', 1 << 30)",
     "mem.lua:2: memory cap exceeded (cap 8 MiB)"},
    {"local t = {}\nfor i = 1, 1e9 do t[i] = i end",
     "mem.lua:2: memory cap exceeded (cap 8 MiB)"},
    {"local t = {}\nfor i = 1, 1e9 do t[#t + 1] = {i} end",
     "mem.lua:2: memory cap exceeded (cap 8 MiB)"},
    {"local s = 'x'\nwhile true do s = s .. s end",
     "mem.lua:2: memory cap exceeded (cap 8 MiB)"},
    /* not swallowable */
    {"local ok = pcall(string.rep, 'x', 1 << 30)\nreturn ok",
     "memory cap exceeded (cap 8 MiB)"},
    {"for i = 1, 3 do\n  pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end)\nend",
     "mem.lua:2: memory cap exceeded (cap 8 MiB)"},
    {"xpcall(string.rep, function(e) return e end, 'x', 1 << 30)\nreturn 1",
     "memory cap exceeded (cap 8 MiB)"},
    {"local f, e = load(function() return string.rep('x', 1 << 24) end)\nreturn e",
     "memory cap exceeded (cap 8 MiB)"},
    {NULL, NULL}
  };
  mp_sandbox *sb = new_sandbox((size_t)8 << 20, 100000000L);
  size_t base;
  int i;
  (void)state;
  lua_gc(mp_sandbox_lua(sb), LUA_GCCOLLECT);
  base = mp_sandbox_memory(sb);
  for (i = 0; cases[i].code != NULL; i++) {
    int rc = run(sb, "@mem.lua", cases[i].code);
    if (rc != MP_SANDBOX_EMEMORY || strstr(mp_sandbox_error(sb), cases[i].msg) == NULL)
      fail_msg("%s\n  rc %d, message \"%s\"", cases[i].code, rc, mp_sandbox_error(sb));
    assert_true(mp_sandbox_memory(sb) <= ((size_t)8 << 20));
    /* still usable */
    assert_eval(sb, "return #string.rep('ab', 1000) + 1", "2001");
    assert_eval(sb, "local ok, e = pcall(error, 'x', 0) return e", "x");
    lua_gc(mp_sandbox_lua(sb), LUA_GCCOLLECT);
    assert_true(mp_sandbox_memory(sb) < base + 4096);
  }
  mp_sandbox_free(sb);
}

static void test_memory_returns_to_baseline(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  lua_State *L = mp_sandbox_lua(sb);
  size_t base, peak;
  int i;
  (void)state;
  lua_gc(L, LUA_GCCOLLECT);
  base = mp_sandbox_memory(sb);
  assert_true(base > 0);
  assert_int_equal(mp_sandbox_run(sb, "@big.lua",
                                  "big = {} for i = 1, 100000 do big[i] = tostring(i) end",
                                  strlen("big = {} for i = 1, 100000 do big[i] = tostring(i) end"),
                                  0),
                   MP_SANDBOX_OK);
  peak = mp_sandbox_memory(sb);
  assert_true(peak > base + 1000000);
  lua_pop(L, 1);  /* drop the environment, and 'big' with it */
  /* each cycle halves the string table at most: a few to settle. It
  ** stops at twice its first size (4 KiB instead of 2 KiB of pointers). */
  for (i = 0; i < 8; i++)
    lua_gc(L, LUA_GCCOLLECT);
  if (mp_sandbox_memory(sb) > base + 4096)
    fail_msg("memory %zu, baseline %zu", mp_sandbox_memory(sb), base);
  mp_sandbox_free(sb);
}

/* }=================================================================== */


/* {====================================================================
** Randomness
** ===================================================================== */

static void test_random_uses_game_rng(void **state) {
  static const uint64_t seq[] = {
    0, UINT64_MAX,                 /* two floats */
    1, 3, 10,                      /* random(6): 1 and 3 < 2^64 mod 6 = 4 */
    UINT64_C(0x8000000000000000),  /* random(0): all bits */
    15, 37,                        /* random(-10, 10): 15 < 16 rejected */
    12345,                         /* random(100) */
    5                              /* random(mininteger, maxinteger) */
  };
  fake_rng rng = {seq, sizeof seq / sizeof seq[0], 0, 0};
  mp_sandbox *sb = mp_sandbox_new(NULL, fake_draw, &rng);
  (void)state;
  assert_non_null(sb);
  assert_eval(sb,
              "local out = {}\n"
              "local function put(v)\n"
              "  out[#out + 1] = math.type(v) == 'float' and ('%.17g'):format(v) or v\n"
              "end\n"
              "put(math.random()) put(math.random())\n"
              "put(math.random(6)) put(math.random(0)) put(math.random(-10, 10))\n"
              "put(math.random(100))\n"
              "put(math.random(math.mininteger, math.maxinteger))\n"
              "return table.concat(out, ' ')",
              "0 0.99999999999999989 5 -9223372036854775808 6 46 "
              "-9223372036854775803");
  assert_int_equal(rng.calls, 10);
  /* Lua's argument errors, without drawing */
  rng.calls = 0;
  assert_fails(sb, "math.random(3, 1)", MP_SANDBOX_ERROR,
               "t.lua:1: bad argument #1 to 'random' (interval is empty)");
  assert_fails(sb, "math.random(-1)", MP_SANDBOX_ERROR, "interval is empty");
  assert_fails(sb, "math.random(1, 2, 3)", MP_SANDBOX_ERROR,
               "t.lua:1: wrong number of arguments");
  assert_fails(sb, "math.random(1.5)", MP_SANDBOX_ERROR,
               "number has no integer representation");
  assert_fails(sb, "math.random('x')", MP_SANDBOX_ERROR, "number expected");
  assert_fails(sb, "math.randomseed(42)", MP_SANDBOX_ERROR,
               "t.lua:1: math.randomseed is disabled: use the game's seed");
  assert_int_equal(rng.calls, 0);
  mp_sandbox_free(sb);

  sb = mp_sandbox_new(NULL, NULL, NULL);
  assert_non_null(sb);
  assert_fails(sb, "math.random()", MP_SANDBOX_ERROR, "no random number generator");
  mp_sandbox_free(sb);
}

/* splitmix64, a real RNG for the distribution check */
static uint64_t splitmix(void *ud) {
  uint64_t *s = (uint64_t *)ud;
  uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static void test_random_is_uniform_enough(void **state) {
  uint64_t seed = 42;
  mp_sandbox *sb = mp_sandbox_new(NULL, splitmix, &seed);
  (void)state;
  assert_non_null(sb);
  /* every face of a die within 5% of 1/6; floats in [0,1) */
  assert_eval(sb,
              "local n = {0, 0, 0, 0, 0, 0}\n"
              "for i = 1, 60000 do local r = math.random(6) n[r] = n[r] + 1 end\n"
              "for i = 1, 6 do if math.abs(n[i] - 10000) > 500 then return 'skewed' end end\n"
              "for i = 1, 1000 do local f = math.random()\n"
              "  if f < 0 or f >= 1 then return 'bad' end end\n"
              "return 'ok'",
              "ok");
  mp_sandbox_free(sb);
}

/* }=================================================================== */


/* {====================================================================
** Host API
** ===================================================================== */

static void test_syntax_error_location(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  (void)state;
  assert_int_equal(run(sb, "@scripts/bad.lua", "local x = 1\nlocal = 2\n"),
                   MP_SANDBOX_ERROR);
  assert_string_equal(mp_sandbox_error(sb),
                      "scripts/bad.lua:2: <name> expected near '='");
  assert_int_equal(run(sb, "@scripts/bad.lua", "x = 1\n\n\nerror('custom')"),
                   MP_SANDBOX_ERROR);
  assert_string_equal(mp_sandbox_error(sb), "scripts/bad.lua:4: custom");
  assert_int_equal(run(sb, "@scripts/bad.lua", "error({})"), MP_SANDBOX_ERROR);
  assert_string_equal(mp_sandbox_error(sb),
                      "scripts/bad.lua:1: (error object is a table value)");
  mp_sandbox_free(sb);
}

static void test_call_script_function(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  lua_State *L = mp_sandbox_lua(sb);
  const char *code =
      "function score(a, b) return a * b, 'pts' end\n"
      "function broken() local t = nil\n return t.x end\n";
  (void)state;
  assert_int_equal(mp_sandbox_run(sb, "@rules.lua", code, strlen(code), 0),
                   MP_SANDBOX_OK);
  assert_int_equal(lua_gettop(L), 1);
  /* optional hooks: a missing one reads as nil from C */
  assert_int_equal(lua_getfield(L, 1, "on_missing"), LUA_TNIL);
  lua_pop(L, 1);
  assert_int_equal(lua_getfield(L, 1, "score"), LUA_TFUNCTION);
  lua_pushinteger(L, 6);
  lua_pushinteger(L, 7);
  assert_int_equal(mp_sandbox_call(sb, 2, 2), MP_SANDBOX_OK);
  assert_int_equal(lua_tointeger(L, -2), 42);
  assert_string_equal(lua_tostring(L, -1), "pts");
  lua_pop(L, 2);
  assert_int_equal(lua_getfield(L, 1, "broken"), LUA_TFUNCTION);
  assert_int_equal(mp_sandbox_call(sb, 0, 0), MP_SANDBOX_ERROR);
  assert_string_equal(mp_sandbox_error(sb),
                      "rules.lua:3: attempt to index a nil value (local 't')");
  assert_int_equal(lua_gettop(L), 1);
  assert_int_equal(mp_sandbox_call(sb, 5, 0), MP_SANDBOX_EINVAL);
  lua_pop(L, 1);
  mp_sandbox_free(sb);
}

static void test_expose_read_only(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  lua_State *L = mp_sandbox_lua(sb);
  (void)state;
  lua_newtable(L);
  lua_pushinteger(L, 3);
  lua_setfield(L, -2, "players");
  lua_newtable(L);
  lua_pushliteral(L, "road");
  lua_rawseti(L, -2, 1);
  lua_pushliteral(L, "city");
  lua_rawseti(L, -2, 2);
  lua_setfield(L, -2, "kinds");
  assert_int_equal(mp_sandbox_expose(sb, "meeple"), MP_SANDBOX_OK);
  assert_int_equal(lua_gettop(L), 0);
  assert_eval(sb,
              "local s = meeple.players .. ':' .. #meeple.kinds\n"
              "for i, k in ipairs(meeple.kinds) do s = s .. ':' .. k end\n"
              "local keys = {}\n"
              "for k in pairs(meeple) do keys[#keys + 1] = k end\n"
              "table.sort(keys)  -- pairs() order is not deterministic\n"
              "return s .. ':' .. table.concat(keys, ':') .. ':' ..\n"
              "       tostring(meeple.kinds == meeple.kinds)",
              "3:2:road:city:kinds:players:true");
  assert_fails(sb, "meeple.players = 4", MP_SANDBOX_ERROR,
               "t.lua:1: attempt to modify read-only table 'meeple'");
  assert_fails(sb, "meeple.kinds[3] = 'field'", MP_SANDBOX_ERROR,
               "t.lua:1: attempt to modify read-only table 'meeple.kinds'");
  assert_fails(sb, "for k, v in pairs(meeple) do if type(v) == 'table' then v.x = 1 end end",
               MP_SANDBOX_ERROR, "read-only table 'meeple.kinds'");
  assert_fails(sb, "rawset(meeple.kinds, 3, 'x')", MP_SANDBOX_ERROR,
               "read-only table 'meeple.kinds'");
  assert_fails(sb, "table.insert(meeple.kinds, 'x')", MP_SANDBOX_ERROR,
               "read-only table 'meeple.kinds'");
  /* names are unique */
  lua_pushinteger(L, 1);
  assert_int_equal(mp_sandbox_expose(sb, "math"), MP_SANDBOX_EINVAL);
  assert_non_null(strstr(mp_sandbox_error(sb), "already exists"));
  assert_int_equal(lua_gettop(L), 0);
  mp_sandbox_free(sb);
}

/* The time limit spends the sandbox (sandbox.h): the call fails with
** ETIME, and every later call and load fails at once with the same
** message, running nothing (the global is never set); another sandbox
** is unaffected. Long string comparisons, one instruction each, keep the
** budget from firing first. */
static void test_time_limit_spends(void **state) {
  (void)state;
  mp_sandbox_limits lim = {0, 0, 0, 0, 50};
  static fake_rng rng = {zero_seq, 1, 0, 0};
  mp_sandbox *sb = mp_sandbox_new(&lim, fake_draw, &rng);
  mp_sandbox *other = new_sandbox(0, 0);
  assert_non_null(sb);
  assert_false(mp_sandbox_spent(sb));
  assert_int_equal(run(sb, "@slow.lua",
                       "local a, b = 'x', 'x'\n"
                       "for i = 1, 21 do a, b = a .. a, b .. b end\n"
                       "for i = 1, 10000000 do local eq = a == b end"),
                   MP_SANDBOX_ETIME);
  char first[256];  /* the line it fired on depends on the machine */
  snprintf(first, sizeof first, "%s", mp_sandbox_error(sb));
  assert_true(strncmp(first, "slow.lua:", 9) == 0);
  assert_non_null(strstr(first, ": time limit exceeded (50 ms per call)"));
  assert_true(mp_sandbox_spent(sb));
  assert_true(mp_sandbox_time_fired());
  assert_int_equal(run(sb, "@next.lua", "x = 1"), MP_SANDBOX_ETIME);
  assert_string_equal(mp_sandbox_error(sb), first);
  lua_State *L = mp_sandbox_lua(sb);
  int top = lua_gettop(L);
  lua_pushcfunction(L, luaopen_base);  /* never called */
  lua_pushinteger(L, 1);
  assert_int_equal(mp_sandbox_call(sb, 1, 0), MP_SANDBOX_ETIME);
  assert_int_equal(lua_gettop(L), top);
  assert_false(mp_sandbox_spent(other));
  assert_int_equal(run(other, "@fine.lua", "x = 1"), MP_SANDBOX_OK);
  mp_sandbox_free(other);
  mp_sandbox_free(sb);
}

typedef struct sink { char text[256]; size_t len; } sink;

/* docs/sandbox.md's C example, verbatim between the two marker lines
** (tests/host/sandbox_docs_test.lua checks that they match): it
** compiles, and the sandbox keeps the limits it asks for. */
static uint64_t game_rng(void *ud) { return fake_draw(ud); }

static void test_doc_limits_example(void **state) {
  (void)state;
  static fake_rng rng = {zero_seq, 1, 0, 0};
  void *game = &rng;
  /* docs/sandbox.md begin */
mp_sandbox_limits lim = {
  .memory_cap = 32u << 20,           /* bytes; 0 = 64 MiB */
  .instruction_budget = 2000000,     /* per call; 0 = 10,000,000 */
  .turn_budget = 0,                  /* 0 = 50,000,000 per turn */
  .game_budget = 0,                  /* 0 = 1,000,000,000 per game */
  .time_limit_ms = 500,              /* 0 = 2000 */
};
mp_sandbox *sb = mp_sandbox_new(&lim, game_rng, game);
  /* docs/sandbox.md end */
  assert_non_null(sb);
  mp_sandbox_limits got;
  mp_sandbox_get_limits(sb, &got);
  assert_int_equal(got.memory_cap, 32u << 20);
  assert_int_equal(got.instruction_budget, 2000000);
  assert_int_equal(got.turn_budget, 50000000);
  assert_int_equal(got.game_budget, 1000000000);
  assert_int_equal(got.time_limit_ms, 500);
  assert_int_equal(run(sb, "@bot.lua", "while true do end"), MP_SANDBOX_EBUDGET);
  assert_string_equal(mp_sandbox_error(sb), "bot.lua:1: instruction budget exceeded (2000000 instructions)");
  mp_sandbox_free(sb);
}

static void sink_print(void *ud, const char *text, size_t len) {
  sink *s = (sink *)ud;
  if (s->len + len < sizeof s->text) {
    memcpy(s->text + s->len, text, len);
    s->len += len;
    s->text[s->len] = '\0';
  }
}

static void test_print_goes_to_sink(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  sink s = {{0}, 0};
  (void)state;
  mp_sandbox_set_print(sb, sink_print, &s);
  assert_int_equal(run(sb, "@p.lua", "print('a', 1, nil, true)\nprint()"), MP_SANDBOX_OK);
  assert_string_equal(s.text, "a\t1\tnil\ttrue\n\n");
  mp_sandbox_free(sb);
}

static void test_sandboxes_independent(void **state) {
  static const uint64_t seq_a[] = {7}, seq_b[] = {15};
  fake_rng ra = {seq_a, 1, 0, 0}, rb = {seq_b, 1, 0, 0};
  mp_sandbox_limits la = {(size_t)4 << 20, 50000, 0, 0, SLOW_MS}, lb = {0, 0, 0, 0, SLOW_MS};
  mp_sandbox *a = mp_sandbox_new(&la, fake_draw, &ra);
  mp_sandbox *b = mp_sandbox_new(&lb, fake_draw, &rb);
  size_t mem_b;
  (void)state;
  assert_non_null(a);
  assert_non_null(b);
  lua_pushinteger(mp_sandbox_lua(a), 1);
  assert_int_equal(mp_sandbox_expose(a, "only_in_a"), MP_SANDBOX_OK);
  assert_eval(a, "return only_in_a", "1");
  assert_fails(b, "return only_in_a", MP_SANDBOX_ERROR, "undefined global 'only_in_a'");
  /* each its own RNG */
  assert_eval(a, "return math.random(10)", "8");
  assert_eval(b, "return math.random(10)", "6");
  assert_int_equal(ra.calls, 1);
  assert_int_equal(rb.calls, 1);
  /* each its own limits and accounting */
  mem_b = mp_sandbox_memory(b);
  assert_int_equal(run(a, "@a.lua", "for i = 1, 100000 do end"), MP_SANDBOX_EBUDGET);
  assert_int_equal(run(b, "@b.lua", "for i = 1, 100000 do end"), MP_SANDBOX_OK);
  assert_int_equal(run(a, "@a.lua", "return string.rep('x', 8 << 20)"), MP_SANDBOX_EMEMORY);
  assert_string_equal(mp_sandbox_error(a), "a.lua:1: memory cap exceeded (cap 4 MiB)");
  assert_int_equal(run(b, "@b.lua", "x = string.rep('x', 8 << 20)"), MP_SANDBOX_OK);
  assert_string_equal(mp_sandbox_error(b), "");
  assert_true(mp_sandbox_memory(b) > mem_b);
  mp_sandbox_free(a);
  mp_sandbox_free(b);
}

static void test_set_limits(void **state) {
  mp_sandbox *sb = new_sandbox(0, 0);
  mp_sandbox_limits lim = {(size_t)2 << 20, 1000, 0, 0, 0}, got;
  (void)state;
  mp_sandbox_set_limits(sb, &lim);
  mp_sandbox_get_limits(sb, &got);
  assert_int_equal(got.memory_cap, (size_t)2 << 20);
  assert_int_equal(got.instruction_budget, 1000);
  assert_int_equal(run(sb, "@l.lua", "for i = 1, 2000 do end"), MP_SANDBOX_EBUDGET);
  assert_string_equal(mp_sandbox_error(sb),
                      "l.lua:1: instruction budget exceeded (1000 instructions)");
  assert_int_equal(run(sb, "@l.lua", "for i = 1, 100 do end"), MP_SANDBOX_OK);
  assert_int_equal(run(sb, "@l.lua", "return ('x'):rep(3 << 20)"), MP_SANDBOX_EMEMORY);
  assert_string_equal(mp_sandbox_error(sb), "l.lua:1: memory cap exceeded (cap 2 MiB)");
  mp_sandbox_set_limits(sb, NULL);
  mp_sandbox_get_limits(sb, &got);
  assert_int_equal(got.instruction_budget, 10000000L);
  assert_int_equal(run(sb, "@l.lua", "return ('x'):rep(3 << 20)"), MP_SANDBOX_OK);
  mp_sandbox_free(sb);
}

/* }=================================================================== */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_forbidden_names_are_absent),
    cmocka_unit_test(test_binary_chunks_refused),
    cmocka_unit_test(test_load_gets_sandbox_env),
    cmocka_unit_test(test_undefined_global_read),
    cmocka_unit_test(test_library_tables_read_only),
    cmocka_unit_test(test_string_methods),
    cmocka_unit_test(test_gc_metamethod_refused),
    cmocka_unit_test(test_budget_stops_loop),
    cmocka_unit_test(test_budget_default),
    cmocka_unit_test(test_budget_not_swallowed),
    cmocka_unit_test(test_budget_shared_by_nested_calls),
    cmocka_unit_test(test_memory_cap),
    cmocka_unit_test(test_memory_returns_to_baseline),
    cmocka_unit_test(test_random_uses_game_rng),
    cmocka_unit_test(test_random_is_uniform_enough),
    cmocka_unit_test(test_syntax_error_location),
    cmocka_unit_test(test_call_script_function),
    cmocka_unit_test(test_expose_read_only),
    cmocka_unit_test(test_print_goes_to_sink),
    cmocka_unit_test(test_doc_limits_example),
    cmocka_unit_test(test_sandboxes_independent),
    cmocka_unit_test(test_set_limits),
    cmocka_unit_test(test_time_limit_spends),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
** sandbox_bounds.c: library functions whose one call could outrun the
** limits, wrapped so that it cannot.
**
** Invariant: before Lua's own function runs, the wrapper has charged the
** running call's budget with the work the call may do (bytes it copies,
** elements it moves or compares, steps a pattern may backtrack) and
** checked that the bytes it will allocate fit under the memory cap. A
** single call therefore costs at most what the same work written as Lua
** instructions would, and the count hook and clock see it. In host code
** (depth 0) the wrappers only forward: host code runs without limits.
**
** Each wrapper is a C closure whose upvalue is Lua's original function.
*/
#include <string.h>

#include <lauxlib.h>

#include "sandbox_internal.h"

/* Calls the original (upvalue 1) with this call's arguments. */
static int forward(lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

/* Host code called by a script (the loader's API) is not bounded. */
static int in_script(lua_State *L) { return mp_sb_script_caller(L); }

/* a * b, saturating at SIZE_MAX. */
static size_t mul_sat(size_t a, size_t b) {
  return (a != 0 && b > SIZE_MAX / a) ? SIZE_MAX : a * b;
}

static size_t add_sat(size_t a, size_t b) {
  return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

/* string.rep(s, n [, sep]): n * (#s + #sep) bytes, checked first. */
static int b_rep(lua_State *L) {
  if (in_script(L)) {
    size_t l, lsep = 0;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 0) {
      size_t bytes = mul_sat((size_t)n, add_sat(l, lsep));
      mp_sb_check_alloc(L, bytes);
      mp_sb_charge(L, bytes > (size_t)n ? bytes : (size_t)n);  /* "" repeats too */
    }
  }
  return forward(L);
}

/* Worst-case steps of Lua's backtracking matcher: each quantifier that
** can give back characters ('*', '-', '+', '?') multiplies the attempts
** by the subject's length. */
static size_t pattern_steps(const char *p, size_t lp, size_t ls) {
  size_t steps = add_sat(ls, 1), quantifiers = 0;
  for (size_t i = 0; i < lp; i++) {
    if (p[i] == '%') { i++; continue; }
    if (p[i] == '*' || p[i] == '-' || p[i] == '+' || p[i] == '?') quantifiers++;
  }
  for (size_t q = 0; q < quantifiers && steps != SIZE_MAX; q++)
    steps = mul_sat(steps, add_sat(ls, 1));
  return add_sat(mul_sat(steps, lp > 0 ? lp : 1), ls);
}

/* find, match, gmatch, gsub: (s, pattern, ...); find's 4th argument
** 'plain' makes it a linear search. */
static int b_pattern(lua_State *L) {
  if (in_script(L)) {
    size_t ls, lp;
    luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int plain = lua_toboolean(L, lua_upvalueindex(2)) && lua_toboolean(L, 4);
    mp_sb_charge(L, plain ? ls + lp : pattern_steps(p, lp, ls));
  }
  return forward(L);
}

/* The length the table function will use: its own #t, which may run a
** __len metamethod (a script's, under the limits like any other code). */
static lua_Integer len_of(lua_State *L, int idx) {
  lua_len(L, idx);
  int isint;
  lua_Integer n = lua_tointegerx(L, -1, &isint);
  lua_pop(L, 1);
  if (!isint) luaL_error(L, "object length is not an integer");
  return n;
}

static size_t span(lua_Integer from, lua_Integer to) {
  if (to < from) return 0;
  lua_Unsigned d = (lua_Unsigned)to - (lua_Unsigned)from;
  return d >= SIZE_MAX ? SIZE_MAX : (size_t)d + 1;
}

/* table.insert(t, [pos,] v) and table.remove(t [, pos]): shift #t - pos
** elements. Upvalue 2: true for insert, whose position is its second
** argument only when it has three. */
static int b_shift(lua_State *L) {
  if (in_script(L) && lua_type(L, 1) == LUA_TTABLE) {
    lua_Integer n = len_of(L, 1);
    int has_pos = lua_gettop(L) >= (lua_toboolean(L, lua_upvalueindex(2)) ? 3 : 2);
    lua_Integer pos = has_pos && lua_isinteger(L, 2) ? lua_tointeger(L, 2) : n;
    mp_sb_charge(L, add_sat(span(pos < 1 ? 1 : pos, n), 1));
  }
  return forward(L);
}

/* table.move(a1, f, e, t [, a2]): e - f + 1 elements. */
static int b_move(lua_State *L) {
  if (in_script(L)) {
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
    mp_sb_charge(L, add_sat(span(f, e), 1));
  }
  return forward(L);
}

/* table.concat(t [, sep [, i [, j]]]) and table.unpack(t [, i [, j]]):
** j - i + 1 elements (concat's bytes are under the memory cap). */
static int b_range(lua_State *L) {
  if (in_script(L)) {
    int first = lua_toboolean(L, lua_upvalueindex(2)) ? 3 : 2; /* concat: after sep */
    lua_Integer i = luaL_optinteger(L, first, 1);
    lua_Integer j = lua_isnoneornil(L, first + 1) ? len_of(L, 1)
                                                   : luaL_checkinteger(L, first + 1);
    mp_sb_charge(L, add_sat(span(i, j), 1));
  }
  return forward(L);
}

/* table.sort(t [, comp]): about n log2 n comparisons, each of which may
** compare two strings as long as the longest one in t (one unit per 4
** bytes: strcoll works through a string of '\0's at about 6.5 ns a
** byte). The scan for that length is charged first, one unit an element. */
static int b_sort(lua_State *L) {
  if (in_script(L) && lua_type(L, 1) == LUA_TTABLE) {
    lua_Integer n = len_of(L, 1);
    size_t steps = n > 0 ? (size_t)n : 1, lg = 1, longest = 0;
    while (((size_t)1 << lg) < steps && lg < 63) lg++;
    mp_sb_charge(L, mul_sat(steps, lg + 1));
    for (lua_Integer i = 1; i <= n; i++) {
      if (lua_rawgeti(L, 1, i) == LUA_TSTRING && lua_rawlen(L, -1) > longest)
        longest = lua_rawlen(L, -1);
      lua_pop(L, 1);
    }
    if (longest >= 4) mp_sb_charge(L, mul_sat(mul_sat(steps, lg), longest / 4));
  }
  return forward(L);
}

/* Lua's posrelat: a string position, negative from the end, as a count
** of bytes from the start clipped to [0, len]. */
static size_t clip_pos(lua_Integer pos, size_t len) {
  if (pos >= 0) return (lua_Unsigned)pos > len ? len : (size_t)pos;
  if ((lua_Unsigned)-(pos + 1) >= len) return 0;
  return len - (size_t)-(pos + 1);
}

/* string.byte(s [, i [, j]]), utf8.codepoint(s [, i [, j]]) (j defaults
** to i) and utf8.len(s [, i [, j]]) (j defaults to -1): the bytes of the
** range they read or push. Upvalue 2: true when j defaults to -1. */
static int b_range_of_string(lua_State *L) {
  if (in_script(L)) {
    size_t l;
    luaL_checklstring(L, 1, &l);
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer j = luaL_optinteger(L, 3, lua_toboolean(L, lua_upvalueindex(2)) ? -1 : i);
    size_t from = clip_pos(i, l), to = clip_pos(j, l);
    mp_sb_charge(L, (to >= from ? to - from : 0) + 1);
  }
  return forward(L);
}

/* utf8.offset(s, n [, i]): the bytes it may walk over from i, forward
** for n > 0, backward otherwise (continuation bytes count too). */
static int b_offset(lua_State *L) {
  if (in_script(L)) {
    size_t l;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    lua_Integer i = luaL_optinteger(L, 3, n >= 0 ? 1 : (lua_Integer)l + 1);
    size_t at = clip_pos(i, l);
    mp_sb_charge(L, (n > 0 ? l - (at > 0 ? at - 1 : 0) : at) + 1);
  }
  return forward(L);
}

/* The iterator utf8.codes returns, wrapped (upvalue 1: Lua's): a step
** skips the continuation bytes after the control position, as many as
** the script may have put there; they are counted and charged first. */
static int b_codes_step(lua_State *L) {
  if (in_script(L)) {
    size_t l;
    const char *s = luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    size_t k = 0;
    if (n >= 0 && (lua_Unsigned)n < l)
      while ((size_t)n + k < l && (s[n + k] & 0xC0) == 0x80) k++;
    mp_sb_charge(L, k + 1);
  }
  return forward(L);
}

/* utf8.codes(s [, lax]): Lua's iterator (strict or lax), wrapped. */
static int b_codes(lua_State *L) {
  int n = forward(L);
  if (n >= 1 && lua_iscfunction(L, 1)) {
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    lua_pushcclosure(L, b_codes_step, 2);
    lua_replace(L, 1);
  }
  return n;
}

/* Replaces field 'name' of the table at 't' with 'f' closed over the
** original (and the flag 'flag' as a second upvalue). */
static void wrap(lua_State *L, int t, const char *name, lua_CFunction f, int flag) {
  lua_getfield(L, t, name);
  lua_pushboolean(L, flag);
  lua_pushcclosure(L, f, 2);
  lua_setfield(L, t, name);
}

void mp_sb_bound_libs(lua_State *L, int str, int tab) {
  str = lua_absindex(L, str);
  tab = lua_absindex(L, tab);
  wrap(L, str, "rep", b_rep, 0);
  wrap(L, str, "byte", b_range_of_string, 0);
  wrap(L, str, "find", b_pattern, 1);
  wrap(L, str, "match", b_pattern, 0);
  wrap(L, str, "gmatch", b_pattern, 0);
  wrap(L, str, "gsub", b_pattern, 0);
  wrap(L, tab, "insert", b_shift, 1);
  wrap(L, tab, "remove", b_shift, 0);
  wrap(L, tab, "move", b_move, 0);
  wrap(L, tab, "concat", b_range, 1);
  wrap(L, tab, "unpack", b_range, 0);
  wrap(L, tab, "sort", b_sort, 0);
}

void mp_sb_bound_utf8(lua_State *L, int utf8) {
  utf8 = lua_absindex(L, utf8);
  wrap(L, utf8, "codepoint", b_range_of_string, 0);
  wrap(L, utf8, "len", b_range_of_string, 1);
  wrap(L, utf8, "offset", b_offset, 0);
  wrap(L, utf8, "codes", b_codes, 0);
}

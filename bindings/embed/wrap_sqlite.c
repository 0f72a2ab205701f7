/*
** wrap_sqlite.c: meeple.sqlite_open(path), the little of SQLite that
** writing a study's rows needs (Debian's libsqlite3): exec, prepared
** statements run with bound values, close. Host code only: the sandbox
** never sees the meeple module.
**
** A Db userdata owns one sqlite3 handle (NULL once closed); a Stmt owns
** one sqlite3_stmt and keeps its Db in its user value, so the database
** outlives its statements. Every failure raises with SQLite's message.
*/
#include <sqlite3.h>

#include <lauxlib.h>
#include <lua.h>

#include "embed.h"
#include "wrap_internal.h"

#define MP_DB "meeple.SqliteDb"
#define MP_STMT "meeple.SqliteStmt"

typedef struct mp_db {
  sqlite3 *db;
} mp_db;

typedef struct mp_stmt {
  sqlite3_stmt *stmt;
} mp_stmt;

static sqlite3 *checkdb(lua_State *L) {
  mp_db *ud = (mp_db *)luaL_checkudata(L, 1, MP_DB);
  if (!ud->db) luaL_error(L, "database is closed");
  return ud->db;
}

static sqlite3_stmt *checkstmt(lua_State *L) {
  mp_stmt *ud = (mp_stmt *)luaL_checkudata(L, 1, MP_STMT);
  if (!ud->stmt) luaL_error(L, "statement is finalized");
  return ud->stmt;
}

/* meeple.sqlite_open(path): a new database file (or an existing one). */
static int sqlite_open(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  mp_db *ud = (mp_db *)lua_newuserdatauv(L, sizeof *ud, 0);
  ud->db = NULL;
  luaL_setmetatable(L, MP_DB);
  int rc = sqlite3_open_v2(path, &ud->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK) {
    const char *msg = ud->db ? sqlite3_errmsg(ud->db) : sqlite3_errstr(rc);
    lua_pushstring(L, msg);
    sqlite3_close(ud->db);
    ud->db = NULL;
    return lua_error(L);
  }
  return 1;
}

/* db:exec(sql): runs statements that return no rows. */
static int db_exec(lua_State *L) {
  sqlite3 *db = checkdb(L);
  char *err = NULL;
  if (sqlite3_exec(db, luaL_checkstring(L, 2), NULL, NULL, &err) != SQLITE_OK) {
    lua_pushstring(L, err ? err : sqlite3_errmsg(db));
    sqlite3_free(err);
    return lua_error(L);
  }
  return 0;
}

/* db:prepare(sql) -> stmt */
static int db_prepare(lua_State *L) {
  sqlite3 *db = checkdb(L);
  mp_stmt *ud = (mp_stmt *)lua_newuserdatauv(L, sizeof *ud, 1);
  ud->stmt = NULL;
  luaL_setmetatable(L, MP_STMT);
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  if (sqlite3_prepare_v2(db, luaL_checkstring(L, 2), -1, &ud->stmt, NULL) != SQLITE_OK)
    return luaL_error(L, "%s", sqlite3_errmsg(db));
  return 1;
}

static int db_close(lua_State *L) {
  mp_db *ud = (mp_db *)luaL_checkudata(L, 1, MP_DB);
  if (ud->db && sqlite3_close(ud->db) != SQLITE_OK)
    return luaL_error(L, "%s", sqlite3_errmsg(ud->db));
  ud->db = NULL;
  return 0;
}

/* A statement still open keeps the handle: close_v2 waits for it. */
static int db_gc(lua_State *L) {
  mp_db *ud = (mp_db *)luaL_checkudata(L, 1, MP_DB);
  if (ud->db) sqlite3_close_v2(ud->db);
  ud->db = NULL;
  return 0;
}

static void bind(lua_State *L, sqlite3_stmt *st, int arg, int col) {
  int rc;
  switch (lua_type(L, arg)) {
    case LUA_TNIL: rc = sqlite3_bind_null(st, col); break;
    case LUA_TNUMBER:
      rc = lua_isinteger(L, arg) ? sqlite3_bind_int64(st, col, lua_tointeger(L, arg))
                                 : sqlite3_bind_double(st, col, lua_tonumber(L, arg));
      break;
    case LUA_TSTRING: {
      size_t len;
      const char *s = lua_tolstring(L, arg, &len);
      rc = sqlite3_bind_text(st, col, s, (int)len, SQLITE_TRANSIENT);
      break;
    }
    default: luaL_typeerror(L, arg, "integer, number, string or nil"); return;
  }
  if (rc != SQLITE_OK) luaL_error(L, "%s", sqlite3_errstr(rc));
}

/* stmt:run(v1, v2, ...): binds the values, runs the statement to its end
** and resets it for the next run. */
static int stmt_run(lua_State *L) {
  sqlite3_stmt *st = checkstmt(L);
  int n = lua_gettop(L) - 1;
  luaL_argcheck(L, n == sqlite3_bind_parameter_count(st), 2, "wrong number of values");
  for (int i = 1; i <= n; i++) bind(L, st, i + 1, i);
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
  }
  sqlite3_reset(st);
  if (rc != SQLITE_DONE) return luaL_error(L, "%s", sqlite3_errmsg(sqlite3_db_handle(st)));
  return 0;
}

/* stmt:rows(v1, ...): binds the values and returns every row as a list
** of its columns' text (NULL: nil), for reading a study back (--append). */
static int stmt_rows(lua_State *L) {
  sqlite3_stmt *st = checkstmt(L);
  int n = lua_gettop(L) - 1;
  luaL_argcheck(L, n == sqlite3_bind_parameter_count(st), 2, "wrong number of values");
  for (int i = 1; i <= n; i++) bind(L, st, i + 1, i);
  lua_newtable(L);
  int rc, row = 0, cols = sqlite3_column_count(st);
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    lua_createtable(L, cols, 0);
    for (int c = 0; c < cols; c++) {
      const unsigned char *text = sqlite3_column_text(st, c);
      if (text) lua_pushlstring(L, (const char *)text, (size_t)sqlite3_column_bytes(st, c));
      else lua_pushnil(L);
      lua_rawseti(L, -2, c + 1);
    }
    lua_rawseti(L, -2, ++row);
  }
  sqlite3_reset(st);
  if (rc != SQLITE_DONE) return luaL_error(L, "%s", sqlite3_errmsg(sqlite3_db_handle(st)));
  return 1;
}

static int stmt_finalize(lua_State *L) {
  mp_stmt *ud = (mp_stmt *)luaL_checkudata(L, 1, MP_STMT);
  if (ud->stmt) sqlite3_finalize(ud->stmt);
  ud->stmt = NULL;
  return 0;
}

static const luaL_Reg db_methods[] = {
  {"exec", db_exec},
  {"prepare", db_prepare},
  {"close", db_close},
  {NULL, NULL}
};

static const luaL_Reg stmt_methods[] = {
  {"run", stmt_run},
  {"rows", stmt_rows},
  {"finalize", stmt_finalize},
  {NULL, NULL}
};

static void newclass(lua_State *L, const char *name, const luaL_Reg *methods, lua_CFunction gc) {
  luaL_newmetatable(L, name);
  lua_pushcfunction(L, gc);
  lua_setfield(L, -2, "__gc");
  lua_newtable(L);
  luaL_setfuncs(L, methods, 0);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "private");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
}

void mp_open_sqlite(lua_State *L) {
  newclass(L, MP_DB, db_methods, db_gc);
  newclass(L, MP_STMT, stmt_methods, stmt_finalize);
  lua_pushcfunction(L, sqlite_open);
  lua_setfield(L, -2, "sqlite_open");
}

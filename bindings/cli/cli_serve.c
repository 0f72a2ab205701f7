/*
** cli_serve.c: meeple serve: HTTP on 127.0.0.1 with libmicrohttpd. Every
** request is answered by the Lua function meeple.cli.serve.handle(method,
** url, body, too_big) -> status, body, content type; this file only moves
** bytes.
**
** Invariant: one thread at a time runs Lua (serve_lua_lock). Each
** connection has its own thread (so an event stream may wait for a
** change), and takes the lock for the handler call; the main thread sets
** up, then takes the bots' answers (serve_jobs.c) until SIGINT/SIGTERM,
** and stops the daemon before it closes the Lua state. A body over
** SERVE_MAX_BODY is dropped as it arrives and answered 413; a Host header
** other than localhost or 127.0.0.1 (a page on another site reaching the
** table by DNS rebinding) is answered 403; the Lua side checks Origin and
** Content-Type. Slow clients: at most SERVE_MAX_CONNECTIONS connections,
** SERVE_PER_IP from one address, and a connection idle for
** SERVE_IDLE_SECONDS is closed (an event stream sends a comment every
** SERVE_PING_SECONDS, so it is never idle).
*/
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <lua.h>
#include <lauxlib.h>

#include "cli.h"
#include "host.h"

#ifdef MEEPLE_HAVE_MHD
#include <microhttpd.h>

#include "serve_jobs.h"

#define SERVE_MAX_BODY (16 * 1024)
#define SERVE_MAX_CONNECTIONS 512u
#define SERVE_PER_IP 100u
#define SERVE_IDLE_SECONDS 10u
#define SERVE_PING_SECONDS 5

typedef struct upload {
  char buf[SERVE_MAX_BODY + 1];
  size_t len;
  int too_big;
} upload;

static int host_is_local(const char *host) {
  if (host == NULL) return 1; /* HTTP/1.0 clients send none */
  size_t n = strcspn(host, ":");
  if (host[0] == '[') return strncmp(host, "[::1]", 5) == 0;
  return (n == 9 && strncasecmp(host, "localhost", 9) == 0) || (n == 9 && strncmp(host, "127.0.0.1", 9) == 0);
}

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, const char *type,
                                 const char *body, size_t len, const char *timing) {
  struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)body, MHD_RESPMEM_MUST_COPY);
  if (r == NULL) return MHD_NO;
  MHD_add_response_header(r, "Content-Type", type);
  MHD_add_response_header(r, "Cache-Control", "no-store");
  MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
  if (timing) MHD_add_response_header(r, "Server-Timing", timing);
  enum MHD_Result ok = MHD_queue_response(c, status, r);
  MHD_destroy_response(r);
  return ok;
}

static double elapsed_ms(const struct timespec *a, const struct timespec *b) {
  return (double)(b->tv_sec - a->tv_sec) * 1e3 + (double)(b->tv_nsec - a->tv_nsec) / 1e6;
}

/* Copies one header or query argument into the table on top of L; header
** names are lower-cased (HTTP names are case-insensitive). */
static enum MHD_Result add_value(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
  lua_State *L = cls;
  if (key == NULL) return MHD_YES;
  char name[64];
  size_t n = strlen(key);
  if (n >= sizeof name) return MHD_YES;
  for (size_t i = 0; i <= n; i++) name[i] = kind == MHD_HEADER_KIND && key[i] >= 'A' && key[i] <= 'Z' ? (char)(key[i] + 32) : key[i];
  lua_pushstring(L, value ? value : "");
  lua_setfield(L, -2, name);
  return MHD_YES;
}

static enum MHD_Result answer_stream(lua_State *L, struct MHD_Connection *c, const char *id);

/* Calls handle(method, url, body, too_big, headers, query) and sends what
** it returns. The Lua lock is held. */
static enum MHD_Result answer(lua_State *L, struct MHD_Connection *c, const char *method, const char *url,
                              const upload *u) {
  int top = lua_gettop(L);
  struct timespec w0, c0, w1, c1;
  clock_gettime(CLOCK_MONOTONIC, &w0);
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
  lua_getglobal(L, "require");
  lua_pushliteral(L, "meeple.cli.serve");
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) goto fail;
  lua_getfield(L, -1, "handle");
  lua_pushstring(L, method);
  lua_pushstring(L, url);
  lua_pushlstring(L, u->buf, u->len);
  lua_pushboolean(L, u->too_big);
  lua_newtable(L);
  MHD_get_connection_values(c, MHD_HEADER_KIND, add_value, L);
  lua_newtable(L);
  MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, add_value, L);
  if (lua_pcall(L, 6, 3, 0) != LUA_OK) goto fail;
  {
    unsigned status = (unsigned)luaL_optinteger(L, -3, 500);
    size_t len = 0;
    const char *body = lua_tolstring(L, -2, &len);
    const char *type = lua_tostring(L, -1);
    if (status == 200 && type && strcmp(type, "text/event-stream") == 0 && body) {
      char id[32];
      snprintf(id, sizeof id, "%s", body);
      lua_settop(L, top);
      return answer_stream(L, c, id);
    }
    clock_gettime(CLOCK_MONOTONIC, &w1);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
    char timing[96]; /* the handler's wall and CPU time: a slow answer tells a client which side waited */
    snprintf(timing, sizeof timing, "app;dur=%.3f, cpu;dur=%.3f", elapsed_ms(&w0, &w1), elapsed_ms(&c0, &c1));
    enum MHD_Result ok = send_text(c, status, type ? type : "text/plain", body ? body : "", body ? len : 0, timing);
    lua_settop(L, top);
    return ok;
  }
fail:
  fprintf(stderr, "meeple serve: %s\n", lua_tostring(L, -1));
  lua_settop(L, top);
  static const char err[] = "{\"error\":\"internal error\"}";
  return send_text(c, 500, "application/json", err, sizeof err - 1, NULL);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *data, size_t *data_size, void **state) {
  (void)version;
  upload *u = *state;
  if (u == NULL) { /* headers only: make room for the body */
    u = calloc(1, sizeof *u);
    if (u == NULL) return MHD_NO;
    *state = u;
    return MHD_YES;
  }
  if (*data_size > 0) {
    if (u->len + *data_size > SERVE_MAX_BODY) u->too_big = 1;
    else {
      memcpy(u->buf + u->len, data, *data_size);
      u->len += *data_size;
    }
    *data_size = 0;
    return MHD_YES;
  }
  if (!host_is_local(MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host"))) {
    static const char err[] = "{\"error\":\"the table answers only to localhost\"}";
    return send_text(c, 403, "application/json", err, sizeof err - 1, NULL);
  }
  pthread_mutex_lock(&serve_lua_lock);
  enum MHD_Result ok = answer((lua_State *)cls, c, method, url, u);
  pthread_mutex_unlock(&serve_lua_lock);
  return ok;
}

/* {------------------------------------------------------------------
** Server-Sent Events: one thread per stream waits (serve_wait_change)
** for a change, then asks meeple.server.stream(id, stamp) for the events
** since the last one it sent.
** ------------------------------------------------------------------- */

typedef struct stream {
  lua_State *L;
  char id[32];
  lua_Integer stamp; /* what meeple.server.stream last answered; -1: nothing yet */
  unsigned long seen;
  char *text;
  size_t len, off;
} stream;

/* stream(id, stamp) -> text, stamp; 0 when the table is gone. Lock held. */
static int next_events(stream *s) {
  lua_State *L = s->L;
  int top = lua_gettop(L), ok = 0;
  lua_getglobal(L, "require");
  lua_pushliteral(L, "meeple.server");
  if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
    lua_getfield(L, -1, "stream");
    lua_pushstring(L, s->id);
    lua_pushinteger(L, s->stamp);
    if (lua_pcall(L, 2, 2, 0) == LUA_OK && lua_isinteger(L, -1)) {
      ok = 1;
      s->stamp = lua_tointeger(L, -1);
      size_t len = 0;
      const char *text = lua_tolstring(L, -2, &len);
      free(s->text);
      s->text = NULL, s->len = s->off = 0;
      if (text && len > 0 && (s->text = malloc(len)) != NULL) {
        memcpy(s->text, text, len);
        s->len = len;
      }
    }
  }
  lua_settop(L, top);
  return ok;
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max) {
  (void)pos;
  stream *s = cls;
  if (s->off >= s->len) {
    pthread_mutex_lock(&serve_lua_lock);
    for (;;) {
      if (serve_stopping() || !next_events(s)) {
        pthread_mutex_unlock(&serve_lua_lock);
        return MHD_CONTENT_READER_END_OF_STREAM;
      }
      if (s->len > 0) break;
      unsigned long now = serve_wait_change(s->seen, SERVE_PING_SECONDS);
      if (now == s->seen) { /* a comment keeps the connection from timing out */
        static const char ping[] = ": ping\n\n";
        free(s->text);
        s->text = malloc(sizeof ping - 1);
        if (s->text) memcpy(s->text, ping, sizeof ping - 1);
        s->len = s->text ? sizeof ping - 1 : 0, s->off = 0;
        break;
      }
      s->seen = now;
    }
    pthread_mutex_unlock(&serve_lua_lock);
  }
  size_t n = s->len - s->off < max ? s->len - s->off : max;
  memcpy(buf, s->text + s->off, n);
  s->off += n;
  return (ssize_t)n;
}

static void stream_free(void *cls) {
  stream *s = cls;
  free(s->text);
  free(s);
}

static enum MHD_Result answer_stream(lua_State *L, struct MHD_Connection *c, const char *id) {
  stream *s = calloc(1, sizeof *s);
  if (s == NULL) return MHD_NO;
  s->L = L, s->stamp = -1;
  snprintf(s->id, sizeof s->id, "%s", id);
  struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, s, stream_free);
  if (r == NULL) {
    free(s);
    return MHD_NO;
  }
  MHD_add_response_header(r, "Content-Type", "text/event-stream");
  MHD_add_response_header(r, "Cache-Control", "no-store");
  MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
  enum MHD_Result ok = MHD_queue_response(c, 200, r);
  MHD_destroy_response(r);
  return ok;
}

/* Runs once the answer is sent. A request's garbage is collected here,
** off the client's clock: left to the allocator, a generational major
** collection (~1 ms per MB of heap) lands inside some later request. */
static void on_done(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode why) {
  (void)c, (void)why;
  if (*state != NULL) {
    pthread_mutex_lock(&serve_lua_lock);
    lua_gc((lua_State *)cls, LUA_GCSTEP, 0);
    pthread_mutex_unlock(&serve_lua_lock);
  }
  free(*state);
  *state = NULL;
}

/* Starts the daemon on host:port (port 0: any free one). */
static struct MHD_Daemon *start(lua_State *L, const char *host, int port) {
  struct sockaddr_in addr;
  memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_port = htons((uint16_t)port);
  if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) return NULL;
  return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL |
                          MHD_USE_ERROR_LOG, (uint16_t)port, NULL, NULL,
                          on_request, L, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
                          MHD_OPTION_NOTIFY_COMPLETED, on_done, L,
                          MHD_OPTION_CONNECTION_LIMIT, SERVE_MAX_CONNECTIONS,
                          MHD_OPTION_PER_IP_CONNECTION_LIMIT, SERVE_PER_IP,
                          MHD_OPTION_CONNECTION_TIMEOUT, SERVE_IDLE_SECONDS,
                          MHD_OPTION_END);
}

static int serve(lua_State *L, int argc, char **argv) {
  lua_getglobal(L, "require");
  lua_pushliteral(L, "meeple.cli.serve");
  if (!cli_pcall(L, 1, 1)) return CLI_FAIL;
  lua_getfield(L, -1, "setup");
  lua_createtable(L, argc, 0);
  for (int i = 0; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i + 1);
  }
  cli_push_ctx(L);
  if (!cli_pcall(L, 2, 1)) return CLI_FAIL;
  if (!lua_istable(L, -1)) return (int)luaL_optinteger(L, -1, CLI_FAIL);
  lua_getfield(L, -1, "port");
  int port = (int)lua_tointeger(L, -1);
  lua_getfield(L, -2, "host");
  const char *host = lua_tostring(L, -1);
  char host_copy[64];
  snprintf(host_copy, sizeof host_copy, "%s", host ? host : "127.0.0.1");
  lua_settop(L, 0);

  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, NULL); /* before the daemon's thread starts */
  signal(SIGPIPE, SIG_IGN);               /* a client gone mid-answer is not a reason to stop */
  serve_jobs_install(L);
  struct MHD_Daemon *d = start(L, host_copy, port);
  if (d == NULL) {
    fprintf(stderr, "meeple serve: cannot listen on %s:%d\n", host_copy, port);
    return CLI_FAIL;
  }
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
  printf("serving on http://%s:%u/ (Ctrl-C stops)\n", host_copy, info ? (unsigned)info->port : (unsigned)port);
  fflush(stdout);
  serve_jobs_loop(L, &set);
  serve_jobs_stop();
  MHD_stop_daemon(d);
  printf("stopped\n");
  return CLI_OK;
}

int cli_serve(lua_State *L, int argc, char **argv) {
  (void)L;
  mp_host *host = mp_host_new(NULL);
  if (!host) {
    fprintf(stderr, "meeple serve: not enough memory\n");
    return CLI_FAIL;
  }
  int status = serve(mp_host_lua(host), argc, argv);
  fflush(stdout);
  mp_host_free(host);
  return status;
}

#else

int cli_serve(lua_State *L, int argc, char **argv) {
  (void)L, (void)argc, (void)argv;
  fprintf(stderr, "meeple serve: this meeple was built without libmicrohttpd (apt-get install libmicrohttpd-dev)\n");
  return CLI_FAIL;
}

#endif

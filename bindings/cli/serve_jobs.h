/*
** serve_jobs.h: what meeple serve's two C files share: the one lock that
** guards the Lua state, the change signal that Server-Sent Events wait
** on, and the bot jobs (a bot's decision computed in a forked child, so
** no request ever waits for a bot).
*/
#ifndef SERVE_JOBS_H
#define SERVE_JOBS_H

#include <pthread.h>
#include <signal.h>

#include <lua.h>

/* Held by whichever thread runs Lua: a request's thread, an event
** stream's thread, or the main thread taking a bot's answer. */
extern pthread_mutex_t serve_lua_lock;

/* Registers meeple.server's hooks into C (spawn, changed) in L; call
** once, before the daemon starts. */
void serve_jobs_install(lua_State *L);

/* The change counter: bumped (under serve_lua_lock) whenever a table
** changes; serve_wait_change waits (lock held) until it passes `seen` or
** `seconds` pass, and returns the counter. serve_jobs_stop wakes every
** waiter for good. */
unsigned long serve_wait_change(unsigned long seen, int seconds);
int serve_stopping(void);

/* The main thread's loop: takes the bots' answers into Lua and kills a
** bot past its deadline, until SIGINT or SIGTERM (blocked in `set`). */
void serve_jobs_loop(lua_State *L, const sigset_t *set);

/* Wakes the event streams and kills the bots still thinking. */
void serve_jobs_stop(void);

#endif

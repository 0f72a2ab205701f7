/*
** hook_profile.h: what each Lua hook costs while a run is profiled
** (`meeple bench`, `meeple sim --profile`); see hook_profile.c.
**
** Every path that calls a hook brackets it: the flow's hook call
** (hook_call.c) is an event frame, and in it each script call is a hook
** frame named by the hook's record (the table meeple.loader.build made):
**
**   int at = mp_profiling ? mp_profile_enter(mp_profiling, record, path) : -1;
**   ...the call...
**   if (at >= 0) mp_profile_leave(mp_profiling, at);
**
** so a run that is not profiled pays one test of a global per call.
*/
#ifndef MP_HOOK_PROFILE_H
#define MP_HOOK_PROFILE_H

#include <lua.h>

typedef struct mp_profile mp_profile;

/* The paths a hook is called by, for the report. */
enum {
  MP_PATH_DISPATCHER = 1, /* meeple.loader.dispatch, through meeple_host.timed_call */
  MP_PATH_DIRECT = 2,     /* hook_direct.c */
  MP_PATH_VETO = 4,       /* hook_veto.c */
  MP_PATH_TRANSFORM = 8,  /* hook_transform.c */
  MP_PATH_COLLECT = 16    /* hook_collect.c */
};

/* The profile running in this process, or NULL (the usual case). */
extern mp_profile *mp_profiling;

/* Opens a frame: record NULL for an event (the flow's call of a hook
** kind), else the running hook's record. Returns the frame's depth, for
** mp_profile_leave. */
int mp_profile_enter(mp_profile *p, const void *record, int path);
/* The same, the record being t[i] (t a stack index; a raw read). */
int mp_profile_enter_at(lua_State *L, mp_profile *p, int t, lua_Integer i, int path);
/* Closes the frame opened at depth `at`, and any left open inside it (a
** hook that raised through its caller's C frames). */
void mp_profile_leave(mp_profile *p, int at);

/* Adds meeple_host.profile_start, profile_stop and timed_call to the
** table on top. */
void mp_hook_profile_open(lua_State *L);

#endif

/*
** sandbox_weight.c: what one VM instruction may cost, and charging the
** strings a script makes.
**
** Some instructions do work that grows with their operands and make no
** library call the sandbox could charge: `..` copies both strings, `==`
** and `<` compare long strings (memcmp, and strcoll once per '\0'), `next`
** scans a sparse table, a call copies its varargs, arithmetic converts a
** numeric string. Two measures bound them, both fed by the allocator:
**
**   * Every long string made while a script runs (the VM's `..`, any
**     library result) is charged to the running call's budget by its
**     size, one unit per STRING_UNIT bytes, as the allocator creates it.
**     So copying is paid for, and deterministically: a long string is
**     allocated afresh every time (Lua interns only short ones).
**   * What is never allocated (a comparison, a scan) costs at most in
**     proportion to the largest string or block a script has made, the
**     sandbox's 'weight' (a string's bytes count WEIGHT_STRING times a
**     block's: strcoll over '\0's costs about 6.5 ns a byte, a scan of
**     a table's slots or a copy of varargs 0.03 to 0.2 ns a byte). The
**     clock is read every 'clock_step' instructions, fewer as the weight
**     grows, so that clock_step instructions at their worst take about
**     0.1 s on strings, 1 s on blocks: the time limit then holds within
**     that, whatever the script does.
**
** Invariant: clock_step * (worst cost of one instruction on the heaviest
** object made so far) <= about 0.1 s (strings) or 1 s (blocks), and the count hook never
** runs more than clock_step instructions between two clock reads. The
** weight only grows (objects outlive calls), by powers of two, so the hook
** is re-armed at most a few dozen times in a sandbox's life.
*/
#include <lauxlib.h>

#include "sandbox_internal.h"

/* A long string costs one unit per STRING_UNIT bytes (about what copying
** them costs, measured against one instruction). */
#define STRING_UNIT 16
/* Strings at least this large (header included) are charged: all long
** strings (over 40 bytes of text), which Lua never interns. */
#define STRING_CHARGED 64
/* Weight up to which HOOK_STEP instructions may run between clock reads:
** 1000 compares of 16 KiB strings over '\0's take about 0.1 s. Blocks
** (tables, stacks) weigh a 128th of a string's bytes, so that a big table
** (a memory bomb, a large board) does not slow the script down: up to
** 2 MiB they change nothing, and 1000 instructions over a block of that
** weight (a million varargs copied, a sparse table scanned) take at most
** about 1 s. */
#define WEIGHT_STRING 128
#define WEIGHT_LIGHT (((size_t)16 << 10) * WEIGHT_STRING)

void mp_sb_weigh_init(mp_sandbox *sb) {
  sb->clock_step = HOOK_STEP;
  sb->weight = WEIGHT_LIGHT;
}

static int step_for(size_t weight) {
  if (weight <= WEIGHT_LIGHT) return HOOK_STEP;
  size_t s = (size_t)HOOK_STEP * WEIGHT_LIGHT / weight;
  return s < 1 ? 1 : (int)s;
}

void mp_sb_weigh_alloc(mp_sandbox *sb, int is_string, size_t nsize) {
  int rearm = 0;
  if (is_string && nsize >= STRING_CHARGED) {
    long units = (long)(nsize / STRING_UNIT);
    sb->remaining -= units;
    if (sb->remaining <= 0) rearm = 1;  /* the hook trips at once */
  }
  size_t w = is_string ? (nsize > SIZE_MAX / WEIGHT_STRING ? SIZE_MAX : nsize * WEIGHT_STRING)
                       : nsize;
  if (w > sb->weight) {
    while (sb->weight < w && sb->weight <= SIZE_MAX / 2) sb->weight *= 2;
    int step = step_for(sb->weight);
    if (step < sb->clock_step) {
      sb->clock_step = step;
      rearm = 1;
    }
  }
  if (rearm) mp_sb_rearm(sb);
}

void mp_sb_weigh_reset(mp_sandbox *sb) {
  if (sb->weight < WEIGHT_LIGHT) sb->weight = WEIGHT_LIGHT;
  sb->clock_step = step_for(sb->weight);
}

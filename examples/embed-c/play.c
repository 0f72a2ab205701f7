/*
** play.c: a C program that embeds meeple (examples/embed-c/README.md).
**
** It plays the same seeded game of the base game twice, once as printed
** in the rules and once with the house rule road_bonus.lua, moving for
** both players itself (the first legal deploy if there is one, else the
** first legal move), and prints both final scores and the record's size.
**
** usage: play [HOUSE_RULE.lua]   (default: road_bonus.lua beside it)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <meeple.h>

/* Where the installed games are, as the build system found them
** (pkg-config's datadir, CMake's MEEPLE_DATADIR). A shared libmeeple
** finds them by itself; a program linked statically and moved with its
** install needs them named (or $MEEPLE_PATH). NULL: only the defaults. */
#ifndef DATA_ROOT
#define DATA_ROOT NULL
#endif

/* The first legal deploy, else move 0: a simple, deterministic player. */
static int choose(meeple_game *g) {
  char text[128];
  int n = meeple_move_count(g);
  for (int i = 0; i < n; i++)
    if (meeple_move_name(g, i, text, sizeof text) > 0 && strncmp(text, "deploy", 6) == 0) return i;
  return 0;
}

/* Plays one game to its end; prints and returns the total of the scores. */
static int play(const char *label, const char *const *rules) {
  meeple_options o = MEEPLE_OPTIONS_INIT;
  o.game = "base";
  o.rules = rules;
  o.players = 2;
  o.seed = 42;
  o.path = DATA_ROOT;
  char err[512];
  meeple_game *g = meeple_load(&o, err, sizeof err);
  if (!g) {
    fprintf(stderr, "play: %s\n", err);
    exit(1);
  }
  int moves = 0;
  while (meeple_over(g) == 0) {
    if (meeple_apply(g, choose(g)) < 0) {
      fprintf(stderr, "play: %s\n", meeple_error(g));
      exit(1);
    }
    moves++;
  }
  int32_t scores[MEEPLE_MAX_PLAYERS];
  int players = meeple_scores(g, scores, MEEPLE_MAX_PLAYERS);
  size_t len = 0;
  char *record = meeple_record(g, &len);
  printf("%-10s %d moves, scores %d:%d, record %zu bytes\n", label, moves, scores[0], scores[1], len);
  free(record);
  meeple_free(g);
  return players == 2 ? scores[0] + scores[1] : -1;
}

int main(int argc, char **argv) {
  const char *rule = argc > 1 ? argv[1] : "road_bonus.lua";
  const char *house[] = {rule, NULL};
  int plain = play("rules", NULL);
  int with_rule = play("house rule", house);
  printf("the house rule changed the points by %+d\n", with_rule - plain);
  /* A move that is not legal is refused, with a reason. */
  meeple_options o = MEEPLE_OPTIONS_INIT;
  o.path = DATA_ROOT;
  char err[512];
  meeple_game *g = meeple_load(&o, err, sizeof err);
  if (g && meeple_apply_text(g, "place X 99,99 r0") < 0) printf("refused: %s\n", meeple_error(g));
  if (!g) printf("load failed: %s\n", err);
  meeple_free(g);
  return 0;
}

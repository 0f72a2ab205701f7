/*
** standalone.c: runs a fuzz target without libFuzzer, for `make test`:
** every seed file given, then deterministic mutations of them (byte
** flips, inserts, deletions, splices) for FUZZ_SECONDS seconds (default
** 3). Under the test build's ASan/UBSan a crash fails the test.
**   fuzz_tiles_smoke [SECONDS] SEED_DIR...
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_SEEDS = 256, MAX_INPUT = 1 << 16 };

static char *seeds[MAX_SEEDS];
static size_t seed_len[MAX_SEEDS];
static int n_seeds;

static void add_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f || n_seeds == MAX_SEEDS) {
    if (f) fclose(f);
    return;
  }
  char *buf = malloc(MAX_INPUT);
  size_t n = buf ? fread(buf, 1, MAX_INPUT, f) : 0;
  fclose(f);
  if (!buf) return;
  seeds[n_seeds] = buf;
  seed_len[n_seeds++] = n;
}

static void add_dir(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) {
    add_file(dir);
    return;
  }
  struct dirent *e;
  char path[4096];
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    add_file(path);
  }
  closedir(d);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t next(void) {  /* splitmix64: the same mutations every run */
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static size_t mutate(char *buf, size_t n) {
  int edits = 1 + (int)(next() % 4);
  for (int e = 0; e < edits; e++) {
    size_t at = n ? next() % n : 0;
    switch (next() % 5) {
      case 0: if (n) buf[at] ^= (char)(1u << (next() % 8)); break;
      case 1: if (n) buf[at] = (char)next(); break;
      case 2: if (n) { memmove(buf + at, buf + at + 1, n - at - 1); n--; } break;
      case 3: if (n < MAX_INPUT) { memmove(buf + at + 1, buf + at, n - at); buf[at] = "{}()\"=,.-\n0"[next() % 11]; n++; } break;
      default: { /* splice in part of another seed */
        int s = (int)(next() % (uint64_t)n_seeds);
        size_t len = seed_len[s] ? next() % seed_len[s] : 0;
        if (at + len > MAX_INPUT) len = MAX_INPUT - at;
        memcpy(buf + at, seeds[s], len);
        if (at + len > n) n = at + len;
      }
    }
  }
  return n;
}

int main(int argc, char **argv) {
  int first = 1;
  double seconds = 3;
  if (argc > 1 && strtod(argv[1], NULL) > 0) seconds = strtod(argv[first++], NULL);
  for (int i = first; i < argc; i++) add_dir(argv[i]);
  LLVMFuzzerInitialize(&argc, &argv);
  /* the targets' own messages (bad input is their job) are not ours */
  fflush(stdout);
  int out = dup(STDOUT_FILENO);
  if (!freopen("/dev/null", "w", stdout)) return 2;
  long runs = 0;
  for (int s = 0; s < n_seeds; s++, runs++) LLVMFuzzerTestOneInput((uint8_t *)seeds[s], seed_len[s]);
  char *buf = malloc(MAX_INPUT);
  clock_t end = clock() + (clock_t)(seconds * CLOCKS_PER_SEC);
  while (n_seeds > 0 && clock() < end) {
    int s = (int)(next() % (uint64_t)n_seeds);
    memcpy(buf, seeds[s], seed_len[s]);
    size_t n = mutate(buf, seed_len[s]);
    LLVMFuzzerTestOneInput((uint8_t *)buf, n);
    runs++;
  }
  dprintf(out, "%ld runs on %d seeds, no findings\n", runs, n_seeds);
  free(buf);
  for (int s = 0; s < n_seeds; s++) free(seeds[s]);
  return 0;
}

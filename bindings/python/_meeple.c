/*
** _meeple.c: the CPython extension under the Python package meeple
** (bindings/python/meeple): Game, one game over meeple.h, and Batch,
** many games stepped in one call without the interpreter in between.
**
** Invariants: a Game or Batch never holds a freed meeple_game (close()
** sets the pointer to NULL and every method checks it first), and every
** failure of meeple.h becomes a Python exception carrying its one-line
** message: MeepleError for the engine's refusals, TypeError/ValueError
** for arguments of the wrong kind.
*/
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <dlfcn.h>
#include <stddef.h>
#include <string.h>

#include "meeple.h"

static PyObject *MeepleError;

/* {------------------------------------------------------------------
** Settings: keyword arguments to meeple_options.
** ------------------------------------------------------------------- */

#define MAX_NAMES 64

typedef struct spec {
  meeple_options o;
  const char *with[MAX_NAMES + 1], *rules[MAX_NAMES + 1], *options[MAX_NAMES + 1];
  PyObject *keep; /* list holding the bytes the pointers point into */
} spec;

static const char *keep_str(spec *s, PyObject *str, const char *what) {
  if (!PyUnicode_Check(str)) {
    PyErr_Format(PyExc_TypeError, "%s must be a str, not %.80s", what, Py_TYPE(str)->tp_name);
    return NULL;
  }
  PyObject *b = PyUnicode_AsUTF8String(str);
  if (!b) return NULL;
  int rc = PyList_Append(s->keep, b);
  Py_DECREF(b);
  return rc ? NULL : PyBytes_AS_STRING(b);
}

static int read_names(spec *s, PyObject *seq, const char **out, const char *what) {
  out[0] = NULL;
  if (!seq || seq == Py_None) return 0;
  if (PyUnicode_Check(seq)) {
    PyErr_Format(PyExc_TypeError, "%s must be a list of names, not a str", what);
    return -1;
  }
  PyObject *fast = PySequence_Fast(seq, "must be a list of names");
  if (!fast) return -1;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
  if (n > MAX_NAMES) {
    Py_DECREF(fast);
    PyErr_Format(PyExc_ValueError, "too many %s (at most %d)", what, MAX_NAMES);
    return -1;
  }
  for (Py_ssize_t i = 0; i < n; i++)
    if (!(out[i] = keep_str(s, PySequence_Fast_GET_ITEM(fast, i), what))) {
      Py_DECREF(fast);
      return -1;
    }
  out[n] = NULL;
  Py_DECREF(fast);
  return 0;
}

/* options={"name": value}: "name=value", sorted by name. */
static int read_options(spec *s, PyObject *d) {
  s->options[0] = NULL;
  if (!d || d == Py_None) return 0;
  if (!PyDict_Check(d)) {
    PyErr_SetString(PyExc_TypeError, "options must be a dict {name: value}");
    return -1;
  }
  PyObject *keys = PyDict_Keys(d);
  if (!keys || PyList_Sort(keys)) {
    Py_XDECREF(keys);
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "option names must be str");
    return -1;
  }
  Py_ssize_t n = PyList_GET_SIZE(keys);
  int rc = 0;
  if (n > MAX_NAMES) {
    PyErr_SetString(PyExc_ValueError, "too many options");
    rc = -1;
  }
  for (Py_ssize_t i = 0; rc == 0 && i < n; i++) {
    PyObject *k = PyList_GET_ITEM(keys, i);
    PyObject *v = PyDict_GetItem(d, k);
    PyObject *item = PyUnicode_Check(k) ? PyUnicode_FromFormat("%U=%S", k, v) : NULL;
    if (!item) {
      if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "option names must be str");
      rc = -1;
      break;
    }
    s->options[i] = keep_str(s, item, "option");
    Py_DECREF(item);
    if (!s->options[i]) rc = -1;
    s->options[i + 1] = NULL;
  }
  Py_DECREF(keys);
  return rc;
}

static int read_int(PyObject *v, long long min, long long max, const char *what, long long *out) {
  if (!v || v == Py_None) return 0;
  if (!PyLong_Check(v) || PyBool_Check(v)) {
    PyErr_Format(PyExc_TypeError, "%s must be an int, not %.80s", what, Py_TYPE(v)->tp_name);
    return -1;
  }
  long long x = PyLong_AsLongLong(v);
  if (x == -1 && PyErr_Occurred()) return -1;
  if (x < min || x > max) {
    PyErr_Format(PyExc_ValueError, "%s must be in %lld..%lld, got %lld", what, min, max, x);
    return -1;
  }
  *out = x;
  return 0;
}

static const char *const spec_keys[] = {"game", "with_", "with", "rules", "options", "players",
                                        "seed", "path", "budget", "memory_cap", NULL};

static int check_keys(PyObject *kw) {
  PyObject *k, *v;
  Py_ssize_t pos = 0;
  while (kw && PyDict_Next(kw, &pos, &k, &v)) {
    const char *name = PyUnicode_AsUTF8(k);
    int known = 0;
    for (int i = 0; name && spec_keys[i]; i++) known |= strcmp(name, spec_keys[i]) == 0;
    if (!known) {
      PyErr_Format(PyExc_TypeError, "unknown setting '%U'", k);
      return -1;
    }
  }
  return 0;
}

static PyObject *kwget(PyObject *kw, const char *name) {
  return kw ? PyDict_GetItemString(kw, name) : NULL;
}

/* Fills s from keyword arguments; -1 with an exception set. */
static int read_spec(spec *s, PyObject *kw) {
  meeple_options init = MEEPLE_OPTIONS_INIT;
  s->o = init;
  s->keep = PyList_New(0);
  if (!s->keep || check_keys(kw)) return -1;
  PyObject *game = kwget(kw, "game"), *path = kwget(kw, "path");
  PyObject *with = kwget(kw, "with_") ? kwget(kw, "with_") : kwget(kw, "with");
  if (game && game != Py_None && !(s->o.game = keep_str(s, game, "game"))) return -1;
  if (path && path != Py_None && !(s->o.path = keep_str(s, path, "path"))) return -1;
  if (read_names(s, with, s->with, "with") || read_names(s, kwget(kw, "rules"), s->rules, "rules") ||
      read_options(s, kwget(kw, "options")))
    return -1;
  s->o.with = s->with, s->o.rules = s->rules, s->o.options = s->options;
  long long players = 0, seed = 1, budget = 0, cap = 0;
  if (read_int(kwget(kw, "players"), 1, MEEPLE_MAX_PLAYERS, "players", &players) ||
      read_int(kwget(kw, "seed"), 0, LLONG_MAX, "seed", &seed) ||
      read_int(kwget(kw, "budget"), 1000, LONG_MAX, "budget", &budget) ||
      read_int(kwget(kw, "memory_cap"), 1 << 20, LLONG_MAX, "memory_cap", &cap))
    return -1;
  s->o.players = (int)players, s->o.seed = (uint64_t)seed;
  s->o.budget = (long)budget, s->o.memory_cap = (size_t)cap;
  return 0;
}

/* {------------------------------------------------------------------
** Game
** ------------------------------------------------------------------- */

typedef struct {
  PyObject_HEAD
  meeple_game *g;
} Game;

static PyTypeObject GameType;

static PyObject *game_error(meeple_game *g) {
  PyErr_SetString(MeepleError, meeple_error(g));
  return NULL;
}

static meeple_game *live(Game *self) {
  if (!self->g) PyErr_SetString(MeepleError, "the game is closed");
  return self->g;
}

static PyObject *wrap_game(meeple_game *g) {
  Game *obj = PyObject_New(Game, &GameType);
  if (!obj) {
    meeple_free(g);
    return NULL;
  }
  obj->g = g;
  return (PyObject *)obj;
}

static void Game_dealloc(Game *self) {
  meeple_free(self->g);
  self->g = NULL;
  PyObject_Free(self);
}

static PyObject *Game_close(Game *self, PyObject *unused) {
  meeple_free(self->g);
  self->g = NULL;
  Py_RETURN_NONE;
}

static PyObject *Game_legal_moves(Game *self, PyObject *unused) {
  meeple_game *g = live(self);
  if (!g) return NULL;
  int n = meeple_move_count(g);
  if (n < 0) return game_error(g);
  PyObject *list = PyList_New(n);
  char buf[256];
  for (int i = 0; list && i < n; i++) {
    if (meeple_move_name(g, i, buf, sizeof buf) < 0) {
      Py_DECREF(list);
      return game_error(g);
    }
    PyObject *s = PyUnicode_FromString(buf);
    if (!s) {
      Py_DECREF(list);
      return NULL;
    }
    PyList_SET_ITEM(list, i, s);
  }
  return list;
}

static PyObject *int_or_error(meeple_game *g, int v) {
  return v < 0 ? game_error(g) : PyLong_FromLong(v);
}

/* apply(move): an index from 0 or a move's text; the points gained. */
static PyObject *Game_apply(Game *self, PyObject *move) {
  meeple_game *g = live(self);
  if (!g) return NULL;
  if (PyUnicode_Check(move)) {
    const char *text = PyUnicode_AsUTF8(move);
    return text ? int_or_error(g, meeple_apply_text(g, text)) : NULL;
  }
  if (!PyLong_Check(move) || PyBool_Check(move)) {
    PyErr_Format(PyExc_TypeError, "a move is an index (int) or a text (str), not %.80s",
                 Py_TYPE(move)->tp_name);
    return NULL;
  }
  long i = PyLong_AsLong(move);
  if (i == -1 && PyErr_Occurred()) return NULL;
  if (i < 0 || i > INT_MAX) {
    PyErr_Format(MeepleError, "move %ld is not legal now (moves are numbered from 0)", i);
    return NULL;
  }
  return int_or_error(g, meeple_apply(g, (int)i));
}

static PyObject *Game_random_move(Game *self, PyObject *unused) {
  meeple_game *g = live(self);
  return g ? int_or_error(g, meeple_random_move(g)) : NULL;
}

/* step(action=-1): (index played, points gained); -1 plays randomly. */
static PyObject *Game_step(Game *self, PyObject *args) {
  int action = -1, gained = 0;
  if (!PyArg_ParseTuple(args, "|i:step", &action)) return NULL;
  meeple_game *g = live(self);
  if (!g) return NULL;
  int i = meeple_step(g, action, &gained);
  if (i < 0) return game_error(g);
  return Py_BuildValue("(ii)", i, gained);
}

static PyObject *Game_scores(Game *self, PyObject *unused) {
  meeple_game *g = live(self);
  if (!g) return NULL;
  int32_t s[MEEPLE_MAX_PLAYERS];
  int n = meeple_scores(g, s, MEEPLE_MAX_PLAYERS);
  if (n < 0) return game_error(g);
  PyObject *list = PyList_New(n);
  for (int p = 0; list && p < n; p++) PyList_SET_ITEM(list, p, PyLong_FromLong(s[p]));
  return list;
}

static PyObject *Game_clone(Game *self, PyObject *unused) {
  meeple_game *g = live(self);
  if (!g) return NULL;
  meeple_game *c = meeple_clone(g);
  return c ? wrap_game(c) : game_error(g);
}

static PyObject *Game_reset(Game *self, PyObject *args) {
  unsigned long long seed;
  if (!PyArg_ParseTuple(args, "K:reset", &seed)) return NULL;
  meeple_game *g = live(self);
  if (!g) return NULL;
  meeple_game *c = meeple_reset(g, seed);
  return c ? wrap_game(c) : game_error(g);
}

static PyObject *Game_record(Game *self, PyObject *unused) {
  meeple_game *g = live(self);
  if (!g) return NULL;
  size_t len;
  char *text = meeple_record(g, &len);
  if (!text) return game_error(g);
  PyObject *s = PyUnicode_FromStringAndSize(text, (Py_ssize_t)len);
  free(text);
  return s;
}

/* observe_into(buffer): fills a writable buffer of OBS_SIZE bytes. */
static PyObject *Game_observe_into(Game *self, PyObject *arg) {
  meeple_game *g = live(self);
  if (!g) return NULL;
  Py_buffer view;
  if (PyObject_GetBuffer(arg, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)) return NULL;
  int rc = -2;
  if (view.len != (Py_ssize_t)sizeof(meeple_observation))
    PyErr_Format(PyExc_ValueError, "observe_into: the buffer holds %zd bytes, not OBS_SIZE = %zu",
                 view.len, sizeof(meeple_observation));
  else
    rc = meeple_observe(g, (meeple_observation *)view.buf);
  PyBuffer_Release(&view);
  if (rc == -1) return game_error(g);
  if (rc < 0) return NULL;
  Py_RETURN_NONE;
}

static PyObject *Game_int(Game *self, int (*fn)(meeple_game *)) {
  meeple_game *g = live(self);
  return g ? int_or_error(g, fn(g)) : NULL;
}

static PyObject *Game_over(Game *self, void *c) {
  meeple_game *g = live(self);
  if (!g) return NULL;
  int v = meeple_over(g);
  return v < 0 ? game_error(g) : PyBool_FromLong(v);
}
static PyObject *Game_player(Game *self, void *c) { return Game_int(self, meeple_player); }
static PyObject *Game_turn(Game *self, void *c) { return Game_int(self, meeple_turn); }
static PyObject *Game_players(Game *self, void *c) { return Game_int(self, meeple_players); }
static PyObject *Game_move_count(Game *self, void *c) { return Game_int(self, meeple_move_count); }
static PyObject *Game_closed(Game *self, void *c) { return PyBool_FromLong(self->g == NULL); }

static PyObject *Game_tile_ids(Game *self, PyObject *unused) {
  meeple_game *g = live(self);
  if (!g) return NULL;
  int n = meeple_tile_types(g);
  if (n < 0) return game_error(g);
  PyObject *list = PyList_New(n);
  for (int t = 0; list && t < n; t++) PyList_SET_ITEM(list, t, PyUnicode_FromString(meeple_tile_id(g, t)));
  return list;
}

static PyObject *Game_enter(PyObject *self, PyObject *unused) {
  Py_INCREF(self);
  return self;
}

static PyObject *Game_exit(Game *self, PyObject *args) { return Game_close(self, NULL); }

static PyObject *Game_repr(Game *self) {
  if (!self->g) return PyUnicode_FromString("<meeple.Game closed>");
  return PyUnicode_FromFormat("<meeple.Game turn %d, player %d%s>", meeple_turn(self->g),
                              meeple_player(self->g), meeple_over(self->g) > 0 ? ", over" : "");
}

static PyMethodDef Game_methods[] = {
  {"legal_moves", (PyCFunction)Game_legal_moves, METH_NOARGS, "The legal moves' texts, in index order."},
  {"apply", (PyCFunction)Game_apply, METH_O, "apply(move): play a move by index (from 0) or text; the points gained."},
  {"random_move", (PyCFunction)Game_random_move, METH_NOARGS, "Play the seeded random agent's move; its index."},
  {"step", (PyCFunction)Game_step, METH_VARARGS, "step(action=-1): (index played, points gained); -1: random."},
  {"scores", (PyCFunction)Game_scores, METH_NOARGS, "The scores of players 1..n."},
  {"clone", (PyCFunction)Game_clone, METH_NOARGS, "An independent copy."},
  {"reset", (PyCFunction)Game_reset, METH_VARARGS, "reset(seed): a new game of the same rules and setup."},
  {"record", (PyCFunction)Game_record, METH_NOARGS, "The game record (JSON Lines), as meeple play --record writes."},
  {"observe_into", (PyCFunction)Game_observe_into, METH_O, "Fill a writable buffer of OBS_SIZE bytes."},
  {"tile_ids", (PyCFunction)Game_tile_ids, METH_NOARGS, "Tile ids by type (board plane 0 is type + 1)."},
  {"close", (PyCFunction)Game_close, METH_NOARGS, "Free the game now."},
  {"__enter__", Game_enter, METH_NOARGS, NULL},
  {"__exit__", (PyCFunction)Game_exit, METH_VARARGS, NULL},
  {NULL, NULL, 0, NULL}
};

static PyGetSetDef Game_getset[] = {
  {"over", (getter)Game_over, NULL, "True once the game has ended.", NULL},
  {"player", (getter)Game_player, NULL, "The player to move (from 1).", NULL},
  {"turn", (getter)Game_turn, NULL, "The turn (from 1).", NULL},
  {"players", (getter)Game_players, NULL, "The number of players.", NULL},
  {"move_count", (getter)Game_move_count, NULL, "The number of legal moves.", NULL},
  {"closed", (getter)Game_closed, NULL, "True after close().", NULL},
  {NULL, NULL, NULL, NULL, NULL}
};

static PyTypeObject GameType = {
  PyVarObject_HEAD_INIT(NULL, 0)
  .tp_name = "meeple._meeple.Game",
  .tp_basicsize = sizeof(Game),
  .tp_dealloc = (destructor)Game_dealloc,
  .tp_repr = (reprfunc)Game_repr,
  .tp_flags = Py_TPFLAGS_DEFAULT,
  .tp_doc = "One game in play (made by meeple.load, replay, clone or reset).",
  .tp_methods = Game_methods,
  .tp_getset = Game_getset,
};

/* {------------------------------------------------------------------
** Module functions
** ------------------------------------------------------------------- */

static PyObject *m_load(PyObject *mod, PyObject *args, PyObject *kw) {
  if (PyTuple_GET_SIZE(args) > 0) {
    PyErr_SetString(PyExc_TypeError, "load() takes keyword arguments only (game=, players=, ...)");
    return NULL;
  }
  spec s;
  if (read_spec(&s, kw)) {
    Py_XDECREF(s.keep);
    return NULL;
  }
  char err[512];
  meeple_game *g;
  Py_BEGIN_ALLOW_THREADS
  g = meeple_load(&s.o, err, sizeof err);
  Py_END_ALLOW_THREADS
  Py_DECREF(s.keep);
  if (!g) {
    PyErr_SetString(MeepleError, err);
    return NULL;
  }
  return wrap_game(g);
}

static PyObject *m_replay(PyObject *mod, PyObject *args) {
  const char *text, *path = NULL;
  Py_ssize_t len;
  if (!PyArg_ParseTuple(args, "s#|z:replay", &text, &len, &path)) return NULL;
  char err[512];
  meeple_game *g = meeple_replay(text, (size_t)len, path, err, sizeof err);
  if (!g) {
    PyErr_SetString(MeepleError, err);
    return NULL;
  }
  return wrap_game(g);
}

/* simulate(games, seed=1, **settings): a list of score lists. */
static PyObject *m_simulate(PyObject *mod, PyObject *args, PyObject *kw) {
  long long games = 0, seed = 1;
  if (PyTuple_GET_SIZE(args) != 1) {
    PyErr_SetString(PyExc_TypeError, "simulate(games, **settings): one positional argument");
    return NULL;
  }
  if (read_int(PyTuple_GET_ITEM(args, 0), 0, 10000000, "games", &games)) return NULL;
  spec s;
  if (read_spec(&s, kw)) {
    Py_XDECREF(s.keep);
    return NULL;
  }
  seed = (long long)s.o.seed;
  int32_t *out = PyMem_Malloc(sizeof(int32_t) * MEEPLE_MAX_PLAYERS * (size_t)(games ? games : 1));
  char err[512];
  int players = -1;
  if (out) {
    Py_BEGIN_ALLOW_THREADS
    players = meeple_simulate(&s.o, (int)games, (uint64_t)seed, out, err, sizeof err);
    Py_END_ALLOW_THREADS
  }
  Py_DECREF(s.keep);
  if (!out) return PyErr_NoMemory();
  PyObject *list = NULL;
  if (players < 0) {
    PyErr_SetString(MeepleError, err);
  } else if ((list = PyList_New((Py_ssize_t)games))) {
    for (long long i = 0; i < games; i++) {
      PyObject *row = PyList_New(players);
      for (int p = 0; row && p < players; p++) PyList_SET_ITEM(row, p, PyLong_FromLong(out[i * players + p]));
      PyList_SET_ITEM(list, (Py_ssize_t)i, row);
    }
  }
  PyMem_Free(out);
  return list;
}

/* batch.c */
extern PyTypeObject BatchType;
int batch_ready(PyObject *error, PyTypeObject *game_type);

static PyMethodDef module_methods[] = {
  {"load", (PyCFunction)(void (*)(void))m_load, METH_VARARGS | METH_KEYWORDS,
   "load(game='base', with_=[], rules=[], options={}, players=None, seed=1, path=None, budget=None, memory_cap=None)"},
  {"replay", m_replay, METH_VARARGS, "replay(record_text, path=None): the game a record ends with, every state checked."},
  {"simulate", (PyCFunction)(void (*)(void))m_simulate, METH_VARARGS | METH_KEYWORDS,
   "simulate(games, **settings): random games in C; each game's final scores."},
  {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
  PyModuleDef_HEAD_INIT, "_meeple", "meeple's engine for Python (see the package meeple).", -1,
  module_methods, NULL, NULL, NULL, NULL
};

/* The observation's layout: (name, struct format, shape, byte offset). */
static PyObject *obs_layout(void) {
  return Py_BuildValue(
      "((s,s,(iii),n),(s,s,(i),n),(s,s,(ii),n),(s,s,(i),n),(s,s,(i),n))",
      "board", "h", MEEPLE_OBS_SIDE, MEEPLE_OBS_SIDE, MEEPLE_OBS_PLANES, offsetof(meeple_observation, board),
      "scores", "i", MEEPLE_MAX_PLAYERS, offsetof(meeple_observation, scores),
      "supply", "h", MEEPLE_MAX_PLAYERS, MEEPLE_OBS_FIGURE_KINDS, offsetof(meeple_observation, supply),
      "status", "i", 8, offsetof(meeple_observation, status),
      "action_mask", "B", MEEPLE_OBS_MAX_ACTIONS, offsetof(meeple_observation, action_mask));
}

PyMODINIT_FUNC PyInit__meeple(void) {
  /* Lua C modules the games' host code loads (cjson) find the Lua API
  ** only among global symbols; Python loads extensions locally. */
  dlopen("liblua5.4.so.0", RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
  if (PyType_Ready(&GameType) < 0) return NULL;
  PyObject *m = PyModule_Create(&module);
  if (!m) return NULL;
  MeepleError = PyErr_NewException("meeple.MeepleError", PyExc_RuntimeError, NULL);
  if (!MeepleError || batch_ready(MeepleError, &GameType) < 0) return NULL;
  Py_INCREF(MeepleError);
  PyModule_AddObject(m, "MeepleError", MeepleError);
  Py_INCREF(&GameType);
  PyModule_AddObject(m, "Game", (PyObject *)&GameType);
  Py_INCREF(&BatchType);
  PyModule_AddObject(m, "Batch", (PyObject *)&BatchType);
  PyModule_AddObject(m, "OBS_LAYOUT", obs_layout());
  PyModule_AddIntConstant(m, "OBS_SIZE", (long)sizeof(meeple_observation));
  PyModule_AddIntConstant(m, "MAX_ACTIONS", MEEPLE_OBS_MAX_ACTIONS);
  PyModule_AddIntConstant(m, "MAX_PLAYERS", MEEPLE_MAX_PLAYERS);
  PyModule_AddStringConstant(m, "VERSION", MEEPLE_VERSION);
  return m;
}

/* For batch.c: the meeple_game of a Game, or NULL with an exception. */
meeple_game *meeple_py_game(PyObject *obj) {
  if (!PyObject_TypeCheck(obj, &GameType)) {
    PyErr_Format(PyExc_TypeError, "a meeple Game expected, not %.80s", Py_TYPE(obj)->tp_name);
    return NULL;
  }
  return live((Game *)obj);
}

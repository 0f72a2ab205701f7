/*
** batch.c: meeple._meeple.Batch, many games of one rule set stepped in
** one call, so that the Python interpreter runs once per batch and not
** once per move.
**
** Invariant: games[0..n-1] are live games (a game that ends within a
** step is replaced at once by a fresh one with the next seed), or all are
** NULL after close(). The rules are loaded once; every game is a reset of
** the first, sharing its Lua state, so a Batch is used by one thread at a
** time (the GIL is released while it steps, not shared).
*/
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "meeple.h"

meeple_game *meeple_py_game(PyObject *obj);

typedef struct {
  PyObject_HEAD
  meeple_game **games;
  Py_ssize_t n;
  unsigned long long next_seed; /* of the next game started */
  int players;
} Batch;

static PyObject *BatchError;

static void free_games(Batch *b) {
  for (Py_ssize_t i = 0; b->games && i < b->n; i++) meeple_free(b->games[i]);
  PyMem_Free(b->games);
  b->games = NULL;
}

static int batch_live(Batch *b) {
  if (b->games) return 1;
  PyErr_SetString(BatchError, "the batch is closed");
  return 0;
}

/* Batch(game, n): n games reset from 'game' (a Game) with seeds
** seed, seed + 1, ... */
static int Batch_init(Batch *b, PyObject *args, PyObject *kw) {
  static char *names[] = {"game", "n", "seed", NULL};
  PyObject *gobj;
  Py_ssize_t n;
  unsigned long long seed = 1;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "On|K:Batch", names, &gobj, &n, &seed)) return -1;
  meeple_game *g = meeple_py_game(gobj);
  if (!g) return -1;
  if (n < 1 || n > 1 << 20) {
    PyErr_Format(PyExc_ValueError, "a batch holds 1..%d games, not %zd", 1 << 20, n);
    return -1;
  }
  free_games(b);
  b->games = PyMem_Calloc((size_t)n, sizeof *b->games);
  if (!b->games) return PyErr_NoMemory(), -1;
  b->n = n;
  for (Py_ssize_t i = 0; i < n; i++)
    if (!(b->games[i] = meeple_reset(g, seed + (unsigned long long)i))) {
      PyErr_SetString(BatchError, meeple_error(g));
      free_games(b);
      return -1;
    }
  b->next_seed = seed + (unsigned long long)n;
  b->players = meeple_players(b->games[0]);
  return 0;
}

static void Batch_dealloc(Batch *b) {
  free_games(b);
  Py_TYPE(b)->tp_free((PyObject *)b);
}

/* A writable (or readable) C-contiguous buffer of exactly count items
** of itemsize bytes. */
static int get_buffer(PyObject *obj, Py_buffer *view, int writable, Py_ssize_t count,
                      Py_ssize_t itemsize, const char *what) {
  if (PyObject_GetBuffer(obj, view, (writable ? PyBUF_WRITABLE : 0) | PyBUF_C_CONTIGUOUS)) return -1;
  if (view->len != count * itemsize) {
    PyErr_Format(PyExc_ValueError, "%s: %zd bytes given, %zd expected (%zd items of %zd bytes)", what,
                 view->len, count * itemsize, count, itemsize);
    PyBuffer_Release(view);
    return -1;
  }
  return 0;
}

typedef struct step_io {
  const int32_t *actions;  /* NULL: every game plays randomly */
  int32_t *rewards;
  uint8_t *dones;
  int32_t *final;          /* n * MAX_PLAYERS, or NULL */
} step_io;

/* One step of game i; 1 if it ended (and was replaced), 0, or -1. */
static int step_one(Batch *b, Py_ssize_t i, const step_io *io) {
  meeple_game *g = b->games[i];
  int gained = 0;
  if (meeple_step(g, io->actions ? io->actions[i] : -1, &gained) < 0) return -1;
  io->rewards[i] = gained;
  int over = meeple_step_over(g);
  io->dones[i] = (uint8_t)(over > 0);
  if (over <= 0) return over;
  if (io->final) meeple_scores(g, io->final + i * MEEPLE_MAX_PLAYERS, MEEPLE_MAX_PLAYERS);
  meeple_game *fresh = meeple_reset(g, b->next_seed++);
  if (!fresh) return -1;
  meeple_free(g);
  b->games[i] = fresh;
  return 1;
}

/* step(actions, rewards, dones, final_scores=None): the number of games
** that ended. actions: int32 per game (index from 0, -1 random) or None. */
static PyObject *Batch_step(Batch *b, PyObject *args) {
  PyObject *aobj, *robj, *dobj, *fobj = Py_None;
  if (!PyArg_ParseTuple(args, "OOO|O:step", &aobj, &robj, &dobj, &fobj) || !batch_live(b)) return NULL;
  Py_buffer av = {0}, rv = {0}, dv = {0}, fv = {0};
  int ok = (aobj == Py_None || get_buffer(aobj, &av, 0, b->n, 4, "actions") == 0);
  ok = ok && get_buffer(robj, &rv, 1, b->n, 4, "rewards") == 0;
  ok = ok && get_buffer(dobj, &dv, 1, b->n, 1, "dones") == 0;
  ok = ok && (fobj == Py_None || get_buffer(fobj, &fv, 1, b->n * MEEPLE_MAX_PLAYERS, 4, "final_scores") == 0);
  long ended = 0;
  Py_ssize_t failed = -1;
  if (ok) {
    step_io io = {aobj == Py_None ? NULL : av.buf, rv.buf, dv.buf, fobj == Py_None ? NULL : fv.buf};
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < b->n; i++) {
      int r = step_one(b, i, &io);
      if (r < 0) {
        failed = i;
        break;
      }
      ended += r;
    }
    Py_END_ALLOW_THREADS
    if (failed >= 0)
      PyErr_Format(BatchError, "game %zd: %s", failed, meeple_error(b->games[failed]));
  }
  if (av.obj) PyBuffer_Release(&av);
  if (rv.obj) PyBuffer_Release(&rv);
  if (dv.obj) PyBuffer_Release(&dv);
  if (fv.obj) PyBuffer_Release(&fv);
  if (!ok || failed >= 0) return NULL;
  return PyLong_FromLong(ended);
}

/* observe_into(buffer): n observations of OBS_SIZE bytes each. */
static PyObject *Batch_observe_into(Batch *b, PyObject *arg) {
  if (!batch_live(b)) return NULL;
  Py_buffer v;
  if (get_buffer(arg, &v, 1, b->n, (Py_ssize_t)sizeof(meeple_observation), "observe_into")) return NULL;
  meeple_observation *obs = v.buf;
  Py_ssize_t failed = -1;
  Py_BEGIN_ALLOW_THREADS
  for (Py_ssize_t i = 0; i < b->n && failed < 0; i++)
    if (meeple_observe(b->games[i], &obs[i]) < 0) failed = i;
  Py_END_ALLOW_THREADS
  PyBuffer_Release(&v);
  if (failed >= 0) return PyErr_Format(BatchError, "game %zd: %s", failed, meeple_error(b->games[failed]));
  Py_RETURN_NONE;
}

static PyObject *Batch_legal_moves(Batch *b, PyObject *arg) {
  if (!batch_live(b)) return NULL;
  Py_ssize_t i = PyLong_AsSsize_t(arg);
  if (i == -1 && PyErr_Occurred()) return NULL;
  if (i < 0 || i >= b->n) return PyErr_Format(PyExc_IndexError, "no game %zd in a batch of %zd", i, b->n);
  meeple_game *g = b->games[i];
  int n = meeple_move_count(g);
  if (n < 0) return PyErr_Format(BatchError, "%s", meeple_error(g));
  PyObject *list = PyList_New(n);
  char buf[256];
  for (int k = 0; list && k < n; k++) {
    meeple_move_name(g, k, buf, sizeof buf);
    PyList_SET_ITEM(list, k, PyUnicode_FromString(buf));
  }
  return list;
}

static PyObject *Batch_close(Batch *b, PyObject *unused) {
  free_games(b);
  Py_RETURN_NONE;
}

static Py_ssize_t Batch_len(Batch *b) { return b->games ? b->n : 0; }

static PyObject *Batch_players(Batch *b, void *c) { return PyLong_FromLong(b->players); }

static PyMethodDef Batch_methods[] = {
  {"step", (PyCFunction)Batch_step, METH_VARARGS,
   "step(actions, rewards, dones, final_scores=None): one move in every game; games that end restart."},
  {"observe_into", (PyCFunction)Batch_observe_into, METH_O, "Fill n * OBS_SIZE bytes."},
  {"legal_moves", (PyCFunction)Batch_legal_moves, METH_O, "legal_moves(i): game i's legal moves."},
  {"close", (PyCFunction)Batch_close, METH_NOARGS, "Free every game now."},
  {NULL, NULL, 0, NULL}
};

static PyGetSetDef Batch_getset[] = {
  {"players", (getter)Batch_players, NULL, "Players per game.", NULL},
  {NULL, NULL, NULL, NULL, NULL}
};

static PySequenceMethods Batch_seq = {.sq_length = (lenfunc)Batch_len};

PyTypeObject BatchType = {
  PyVarObject_HEAD_INIT(NULL, 0)
  .tp_name = "meeple._meeple.Batch",
  .tp_basicsize = sizeof(Batch),
  .tp_dealloc = (destructor)Batch_dealloc,
  .tp_flags = Py_TPFLAGS_DEFAULT,
  .tp_doc = "Batch(game, n, seed=1): n games of game's rules, stepped together.",
  .tp_methods = Batch_methods,
  .tp_getset = Batch_getset,
  .tp_as_sequence = &Batch_seq,
  .tp_init = (initproc)Batch_init,
  .tp_new = PyType_GenericNew,
};

int batch_ready(PyObject *error, PyTypeObject *game_type) {
  (void)game_type;
  BatchError = error;
  return PyType_Ready(&BatchType);
}

"""meeple for Python: Carcassonne-family games whose rules are Lua scripts.

    import meeple
    game = meeple.load(game="base", players=2, seed=1)
    while not game.over:
        game.random_move()
    print(game.scores())

Every loaded game runs its scripts sandboxed in a Lua state of its own,
exactly as the meeple command does. Scripts and tiles are found under
each root of `path`, then of $MEEPLE_PATH, then the installed data
(docs/python.md). Moves are numbered from 0.
"""
import array as _array
import os

from . import _meeple
from ._meeple import Game, MeepleError, OBS_SIZE, OBS_LAYOUT, MAX_ACTIONS, MAX_PLAYERS

__all__ = ["load", "replay", "simulate", "Game", "Batch", "MeepleError", "MeepleEnv", "gym",
           "observe", "new_observation", "OBS_SIZE", "MAX_ACTIONS", "MAX_PLAYERS"]
__version__ = _meeple.VERSION

# Scripts and tiles installed with the package (pip install .).
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")

# NumPy arrays when python3-numpy is there (MEEPLE_NO_NUMPY=1 turns them
# off), plain buffers (memoryview) otherwise.
try:
    if os.environ.get("MEEPLE_NO_NUMPY"):
        raise ImportError("MEEPLE_NO_NUMPY is set")
    import numpy as _np
except ImportError:
    _np = None
HAVE_NUMPY = _np is not None


def _roots(path):
    """The search path handed to the engine: path, $MEEPLE_PATH, DATA."""
    if path is None:
        roots = []
    elif isinstance(path, str):
        roots = [path]
    else:
        roots = list(path)
    for r in roots:
        if not isinstance(r, str):
            raise TypeError("path entries must be str, not %s" % type(r).__name__)
    env = os.environ.get("MEEPLE_PATH")
    if env:
        roots.append(env)
    if os.path.isdir(os.path.join(DATA, "scripts")):
        roots.append(DATA)
    return ":".join(roots) or None


def load(game="base", *, with_=(), rules=(), options=None, players=None, seed=1, path=None,
         budget=None, memory_cap=None, **more):
    """Loads the scripts and starts a game. `with_` lists expansions
    (`with` is also accepted as a keyword), `rules` house-rule scripts,
    `options` a dict of declared options."""
    if "with" in more:
        with_ = more.pop("with")
    if more:
        raise TypeError("unknown setting '%s'" % sorted(more)[0])
    return _meeple.load(game=game, with_=with_, rules=rules, options=options, players=players,
                        seed=seed, path=_roots(path), budget=budget, memory_cap=memory_cap)


def replay(record, path=None):
    """The game a record (its text) ends with; every state is checked."""
    if not isinstance(record, str):
        raise TypeError("replay wants the record's text (str), not %s" % type(record).__name__)
    return _meeple.replay(record, _roots(path))


def simulate(games, game="base", *, seed=1, path=None, **settings):
    """Plays `games` random games in C; a list of each game's final scores."""
    return _meeple.simulate(games, game=game, seed=seed, path=_roots(path), **settings)


def _zeros(fmt, count):
    if _np is not None:
        return _np.zeros(count, dtype={"i": _np.int32, "h": _np.int16, "B": _np.uint8}[fmt])
    return memoryview(bytearray(count * {"i": 4, "h": 2, "B": 1}[fmt])).cast(fmt)


def _views(raw, count):
    """Named arrays over count observations in raw (OBS_SIZE bytes each)."""
    out = {}
    for name, fmt, shape, offset in OBS_LAYOUT:
        if _np is not None:
            dtype = {"i": _np.int32, "h": _np.int16, "B": _np.uint8}[fmt]
            out[name] = _np.ndarray((count,) + tuple(shape), dtype=dtype, buffer=raw, offset=offset,
                                    strides=(OBS_SIZE,) + tuple(_np.array(_np.zeros(shape, dtype).strides)))
        else:
            size = {"i": 4, "h": 2, "B": 1}[fmt]
            n = 1
            for d in shape:
                n *= d
            views = [memoryview(raw)[k * OBS_SIZE + offset:k * OBS_SIZE + offset + n * size]
                     .cast(fmt, shape) for k in range(count)]
            out[name] = views if count > 1 else views[0]
    if _np is not None and count == 1:
        out = {k: v[0] for k, v in out.items()}
    return out


def new_observation(count=1):
    """(raw buffer, dict of named arrays over it) for count observations."""
    raw = _np.zeros(count * OBS_SIZE, dtype=_np.uint8) if _np is not None else bytearray(count * OBS_SIZE)
    return raw, _views(raw, count)


def observe(game, into=None):
    """The observation of game as a dict of arrays (docs/python.md);
    `into` (from new_observation) is reused instead of a new buffer."""
    raw, views = into if into is not None else new_observation()
    game.observe_into(raw)
    return views


class Batch:
    """n games of one rule set stepped together in C.

        batch = meeple.Batch(meeple.load(players=2), 256)
        rewards, dones = batch.step()          # every game plays randomly
        rewards, dones = batch.step(actions)   # int32 per game, -1: random
    Games that end restart at once with the next seed; `final_scores`
    holds the last scores of those that ended in the latest step."""

    def __init__(self, game, n, seed=1):
        self._b = _meeple.Batch(game, n, seed)
        self.n = n
        self.players = self._b.players
        self.rewards = _zeros("i", n)
        self.dones = _zeros("B", n)
        self.final_scores = _zeros("i", n * MAX_PLAYERS)
        self._obs = None

    def step(self, actions=None):
        if actions is not None:
            if _np is not None:
                actions = _np.ascontiguousarray(actions, dtype=_np.int32)
            elif not isinstance(actions, (memoryview, _array.array)):
                actions = _array.array("i", actions)
        self._b.step(actions, self.rewards, self.dones, self.final_scores)
        return self.rewards, self.dones

    def observe(self):
        """Every game's observation: a dict of arrays with a leading axis n."""
        if self._obs is None:
            self._obs = new_observation(self.n)
        self._b.observe_into(self._obs[0])
        return self._obs[1]

    def legal_moves(self, i):
        return self._b.legal_moves(i)

    def close(self):
        self._b.close()

    def __len__(self):
        return len(self._b)


from .env import MeepleEnv  # noqa: E402  (uses the names above)
from . import gym  # noqa: E402  (Gymnasium and PettingZoo styles; #43)

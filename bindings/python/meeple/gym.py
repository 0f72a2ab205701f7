"""Environments in the Gymnasium and PettingZoo (AEC) styles (#43).

    env = meeple.gym.GymEnv(game="base", players=2, seat=1)
    obs, info = env.reset(seed=1)
    terminated = False
    while not terminated:
        legal = obs["action_mask"].nonzero()[0]
        obs, reward, terminated, truncated, info = env.step(int(legal[0]))

GymEnv is one seat's view (the others play by `opponent`, the seeded
random agent by default); MeepleAEC is one agent per seat, stepped in turn
as PettingZoo's AEC API does. Rewards are the seat's change of score, so
an episode's rewards add up to the seat's final score: the final scoring
is paid in the reward of the step that ends the game.

gymnasium is optional (Debian ships none): when it is importable GymEnv
subclasses gymnasium.Env and its spaces are gymnasium's; otherwise the
same methods work and the spaces are small stand-ins with the same
attributes (n; shape and dtype). Observations are copies (NumPy arrays,
or nested lists without NumPy: board[y][x][plane]), so they stay valid
after the next step. The layout of an observation is docs/python.md's.
"""
from . import load, new_observation, MAX_ACTIONS, HAVE_NUMPY

try:
    import gymnasium as _gym
    from gymnasium import spaces as _spaces
    _Base = _gym.Env
except ImportError:
    _gym = None
    _spaces = None
    _Base = object

# name, dtype, shape: docs/python.md's observation
_FIELDS = (("board", "int16", (31, 31, 4)), ("scores", "int32", (16,)), ("supply", "int16", (16, 8)),
           ("status", "int32", (8,)), ("action_mask", "uint8", (MAX_ACTIONS,)))
_BOUNDS = {"int16": (-32768, 32767), "int32": (-2 ** 31, 2 ** 31 - 1), "uint8": (0, 1)}


class Discrete:
    """Stand-in for gymnasium.spaces.Discrete when gymnasium is absent."""

    def __init__(self, n):
        self.n = n

    def contains(self, x):
        return isinstance(x, int) and 0 <= x < self.n


class Box:
    """Stand-in for gymnasium.spaces.Box when gymnasium is absent."""

    def __init__(self, low, high, shape, dtype):
        self.low, self.high, self.shape, self.dtype = low, high, shape, dtype


def _spaces_of():
    """(observation_space, action_space)."""
    if _spaces is not None:
        import numpy as np
        obs = _spaces.Dict({name: _spaces.Box(low=_BOUNDS[dt][0], high=_BOUNDS[dt][1], shape=shape,
                                              dtype=getattr(np, dt))
                            for name, dt, shape in _FIELDS})
        return obs, _spaces.Discrete(MAX_ACTIONS)
    obs = {name: Box(_BOUNDS[dt][0], _BOUNDS[dt][1], shape, dt) for name, dt, shape in _FIELDS}
    return obs, Discrete(MAX_ACTIONS)


def _copy(views):
    if HAVE_NUMPY:
        return {k: v.copy() for k, v in views.items()}
    return {k: v.tolist() for k, v in views.items()}


def _random_opponent(game):
    return -1


class GymEnv(_Base):
    """One seat of a game as a Gymnasium environment.

    seat: the seat the agent plays (from 1); opponent(game) -> the index
    of the move the other seats play (-1: the seeded random agent).
    reset(seed=None, options=None) -> (obs, info); step(action) ->
    (obs, reward, terminated, truncated, info); truncated is always False.
    """

    metadata = {"render_modes": []}

    def __init__(self, game="base", players=2, seat=1, opponent=None, **settings):
        self._proto = load(game, players=players, **settings)
        self.players = self._proto.players
        if not 1 <= seat <= self.players:
            raise ValueError("seat must be from 1 to %d, got %r" % (self.players, seat))
        self.seat = seat
        self.opponent = opponent or _random_opponent
        self.observation_space, self.action_space = _spaces_of()
        self._game = None
        self._obs = new_observation()
        self._seed = 0
        self._last = 0

    def _observe(self):
        self._game.observe_into(self._obs[0])
        return _copy(self._obs[1])

    def _others(self):
        while not self._game.over and self._game.player != self.seat:
            self._game.step(int(self.opponent(self._game)))

    def _info(self):
        return {"scores": self._game.scores(), "legal_moves": self._game.legal_moves, "turn": self._game.turn}

    def reset(self, seed=None, options=None):
        if _gym is not None:
            super().reset(seed=seed)
        self._seed = seed if seed is not None else self._seed + 1
        if self._game is not None:
            self._game.close()
        self._game = self._proto.reset(self._seed)
        self._others()
        self._last = self._game.scores()[self.seat - 1]
        return self._observe(), self._info()

    def step(self, action):
        if self._game is None:
            raise RuntimeError("call reset() before step()")
        if self._game.over:
            raise RuntimeError("the game is over: call reset()")
        self._game.step(int(action))
        self._others()
        score = self._game.scores()[self.seat - 1]
        reward, self._last = score - self._last, score
        return self._observe(), reward, self._game.over, False, self._info()

    @property
    def game(self):
        return self._game

    def close(self):
        if self._game is not None:
            self._game.close()
            self._game = None
        if self._proto is not None:
            self._proto.close()
            self._proto = None


class MeepleAEC:
    """Every seat an agent, in PettingZoo's AEC style (no pettingzoo
    needed): agents "player_1".."player_n"; agent_selection is the seat to
    move; observe(agent) has its action_mask; last() gives the selected
    agent's (obs, reward, termination, truncation, info); step(action)
    plays its move (None once it is terminated); rewards are the change of
    each seat's score since that seat last acted, so each agent's
    cumulative reward is its final score."""

    metadata = {"render_modes": [], "name": "meeple_aec_v0", "is_parallelizable": False}

    def __init__(self, game="base", players=2, **settings):
        self._proto = load(game, players=players, **settings)
        self.possible_agents = ["player_%d" % p for p in range(1, self._proto.players + 1)]
        self.agents = []
        obs, act = _spaces_of()
        self._obs_space, self._act_space = obs, act
        self._game = None
        self._buf = new_observation()
        self._seed = 0

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def _seat(self, agent):
        return self.possible_agents.index(agent) + 1

    def reset(self, seed=None, options=None):
        self._seed = seed if seed is not None else self._seed + 1
        if self._game is not None:
            self._game.close()
        self._game = self._proto.reset(self._seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._paid = [0] * len(self.agents)
        self.agent_selection = self.possible_agents[self._game.player - 1]

    def observe(self, agent):
        self._game.observe_into(self._buf[0])
        return _copy(self._buf[1])

    def last(self, observe=True):
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def agent_iter(self, max_iter=2 ** 63):
        """The agent to act next, until every agent has left."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def _pay(self):
        scores = self._game.scores()
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = scores[i] - self._paid[i]
            self._paid[i] = scores[i]
            self._cumulative_rewards[a] += self.rewards[a]

    def step(self, action):
        a = self.agent_selection
        if self.terminations[a]:
            # a terminated agent steps with None and leaves
            self.agents.remove(a)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self._cumulative_rewards[a] = 0
        self._game.step(int(action))
        self._pay()
        if self._game.over:
            for x in self.agents:
                self.terminations[x] = True
            self.infos = {x: {"scores": self._game.scores()} for x in self.agents}
        else:
            self.agent_selection = self.possible_agents[self._game.player - 1]

    def close(self):
        if self._game is not None:
            self._game.close()
            self._game = None
        if self._proto is not None:
            self._proto.close()
            self._proto = None

"""A gym-style environment over meeple (no gym needed).

    env = MeepleEnv(game="base", players=2)
    obs = env.reset(seed=1)
    done = False
    while not done:
        legal = obs["action_mask"].nonzero()[0]        # with NumPy
        obs, reward, done, info = env.step(int(legal[0]))

An action is the index (from 0) of a legal move: obs["action_mask"][i]
is 1 for i < obs["status"][3] (the number of legal moves) and 0 past it;
info["legal_moves"]() names them. The reward is the points the player
who moved gained by the move (every player's total is in info["scores"]).
docs/python.md describes every field of the observation.
"""
from . import load, new_observation, MAX_ACTIONS


class MeepleEnv:
    """One game at a time; reset(seed) starts a fresh one of the same
    rules without loading the scripts again."""

    metadata = {"render_modes": []}

    def __init__(self, game="base", players=2, seed=1, **settings):
        self._proto = load(game, players=players, seed=seed, **settings)
        self.players = self._proto.players
        self.action_space_n = MAX_ACTIONS
        self._game = None
        self._obs = new_observation()

    def _observe(self):
        self._game.observe_into(self._obs[0])
        return self._obs[1]

    def reset(self, seed=None):
        """Starts a new game (seed: default 1 the first time, then the
        previous seed + 1) and returns its first observation."""
        if seed is None:
            seed = getattr(self, "_seed", 0) + 1
        self._seed = seed
        if self._game is not None:
            self._game.close()
        self._game = self._proto.reset(seed)
        return self._observe()

    def step(self, action):
        """Plays legal move `action`; (observation, reward, done, info)."""
        if self._game is None:
            raise RuntimeError("call reset() before step()")
        mover = self._game.player
        index, reward = self._game.step(int(action))
        game = self._game
        info = {"player": mover, "move": index, "scores": game.scores(),
                "legal_moves": game.legal_moves}
        return self._observe(), reward, game.over, info

    @property
    def game(self):
        """The game in play (a meeple.Game: legal_moves(), record(), ...)."""
        return self._game

    def close(self):
        if self._game is not None:
            self._game.close()
            self._game = None
        self._proto.close()

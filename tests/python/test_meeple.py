"""The Python module: real games and their outcomes, the gym-style
environment, batched stepping, and bad input at the border."""
import os
import unittest

import meeple

ROOT = os.environ.get("MEEPLE_PATH", ".")


def play_out(game):
    while not game.over:
        game.random_move()
    return game.scores()


class GameTest(unittest.TestCase):
    def test_a_seed_is_a_game(self):
        self.assertEqual(play_out(meeple.load(seed=4)), play_out(meeple.load(seed=4)))
        a, b = play_out(meeple.load(seed=4)), play_out(meeple.load(seed=5))
        self.assertNotEqual(a, b, "two seeds, two games (these two differ)")
        self.assertGreater(sum(a), 0)

    def test_index_and_text(self):
        g1, g2 = meeple.load(seed=3), meeple.load(seed=3)
        text = g1.legal_moves()[1]
        g1.apply(1)
        g2.apply(text)
        self.assertEqual(g1.legal_moves(), g2.legal_moves())
        self.assertEqual(g1.move_count, len(g1.legal_moves()))

    def test_clone_is_independent(self):
        g = meeple.load(seed=2)
        c = g.clone()
        play_out(c)
        self.assertTrue(c.over)
        self.assertFalse(g.over)
        self.assertEqual(g.turn, 1)

    def test_record_replay(self):
        g = meeple.load(players=3, seed=8, rules=["examples/house-rules/long_roads.lua"],
                        options={"long_road": 6})
        scores = play_out(g)
        r = meeple.replay(g.record())
        self.assertEqual(r.scores(), scores)
        self.assertTrue(r.over)
        lines = g.record().splitlines()
        lines[5] = lines[5].replace('"move":"', '"move":"x')
        with self.assertRaisesRegex(meeple.MeepleError, "line 6"):
            meeple.replay("\n".join(lines))

    def test_house_rule_changes_points(self):
        base = meeple.simulate(20, players=2, seed=1)
        doubled = meeple.simulate(20, players=2, seed=1, rules=["examples/house-rules/long_roads.lua"],
                                  options={"long_road": 4})
        self.assertEqual(len(base), 20)
        self.assertEqual(len(base[0]), 2)
        self.assertGreater(sum(map(sum, doubled)), sum(map(sum, base)))

    def test_reward_is_points_gained(self):
        g = meeple.load(seed=6)
        while not g.over:
            mover = g.player
            before = g.scores()[mover - 1]
            index, gained = g.step()
            self.assertGreaterEqual(index, 0)
            self.assertEqual(g.scores()[mover - 1] - before, gained)

    def test_veto_reason(self):
        # a placement north of the start, legal without the house rule
        north = [m for m in meeple.load(seed=4).legal_moves()
                 if m.startswith("place") and int(m.split()[2].split(",")[1]) < 0][0]
        g = meeple.load(seed=4, rules=["tests/fixtures/embed/north_veto.lua"])
        legal, scores, turn = g.legal_moves(), g.scores(), g.turn
        with self.assertRaises(meeple.MeepleError) as caught:
            g.apply(north)
        text = str(caught.exception)
        self.assertIn("vetoed: refused by an allow hook: nothing north of the start tile", text)
        self.assertIn("north_veto.lua:3)", text)
        self.assertEqual(g.legal_moves(), legal, "the refused move changed nothing")
        self.assertEqual((g.scores(), g.turn), (scores, turn))

    def test_bad_input(self):
        g = meeple.load(seed=1)
        n = g.move_count
        with self.assertRaisesRegex(meeple.MeepleError, "not legal"):
            g.apply(n)
        with self.assertRaises(meeple.MeepleError):
            g.apply(-1)
        with self.assertRaisesRegex(meeple.MeepleError, "is not a legal move now"):
            g.apply("place Z 9,9 r0")
        with self.assertRaises(TypeError):
            g.apply(1.5)
        with self.assertRaises(TypeError):
            g.apply(None)
        self.assertEqual(g.move_count, n, "failed moves change nothing")
        with self.assertRaisesRegex(meeple.MeepleError, "no script 'nope'"):
            meeple.load("nope")
        with self.assertRaises(TypeError):
            meeple.load(players="two")
        with self.assertRaises(ValueError):
            meeple.load(players=99)
        with self.assertRaisesRegex(TypeError, "unknown setting"):
            meeple.load(colour="red")
        with self.assertRaises(TypeError):
            meeple.load(with_="abbey")
        with self.assertRaisesRegex(meeple.MeepleError, "unknown option"):
            meeple.load(options={"nope": 1})
        with self.assertRaises(TypeError):
            meeple.replay(42)
        with self.assertRaisesRegex(meeple.MeepleError, "not a meeple game record"):
            meeple.replay("garbage")
        with self.assertRaises(ValueError):
            g.observe_into(bytearray(10))

    def test_hostile_scripts(self):
        with self.assertRaisesRegex(meeple.MeepleError, "hostile.lua:2:"):
            meeple.load(rules=["tests/fixtures/embed/hostile.lua"])
        with self.assertRaisesRegex(meeple.MeepleError, "budget"):
            meeple.load(rules=["tests/fixtures/embed/spin.lua"], budget=100000)

    def test_use_after_close(self):
        g = meeple.load()
        c = g.clone()
        g.close()
        g.close()
        self.assertTrue(g.closed)
        for call in (g.scores, g.legal_moves, g.clone, g.random_move, g.record):
            with self.assertRaisesRegex(meeple.MeepleError, "closed"):
                call()
        with self.assertRaisesRegex(meeple.MeepleError, "closed"):
            g.over
        self.assertIn("closed", repr(g))
        play_out(c)  # a clone outlives the game it came from
        with meeple.load() as h:
            self.assertGreater(h.move_count, 0)
        self.assertTrue(h.closed)


class ObservationTest(unittest.TestCase):
    def test_fields(self):
        g = meeple.load(players=2, seed=1)
        obs = meeple.observe(g)
        status = list(obs["status"])
        self.assertEqual(status[0], 1, "player 1 to move")
        self.assertEqual(status[1], 1, "turn 1")
        ids = g.tile_ids()
        self.assertEqual(ids[status[2] - 1], "U", "the tile to place (its move texts say so)")
        self.assertEqual(status[3], g.move_count)
        self.assertEqual(status[6], 1, "the start tile is placed")
        mask = list(obs["action_mask"])
        self.assertEqual(sum(mask), g.move_count)
        self.assertEqual(mask[:g.move_count], [1] * g.move_count)
        board = obs["board"]
        self.assertNotEqual(board[15, 15, 0], 0, "the start tile at 0,0")
        self.assertEqual(obs["supply"][0, 0], 7, "seven meeples each")
        g.apply(0)
        g.apply(g.legal_moves().index([m for m in g.legal_moves() if m.startswith("deploy")][0]))
        obs = meeple.observe(g)
        self.assertEqual(obs["supply"][0, 0], 6, "one meeple placed")
        self.assertEqual(sum(obs["board"][y, x, 3] for y in range(31) for x in range(31)), 1)
        self.assertEqual(list(obs["scores"][:2]), g.scores())


class EnvTest(unittest.TestCase):
    def test_episode(self):
        env = meeple.MeepleEnv(players=2)
        obs = env.reset(seed=3)
        total, done, steps = [0, 0], False, 0
        while not done:
            legal = [i for i, m in enumerate(obs["action_mask"]) if m]
            obs, reward, done, info = env.step(legal[-1])
            total[info["player"] - 1] += reward
            steps += 1
        self.assertGreater(steps, 71)
        self.assertTrue(env.game.over)
        # rewards are the points of the moves; final scoring comes on top
        self.assertTrue(all(t <= s for t, s in zip(total, env.game.scores())))
        first = env.reset(seed=3)["status"][2]
        self.assertEqual(first, meeple.observe(meeple.load(seed=3))["status"][2])
        env.close()


class GymTest(unittest.TestCase):
    """meeple.gym (#43): the Gymnasium API (reset -> (obs, info), a
    5-tuple step, spaces) and PettingZoo's AEC style; rewards add up to
    the final score, final scoring included."""

    def _legal(self, obs):
        return [i for i, m in enumerate(obs["action_mask"]) if m]

    def test_gym_episode(self):
        from meeple import gym
        env = gym.GymEnv(players=2, seat=2)
        obs, info = env.reset(seed=5)
        obs0_tile = obs["status"][2]
        self.assertEqual(env.action_space.n, meeple.MAX_ACTIONS)
        self.assertEqual(tuple(env.observation_space["board"].shape), (31, 31, 4))
        total, terminated, steps = 0, False, 0
        while not terminated:
            legal = self._legal(obs)
            self.assertEqual(len(legal), obs["status"][3])
            self.assertEqual(obs["status"][0], 2, "the agent's seat is the one to move")
            obs, reward, terminated, truncated, info = env.step(legal[0])
            self.assertFalse(truncated)
            total += reward
            steps += 1
        self.assertGreater(steps, 30)
        self.assertEqual(total, info["scores"][1], "the rewards add up to the final score")
        # the final scoring is paid: the last reward holds more than the move's points
        self.assertGreater(info["scores"][1], 0)
        again, info = env.reset(seed=5)
        self.assertEqual(again["status"][5], 0, "a new game after reset")
        self.assertEqual(again["status"][2], obs0_tile)
        env.close()
        with self.assertRaises(ValueError):
            gym.GymEnv(players=2, seat=3)

    def test_aec_episode(self):
        from meeple import gym
        env = gym.MeepleAEC(players=3)
        env.reset(seed=2)
        self.assertEqual(env.possible_agents, ["player_1", "player_2", "player_3"])
        got = {a: 0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            got[agent] += reward
            if termination:
                env.step(None)
                continue
            legal = self._legal(obs)
            self.assertEqual(obs["status"][0], env.possible_agents.index(agent) + 1)
            env.step(legal[-1])
        self.assertEqual(env.agents, [])
        self.assertEqual([got[a] for a in env.possible_agents], env._game.scores(),
                         "each agent's rewards add up to its final score")
        env.close()


class BatchTest(unittest.TestCase):
    def test_random_batch(self):
        b = meeple.Batch(meeple.load(players=2), 8, seed=1)
        ended = 0
        for _ in range(200):
            rewards, dones = b.step()
            ended += sum(dones)
        self.assertGreaterEqual(ended, 8, "every game of about 144 moves ended once")
        finals = list(b.final_scores)
        self.assertTrue(any(finals))
        obs = b.observe()
        self.assertEqual(len(obs["status"]), 8)

    def test_batch_matches_single_games(self):
        b = meeple.Batch(meeple.load(players=2), 3, seed=11)
        singles = [meeple.load(players=2, seed=11 + i) for i in range(3)]
        for _ in range(30):
            b.step([0, 0, 0])
            for s in singles:
                s.apply(0)
        for i, s in enumerate(singles):
            self.assertEqual(b.legal_moves(i), s.legal_moves())

    def test_bad_actions(self):
        b = meeple.Batch(meeple.load(players=2), 2)
        with self.assertRaises(meeple.MeepleError):
            b.step([0, 999])
        with self.assertRaises(ValueError):
            b.step([0, 0, 0])
        with self.assertRaises(TypeError):
            meeple.Batch("base", 2)
        with self.assertRaises(ValueError):
            meeple.Batch(meeple.load(), 0)
        b.close()
        with self.assertRaisesRegex(meeple.MeepleError, "closed"):
            b.step()


if __name__ == "__main__":
    unittest.main()

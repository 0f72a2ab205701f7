"""Random steps per second from Python: the batched API and step().

    PYTHONPATH=build/python MEEPLE_PATH=. python3 bench/python_bench.py [--seconds S]

Targets (issue 23): >= 200,000 steps/s through meeple.Batch on one core,
>= 30,000 through MeepleEnv.step(). Speeds are CPU time of this process
(one core; the machine's other load does not count), wall time beside.
"""
import argparse
import time

import meeple


def measure(label, seconds, step):
    cpu0, wall0, steps = time.process_time(), time.perf_counter(), 0
    while time.process_time() - cpu0 < seconds:
        steps += step()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print("  %-44s %10.0f steps/s  (wall %.0f)" % (label, steps / cpu, steps / wall))
    return steps / cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    args = ap.parse_args()
    print("base, 2 players, random moves, one core (%s)" %
          ("NumPy" if meeple.HAVE_NUMPY else "plain buffers"))
    proto = meeple.load(players=2, seed=1)
    results = {}
    for n in (64, 1024):
        batch = meeple.Batch(proto, n)
        results["batch%d" % n] = measure("Batch(%d).step()" % n, args.seconds,
                                         lambda b=batch, n=n: (b.step(), n)[1])
    batch = meeple.Batch(proto, 64)

    def step_observe():
        batch.step()
        batch.observe()
        return 64
    measure("Batch(64).step() + observe()", args.seconds, step_observe)

    env = meeple.MeepleEnv(players=2)
    env.reset(1)

    def env_step():
        _, _, done, _ = env.step(-1)
        if done:
            env.reset()
        return 1
    results["env"] = measure("MeepleEnv.step() (observation + info)", args.seconds, env_step)
    game = proto.reset(1)

    def game_step():
        nonlocal game
        if game.over:
            game = proto.reset(1)
        game.random_move()
        return 1
    measure("Game.random_move() (no observation)", args.seconds, game_step)
    best = max(results["batch64"], results["batch1024"])
    print("targets: batched %s (%.0f >= 200000), step() %s (%.0f >= 30000)" % (
        "met" if best >= 200000 else "MISSED", best,
        "met" if results["env"] >= 30000 else "MISSED", results["env"]))


if __name__ == "__main__":
    main()

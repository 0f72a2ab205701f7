#!/usr/bin/env python3
"""The reference bot (examples/bots/meeple_bot.py) plays whole base games
over HTTP against the `random` bot (issue #42): 20 games, seeds 1-20,
seats alternating; it must win at least 8 (40%); a tie is not a win.

    python3 tests/serve/bot_test.py build/meeple
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "examples", "bots"))
import meeple_bot  # noqa: E402


def main():
    exe = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "meeple")
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    p = subprocess.Popen([exe, "serve", "--port", "0", "--agents", "human,random"], cwd=ROOT,
                         stdout=subprocess.PIPE, env={**os.environ, "MEEPLE_ROOT": ROOT}, text=True)
    try:
        port = int(p.stdout.readline().split("127.0.0.1:")[1].split("/")[0])
        url = "http://127.0.0.1:%d" % port
        wins = 0
        lobby = meeple_bot.Table(url)
        for g in range(games):
            seat = 1 + g % 2
            agents = ["human", "random"] if seat == 1 else ["random", "human"]
            st, made = lobby.request("POST", "/api/v1/tables", {"seed": g + 1, "agents": agents})
            assert st == 201, made
            final = meeple_bot.play(meeple_bot.Table(url, made["table"]), seat)
            mine, theirs = final["scores"][seat - 1], final["scores"][2 - seat]
            wins += mine > theirs
            print("game %2d seed %2d seat %d: %3d - %3d %s" % (g + 1, g + 1, seat, mine, theirs,
                                                             "won" if mine > theirs else ""))
            if g >= 60:  # the server keeps 64 tables
                break
        print("the reference bot won %d of %d games against random" % (wins, games))
        return 0 if wins * 10 >= games * 4 else 1
    finally:
        p.terminate()
        p.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())

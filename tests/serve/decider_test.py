#!/usr/bin/env python3
"""meeple serve and the deciding player (#41): in Princess & Dragon the
dragon's steps are decided by the players in turn, so a step may be
another seat's decision in the active seat's turn. The state names that
seat ("decider"); a move from the active seat is refused (409, saying who
decides), its token on the decider's move too (403); the decider's seat
plays it; the record names the decider.

    python3 tests/serve/decider_test.py build/meeple
"""
import http.client
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "examples", "bots"))
import meeple_bot  # noqa: E402

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL", what)
    return cond


def game(url, seed):
    """Two people by the API; returns how many steps another seat decided."""
    lobby = meeple_bot.Table(url)
    st, made = lobby.request("POST", "/api/v1/tables", {"seed": seed, "with": ["princess_dragon"],
                                                        "agents": ["human", "human"]})
    check(st == 201, "a P&D table: %d %s" % (st, made))
    tables = {}
    for seat in (1, 2):
        t = meeple_bot.Table(url, made["table"])
        t.join(seat)
        tables[seat] = t
    others, n = 0, 0
    state = tables[1].get("/state?board=0")
    while not state["over"] and others < 4:
        player, decider = state["player"], state.get("decider")
        check(decider in (1, 2), "the state names the decider: %s" % decider)
        moves = tables[1].get("/moves")
        check(moves.get("decider") == decider, "/moves names the decider too")
        index = moves["moves"][(n * 5) % len(moves["moves"])]["index"]
        if decider != player:
            others += 1
            wrong = tables[player]
            st, err = wrong.request("POST", wrong.base + "/move", {"index": index, "seat": player,
                                                                 "token": wrong.token})
            check(st == 409 and ("seat %d decides this move" % decider) in err.get("error", ""),
                  "the active seat's move is refused: %d %s" % (st, err))
            st, err = wrong.request("POST", wrong.base + "/move", {"index": index, "token": wrong.token})
            check(st == 403 and ("token of seat %d" % decider) in err.get("error", ""),
                  "the active seat's token is refused for the decider's move: %d %s" % (st, err))
        t = tables[decider]
        st, state = t.request("POST", t.base + "/move", {"index": index, "seat": decider, "token": t.token})
        check(st == 200, "the deciding seat plays: %d %s" % (st, state))
        if st != 200:
            break
        n += 1
    if others:
        conn = http.client.HTTPConnection(lobby.host, lobby.port, timeout=60)
        conn.request("GET", tables[1].base + "/record")
        lines = [json.loads(x) for x in conn.getresponse().read().decode().splitlines()]
        conn.close()
        named = [x for x in lines if "decider" in x]
        check(len(named) == others and all(x["decider"] != x["player"] for x in named),
              "the record names the %d moves another seat decided: %d" % (others, len(named)))
    return others


def main():
    exe = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "meeple")
    p = subprocess.Popen([exe, "serve", "--port", "0", "--agents", "human,random"], cwd=ROOT,
                         stdout=subprocess.PIPE, env={**os.environ, "MEEPLE_ROOT": ROOT}, text=True)
    try:
        port = int(p.stdout.readline().split("127.0.0.1:")[1].split("/")[0])
        url = "http://127.0.0.1:%d" % port
        others = 0
        for seed in range(1, 6):
            others += game(url, seed)
            if others >= 4:
                break
        check(others >= 4, "dragon steps decided by another seat than the active one: %d" % others)
        # the reference bot answers its seat's steps in the other's turns
        lobby = meeple_bot.Table(url)
        st, made = lobby.request("POST", "/api/v1/tables", {"seed": 2, "with": ["princess_dragon"],
                                                            "agents": ["random", "human"]})
        final = meeple_bot.play(meeple_bot.Table(url, made["table"]), 2)
        check(final["over"], "the reference bot finishes a P&D game")
        print("%d steps decided by another seat" % others)
    finally:
        p.terminate()
        p.wait(timeout=30)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

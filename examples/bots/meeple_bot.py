#!/usr/bin/env python3
"""A reference bot for meeple serve's JSON API (docs/protocol.md), in
Python with the standard library only.

It joins a seat (the token it gets back must come with every move),
follows the table's Server-Sent Events until its seat is to move, reads
the game as data (GET /api/v1/tables/ID/game: tiles, features, figures,
supplies, and the legal moves as objects) and posts one move by index.

    meeple serve --agents human,random &
    python3 examples/bots/meeple_bot.py --url http://127.0.0.1:8080 --table 1 --seat 1

Its strategy is a small one, readable in a page: place the tile where it
touches the most tiles (closing features early), put a follower on a
city, a cloister or a road of its own tile when it has one to spare,
never on a field, and otherwise pass. That beats the `random` bot most of
the time (tests/serve/bot_test.py).
"""
import argparse
import http.client
import json
import sys
import urllib.parse


class Table:
    """One table of a meeple serve, seen by one seat."""

    def __init__(self, url, table="1"):
        u = urllib.parse.urlsplit(url)
        self.host, self.port = u.hostname, u.port or 80
        self.base = "/api/v1/tables/" + str(table)
        self.token = None
        self.seat = None

    def request(self, method, path, body=None):
        """One request; returns (status, decoded JSON)."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            headers = {}
            data = None
            if body is not None:
                data = json.dumps(body).encode()
                headers["Content-Type"] = "application/json"  # required on every POST
            conn.request(method, path, data, headers)
            r = conn.getresponse()
            return r.status, json.loads(r.read() or b"null")
        finally:
            conn.close()

    def get(self, what):
        status, v = self.request("GET", self.base + what)
        if status != 200:
            raise RuntimeError("GET %s: %d %s" % (what, status, v.get("error")))
        return v

    def join(self, seat):
        status, v = self.request("POST", "%s/seats/%d" % (self.base, seat), {})
        if status != 200:
            raise RuntimeError("joining seat %d: %s" % (seat, v.get("error")))
        self.seat, self.token = seat, v["token"]
        return v

    def move(self, index, version):
        return self.request("POST", self.base + "/move",
                            {"index": index, "token": self.token, "version": version})

    def events(self):
        """Yields the table's state at every change (text/event-stream)."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=300)
        conn.request("GET", self.base + "/events")
        r = conn.getresponse()
        data = []
        try:
            while True:
                line = r.readline()
                if not line:
                    return
                line = line.decode().rstrip("\n")
                if line.startswith("data: "):
                    data.append(line[6:])
                elif line == "" and data:
                    yield json.loads("\n".join(data))
                    data = []
        finally:
            conn.close()


def neighbours(tiles, x, y):
    return sum((x + dx, y + dy) in tiles for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def choose(game, seat):
    """The index of the move to play, from GET .../game."""
    moves = game["moves"]
    places = [m for m in moves if m["type"] == "place"]
    if places:
        cells = {(t["x"], t["y"]) for t in game["tiles"]}
        return max(places, key=lambda m: (neighbours(cells, m["x"], m["y"]), -m["index"]))["index"]
    supply = game["supplies"][seat - 1]
    followers = sum(supply.values())
    rank = {"city": 3, "cloister": 3, "road": 2}
    deploys = [m for m in moves if m["type"] == "deploy" and rank.get(m.get("kind"), 0) > 0]
    if deploys and followers > 1:
        return max(deploys, key=lambda m: (rank[m["kind"]], -m["index"]))["index"]
    for m in moves:
        if m["type"] == "pass":
            return m["index"]
    return moves[0]["index"]


def play(table, seat, quiet=True):
    """Plays seat until the game ends; returns the final state."""
    table.join(seat)
    state = table.get("/state?board=0")
    stream = table.events()
    while not state["over"]:
        # the seat that decides ("decider": a bidder, a dragon's mover)
        # answers, whoever's turn it is; older servers send only "player"
        if state.get("decider", state.get("player")) == seat and not state.get("thinking"):
            game = table.get("/game")
            if game["over"] or game.get("decider", game.get("player")) != seat:
                state = table.get("/state?board=0")
                continue
            index = choose(game, seat)
            status, reply = table.move(index, game["version"])
            if status == 200:
                state = reply
                if not quiet:
                    print("played", [m["text"] for m in game["moves"] if m["index"] == index][0])
                continue
            if status != 409:  # 409: the table moved on; read it again
                raise RuntimeError("move refused: %d %s" % (status, reply.get("error")))
        state = next(stream)  # the next change (a bot's move, another seat's)
        if state.get("error"):
            raise RuntimeError(state["error"])
    return table.get("/state?board=0")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default="http://127.0.0.1:8080")
    p.add_argument("--table", default="1")
    p.add_argument("--seat", type=int, default=1)
    a = p.parse_args(argv)
    final = play(Table(a.url, a.table), a.seat, quiet=False)
    print("final scores:", final["scores"])
    return 0


if __name__ == "__main__":
    sys.exit(main())

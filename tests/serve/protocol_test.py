#!/usr/bin/env python3
"""meeple serve over HTTP (issues #36 section 8 and #42): every reply of a
whole game validates against its JSON Schema (docs/protocol/), requests
too; ?board=0 reaches the server (under 5 KB for a base game); the event
stream sends the state; a table of bots that think long never stalls the
server (requests are answered while they think); POSTs that a web page of
another site could send are refused; idle connections do not lock others
out.

    python3 tests/serve/protocol_test.py build/meeple
"""
import http.client
import json
import os
import socket
import subprocess
import sys
import time

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMAS = os.path.join(ROOT, "docs", "protocol")
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL", what)
    return cond


def load_schemas():
    store = {}
    for name in os.listdir(SCHEMAS):
        with open(os.path.join(SCHEMAS, name)) as f:
            s = json.load(f)
        jsonschema.Draft202012Validator.check_schema(s)
        store[s["$id"]] = s
    return store


STORE = load_schemas()


def validate(instance, name, what):
    schema = STORE["https://meeple.invalid/protocol/" + name]
    try:
        try:  # jsonschema >= 4.18: referencing
            from referencing import Registry, Resource
            registry = Registry().with_resources((k, Resource.from_contents(v)) for k, v in STORE.items())
            jsonschema.Draft202012Validator(schema, registry=registry).validate(instance)
        except ImportError:
            resolver = jsonschema.RefResolver.from_schema(schema, store=STORE)
            jsonschema.Draft202012Validator(schema, resolver=resolver).validate(instance)
    except jsonschema.ValidationError as e:
        check(False, "%s does not match %s: %s at %s" % (what, name, e.message, list(e.absolute_path)))


def serve(exe, *args):
    p = subprocess.Popen([exe, "serve", "--port", "0", *args], cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env={**os.environ, "MEEPLE_ROOT": ROOT}, text=True)
    line = p.stdout.readline()
    port = int(line.split("127.0.0.1:")[1].split("/")[0])
    return p, port


def request(port, method, path, body=None, headers=None, timeout=30):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    h = dict(headers or {})
    data = None
    if body is not None:
        data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        h.setdefault("Content-Type", "application/json")
    conn.request(method, path, data, h)
    r = conn.getresponse()
    text = r.read().decode()
    conn.close()
    try:
        v = json.loads(text)
    except ValueError:
        v = None
    return r.status, v, text


def whole_game(port):
    """Seat 1 (human, by the API) against random: every reply validated."""
    st, v, _ = request(port, "GET", "/api/v1")
    validate(v, "index.json", "GET /api/v1")
    body = {}
    validate(body, "seat_request.json", "a seat request")
    st, seat, _ = request(port, "POST", "/api/v1/tables/1/seats/1", body)
    check(st == 200, "joining seat 1: %d" % st)
    validate(seat, "seat.json", "POST seats/1")
    token = seat["token"]
    events = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    events.request("GET", "/api/v1/tables/1/events")
    ev = events.getresponse()
    check(ev.getheader("Content-Type") == "text/event-stream", "the event stream's type")
    first = [ev.readline().decode() for _ in range(3)]
    check(first[0] == "event: state\n" and first[1].startswith("data: {"), "an event: %r" % first[:2])
    if first[1].startswith("data: "):
        validate(json.loads(first[1][6:]), "state.json", "an event's data")
    small_max = 0
    n = 0
    while True:
        st, small, text = request(port, "GET", "/api/v1/tables/1/state?board=0")
        validate(small, "state.json", "GET state?board=0")
        small_max = max(small_max, len(text))
        check("board" not in small, "?board=0 has no board")
        if small["over"]:
            break
        st, game, _ = request(port, "GET", "/api/v1/tables/1/game")
        validate(game, "game.json", "GET game")
        st, moves, _ = request(port, "GET", "/api/v1/tables/1/moves")
        validate(moves, "moves.json", "GET moves")
        if small.get("player") != 1 or small.get("thinking"):
            ev.readline()  # wait for the next change
            continue
        if n == 0:
            st, full, _ = request(port, "GET", "/api/v1/tables/1/state")
            validate(full, "state.json", "GET state")
            check("board" in full, "without ?board=0 the board is there")
            st, err, _ = request(port, "POST", "/api/v1/tables/1/move", {"index": 1e308, "token": token})
            check(st == 400 and "'index'" in err["error"], "index 1e308: %d %s" % (st, err))
            validate(err, "error.json", "a 400")
        req = {"index": moves["moves"][(n * 7) % len(moves["moves"])]["index"], "token": token,
               "version": moves["version"]}
        validate(req, "move_request.json", "a move request")
        st, after, _ = request(port, "POST", "/api/v1/tables/1/move", req)
        if st == 409:  # a bot moved in between
            continue
        check(st == 200, "a move: %d" % st)
        validate(after, "state.json", "POST move")
        n += 1
    events.close()
    # the random bot thought in child processes: its moves are still the
    # ones it makes in process (its draws follow one stream)
    st, _, rec = request(port, "GET", "/api/v1/tables/1/record")
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "meeple-protocol-%d.jsonl" % os.getpid())
    with open(path, "w") as f:
        f.write(rec)
    out = subprocess.run([EXE, "script", "tests/browser/agents_check.lua", path, "human", "random"], cwd=ROOT,
                         capture_output=True, text=True, env={**os.environ, "MEEPLE_ROOT": ROOT})
    os.remove(path)
    check(out.returncode == 0 and "bots:" in out.stdout, "the random bot's moves are its in-process choices: "
          + out.stdout + out.stderr)
    check(small_max < 5000, "?board=0 replies stay under 5 KB for a base game: largest %d bytes" % small_max)
    st, tables, _ = request(port, "GET", "/api/v1/tables")
    validate(tables, "tables.json", "GET tables")
    spec = {"game": "base", "with": ["traders_builders"], "players": 3, "seed": 4, "agents": ["human", "greedy", "random"]}
    validate(spec, "table_request.json", "a table request")
    st, made, _ = request(port, "POST", "/api/v1/tables", spec)
    check(st == 201, "POST tables: %d" % st)
    validate(made, "state.json", "POST tables")
    st, game, _ = request(port, "GET", "/api/v1/tables/%s/game" % made["table"])
    validate(game, "game.json", "GET game (T&B)")
    print("whole game: %d moves by the API, largest ?board=0 reply %d bytes" % (n, small_max))


def hostile(port):
    """Cross-site POSTs, endless bots, bad numbers, idle connections."""
    st, v, _ = request(port, "POST", "/api/v1/tables", '{"agents":["human"]}', {"Content-Type": "text/plain"})
    check(st == 415, "a text/plain POST (a form of another site) is refused: %d" % st)
    st, v, _ = request(port, "POST", "/api/v1/tables", {"agents": ["human"]}, {"Origin": "http://evil.example"})
    check(st == 403, "a POST from another site's page (Origin) is refused: %d" % st)
    st, v, _ = request(port, "POST", "/api/v1/tables", {"agents": ["mcts:100000000", "mcts:100000000"]})
    check(st == 400 and "20000" in v["error"], "endless bots are refused: %d %s" % (st, v))
    # bots that think: the request that makes the table returns at once,
    # and the server answers while they think
    t0 = time.monotonic()
    st, made, _ = request(port, "POST", "/api/v1/tables", {"agents": ["mcts:20000", "mcts:20000"]}, timeout=20)
    created = time.monotonic() - t0
    check(st == 201, "a table of two mcts:20000 bots: %d" % st)
    path = "/api/v1/tables/%s/state?board=0" % made["table"]
    worst, seen_thinking = 0.0, False
    for _ in range(20):
        t0 = time.monotonic()
        st, s, _ = request(port, "GET", path, timeout=20)
        worst = max(worst, time.monotonic() - t0)
        seen_thinking = seen_thinking or s.get("thinking") is not None
        check(st == 200, "GET while bots think: %d" % st)
    check(seen_thinking, "the GETs were answered while a bot was thinking")
    print("table of mcts:20000 bots made in %.1f ms; 20 GETs while they think, slowest %.1f ms"
          % (created * 1e3, worst * 1e3))
    # 64 idle connections (what locked everyone out before) do not
    idle = []
    for _ in range(64):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /api/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never finished
        idle.append(s)
    st, v, _ = request(port, "GET", "/api/v1/tables/1/state?board=0", timeout=20)
    check(st == 200, "a request is answered beside 64 idle connections: %d" % st)
    for s in idle:
        s.close()


EXE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "meeple")


def bots_from_the_command_line():
    """The command line's table of bots thinking long: the server starts
    and answers while they think; the record grows."""
    p, port = serve(EXE, "--agents", "mcts:20000,mcts:20000")
    try:
        times, thinking, version = [], 0, 0
        for _ in range(40):
            t0 = time.monotonic()
            st, s, _ = request(port, "GET", "/api/v1/tables/1/state?board=0", timeout=20)
            times.append((time.monotonic() - t0) * 1e3)
            thinking += s.get("thinking") is not None
            version = s["version"]
            time.sleep(0.05)
        times.sort()
        check(thinking > 0, "the command line's bots think while the server answers")
        print("40 GETs beside the command line's mcts:20000 bots: median %.1f ms, max %.1f ms, %d moves made"
              % (times[20], times[-1], version))
    finally:
        stop(p)


def stop(p):
    p.terminate()
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        check(False, "serve did not stop on SIGTERM")
    err = p.stderr.read()
    check("internal error" not in err and "AddressSanitizer" not in err, "no server errors: " + err[-2000:])


def main():
    exe = EXE
    p, port = serve(exe, "--seed", "3", "--agents", "human,random")
    try:
        whole_game(port)
        hostile(port)
    finally:
        stop(p)
    bots_from_the_command_line()
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

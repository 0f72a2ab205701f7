#!/usr/bin/env python3
"""How long `meeple serve` takes to answer a legal-move request over HTTP.

    python3 bench/serve_http.py [build/meeple] [GAMES_PER_SPEC]

Starts `meeple serve --port 0`, plays random games through the JSON API
(keep-alive, like a browser) and times every GET .../moves. Per game it
prints the round trip (p50, p99, max, count over 5 ms) beside the
handler's own time from the Server-Timing header, and for the slow round
trips how much of them both processes spent waiting on a run queue
(/proc/PID/schedstat): on a loaded machine that wait, not the server, is
what a slow answer is made of. The load average is printed with it.
"""
import http.client
import json
import os
import random
import re
import subprocess
import sys
import time

SPECS = [
    {"game": "base"}, {"game": "base", "with": ["traders_builders"]},
    {"game": "base", "with": ["abbey_mayor"]},
    {"game": "base", "with": ["traders_builders", "abbey_mayor"]},
    {"game": "hunters_gatherers"}, {"game": "new_world"},
    {"game": "base", "with": ["river"]}, {"game": "base", "with": ["princess_dragon"]},
]
SLOW_MS = 5.0


def run_queue_ms(path):
    """Time a task has spent runnable but not running, in ms."""
    try:
        with open(path) as f:
            return int(f.read().split()[1]) / 1e6
    except OSError:
        return 0.0


class Waits:
    def __init__(self, pid):
        self.pid = pid

    def now(self):
        server = sum(run_queue_ms(f"/proc/{self.pid}/task/{t}/schedstat")
                     for t in os.listdir(f"/proc/{self.pid}/task"))
        return server + run_queue_ms("/proc/thread-self/schedstat")


def request(conn, method, path, body=None):
    conn.request(method, path, body=json.dumps(body) if body is not None else None)
    r = conn.getresponse()
    data = r.read()
    if r.status >= 300:
        sys.exit(f"serve_http: {method} {path}: {r.status} {data[:200]!r}")
    return r, json.loads(data)


def play_spec(conn, waits, spec, seed):
    r, t = request(conn, "POST", "/api/v1/tables", dict(spec, seed=seed, agents=["human"]))
    path = f"/api/v1/tables/{t['table']}/moves"
    rng = random.Random(seed)
    rows = []
    while True:
        w0 = waits.now()
        t0 = time.perf_counter()
        r, ms = request(conn, "GET", path)
        total = (time.perf_counter() - t0) * 1000
        timing = r.getheader("Server-Timing", "")
        app, cpu = (float(x) for x in re.findall(r"(?:app|cpu);dur=([\d.]+)", timing))
        rows.append((total, app, cpu, waits.now() - w0))
        if not ms["moves"]:
            return rows
        request(conn, "POST", f"/api/v1/tables/{t['table']}/move",
                {"index": rng.randrange(len(ms["moves"])) + 1})


def quantiles(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2], xs[min(len(xs) - 1, int(len(xs) * 0.99))], xs[-1]


def main():
    meeple = sys.argv[1] if len(sys.argv) > 1 else "build/meeple"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    proc = subprocess.Popen([meeple, "serve", "--port", "0", "--agents", "human"],
                            stdout=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+)/", proc.stdout.readline()).group(1))
        conn = http.client.HTTPConnection("127.0.0.1", port)
        waits = Waits(proc.pid)
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
        for spec in SPECS:
            rows = [row for seed in range(1, games + 1) for row in play_spec(conn, waits, spec, seed)]
            slow = [r for r in rows if r[0] > SLOW_MS]
            name = "+".join([spec["game"]] + spec.get("with", []))
            line = ("%-34s http p50 %.3f p99 %.3f max %.3f | handler p50 %.3f p99 %.3f max %.3f"
                    " | handler CPU p50 %.3f p99 %.3f max %.3f ms"
                    % ((name,) + quantiles([r[0] for r in rows]) + quantiles([r[1] for r in rows])
                       + quantiles([r[2] for r in rows])))
            line += f" | {len(rows)} requests, {len(slow)} over {SLOW_MS:g} ms"
            if slow:
                line += " (%.0f%% of their time on a run queue)" % (
                    100 * min(1.0, sum(r[3] for r in slow) / sum(r[0] for r in slow)))
            print(line)
        print(f"load average {os.getloadavg()[0]:.2f}")
    finally:
        proc.terminate()
        proc.wait()


if __name__ == "__main__":
    main()

// meeple serve's JSON API: every bad request gets a 4xx with a JSON
// error and leaves the game unchanged; the legal-move request's time per
// game is printed (a measurement, not a test: see docs/protocol.md).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { serve, request, token, idle, move } = require('./lib');

test('api: bad requests get a 4xx JSON error and change nothing', async () => {
  const srv = await serve(['--seed', '3']);
  try {
    const port = srv.port;
    const before = (await request(port, 'GET', '/api/v1/tables/1/state')).json;
    const movesBefore = (await request(port, 'GET', '/api/v1/tables/1/moves')).json;
    const tok = await token(port, 1);
    const before2 = (await request(port, 'GET', '/api/v1/tables/1/state')).json;
    assert.strictEqual(before2.version, before.version, 'joining a seat is no move');
    before.joined = before2.joined;
    const bad = [
      ['POST', '/api/v1/tables/1/move', '{"index": 1', 400, 'bad JSON'],
      ['POST', '/api/v1/tables/1/move', '[1, 2]', 400, 'not an object'],
      ['POST', '/api/v1/tables/1/move', '', 400, 'no body'],
      ['POST', '/api/v1/tables/1/move', { move: 'place Z 99,99 r0' }, 422, 'illegal move'],
      ['POST', '/api/v1/tables/1/move', { index: 100000 }, 422, 'index out of range'],
      ['POST', '/api/v1/tables/1/move', { index: 1.5 }, 400, 'fractional index'],
      ['POST', '/api/v1/tables/1/move', { index: 1, seat: 2 }, 409, 'not this seat\'s turn'],
      ['POST', '/api/v1/tables/1/move', { index: 1, version: 99 }, 409, 'stale version'],
      ['POST', '/api/v1/tables/1/move', { index: 1, colour: 'red' }, 400, 'unknown key'],
      ['POST', '/api/v1/tables/1/move', 'x'.repeat(100000), 413, 'oversized body'],
      ['POST', '/api/v1/tables', { game: 'no_such_game' }, 400, 'unknown game'],
      ['POST', '/api/v1/tables', { game: '../../etc/passwd' }, 400, 'a path as game'],
      ['POST', '/api/v1/tables', { with: ['/tmp/evil.lua'] }, 400, 'a path as expansion'],
      ['POST', '/api/v1/tables', { agents: ['/tmp/bot.lua'] }, 400, 'a path as agent'],
      ['POST', '/api/v1/tables', { players: 99 }, 400, 'too many players'],
      ['GET', '/api/v1/tables/42/state', undefined, 404, 'unknown table'],
      ['GET', '/api/v1/nothing', undefined, 404, 'unknown route'],
      ['DELETE', '/api/v1/tables/1/move', undefined, 405, 'wrong method'],
    ];
    for (const [method, path, body, status, what] of bad) {
      const withToken = body && typeof body === 'object' && path.endsWith('/move') ? { ...body, token: tok } : body;
      const r = await request(port, method, path, withToken);
      assert.strictEqual(r.status, status, what + ': status (' + r.text.slice(0, 200) + ')');
      assert.ok(r.json && typeof r.json.error === 'string' && r.json.error.length > 0, what + ': a JSON error');
      assert.match(r.type, /application\/json/, what + ': JSON content type');
    }
    const foreign = await request(port, 'GET', '/api/v1/tables/1/state', undefined, { Host: 'evil.example:80' });
    assert.strictEqual(foreign.status, 403, 'a foreign Host header (DNS rebinding) is refused');
    const after = (await request(port, 'GET', '/api/v1/tables/1/state')).json;
    assert.deepStrictEqual(after, before, 'the game is unchanged by the bad requests');
    assert.deepStrictEqual((await request(port, 'GET', '/api/v1/tables/1/moves')).json, movesBefore, 'same legal moves');
    // a good move still works afterwards, by text
    const ok = await request(port, 'POST', '/api/v1/tables/1/move', { move: movesBefore.moves[0].text, seat: 1, token: tok });
    assert.strictEqual(ok.status, 200, ok.text.slice(0, 200));
    assert.ok(ok.json.version > before.version, 'the move advanced the version');
    assert.match(ok.headers['server-timing'] || '', /^app;dur=\d+\.\d+, cpu;dur=\d+\.\d+$/, 'Server-Timing');
    // JSON numbers are floats to the decoder: seed 5 and players 3 are still integers
    const made = await request(port, 'POST', '/api/v1/tables', { seed: 5, players: 3, agents: ['human'] });
    assert.strictEqual(made.status, 201, made.text.slice(0, 200));
    assert.strictEqual(made.json.players, 3);
    const seeded = (await request(port, 'GET', '/api/v1/tables/' + made.json.table + '/record')).text;
    assert.strictEqual(JSON.parse(seeded.split('\n')[0]).seed, 5, 'the record has the seed asked for');
    const half = await request(port, 'POST', '/api/v1/tables', { seed: 2.5 });
    assert.strictEqual(half.status, 400, 'a fractional seed is refused');
  } finally {
    await srv.stop();
  }
});

test('api: legal-move request time per game', async () => {
  const srv = await serve(['--seed', '1', '--agents', 'human,random']);
  try {
    const games = [
      { game: 'base' }, { game: 'base', with: ['traders_builders'] }, { game: 'base', with: ['abbey_mayor'] },
      { game: 'base', with: ['traders_builders', 'abbey_mayor'] }, { game: 'hunters_gatherers' },
      { game: 'new_world' },
    ];
    for (const spec of games) {
      const made = await request(srv.port, 'POST', '/api/v1/tables', { ...spec, agents: ['human', 'random'] });
      assert.strictEqual(made.status, 201, made.text.slice(0, 200));
      const id = made.json.table;
      const times = [];
      for (let turn = 0; turn < 30; turn++) {
        await idle(srv.port, id);
        const t0 = process.hrtime.bigint();
        const r = await request(srv.port, 'GET', '/api/v1/tables/' + id + '/moves');
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        assert.strictEqual(r.status, 200);
        if (r.json.moves.length === 0) break;
        await move(srv.port, { index: 1 + (turn * 5) % r.json.moves.length }, id);
      }
      times.sort((a, b) => a - b);
      const name = spec.game + (spec.with ? '+' + spec.with.join('+') : '');
      console.log(`moves request ${name}: median ${times[times.length >> 1].toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms (${times.length} requests, round trip)`);
    }
  } finally {
    await srv.stop();
  }
});

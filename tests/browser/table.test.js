// meeple serve in a real browser, beyond the base game against random:
// a person plays a game through the page against the greedy bot and a
// Lua bot (every bot move re-checked as that bot's choice), and one turn each
// of New World (a settler on a New World feature) and Hunters & Gatherers
// (the shaman's action) is played through the page; a house rule and an
// option reach a table.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { OUT, meeple, page, serve, request, idle, move, seatUrl, settle, clickMove, withTable } = require('./lib');

// Plays random legal moves by the API until `wanted(moves)` holds for the
// person's seat; returns those moves.
async function playUntil(port, wanted, limit) {
  for (let i = 0; i < limit; i++) {
    await idle(port);
    const moves = (await request(port, 'GET', '/api/v1/tables/1/moves')).json;
    assert.ok(Array.isArray(moves.moves), 'moves is a JSON list');
    if (wanted(moves.moves)) return moves;
    const pick = moves.moves[(i * 7) % moves.moves.length];
    const r = await move(port, { index: pick.index });
    assert.strictEqual(r.status, 200, 'API move: ' + r.text);
  }
  return null;
}

test('serve: a game against greedy and a Lua bot, through the page', async () => {
  const agents = ['human', 'greedy', 'examples/bots/first_move.lua'];
  await withTable(['--seed', '6', '--players', '3', '--agents', agents.join(',')], async (srv, b, errors) => {
    const p = await page(b, errors);
    await p.goto(await seatUrl(srv, 1));
    await settle(p, undefined);
    const seats = (await request(srv.port, 'GET', '/api/v1/tables/1/state?board=0')).json.seats;
    assert.deepStrictEqual(seats, agents, 'one agent per seat');
    // a dozen decisions by clicks, the rest by the API (quicker); the
    // bots answer every one of them at the server
    let turn = 0;
    const t0 = Date.now();
    while (turn < 12 && await clickMove(p, turn, null)) turn++;
    console.log(`serve vs greedy + Lua bot: ${turn} human decisions by clicks in ${Date.now() - t0} ms`);
    const byApi = await playUntil(srv.port, (ms) => ms.length === 0, 400);
    assert.ok(byApi, 'the game ends');
    await p.reload();
    await p.waitForSelector('body[data-over="1"]', { timeout: 20000 });
    await p.screenshot({ path: path.join(OUT, 'serve-bots-end.png') });
    const state = (await request(srv.port, 'GET', '/api/v1/tables/1/state?board=0')).json;
    assert.strictEqual(state.over, true, 'the game is over');
    assert.deepStrictEqual(await p.$$eval('#scores tr', (r) => r.map((x) => +x.dataset.score)), state.scores,
      'the page shows the final scores');
    const rec = await request(srv.port, 'GET', '/api/v1/tables/1/record');
    const file = path.join(OUT, 'serve-bots.jsonl');
    fs.writeFileSync(file, rec.text);
    assert.match(meeple(['replay', file]), /every state matches/);
    // each bot move is the move that bot chooses there: the bots played
    const checked = meeple(['script', 'tests/browser/agents_check.lua', file, ...agents]);
    const m = checked.match(/bots: (\d+) moves checked \(1: 0, 2: (\d+), 3: (\d+)\)/);
    assert.ok(m && +m[2] > 20 && +m[3] > 20, 'greedy and the Lua bot made their own moves: ' + checked);
  });
});

test('serve: New World, a settler on a trail or town by a click', async () => {
  await withTable(['--seed', '2', '--game', 'new_world'], async (srv, b, errors) => {
    const onNewWorld = (ms) => ms.filter((m) => m.type === 'deploy' && m.figure === 'settler' &&
      (m.kind === 'trail' || m.kind === 'town'));
    const moves = await playUntil(srv.port, (ms) => onNewWorld(ms).length > 0, 400);
    assert.ok(moves, 'a settler could go onto a trail or town');
    const target = onNewWorld(moves.moves)[0];
    const p = await page(b, errors);
    await p.goto(await seatUrl(srv, 1));
    const d = await settle(p, undefined);
    assert.strictEqual(d.phase, 'place_figure', 'the page offers the figure phase');
    const before = await p.$$eval('#board .figure-settler', (l) => l.length);
    await p.click('.spot-option[data-index="' + target.index + '"]');
    await settle(p, d.version, true);
    const state = (await request(srv.port, 'GET', '/api/v1/tables/1/state?board=0')).json;
    assert.ok(state.last.some((e) => e.player === 1 && e.move === target.text), 'the settler move was made: ' + target.text);
    const after = await p.$$eval('#board .figure-settler[data-owner="1"]', (l) => l.length);
    assert.ok(after >= 1 && (await p.$$eval('#board .figure-settler', (l) => l.length)) >= before,
      'the settler stands on the board in seat 1\'s colour');
    // the legend names New World's pieces
    const legend = await p.$$eval('#legend .legend-entry', (l) => l.map((e) => e.id));
    for (const id of ['legend-kind-trail', 'legend-kind-town', 'legend-start', 'legend-figure-settler', 'legend-figure-surveyor']) {
      assert.ok(legend.includes(id), 'the table legend has ' + id + ': ' + legend);
    }
    await p.screenshot({ path: path.join(OUT, 'serve-new-world.png') });
  });
});

test('serve: Hunters & Gatherers, the shaman\'s action by a click', async () => {
  await withTable(['--seed', '2', '--game', 'hunters_gatherers'], async (srv, b, errors) => {
    const moves = await playUntil(srv.port, (ms) => ms.some((m) => m.type === 'action'), 600);
    assert.ok(moves, 'an action became legal');
    const action = moves.moves.find((m) => m.type === 'action');
    const p = await page(b, errors);
    await p.goto(await seatUrl(srv, 1));
    const d = await settle(p, undefined);
    const offered = await p.$$eval('#move-list button', (l) => l.map((e) => e.title));
    // the recall's arguments by name, in declared order; the text as its tooltip
    assert.match(action.label, /^shaman x=-?\d+ y=-?\d+ segment=\d+$/, 'the API labels the action by name');
    assert.strictEqual(action.text, 'action shaman ' + action.args.x + ' ' + action.args.y + ' ' + action.args.segment + ' 0',
      'the text stays positional in declared order');
    assert.ok(offered.includes(action.label), 'the page offers ' + action.label + ' (its tooltip): ' + offered);
    const button = await p.$eval('#move-list button[data-index="' + action.index + '"]', (e) => [e.dataset.text, e.textContent]);
    assert.strictEqual(button[0], action.text, 'the button carries the move text');
    // in words: the shaman's recall says what it does
    assert.strictEqual(button[1], action.words, 'the button reads in words');
    assert.match(action.words, /^a figure at -?\d+,-?\d+ \(segment \d+\) comes home$/, 'the recall in words: ' + action.words);
    await p.screenshot({ path: path.join(OUT, 'serve-hg-action.png') });
    await p.click('#move-list button[data-index="' + action.index + '"]');
    await settle(p, d.version, true);
    const state = (await request(srv.port, 'GET', '/api/v1/tables/1/state?board=0')).json;
    assert.ok(state.last.some((e) => e.player === 1 && e.move === action.text), 'the action was made: ' + JSON.stringify(state.last));
  });
});

// --rules and --option reach the table: the record names them, replays
// with them, and a house rule's points show in the final scoring.
test('serve: a house rule and an option, by the API', async () => {
  const cases = [
    { args: ['--seed', '5', '--rules', 'examples/house-rules/farmers_4.lua'], rules: /farmers_4\.lua$/ },
    { args: ['--seed', '3', '--game', 'new_world', '--option', 'final_count=segments'], option: ['final_count', 'segments'] },
  ];
  for (const c of cases) {
    const srv = await serve([...c.args, '--agents', 'human,random']);
    try {
      assert.ok(await playUntil(srv.port, (ms) => ms.length === 0, 400), c.args + ': the game ends');
      const rec = await request(srv.port, 'GET', '/api/v1/tables/1/record');
      const header = JSON.parse(rec.text.split('\n')[0]);
      const file = path.join(OUT, 'serve-rules-' + c.args[1] + '.jsonl');
      fs.writeFileSync(file, rec.text);
      assert.match(meeple(['replay', file]), /every state matches/, c.args + ': the record replays');
      if (c.rules) {
        assert.ok(header.rules.some((r) => c.rules.test(r)), 'the record names the house rule: ' + header.rules);
        const page = (await request(srv.port, 'GET', '/api/v1/tables/1/view')).text;
        const data = JSON.parse(page.match(/<script type="application\/json" id="data">([\s\S]*?)<\/script>/)[1]
          .replace(/<\\\//g, '</'));
        const fields = data.frames[data.frames.length - 1].ledger.filter((e) => e.reason === 'field');
        assert.ok(fields.some((e) => e.points > 0), 'farmers scored: ' + JSON.stringify(fields));
        assert.ok(fields.every((e) => e.points % 4 === 0), 'farmers score 4 per city: ' + JSON.stringify(fields));
      } else {
        assert.strictEqual(String(header.options[c.option[0]]), c.option[1], 'the record names the option');
      }
    } finally {
      await srv.stop();
    }
  }
});

test('table page: the title names the game, the tile in hand is drawn before any click, figures and tiles left', async () => {
  await withTable(['--seed', '5', '--with', 'traders_builders', '--agents', 'human,random'], async (srv, b, errors) => {
    const p = await page(b, errors);
    await p.goto(await seatUrl(srv, 1));
    await settle(p, undefined);
    const s = (await request(srv.port, 'GET', '/api/v1/tables/1/state?board=0')).json;
    assert.match(await p.title(), /^Carcassonne \+ traders_builders - table 1/, 'the page title names the game');
    assert.strictEqual(await p.$eval('#hand', (e) => e.dataset.tile), s.tile, 'the tile in hand is drawn');
    const ref = await p.$eval('#hand use', (e) => e.getAttribute('href'));
    assert.ok(await p.$('#board ' + ref.replace(/\./g, '\\.')), 'from the board\'s drawing of tile ' + s.tile);
    const box = await p.$eval('#hand use', (e) => { const r = e.getBoundingClientRect(); return r.width * r.height; });
    assert.ok(box > 1000, 'it is visible: ' + box);
    assert.strictEqual(await p.$eval('#tiles-left', (e) => e.textContent), s.tiles_left + ' tiles left', 'tiles left');
    const shown = await p.$$eval('#scores tr', (rows) => rows.map((r) => [...r.querySelectorAll('.left')].map((e) =>
      [e.dataset.kind, +e.dataset.left])));
    assert.deepStrictEqual(shown, s.supplies, 'the figures left per player and kind');
    const held = await p.$$eval('#scores tr', (rows) => rows.map((r) => [...r.querySelectorAll('.counter')].map((e) =>
      [e.dataset.counter, +e.dataset.value])));
    assert.deepStrictEqual(held, s.counters, 'the counters per player (T&B goods)');
    assert.deepStrictEqual(held[0].map((e) => e[0]), ['wine', 'wheat', 'cloth'], 'every counter of the rules');
    assert.ok(shown[0].some((e) => e[0] === 'builder') && shown[0].some((e) => e[0] === 'pig'), 'every kind of the rules');
    assert.deepStrictEqual(await p.$$eval('#scores tr.to-move', (l) => l.map((r) => +r.dataset.player)), [s.player], 'whose turn');
    // the last moves read in words, the text beside
    const r = await move(srv.port, { index: 1 });
    assert.strictEqual(r.status, 200, r.text);
    const last = (await idle(srv.port)).last;
    assert.match(last[0].words, /^tile \S+ goes to -?\d+,-?\d+, /, 'the state lists the last moves in words');
    await p.reload();
    await settle(p, undefined, true);
    assert.ok((await p.$eval('#last li', (e) => e.textContent)).startsWith('seat 1: ' + last[0].words + ' (' + last[0].move + ')'),
      'the page shows them');
    await p.screenshot({ path: path.join(OUT, 'table-panels.png') });
  });
});

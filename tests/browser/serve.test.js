// meeple serve in a real browser: a person plays a whole base game
// against the random bot by clicks (cell, rotation, figure spot or pass)
// to the final scores; one turn of T&B + A&M places an abbey from hand.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { OUT, meeple, browser, page, serve, request, idle, move, seatUrl, settle, clickMove } = require('./lib');

test('serve: a whole base game against the random bot, by clicks', async () => {
  const srv = await serve(['--seed', '11']);
  const b = await browser();
  try {
    const errors = [];
    const p = await page(b, errors);
    await p.goto(srv.url + '/table/1');
    await settle(p, undefined);
    let turn = 0;
    const t0 = Date.now();
    while (await clickMove(p, turn, null)) turn++;
    console.log(`serve: ${turn} human decisions by clicks in ${Date.now() - t0} ms`);
    await p.screenshot({ path: path.join(OUT, 'serve-base-end.png') });
    const state = (await request(srv.port, 'GET', '/api/v1/tables/1/state?board=0')).json;
    assert.strictEqual(state.over, true, 'the game is over');
    // docs/protocol.md: lists are JSON arrays even when empty
    assert.deepStrictEqual(state.with, [], 'base has no expansions: []');
    const none = (await request(srv.port, 'GET', '/api/v1/tables/1/moves')).text;
    assert.match(none, /"moves":\[\]/, 'no legal moves once over: [] not {}');
    const shown = await p.$$eval('#scores tr', (rows) => rows.map((r) => +r.dataset.score));
    assert.deepStrictEqual(shown, state.scores, 'the page shows the final scores');
    // the saved record re-plays to the same scores
    const rec = await request(srv.port, 'GET', '/api/v1/tables/1/record');
    assert.strictEqual(rec.status, 200);
    const file = path.join(OUT, 'serve-base.jsonl');
    fs.writeFileSync(file, rec.text);
    const lines = rec.text.trim().split('\n');
    assert.deepStrictEqual(JSON.parse(lines[lines.length - 1]).scores, state.scores, 'the record ends with the scores');
    assert.match(meeple(['replay', file]), /every state matches/);
    // and opens in the viewer from the table
    const v = await page(b, errors);
    await v.goto(srv.url + '/api/v1/tables/1/view');
    await v.waitForSelector('body[data-ready="1"]');
    await v.keyboard.press('End');
    const vs = await v.$$eval('#scores tr', (rows) => rows.map((r) => +r.dataset.score));
    assert.deepStrictEqual(vs, state.scores, 'the viewer of the table shows its final scores');
    assert.deepStrictEqual(errors, [], 'no script errors');
  } finally {
    await b.close();
    await srv.stop();
  }
});

test('serve: T&B + A&M, a turn placing the abbey from hand', async () => {
  const srv = await serve(['--seed', '5', '--with', 'traders_builders,abbey_mayor']);
  const b = await browser();
  try {
    // play by the API until the abbey may be placed (it needs a hole)
    let moves;
    for (let i = 0; i < 400; i++) {
      await idle(srv.port);
      moves = (await request(srv.port, 'GET', '/api/v1/tables/1/moves')).json;
      if (moves.moves.some((m) => m.tile === 'am.abbey')) break;
      const pick = moves.moves[(i * 7) % moves.moves.length];
      const r = await move(srv.port, { index: pick.index });
      assert.strictEqual(r.status, 200, 'API move: ' + r.text);
    }
    assert.ok(moves.moves.some((m) => m.tile === 'am.abbey'), 'the abbey became placeable');
    const errors = [];
    const p = await page(b, errors);
    await p.goto(await seatUrl(srv, 1));
    await settle(p, undefined);
    // A&M: before drawing, the abbey from hand or 'draw'
    const hand = await p.$eval('#hand-choices', (e) => e.textContent);
    assert.match(hand, /am\.abbey/, 'the abbey is offered from hand');
    const others = await p.$$eval('#move-list button', (bs) => bs.map((x) => x.dataset.text));
    assert.ok(others.includes('draw'), 'drawing instead is offered: ' + others);
    const cells = await p.$$eval('.cell-option', (c) => c.map((x) => x.dataset.cell));
    const legal = [...new Set(moves.moves.filter((m) => m.tile === 'am.abbey').map((m) => m.x + ',' + m.y))];
    assert.deepStrictEqual(cells.sort(), legal.sort(), 'exactly the legal abbey cells are offered');
    await clickMove(p, 0, 'am.abbey');
    const state = (await request(srv.port, 'GET', '/api/v1/tables/1/state?board=0')).json;
    const mine = state.last.filter((e) => e.player === 1);
    assert.ok(mine.some((e) => /^place am\.abbey /.test(e.move)), 'the abbey was placed: ' + JSON.stringify(state.last));
    await p.screenshot({ path: path.join(OUT, 'serve-tb-am-abbey.png') });
    // finish the turn (a figure spot or pass) if it is still ours
    if ((await p.evaluate(() => document.body.dataset.phase)) !== 'place_tile') await clickMove(p, 1, null);
    assert.deepStrictEqual(errors, [], 'no script errors');
  } finally {
    await b.close();
    await srv.stop();
  }
});

test('serve: two people share a table, one tab per seat', async () => {
  const srv = await serve(['--seed', '8', '--agents', 'human,human']);
  const b = await browser();
  try {
    const errors = [];
    const tabs = [await page(b, errors), await page(b, errors)];
    await tabs[0].goto(srv.url + '/table/1?seat=1');
    await tabs[1].goto(srv.url + '/table/1?seat=2');
    await settle(tabs[0], undefined);
    // seat 2's tab offers nothing while seat 1 is to move
    await tabs[1].bringToFront();
    await tabs[1].waitForFunction(() => document.body.dataset.version !== undefined, { polling: 100 });
    assert.strictEqual(await tabs[1].evaluate(() => document.body.dataset.mine), '0', 'seat 2 waits');
    assert.strictEqual((await tabs[1].$$('.cell-option')).length, 0, 'no cells offered to seat 2');
    // two full turns, each by its own tab; the other tab follows by polling
    for (let turn = 0; turn < 2; turn++) {
      const tab = tabs[turn % 2];
      await tab.bringToFront(); // a background tab's timers are throttled
      const d = await tab.evaluate(() => ({ ...document.body.dataset }));
      if (d.mine !== '1') await settle(tab, d.version);
      const seatBefore = (await request(srv.port, 'GET', '/api/v1/tables/1/state?board=0')).json.player;
      assert.strictEqual(seatBefore, turn % 2 + 1, 'seat ' + (turn % 2 + 1) + ' is to move');
      while ((await request(srv.port, 'GET', '/api/v1/tables/1/state?board=0')).json.player === seatBefore) {
        await clickMove(tab, turn, null, true);
      }
    }
    const state = (await request(srv.port, 'GET', '/api/v1/tables/1/state?board=0')).json;
    assert.strictEqual(state.moves_made >= 4, true, 'both seats moved: ' + state.moves_made);
    await tabs[0].bringToFront();
    await tabs[0].waitForFunction((v) => +document.body.dataset.version === v, { timeout: 5000, polling: 100 }, state.version);
    assert.deepStrictEqual(errors, [], 'no script errors');
  } finally {
    await b.close();
    await srv.stop();
  }
});

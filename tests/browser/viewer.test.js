// meeple view in a real browser: step to the end with the keyboard,
// buttons and slider; the shown scores are the record's final scores.
// Screenshots go to $MEEPLE_OUT (the build directory), not the source.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { OUT, meeple, browser, page, lastLine } = require('./lib');

const GAMES = [
  { name: 'base', args: ['--seed', '3'] },
  { name: 'tb-am', args: ['--seed', '2', '--players', '3', '--with', 'traders_builders,abbey_mayor'] },
  { name: 'hg', args: ['--seed', '2', '--game', 'hunters_gatherers'] },
  { name: 'new-world', args: ['--seed', '2', '--game', 'new_world'] },
  { name: 'lakes-fan', args: ['--seed', '4', '--with', './examples/fan-expansion/lakes.lua'] },
];

test('viewer: every game steps to the record\'s final scores', async () => {
  const b = await browser();
  try {
    const warm = await b.newPage(); // the first page pays for the browser's start
    await warm.goto('about:blank');
    await warm.close();
    for (const g of GAMES) {
      const rec = path.join(OUT, 'viewer-' + g.name + '.jsonl');
      const html = path.join(OUT, 'viewer-' + g.name + '.html');
      meeple(['play', '--quiet', '--record', rec, ...g.args]);
      meeple(['view', rec, '-o', html]);
      const errors = [];
      const p = await page(b, errors);
      const t0 = Date.now();
      await p.goto('file://' + html);
      await p.waitForSelector('body[data-ready="1"]');
      const openMs = Date.now() - t0;
      const count = await p.evaluate(() => window.viewer.count);
      console.log(`viewer ${g.name}: ${count - 1} moves, opened in ${openMs} ms`);
      // the buttons and the arrow keys move one step; End goes to the end
      await p.click('#next');
      await p.click('#next');
      assert.strictEqual(await p.evaluate(() => window.viewer.step), 2, g.name + ': two clicks on next');
      await p.keyboard.press('ArrowLeft');
      assert.strictEqual(await p.evaluate(() => window.viewer.step), 1, g.name + ': ArrowLeft goes back');
      await p.$eval('#slider', (s) => { s.value = Math.floor(s.max / 2); s.dispatchEvent(new Event('input')); });
      assert.strictEqual(await p.evaluate(() => window.viewer.step), Math.floor((count - 1) / 2), g.name + ': slider');
      await p.screenshot({ path: path.join(OUT, 'viewer-' + g.name + '-middle.png') });
      await p.keyboard.press('End');
      assert.strictEqual(await p.evaluate(() => window.viewer.step), count - 1, g.name + ': End goes to the last step');
      const shown = await p.$$eval('#scores tr', (rows) => rows.map((r) => +r.dataset.score));
      assert.deepStrictEqual(shown, lastLine(rec).scores, g.name + ': shown scores are the record\'s final scores');
      // the end scoring is a step of its own after the last move
      assert.match(await p.$eval('#move', (e) => e.textContent), /^final scoring/, g.name + ': the last step is the final scoring');
      assert.strictEqual(await p.$eval('#ledger-title', (e) => e.textContent), 'Final scoring', g.name + ': its ledger');
      assert.ok(await p.$$eval('#ledger li.final', (l) => l.length) > 0, g.name + ': final scoring entries listed');
      await p.keyboard.press('ArrowLeft');
      assert.strictEqual(await p.$$eval('#ledger li.final', (l) => l.length), 0, g.name + ': none on the last move');
      await p.keyboard.press('End');
      const tiles = await p.$$eval('#board use.placed', (u) => u.length);
      assert.ok(tiles > 10, g.name + ': the board shows the placed tiles');
      await p.screenshot({ path: path.join(OUT, 'viewer-' + g.name + '.png') });
      // zoom: keys, the wheel about the pointer, a drag pans, fit restores
      if (g.name === 'base') {
        const zoomOf = () => p.$eval('#board', (b) => +b.dataset.zoom);
        const whole = await p.$eval('#board', (b) => b.getAttribute('viewBox'));
        await p.keyboard.press('=');
        assert.strictEqual(await zoomOf(), 1.25, 'the + key zooms in');
        await p.keyboard.press('-');
        await p.keyboard.press('-');
        assert.strictEqual(await zoomOf(), 0.8, 'the - key zooms out');
        await p.keyboard.press('0');
        assert.strictEqual(await p.$eval('#board', (b) => b.getAttribute('viewBox')), whole, '0 shows the whole board');
        const box = await p.$eval('#board', (b) => { const r = b.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; });
        await p.mouse.move(box[0] + box[2] / 2, box[1] + box[3] / 2);
        await p.mouse.wheel({ deltaY: -120 });
        await p.mouse.wheel({ deltaY: -120 });
        assert.ok(await zoomOf() > 1.5, 'the wheel zooms in');
        await p.click('#zoom .zoom-in');
        assert.ok(await zoomOf() > 1.9, 'the + button zooms in');
        const before = await p.$eval('#board', (b) => b.getAttribute('viewBox'));
        await p.mouse.move(box[0] + box[2] / 2, box[1] + box[3] / 2);
        await p.mouse.down();
        await p.mouse.move(box[0] + box[2] / 2 + 80, box[1] + box[3] / 2 + 40, { steps: 4 });
        await p.mouse.up();
        const after = await p.$eval('#board', (b) => b.getAttribute('viewBox'));
        assert.notStrictEqual(after, before, 'a drag pans the board');
        assert.ok(+after.split(' ')[0] < +before.split(' ')[0], 'dragging right shows what is left of it');
        await p.screenshot({ path: path.join(OUT, 'viewer-base-zoomed.png') });
        await p.click('#zoom .zoom-fit');
        assert.strictEqual(await p.$eval('#board', (b) => b.getAttribute('viewBox')), whole, 'fit shows the whole board');
      }
      // cell coordinates: hidden until asked (c or the checkbox), then the
      // cell of the tile in hand reads as in the move text
      if (g.name === 'base') {
        await p.keyboard.press('Home');
        await p.keyboard.press('ArrowRight');
        const visible = () => p.$$eval('#board .coord', (l) => l.filter((e) => getComputedStyle(e).display !== 'none').length);
        assert.strictEqual(await visible(), 0, 'coordinates hidden by default');
        await p.keyboard.press('c');
        assert.ok(await visible() >= 2, 'c shows the cell coordinates');
        const move = await p.$eval('#move', (e) => e.textContent);
        const cell = move.match(/place \S+ (-?\d+,-?\d+) r\d/)[1];
        assert.ok((await p.$$eval('#board .coord', (l) => l.map((e) => e.textContent))).includes(cell),
          'the placed tile\'s cell ' + cell + ' is labelled as in the move text');
        await p.screenshot({ path: path.join(OUT, 'viewer-base-coords.png') });
        await p.click('#zoom .coords-toggle');
        assert.strictEqual(await visible(), 0, 'the checkbox hides them again');
        // the last move still shows the figures the final scoring sends home
        await p.keyboard.press('End');
        const onFinal = await p.$$eval('#board .figure', (l) => l.length);
        await p.keyboard.press('ArrowLeft');
        const onMove = await p.$$eval('#board .figure', (l) => l.length);
        assert.ok(onMove > onFinal, `the last move shows ${onMove} figures, the final step ${onFinal}`);
      }
      // stepping through every move (base game) shows no script error
      if (g.name === 'base') {
        await p.keyboard.press('Home');
        for (let i = 1; i < count; i++) await p.keyboard.press('ArrowRight');
        assert.strictEqual(await p.evaluate(() => window.viewer.step), count - 1, g.name + ': stepped to the end by keys');
        const again = await p.$$eval('#scores tr', (rows) => rows.map((r) => +r.dataset.score));
        assert.deepStrictEqual(again, lastLine(rec).scores, g.name + ': same scores after stepping move by move');
      }
      assert.deepStrictEqual(errors, [], g.name + ': no script errors');
      await p.close();
    }
  } finally {
    await b.close();
  }
});

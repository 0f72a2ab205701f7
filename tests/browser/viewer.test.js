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
  { name: 'tb-am', args: ['--seed', '1', '--players', '3', '--with', 'traders_builders,abbey_mayor'] },
  { name: 'hg', args: ['--seed', '2', '--game', 'hunters_gatherers'] },
  { name: 'new-world', args: ['--seed', '2', '--game', 'new_world'] },
  { name: 'lakes-fan', args: ['--seed', '4', '--with', './examples/fan-expansion/lakes.lua'] },
  { name: 'river-ic-pd', args: ['--seed', '3', '--with', 'river,inns_cathedrals,princess_dragon'] },
  { name: 'tower', args: ['--seed', '2', '--with', 'tower'] },
  { name: 'hills-sheep', args: ['--seed', '2', '--with', 'hills_sheep'] },
  { name: 'bcb', args: ['--seed', '2', '--with', 'bridges_castles_bazaars'] },
  { name: 'kr-wr-cult-gq11', args: ['--seed', '2', '--with', 'king_robber,wind_rose,cult,gq11'] },
  { name: 'abbot-mon-lab', args: ['--seed', '2', '--option', 'abbot=true', '--with', 'monasteries,labyrinth'] },
  { name: 'wt-fm-ru', args: ['--seed', '2', '--with', 'watchtowers,flying_machines,russian_promos'] },
  { name: 'siege-mw-count', args: ['--seed', '2', '--with', 'siege,mage_witch,count'] },
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
      // the view fits the board as it stands: the start tile in the middle
      // at step 0, and the tiles fill most of the frame at every step
      const filled = () => p.evaluate(() => {
        const r = document.getElementById('board').getBoundingClientRect();
        const u = [...document.querySelectorAll('#board use.placed')].map((e) => e.getBoundingClientRect());
        const x0 = Math.min(...u.map((b) => b.left)), x1 = Math.max(...u.map((b) => b.right));
        const y0 = Math.min(...u.map((b) => b.top)), y1 = Math.max(...u.map((b) => b.bottom));
        return { w: (x1 - x0) / r.width, h: (y1 - y0) / r.height, cx: ((x0 + x1) / 2 - r.left) / r.width,
                 cy: ((y0 + y1) / 2 - r.top) / r.height };
      });
      await p.evaluate(() => new Promise((r) => setTimeout(r, 300))); // the view glides to its fit
      const at0 = await filled();
      assert.ok(Math.abs(at0.cx - 0.5) < 0.1 && Math.abs(at0.cy - 0.5) < 0.1, g.name + ': the start is centred ' + JSON.stringify(at0));
      assert.ok(Math.max(at0.w, at0.h) > 0.08, g.name + ': the start tile is not a speck ' + JSON.stringify(at0));
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
      await p.evaluate(() => new Promise((r) => setTimeout(r, 300)));
      const mid = await filled();
      assert.ok(Math.max(mid.w, mid.h) > 0.7, g.name + ': mid-game the board fills the frame ' + JSON.stringify(mid));
      assert.strictEqual(await p.evaluate(() => location.hash), '#step=' + Math.floor((count - 1) / 2), g.name + ': the address names the step');
      await p.screenshot({ path: path.join(OUT, 'viewer-' + g.name + '-middle.png') });
      await p.keyboard.press('End');
      assert.strictEqual(await p.evaluate(() => window.viewer.step), count - 1, g.name + ': End goes to the last step');
      const shown = await p.$$eval('#scores tr', (rows) => rows.map((r) => +r.dataset.score));
      assert.deepStrictEqual(shown, lastLine(rec).scores, g.name + ': shown scores are the record\'s final scores');
      // the end scoring is a step of its own after the last move
      assert.match(await p.$eval('#move', (e) => e.textContent), /^final scoring/, g.name + ': the last step is the final scoring');
      assert.strictEqual(await p.$eval('#ledger-title', (e) => e.textContent), 'Final scoring', g.name + ': its ledger');
      assert.ok(await p.$$eval('#ledger li.final', (l) => l.length) > 0, g.name + ': final scoring entries listed');
      // the score race (Chart.js): a line per player ending on the final
      // scores, its points naming what paid (adding up to the score), and
      // a click on a point shows the last step of its turn
      await p.$eval('#race', (e) => e.scrollIntoView());
      const race = await p.evaluate(() => {
        const c = window.viewer.race;
        if (!c || !(c instanceof Chart)) return null;
        return c.data.datasets.map((d) => ({ label: d.label, last: d.data[d.data.length - 1].y,
          paid: d.data.reduce((s, pt) => s + pt.paid.reduce((t, line) => t + parseInt(line, 10), 0), 0) }));
      });
      assert.ok(race, g.name + ': the page draws a score race with Chart.js');
      assert.deepStrictEqual(race.map((d) => d.last), lastLine(rec).scores, g.name + ': the race ends on the record\'s final scores');
      assert.deepStrictEqual(race.map((d) => d.paid), lastLine(rec).scores, g.name + ': what paid adds up to the scores');
      const pt = await p.evaluate(() => {
        const c = window.viewer.race, r = c.canvas.getBoundingClientRect();
        for (let ds = 0; ds < c.data.datasets.length; ds++) {
          const data = c.data.datasets[ds].data;
          const i = data.findIndex((d, j) => d.paid.length > 0 && j < data.length - 1);
          if (i >= 0) { const e = c.getDatasetMeta(ds).data[i]; return { ...data[i], x: r.left + e.x, y: r.top + e.y }; }
        }
        return null;
      });
      assert.ok(pt, g.name + ': someone scores before the end');
      // Chart.js handles pointer events on the next animation frame
      const frame = () => p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await p.mouse.move(pt.x, pt.y);
      await frame();
      const tip = await p.evaluate(() => window.viewer.race.tooltip.body.map((b) => b.lines).flat().join(' | '));
      assert.ok(pt.paid.every((line) => tip.includes(line)), g.name + ': the tooltip names what paid: ' + tip + ' vs ' + pt.paid);
      await p.mouse.click(pt.x, pt.y);
      await frame();
      assert.strictEqual(await p.evaluate(() => window.viewer.step), pt.step, g.name + ': a click on the race goes to its step');
      assert.strictEqual(await p.evaluate(() => location.hash), '#step=' + pt.step, g.name + ': and the address says so');
      if (g.name === 'base' || g.name === 'hg') await p.screenshot({ path: path.join(OUT, 'viewer-' + g.name + '-race.png') });
      await p.keyboard.press('End');
      // the legend names things in words; one start star; the dragon and
      // the fairy have shapes of their own, readable at the fit zoom; the
      // River's spring and lake are ponds
      const names = await p.$$eval('#legend .legend-entry text', (l) => l.map((e) => e.textContent));
      assert.ok(names.length > 3 && names.every((n) => !n.includes('_')), g.name + ': legend names, not ids: ' + names);
      assert.strictEqual(await p.$$eval('#board .start-mark', (l) => l.length), 1, g.name + ': one start star');
      if (g.name === 'river-ic-pd') {
        for (const f of ['dragon', 'fairy']) {
          const size = await p.$$eval('#board .figure-' + f, (l) => l.map((e) => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); }));
          assert.strictEqual(size.length, 1, 'the ' + f + ' is on the board');
          const meeple = await p.$$eval('#board .figure-meeple', (l) => Math.max(...l.map((e) => e.getBoundingClientRect().height)));
          assert.ok(size[0] > meeple * 0.9, 'the ' + f + ' is no smaller than a meeple: ' + size[0] + ' vs ' + meeple);
          assert.ok(names.includes(f), 'the legend names the ' + f);
        }
        assert.ok(await p.$$eval('#board .spring', (l) => l.length) >= 1, 'the river rises in a spring');
      }
      // tokens the tiles print (goods, animals, pennants, inns) are never
      // under a figure: in the middle, on the last move and at the end
      for (const k of [Math.floor((count - 1) / 2), count - 2, count - 1]) {
        await p.evaluate((n) => window.viewer.go(n), k);
        const hits = await p.evaluate(() => {
          const box = (e) => e.getBoundingClientRect();
          const toks = [...document.querySelectorAll('#board .attr, #board .pennant')].map((e) => [e, box(e)]);
          const out = [];
          for (const f of document.querySelectorAll('#board .figure')) {
            const b = box(f);
            for (const [e, t] of toks) {
              if (t.left < b.right - 0.5 && b.left < t.right - 0.5 && t.top < b.bottom - 0.5 && b.top < t.bottom - 0.5) {
                out.push(f.querySelector('title').textContent + ' over ' + e.getAttribute('class'));
              }
            }
          }
          return out;
        });
        assert.deepStrictEqual(hits, [], g.name + ' step ' + k + ': no token under a figure');
      }
      await p.keyboard.press('End');
      // the final step: no wash over the board; the points table's totals
      // are the scores; a cell outlines its features in the owner's colour
      assert.strictEqual(await p.$$eval('#overlay > .highlight', (l) => l.length), 0, g.name + ': no feature washed at the end');
      const totals = await p.$$eval('#breakdown td.total', (l) => l.map((e) => +e.textContent));
      assert.deepStrictEqual(totals, lastLine(rec).scores, g.name + ': the points table adds up to the scores');
      const cell = await p.$('#breakdown td[data-hl]');
      assert.ok(cell, g.name + ': a points cell names its features');
      const owner = await cell.evaluate((e) => +e.dataset.player);
      await cell.hover();
      const outlined = await p.$$eval('#focus .highlight', (l) => l.map((e) => e.getAttribute('stroke')));
      const colours = await p.evaluate(() => JSON.parse(document.getElementById('data').textContent).colours);
      assert.ok(outlined.length > 0 && outlined.every((c) => c === colours[owner - 1]),
        g.name + ': hovering a cell outlines its features in player ' + owner + '\'s colour');
      await cell.click();
      await p.mouse.move(5, 5);
      assert.ok(await p.$$eval('#focus .highlight', (l) => l.length) > 0, g.name + ': a click pins the outline');
      await p.screenshot({ path: path.join(OUT, 'viewer-' + g.name + '-final.png') });
      await cell.click();
      assert.strictEqual(await p.$$eval('#focus .highlight', (l) => l.length), 0, g.name + ': a second click lets go');
      // 0-point lines: hidden until asked
      assert.strictEqual(await p.$$eval('#ledger li.zero', (l) => l.length), 0, g.name + ': no 0-point line by default');
      const lines = await p.$$eval('#ledger li', (l) => l.length);
      await p.click('#show-zero');
      const zeros = await p.$$eval('#ledger li.zero', (l) => l.length);
      assert.strictEqual(await p.$$eval('#ledger li', (l) => l.length), lines + zeros, g.name + ': asked for, they show');
      await p.click('#show-zero');
      // nothing of the side panel is out of reach: it scrolls as a whole
      assert.ok(await p.$eval('.side', (e) => getComputedStyle(e).overflowY === 'auto' && e.getBoundingClientRect().bottom <= innerHeight),
        g.name + ': the side panel fits the window and scrolls');
      await p.keyboard.press('ArrowLeft');
      assert.strictEqual(await p.$$eval('#ledger li.final', (l) => l.length), 0, g.name + ': none on the last move');
      await p.keyboard.press('End');
      const tiles = await p.$$eval('#board use.placed', (u) => u.length);
      assert.ok(tiles > 10, g.name + ': the board shows the placed tiles');
      await p.screenshot({ path: path.join(OUT, 'viewer-' + g.name + '.png') });
      // zoom: keys, the wheel about the pointer, a drag pans, fit restores
      if (g.name === 'base') {
        const zoomOf = () => p.$eval('#board', (b) => +b.dataset.zoom);
        const whole = await p.$eval('#board', (b) => b.dataset.view);
        await p.keyboard.press('=');
        assert.strictEqual(await zoomOf(), 1.25, 'the + key zooms in');
        await p.keyboard.press('-');
        await p.keyboard.press('-');
        assert.strictEqual(await zoomOf(), 0.8, 'the - key zooms out');
        await p.keyboard.press('0');
        assert.strictEqual(await p.$eval('#board', (b) => b.dataset.view), whole, '0 shows the whole board');
        const box = await p.$eval('#board', (b) => { const r = b.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; });
        await p.mouse.move(box[0] + box[2] / 2, box[1] + box[3] / 2);
        await p.mouse.wheel({ deltaY: -120 });
        await p.mouse.wheel({ deltaY: -120 });
        assert.ok(await zoomOf() > 1.5, 'the wheel zooms in');
        await p.click('#zoom .zoom-in');
        assert.ok(await zoomOf() > 1.9, 'the + button zooms in');
        const before = await p.$eval('#board', (b) => b.dataset.view);
        await p.mouse.move(box[0] + box[2] / 2, box[1] + box[3] / 2);
        await p.mouse.down();
        await p.mouse.move(box[0] + box[2] / 2 + 80, box[1] + box[3] / 2 + 40, { steps: 4 });
        await p.mouse.up();
        const after = await p.$eval('#board', (b) => b.dataset.view);
        assert.notStrictEqual(after, before, 'a drag pans the board');
        assert.ok(+after.split(' ')[0] < +before.split(' ')[0], 'dragging right shows what is left of it');
        await p.screenshot({ path: path.join(OUT, 'viewer-base-zoomed.png') });
        await p.click('#zoom .zoom-fit');
        assert.strictEqual(await p.$eval('#board', (b) => b.dataset.view), whole, 'fit shows the whole board');
      }
      // a shared address opens at its step: #step=N, #step=end; Shift+arrows pan
      if (g.name === 'base') {
        const q = await page(b, errors);
        await q.goto('file://' + html + '#step=7');
        await q.waitForSelector('body[data-ready="1"]');
        assert.strictEqual(await q.evaluate(() => window.viewer.step), 7, '#step=7 opens at step 7');
        assert.match(await q.$eval('#step', (e) => e.textContent), /^7 \//, 'and says so');
        await q.keyboard.press('ArrowRight');
        assert.strictEqual(await q.evaluate(() => location.hash), '#step=8', 'stepping updates the address');
        const v0 = await q.$eval('#board', (e) => e.dataset.view);
        await q.keyboard.down('Shift');
        await q.keyboard.press('ArrowRight');
        await q.keyboard.up('Shift');
        assert.strictEqual(await q.evaluate(() => window.viewer.step), 8, 'Shift+ArrowRight does not step');
        assert.ok(+(await q.$eval('#board', (e) => e.dataset.view)).split(' ')[0] > +v0.split(' ')[0], 'Shift+ArrowRight pans right');
        await q.goto('file://' + html + '#step=end');
        await q.reload();
        await q.waitForSelector('body[data-ready="1"]');
        assert.strictEqual(await q.evaluate(() => window.viewer.step), count - 1, '#step=end opens at the end');
        await q.close();
      }
      // moves in words: a place, and the dragon's walk
      const words = await p.evaluate(() => JSON.parse(document.getElementById('data').textContent).frames.map((f) => [f.move, f.words]));
      const placed = words.findIndex((f) => /^place /.test(f[0]));
      await p.evaluate((n) => window.viewer.go(n), placed);
      const [, tile, at] = words[placed][0].match(/^place (\S+) (-?\d+,-?\d+) r\d$/);
      assert.ok((await p.$eval('#move-words', (e) => e.textContent)).includes('tile ' + tile + ' goes to ' + at + ', '),
        g.name + ': a place in words');
      if (g.name === 'river-ic-pd') {
        const k = words.findIndex((f) => /^action dragon /.test(f[0]));
        assert.ok(k > 0, 'the dragon moved');
        const [, x, y, , step] = words[k][0].split(' ').slice(1);
        await p.evaluate((n) => window.viewer.go(n), k);
        assert.match(await p.$eval('#move-words', (e) => e.textContent), new RegExp(': the dragon moves to ' + x + ',' + y + ', step ' + step + ' of 6$'),
          'the dragon\'s move in words');
      }
      // panels: whose turn, tiles left, figures left per player and kind
      if (g.name === 'base') {
        const panel = () => p.evaluate(() => ({
          left: document.getElementById('tiles-left').textContent,
          toMove: document.getElementById('to-move').textContent,
          meeples: [...document.querySelectorAll('#scores tr')].map((r) => +r.querySelector('.left[data-kind="meeple"]').dataset.left),
          marked: [...document.querySelectorAll('#scores tr.to-move')].map((r) => +r.dataset.player),
        }));
        await p.keyboard.press('Home');
        const start = await panel();
        // 72 tiles: the start tile is down and the first tile in hand
        assert.deepStrictEqual(start, { left: '70 tiles left', toMove: 'to move: player 1 (red) random', meeples: [7, 7], marked: [1] },
          'at the start: 70 tiles, 7 meeples each, player 1 to move');
        const frames = await p.evaluate(() => JSON.parse(document.getElementById('data').textContent).frames.map((f) => [f.move, f.player, f.turn]));
        await p.evaluate((n) => window.viewer.go(n), frames.findIndex((f) => f[2] === 2));
        assert.strictEqual((await panel()).left, '69 tiles left', 'the second turn draws the next tile');
        // the first deploy takes a meeple from its player
        const k = frames.findIndex((f) => /^deploy meeple/.test(f[0]));
        await p.evaluate((n) => window.viewer.go(n - 1), k);
        const before = await panel();
        await p.keyboard.press('ArrowRight');
        const after = await panel();
        const who = frames[k][1];
        assert.strictEqual(after.meeples[who - 1], before.meeples[who - 1] - 1, 'a deploy leaves its player one meeple fewer');
        await p.screenshot({ path: path.join(OUT, 'viewer-base-panels.png') });
      }
      // counters (T&B's goods) under each player's figures: none at the
      // start, and the final step shows the goods handed out (seed 1 hands
      // out some: its final scoring has goods majorities)
      if (g.name === 'tb-am') {
        const counters = () => p.evaluate(() => [...document.querySelectorAll('#scores tr')].map((r) =>
          Object.fromEntries([...r.querySelectorAll('.counter')].map((c) => [c.dataset.counter, +c.dataset.value]))));
        await p.keyboard.press('Home');
        const zero = { wine: 0, wheat: 0, cloth: 0 };
        assert.deepStrictEqual(await counters(), [zero, zero, zero], 'no goods at the start');
        await p.keyboard.press('End');
        const end = await counters();
        const total = end.reduce((n, c) => n + c.wine + c.wheat + c.cloth, 0);
        assert.ok(total > 0 && total <= 20, `the goods held at the end: ${JSON.stringify(end)}`);
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

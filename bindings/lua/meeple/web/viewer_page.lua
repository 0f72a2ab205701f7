-- meeple.web.viewer_page: the replay viewer's HTML, CSS and JavaScript.
-- The page is one file: the game's data is a JSON value in a
-- <script type="application/json"> element, so it opens from disk with
-- no network and no other file. The script shows frame k by joining the
-- tile drawings placed up to k with that frame's figures and highlights.
--
-- Page elements the browser tests read: #step (frame number), #move,
-- #scores tr[data-player] with data-score, #ledger li, #hand, #board
-- (data-zoom: the zoom factor, data-view: the view it glides to; the
-- wheel, a drag, the #zoom buttons, the keys + - 0 and Shift+arrows zoom
-- and pan it; each step refits it to the board as it stands then, unless
-- the user zoomed or panned). The address holds the step: #step=N, and
-- #step=end opens at the end.
-- window.viewer = { go(k), count, step } drives it from a test.

local common = require "meeple.web.common"

local M = {}

local CSS = [==[
.viewer { display: flex; gap: 16px; align-items: flex-start; }
.viewer .boardbox { flex: 1 1 auto; min-width: 300px; }
#board { width: 100%; height: calc(100vh - 90px); background: #f5f1e6; border: 1px solid #bbb; }
.side { flex: 0 0 360px; max-height: calc(100vh - 50px); overflow-y: auto; }
.controls button { font-size: 18px; min-width: 44px; font-weight: bold; }
#slider { width: 100%; }
#move { font-family: monospace; font-size: 15px; margin: 6px 0 2px 0; }
#move-words { font-size: 14px; margin: 0 0 6px 0; color: #333; }
#hand { width: 96px; height: 96px; border: 1px solid #999; background: #fff; }
.handbox { display: flex; gap: 10px; align-items: center; }
#ledger { font-size: 13px; padding-left: 18px; margin: 4px 0; min-height: 1em; }
#ledger li[data-hl], #breakdown td[data-hl] { cursor: pointer; }
#ledger li[data-hl]:hover, #ledger li.pinned, #breakdown td[data-hl]:hover, #breakdown td.pinned { background: #fff59d; }
#breakdown { font-size: 12px; border-collapse: collapse; }
#breakdown th, #breakdown td { border: 1px solid #ddd; padding: 1px 5px; text-align: right; }
#breakdown th { font-weight: normal; color: #555; }
#breakdown .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 5px; border: 1px solid #000; }
#breakdown .total { font-weight: bold; }
.hint { font-size: 12px; color: #666; font-weight: normal; }
#ledger li.final { color: #555; font-style: italic; }
.racebox { position: relative; height: 210px; width: 100%; }
#race-note { font-size: 12px; color: #666; }
]==]

local JS = [==[
(function () {
  const D = JSON.parse(document.getElementById('data').textContent);
  const frames = D.frames;
  const S = D.S, pad = S * 0.6;
  const board = document.getElementById('board');
  const zoom = MeepleWeb.zoom(board, document.getElementById('zoom'));
  // the view fits the board as it stands at the step shown (at least
  // MIN cells each way, so the start tile is not blown up)
  const MIN = 5;
  function frameBox(k) {
    let [minx, miny, maxx, maxy] = D.frame_bounds[k] || D.bounds;
    let w = maxx - minx + 1, h = maxy - miny + 1;
    const cx = (minx + maxx + 1) / 2, cy = (miny + maxy + 1) / 2;
    w = Math.max(w, MIN); h = Math.max(h, MIN - 1);
    return [(cx - w / 2) * S - pad, (cy - h / 2) * S - pad, w * S + 2 * pad, h * S + 2 * pad];
  }
  document.getElementById('hand').setAttribute('viewBox', '0 0 ' + S + ' ' + S);
  const slider = document.getElementById('slider');
  slider.max = frames.length - 1;
  // the board: tile drawings (<defs>) once; a layer of tiles grown and
  // shrunk one frame's group at a time; an overlay redrawn per step
  board.innerHTML = D.defs + '<g id="tiles"></g>' + D.starts + '<g id="overlay"></g>';
  const tileLayer = board.querySelector('#tiles'), overlay = board.querySelector('#overlay');
  const byFrame = frames.map(() => []);
  for (const t of MeepleWeb.list(D.tiles)) byFrame[t[0]].push(t[1]);
  let shown = 0; // frames whose tiles are in tileLayer
  let step = 0;
  function show(k, keepHash) {
    k = Math.max(0, Math.min(frames.length - 1, k | 0));
    step = k;
    const fr = frames[k];
    zoom.setBase(frameBox(k));
    // the step is in the address (#step=N), so it can be shared
    if (!keepHash && location.hash !== '#step=' + k) history.replaceState(null, '', '#step=' + k);
    while (shown > k + 1) { tileLayer.lastChild.remove(); shown--; }
    const add = [];
    for (; shown <= k; shown++) add.push('<g>' + byFrame[shown].join('') + '</g>');
    if (add.length) tileLayer.insertAdjacentHTML('beforeend', add.join(''));
    overlay.innerHTML = fr.highlight + '<g id="focus"></g>' + fr.figures +
      (fr.hand ? MeepleWeb.cellMark(fr.hand.x, fr.hand.y, S, '#e53935') : '');
    pinned = null;
    slider.value = k;
    document.getElementById('step').textContent = k + ' / ' + (frames.length - 1);
    document.getElementById('move').textContent = k === 0 ? 'start of the game'
      : fr.final ? 'final scoring: what is still open scores  (game over)'
      : 'turn ' + fr.turn + ', ' + D.names[fr.player - 1] + ': ' + fr.move + (fr.over ? '  (game over)' : '');
    document.getElementById('move-words').textContent = fr.words ? D.names[fr.player - 1] + ': ' + fr.words : '';
    const hand = document.getElementById('hand');
    // the tile turned as it was placed, as the board shows it
    hand.innerHTML = fr.hand ? '<use href="#' + fr.hand.ref + '" transform="rotate(' + fr.hand.rot * 90 + ' ' + S / 2 +
      ' ' + S / 2 + ')"/>' : '';
    document.getElementById('handtext').textContent = fr.hand
      ? 'tile ' + fr.hand.id + ' went to ' + fr.hand.x + ',' + fr.hand.y + ' r' + fr.hand.rot
      : fr.final ? 'no tile: the game is over' : 'no tile this turn';
    MeepleWeb.scores(document.getElementById('scores'), D, fr.scores, k > 0 ? frames[k - 1].scores : null,
      fr.supplies, fr.next, fr.counters);
    document.getElementById('to-move').textContent = fr.next ? 'to move: ' + D.names[fr.next - 1] : 'game over';
    document.getElementById('tiles-left').textContent = fr.tiles_left !== undefined ? fr.tiles_left + ' tiles left' : '';
    showLedger();
    document.getElementById('ledger-title').textContent = fr.final ? 'Final scoring' : 'This turn';
    breakdown(k);
    if (race) race.draw();
  }
  // Scored features: a ledger line or a cell of the points table shows
  // the features it paid for, outlined in the owner's colour, while the
  // pointer is on it; a click pins it (a second click lets go).
  const scored = MeepleWeb.list(D.scored), outlines = MeepleWeb.list(D.outlines);
  let pinned = null;
  function focus(list) {
    const g = board.querySelector('#focus');
    if (g) g.innerHTML = list.map((i) => outlines[i - 1] || '').join('');
    board.dataset.focus = list.length;
  }
  function hlOf(el) { return el && el.dataset.hl ? el.dataset.hl.split(' ').filter((x) => x).map(Number) : []; }
  // ledger lines: by player, largest first; 0-point lines only when asked
  function showLedger() {
    const fr = frames[step], zero = document.getElementById('show-zero').checked;
    const all = MeepleWeb.list(fr.ledger).slice();
    if (fr.final) all.sort((a, b) => a.player - b.player || b.points - a.points);
    const list = all.filter((e) => zero || e.points !== 0);
    MeepleWeb.ledger(document.getElementById('ledger'), D, list);
    const lis = document.querySelectorAll('#ledger li');
    list.forEach((e, i) => { if (e.hl) lis[i].dataset.hl = e.hl; if (e.points === 0) lis[i].classList.add('zero'); });
    const hidden = all.length - list.length;
    document.getElementById('zero-note').textContent = hidden ? hidden + ' line' + (hidden > 1 ? 's' : '') + ' of 0 points hidden' : '';
  }
  function columnOf(e) { return !e.kind || e.kind === e.reason ? e.reason : e.reason + ' (' + e.kind + ')'; }
  // the points so far per player, by feature kind and reason
  function breakdown(k) {
    const n = frames[k].nscored || 0, cols = [], sums = {}, hls = {};
    for (let i = 0; i < n; i++) {
      const e = scored[i], c = columnOf(e), key = e.player + '/' + c;
      if (!cols.includes(c)) cols.push(c);
      sums[key] = (sums[key] || 0) + e.points;
      if (e.hl) (hls[key] = hls[key] || []).push(e.hl);
    }
    cols.sort();
    const t = document.getElementById('breakdown');
    if (!cols.length) { t.innerHTML = ''; return; }
    const head = '<tr><th></th>' + cols.map((c) => '<th>' + MeepleWeb.esc(c) + '</th>').join('') + '<th>total</th></tr>';
    const rows = D.names.map((name, p) => {
      let total = 0;
      const cells = cols.map((c) => {
        const key = (p + 1) + '/' + c, v = sums[key] || 0;
        total += v;
        return '<td data-player="' + (p + 1) + '" data-column="' + MeepleWeb.esc(c) + '"' +
          (hls[key] ? ' data-hl="' + hls[key].join(' ') + '" class="has-hl"' : '') + '>' + (v || '') + '</td>';
      });
      return '<tr><th><span class="swatch" style="background:' + D.colours[p] + '"></span> ' + (p + 1) + '</th>' +
        cells.join('') + '<td class="total">' + total + '</td></tr>';
    });
    t.innerHTML = head + rows.join('');
  }
  for (const id of ['ledger', 'breakdown']) {
    const el = document.getElementById(id);
    el.addEventListener('mouseover', (e) => { const t = e.target.closest('[data-hl]'); if (t) focus(hlOf(t)); });
    el.addEventListener('mouseout', () => focus(hlOf(pinned)));
    el.addEventListener('click', (e) => {
      const t = e.target.closest('[data-hl]');
      if (!t) return;
      if (pinned) pinned.classList.remove('pinned');
      pinned = pinned === t ? null : t;
      if (pinned) pinned.classList.add('pinned');
      focus(hlOf(pinned));
    });
  }
  document.getElementById('show-zero').onchange = () => showLedger();
  document.getElementById('first').onclick = () => show(0);
  document.getElementById('prev').onclick = () => show(step - 1);
  document.getElementById('next').onclick = () => show(step + 1);
  document.getElementById('last').onclick = () => show(frames.length - 1);
  slider.oninput = () => show(+slider.value);
  document.addEventListener('keydown', (e) => {
    if (e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'ArrowRight') show(step + 1);
    else if (e.key === 'ArrowLeft') show(step - 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(frames.length - 1);
    else return;
    e.preventDefault();
  });
  // The score race (Chart.js, copied into the page): one point per turn
  // and one for the final scoring, each with the ledger lines that paid
  // its player in it; a click on a point shows that turn's last step.
  const race = (function () {
    const canvas = document.getElementById('race');
    if (typeof Chart === 'undefined') {
      canvas.parentNode.remove();
      document.getElementById('race-note').textContent = D.race_missing || 'the score race needs Chart.js';
      return null;
    }
    const last = frames.length - 1, endX = frames[last].final ? frames[last].turn + 1 : null;
    const xOf = (k) => (frames[k].final ? endX : frames[k].turn);
    // the last step of each turn, in order
    const steps = [];
    frames.forEach((fr, k) => {
      if (k + 1 < frames.length && !frames[k + 1].final && frames[k + 1].turn === fr.turn) return;
      steps.push(k);
    });
    const sets = D.names.map((name, p) => {
      let from = 0;
      const data = steps.map((k) => {
        const n = frames[k].nscored || 0, paid = [];
        for (let i = from; i < n; i++) {
          const e = scored[i];
          if (e.player === p + 1 && e.points !== 0) paid.push((e.points > 0 ? '+' : '') + e.points + ' ' + columnOf(e));
        }
        from = n;
        return { x: xOf(k), y: frames[k].scores[p], step: k, paid };
      });
      return { label: name, data, borderColor: D.colours[p], backgroundColor: D.colours[p], borderWidth: 2,
               pointRadius: (c) => (c.raw && c.raw.paid.length ? 3.5 : 0), pointHoverRadius: 5, stepped: 'before' };
    });
    // the step shown: a dashed line across the chart
    const marker = { id: 'step', afterDatasetsDraw(c) {
      const x = c.scales.x.getPixelForValue(xOf(step)), a = c.chartArea, g = c.ctx;
      g.save(); g.strokeStyle = '#555'; g.setLineDash([4, 3]); g.beginPath();
      g.moveTo(x, a.top); g.lineTo(x, a.bottom); g.stroke(); g.restore();
    } };
    return new Chart(canvas, {
      type: 'line', data: { datasets: sets }, plugins: [marker],
      options: {
        responsive: true, maintainAspectRatio: false, animation: false, parsing: { xAxisKey: 'x', yAxisKey: 'y' },
        interaction: { mode: 'index', intersect: false }, layout: { padding: { right: 8, top: 4 } },
        scales: {
          x: { type: 'linear', min: 0, max: endX === null ? undefined : endX,
               title: { display: true, text: 'turn' },
               ticks: { callback: (v) => (v === endX ? 'end' : v) } },
          y: { beginAtZero: true, title: { display: true, text: 'points' } },
        },
        plugins: {
          legend: { display: false },
          tooltip: { animation: { duration: 120 }, callbacks: {
            title: (items) => (items.length ? (items[0].raw.x === endX ? 'final scoring' : 'turn ' + items[0].raw.x) : ''),
            label: (c) => [c.dataset.label + ': ' + c.raw.y].concat(c.raw.paid.map((t) => '   ' + t)),
          } },
        },
        onClick: (e, els) => { if (els.length) show(sets[els[0].datasetIndex].data[els[0].index].step); },
      },
    });
  })();
  document.getElementById('legend').innerHTML = D.legend;
  document.getElementById('legend').setAttribute('viewBox', '0 0 360 ' + D.legend_h);
  document.getElementById('legend').setAttribute('height', D.legend_h);
  window.viewer = { go: show, get step() { return step; }, count: frames.length, race };
  // #step=N or #step=end: the step to open at (and to follow when it changes)
  function fromHash() {
    const m = /^#step=(end|\d+)$/.exec(location.hash);
    if (!m) return null;
    return m[1] === 'end' ? frames.length - 1 : +m[1];
  }
  window.addEventListener('hashchange', () => { const k = fromHash(); if (k !== null && k !== step) show(k, true); });
  const first = fromHash();
  show(first === null ? 0 : first, location.hash === '#step=end');
  document.body.dataset.ready = '1';
})();
]==]

local BODY = [==[
<div class="viewer">
  <div class="boardbox"><svg id="board" xmlns="http://www.w3.org/2000/svg"></svg></div>
  <div class="side">
    <div class="controls">
      <button id="first" title="first (Home)">&#xAB;</button>
      <button id="prev" title="previous (&#x2190;)">&#x2039;</button>
      <button id="next" title="next (&#x2192;)">&#x203A;</button>
      <button id="last" title="last (End)">&#xBB;</button>
      <span id="step"></span>
    </div>
    <div class="zoom" id="zoom"></div>
    <input id="slider" type="range" min="0" value="0">
    <div id="move"></div>
    <div id="move-words"></div>
    <div class="handbox"><svg id="hand" viewBox="0 0 64 64" xmlns="http://www.w3.org/2000/svg"></svg>
      <span id="handtext"></span></div>
    <div id="panel"><span id="to-move"></span><span id="tiles-left"></span></div>
    <h3>Scores <span class="hint">(and figures left)</span></h3>
    <table id="scores"></table>
    <h3>Score race <span class="hint">(point at a turn for what paid; click to go there)</span></h3>
    <div class="racebox"><canvas id="race" role="img" aria-label="points per player over the turns"></canvas></div>
    <div id="race-note"></div>
    <h3>Points so far <span class="hint">(point at a number to see its features)</span></h3>
    <table id="breakdown"></table>
    <h3 id="ledger-title">This turn</h3>
    <ul id="ledger"></ul>
    <div class="hint"><span id="zero-note"></span> <label><input type="checkbox" id="show-zero"> show 0-point lines</label></div>
    <svg id="legend" width="360" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif"></svg>
  </div>
</div>
]==]

--- The page for data (a JSON text) with a title; libs: scripts the page
--- copies in before its own (Chart.js for the score race), or nil.
function M.render(data_json, title, libs)
  return common.page {
    libs = libs,
    title = title .. " - meeple replay",
    heading = title,
    css = CSS,
    body = BODY,
    data = data_json,
    script = JS,
  }
end

return M

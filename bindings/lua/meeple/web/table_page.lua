-- meeple.web.table_page: the local table's page (meeple serve). It talks
-- only to the JSON API beside it (docs/protocol.md): it shows the board
-- the server draws, offers only the legal moves the server lists, and
-- follows the table's events (Server-Sent Events, with a slow poll
-- beside) while others (bots, other tabs) move.
--
-- /table/ID?seat=N plays seat N; without seat, every human seat (hot
-- seat). The page joins each seat it plays and keeps the token in
-- localStorage (per server run, table and seat); ?token=T hands a tab a
-- token an API client got. Elements the browser tests use: body[data-mine="1"] while the
-- page waits for this tab's move, body[data-over="1"] at the end,
-- .cell-option[data-cell="x,y"], #rotations button[data-rot],
-- #hand-choices button[data-tile], .spot-option[data-index],
-- #move-list button[data-index], #scores tr[data-score].

local common = require "meeple.web.common"

local M = {}

local CSS = [==[
.table { display: flex; gap: 16px; align-items: flex-start; }
.boardbox { flex: 1 1 auto; min-width: 300px; }
#board { width: 100%; height: calc(100vh - 90px); background: #f5f1e6; border: 1px solid #bbb; }
.side { flex: 0 0 340px; }
.cell-option { fill: #ffeb3b; fill-opacity: 0.35; stroke: #f57f17; stroke-width: 2; cursor: pointer; }
.cell-option:hover, .cell-option.chosen { fill-opacity: 0.7; }
.spot-option { cursor: pointer; }
.spot-option:hover circle { stroke-width: 3; }
#rotations button, #hand-choices button { padding: 2px; margin: 2px; }
#rotations svg, #hand-choices svg { width: 56px; height: 56px; display: block; }
#move-list button { margin: 2px; font-family: monospace; }
#status { font-weight: bold; margin: 6px 0; }
#hand { width: 72px; height: 72px; border: 1px solid #999; background: #fff; }
.handbox { display: flex; gap: 10px; align-items: center; font-size: 13px; }
#error { color: #b71c1c; min-height: 1em; }
#last { font-size: 12px; padding-left: 16px; }
#last .text { font-family: monospace; color: #666; }
.links a { margin-right: 10px; }
]==]

local BODY = [==[
<div class="table">
  <div class="boardbox"><svg id="board" xmlns="http://www.w3.org/2000/svg"></svg></div>
  <div class="side">
    <div class="zoom" id="zoom"></div>
    <div id="status">loading...</div>
    <div class="handbox"><svg id="hand" viewBox="0 0 64 64" xmlns="http://www.w3.org/2000/svg"></svg>
      <span id="handtext"></span> <span id="tiles-left"></span></div>
    <div id="error"></div>
    <div id="hand-choices"></div>
    <div id="rotations"></div>
    <div id="move-list"></div>
    <h3>Scores</h3>
    <table id="scores"></table>
    <h3>Last moves</h3>
    <ul id="last"></ul>
    <svg id="legend" width="340" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif"></svg>
    <div class="links"><a id="record-link" href="#">save record</a><a id="view-link" href="#" target="_blank">open in viewer</a></div>
    <h3>New table</h3>
    <form id="new-table">
      <input name="game" value="base" size="10" title="game">
      <input name="with" placeholder="expansions, comma separated" size="24" title="expansions">
      <input name="players" value="2" size="2" title="players">
      <input name="agents" value="human,random" size="16" title="one agent per seat: human, random, greedy...">
      <button type="submit">start</button>
    </form>
  </div>
</div>
]==]

local JS = [==[
(function () {
  const parts = location.pathname.split('/');
  const tableId = parts[1] === 'table' && parts[2] ? parts[2] : '1';
  const params = new URLSearchParams(location.search);
  const seat = +(params.get('seat') || 0);
  const tokens = {}; // seat -> the token joining it gave (kept in localStorage per server and table)
  const api = '/api/v1/tables/' + tableId;
  const board = document.getElementById('board');
  const $ = (id) => document.getElementById(id);
  const zoom = MeepleWeb.zoom(board, $('zoom'));
  let state = null, moves = [], chosenTile = null, chosenCell = null, busy = false;
  $('record-link').href = api + '/record';
  $('record-link').download = 'table-' + tableId + '.jsonl';
  $('view-link').href = api + '/view';

  async function call(path, body) {
    const r = await fetch(api + path, body === undefined ? {} :
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const v = await r.json();
    if (!r.ok) throw new Error(v.error || ('HTTP ' + r.status));
    return v;
  }
  // the seat that decides (a bidder, a dragon's mover: state.decider)
  function decider() { return state.decider || state.player; }
  function mine() {
    return state && !state.over && state.seats[decider() - 1] === 'human' && (seat === 0 || seat === decider()) &&
      tokens[decider()] !== undefined;
  }
  function tokenKey(n) { return 'meeple-token/' + state.server + '/' + tableId + '/' + n; }
  // Joins the seats this tab plays: a token given by the URL (?token=,
  // with ?seat=), one this browser got before, or a new one.
  async function joinSeats() {
    const want = seat ? [seat] : state.seats.map((a, i) => (a === 'human' ? i + 1 : 0)).filter((n) => n);
    for (const n of want) {
      if (state.seats[n - 1] !== 'human') continue;
      let tok = (seat === n && params.get('token')) || localStorage.getItem(tokenKey(n));
      if (!tok && !state.joined[n - 1]) {
        try { tok = (await call('/seats/' + n, {})).token; } catch (e) { $('error').textContent = e.message; }
      }
      if (tok) { tokens[n] = tok; localStorage.setItem(tokenKey(n), tok); }
      else $('error').textContent = 'seat ' + n + ' was joined elsewhere: this tab watches';
    }
  }
  function S() { return state.S; }
  function svgTile(id, rot) {
    const h = S() / 2;
    return '<svg viewBox="0 0 ' + S() + ' ' + S() + '"><use href="#' + tileRef(id) + '" transform="rotate(' + rot * 90 +
      ' ' + h + ' ' + h + ')"/></svg>';
  }
  function tileRef(id) { return 'tile-' + String(id).replace(/[^A-Za-z0-9_.-]/g, '_'); }

  function drawBoard() {
    const [minx, miny, maxx, maxy] = state.bounds;
    const s = S(), pad = s * 0.3;
    zoom.setBase([(minx - 1) * s - pad, (miny - 1) * s - pad, (maxx - minx + 3) * s + 2 * pad,
                  (maxy - miny + 3) * s + 2 * pad]);
    const out = [state.board];
    const places = moves.filter((m) => m.type === 'place' && m.tile === chosenTile);
    const cells = new Map();
    for (const m of places) {
      const k = m.x + ',' + m.y;
      if (!cells.has(k)) cells.set(k, m);
    }
    for (const [k, m] of cells) {
      out.push('<rect class="cell-option' + (chosenCell === k ? ' chosen' : '') + '" data-cell="' + k + '" x="' +
        (m.x * s + 2) + '" y="' + (m.y * s + 2) + '" width="' + (s - 4) + '" height="' + (s - 4) + '"/>');
    }
    if (chosenCell) {
      const m = cells.get(chosenCell);
      if (m) out.push('<use href="#' + tileRef(chosenTile) + '" opacity="0.75" pointer-events="none" transform="translate(' +
        m.x * s + ',' + m.y * s + ') rotate(' + m.rot * 90 + ' ' + s / 2 + ' ' + s / 2 + ')"/>');
    }
    const perSpot = new Map();
    for (const m of moves) {
      if (m.type !== 'deploy' || m.px === undefined) continue;
      const k = m.px + ',' + m.py, n = perSpot.get(k) || 0;
      perSpot.set(k, n + 1);
      const x = m.px + n * s * 0.2, y = m.py + n * s * 0.06;
      out.push('<g class="spot-option" data-index="' + m.index + '"><title>' + MeepleWeb.esc(m.words || m.text) +
        '</title><circle cx="' + x + '" cy="' + y + '" r="' + s * 0.12 + '" fill="' + state.colours[state.player - 1] +
        '" fill-opacity="0.55" stroke="#000" stroke-width="1.5" stroke-dasharray="3 2"/><text x="' + x + '" y="' +
        (y + s * 0.05) + '" font-size="' + s * 0.14 + '" text-anchor="middle" font-weight="bold">' +
        MeepleWeb.esc(m.figure[0].toUpperCase()) + '</text></g>');
    }
    board.innerHTML = out.join('\n');
    if (state.legend !== undefined) {
      $('legend').innerHTML = state.legend;
      $('legend').setAttribute('viewBox', '0 0 340 ' + state.legend_h);
      $('legend').setAttribute('height', state.legend_h);
    }
  }

  function drawSide() {
    const who = state.over ? 'Game over.' : ('Turn ' + state.turn + ': seat ' + state.player + ' (' +
      state.seats[state.player - 1] + ')' + (decider() !== state.player ? ', seat ' + decider() + ' decides' : '') +
      (mine() ? ' - your move' : ' - waiting') + (state.phase ? ', ' + state.phase : ''));
    $('status').textContent = who;
    const names = state.seats.map((a, i) => 'seat ' + (i + 1) + ' ' + a + (seat === i + 1 ? ' (you)' : ''));
    MeepleWeb.scores($('scores'), { colours: state.colours, names }, state.scores, null, state.supplies,
      state.over ? 0 : state.player, state.counters);
    $('tiles-left').textContent = state.tiles_left !== undefined ? state.tiles_left + ' tiles left' : '';
    // the tile in hand, drawn as soon as it is drawn (before any click)
    $('hand').innerHTML = state.tile && !state.over ? '<use href="#' + tileRef(state.tile) + '"/>' : '';
    $('hand').setAttribute('viewBox', '0 0 ' + S() + ' ' + S());
    $('hand').dataset.tile = state.tile && !state.over ? state.tile : '';
    $('handtext').textContent = state.tile && !state.over ? 'tile in hand: ' + state.tile +
      ' (seat ' + state.player + ')' : (state.over ? 'no tile: the game is over' : 'no tile in hand');
    // the page title names the game
    const game = (state.title || state.game) + (MeepleWeb.list(state.with).length ? ' + ' + state.with.join(' + ') : '');
    document.title = game + ' - table ' + tableId + ' - meeple';
    $('heading').textContent = game + ' - table ' + tableId;
    $('last').innerHTML = MeepleWeb.list(state.last).map((e) => '<li>seat ' + e.player + ': ' +
      (e.words ? MeepleWeb.esc(e.words) + ' <span class="text">(' + MeepleWeb.esc(e.move) + ')</span>' : MeepleWeb.esc(e.move)) +
      '</li>').join('');
    const tiles = [...new Set(moves.filter((m) => m.type === 'place').map((m) => m.tile))];
    $('hand-choices').innerHTML = tiles.length > 1 ? 'Tile to place: ' + tiles.map((t) => '<button data-tile="' +
      MeepleWeb.esc(t) + '"' + (t === chosenTile ? ' style="outline:3px solid #f57f17"' : '') + ' title="' + MeepleWeb.esc(t) + '">' + svgTile(t, 0) + MeepleWeb.esc(t) + '</button>').join('') :
      (tiles.length === 1 ? 'Tile in hand: ' + MeepleWeb.esc(tiles[0]) + ' - click a yellow cell' : '');
    let rot = '';
    if (chosenCell) {
      const rs = moves.filter((m) => m.type === 'place' && m.tile === chosenTile && m.x + ',' + m.y === chosenCell);
      rot = 'Rotation: ' + rs.map((m) => '<button data-rot="' + m.rot + '" data-index="' + m.index + '" title="' +
        MeepleWeb.esc((m.words ? m.words + ': ' : '') + m.text) + '">' + svgTile(m.tile, m.rot) + 'r' + m.rot + '</button>').join('');
    }
    $('rotations').innerHTML = rot;
    const others = moves.filter((m) => m.type !== 'place');
    // a move shows itself in words, its text (and an action's arguments
    // by name) as the tooltip
    $('move-list').innerHTML = others.length ? 'Moves: ' + others.map((m) => '<button data-index="' + m.index +
      '" data-text="' + MeepleWeb.esc(m.text) + '" title="' + MeepleWeb.esc(m.label || m.text) + '">' +
      MeepleWeb.esc(m.words || m.label || m.text) + '</button>').join('') : '';
    if (state.error) $('error').textContent = state.error;
    document.body.dataset.version = state.version;
    document.body.dataset.thinking = state.thinking || '';
    document.body.dataset.mine = mine() && moves.length ? '1' : '0';
    document.body.dataset.over = state.over ? '1' : '0';
    document.body.dataset.phase = state.phase || '';
  }

  async function refresh(s) {
    state = s || await call('/state');
    moves = [];
    if (mine()) moves = MeepleWeb.list((await call('/moves')).moves);
    const tiles = [...new Set(moves.filter((m) => m.type === 'place').map((m) => m.tile))];
    if (!tiles.includes(chosenTile)) chosenTile = tiles.includes(state.tile) ? state.tile : tiles[0] || null;
    chosenCell = null;
    drawBoard();
    drawSide();
  }

  async function play(index) {
    if (busy) return;
    busy = true;
    document.body.dataset.mine = '0';
    try {
      $('error').textContent = '';
      await refresh(await call('/move', { index: +index, seat: decider(), version: state.version, token: tokens[decider()] }));
    } catch (e) {
      $('error').textContent = e.message;
      await refresh();
    } finally { busy = false; }
  }

  board.addEventListener('click', (e) => {
    const cell = e.target.closest('.cell-option');
    if (cell) { chosenCell = cell.dataset.cell; drawBoard(); drawSide(); return; }
    const spot = e.target.closest('.spot-option');
    if (spot) play(spot.dataset.index);
  });
  $('rotations').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (b) play(b.dataset.index);
  });
  $('move-list').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (b) play(b.dataset.index);
  });
  $('hand-choices').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (b) { chosenTile = b.dataset.tile; chosenCell = null; drawBoard(); drawSide(); }
  });
  $('new-table').addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const list = (s) => String(s || '').split(',').map((x) => x.trim()).filter((x) => x);
    const body = { game: f.get('game'), with: list(f.get('with')), players: +f.get('players'), agents: list(f.get('agents')) };
    try {
      const r = await fetch('/api/v1/tables', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const v = await r.json();
      if (!r.ok) throw new Error(v.error);
      location.href = '/table/' + v.table;
    } catch (err) { $('error').textContent = err.message; }
  });
  // others move while we wait: the table's events (Server-Sent Events),
  // and a slow poll in case the stream drops
  async function follow(s) {
    if (busy || !state) return;
    if (s.version !== state.version || (s.thinking || 0) !== (state.thinking || 0) || s.error !== state.error) await refresh();
  }
  const events = new EventSource(api + '/events');
  events.addEventListener('state', (e) => { follow(JSON.parse(e.data)).catch((err) => { $('error').textContent = err.message; }); });
  setInterval(async () => {
    if (busy || !state || mine()) return;
    try { await follow(await call('/state?board=0')); } catch (e) { $('error').textContent = e.message; }
  }, 3000);
  refresh().then(joinSeats).then(() => refresh()).catch((e) => { $('error').textContent = e.message; });
})();
]==]

function M.render()
  return common.page { title = "meeple table", heading = "meeple - local table", heading_id = "heading", css = CSS, body = BODY, script = JS }
end

return M

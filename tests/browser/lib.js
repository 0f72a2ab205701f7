// Shared by the browser tests: Debian's chromium driven by puppeteer-core,
// meeple run as a child process, HTTP only to 127.0.0.1.
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const http = require('node:http');
const assert = require('node:assert');
const puppeteer = require('puppeteer-core');

const ROOT = path.resolve(__dirname, '..', '..');
const MEEPLE = process.env.MEEPLE_BIN || path.join(ROOT, 'build', 'meeple');
const OUT = process.env.MEEPLE_OUT || fs.mkdtempSync('/tmp/meeple-browser-');
fs.mkdirSync(OUT, { recursive: true });
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

function meeple(args) {
  return execFileSync(MEEPLE, args, { cwd: ROOT, env: { ...process.env, MEEPLE_ROOT: ROOT }, encoding: 'utf8' });
}

async function browser() {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}

// A page that fails the test on any script error.
async function page(b, errors) {
  const p = await b.newPage();
  await p.setViewport({ width: 1400, height: 900 });
  p.on('pageerror', (e) => errors.push(String(e)));
  p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return p;
}

// meeple serve on a free port of 127.0.0.1; resolves {port, stop()}.
function serve(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(MEEPLE, ['serve', '--port', '0', ...args],
      { cwd: ROOT, env: { ...process.env, MEEPLE_ROOT: ROOT }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    const timer = setTimeout(() => { child.kill('SIGTERM'); reject(new Error('serve did not start: ' + err)); }, 15000);
    child.stderr.on('data', (d) => { err += d; });
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve({
          port: +m[1],
          url: 'http://127.0.0.1:' + m[1],
          stop: () => new Promise((res) => { child.once('exit', res); child.kill('SIGTERM'); }),
        });
      }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error('serve exited ' + code + ': ' + err)); });
  });
}

// One HTTP request to 127.0.0.1 only: {status, json, text}.
function request(port, method, urlPath, body, headers) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : (typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath,
      headers: { 'Content-Type': 'application/json', ...(headers || {}), ...(data ? { 'Content-Length': Buffer.byteLength(data) } : {}) } },
    (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try { json = JSON.parse(text); } catch (e) { /* not JSON */ }
        resolve({ status: res.statusCode, json, text, type: res.headers['content-type'], headers: res.headers });
      });
    });
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

// Seat tokens (docs/protocol.md): joining a seat gives the token its
// moves carry; kept per server port, table and seat.
const tokens = new Map();
async function token(port, seat, table) {
  const key = port + '/' + (table || '1') + '/' + seat;
  if (!tokens.has(key)) {
    const r = await request(port, 'POST', '/api/v1/tables/' + (table || '1') + '/seats/' + seat, {});
    if (r.status === 200) tokens.set(key, r.json.token);
    else return undefined;
  }
  return tokens.get(key);
}

// The state once no bot is thinking (bots move outside requests).
async function idle(port, table) {
  for (;;) {
    const s = (await request(port, 'GET', '/api/v1/tables/' + (table || '1') + '/state?board=0')).json;
    if (!s.thinking) return s;
    await new Promise((r) => setTimeout(r, 20));
  }
}

// A move by the API for the seat that decides it (the state's decider:
// another seat than the one whose turn it is for a wagon's or a dragon's
// move; docs/protocol.md), with its token, once the bots have moved.
async function move(port, body, table) {
  const s = await idle(port, table);
  const t = s.over ? undefined : await token(port, s.decider || s.player, table);
  return request(port, 'POST', '/api/v1/tables/' + (table || '1') + '/move', { ...body, token: t });
}

// The page of a table for one seat, with the token the API joined it with.
async function seatUrl(srv, seat, table) {
  return srv.url + '/table/' + (table || '1') + '?seat=' + seat + '&token=' + (await token(srv.port, seat, table));
}

function lastLine(file) {
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}

// The table page (meeple serve) driven by clicks.
// Waits until the page wants this tab's move or the game is over.
// anyTurn: also when the move passed the turn to another tab's seat.
async function settle(p, version, anyTurn) {
  await p.waitForFunction((v, any) => {
    const d = document.body.dataset;
    return d.version !== undefined && d.version !== v && (any || d.mine === '1' || d.over === '1');
  }, { timeout: 20000, polling: 100 }, version, !!anyTurn);
  return p.evaluate(() => ({ ...document.body.dataset }));
}

// One human decision by clicks; returns false when the game is over.
async function clickMove(p, turn, tile, anyTurn) {
  const d = await p.evaluate(() => ({ ...document.body.dataset }));
  if (d.over === '1') return false;
  if (tile && (await p.$('#hand-choices button[data-tile="' + tile + '"]'))) {
    await p.click('#hand-choices button[data-tile="' + tile + '"]');
  }
  if ((await p.$$('.cell-option')).length > 0) {
    const cells = await p.$$('.cell-option');
    assert.ok(cells.length > 0, 'legal cells are offered');
    await cells[turn % cells.length].click();
    const rots = await p.$$('#rotations button');
    assert.ok(rots.length > 0, 'legal rotations are offered for the chosen cell');
    await rots[0].click();
  } else {
    const spots = await p.$$('.spot-option');
    if (spots.length > 0 && turn % 3 === 0) {
      await spots[turn % spots.length].click();
    } else {
      const buttons = await p.$$('#move-list button');
      assert.ok(buttons.length > 0, 'the moves of this phase are offered');
      let chosen = buttons[0];
      for (const b of buttons) if ((await b.evaluate((e) => e.dataset.text)) === 'pass') chosen = b;
      await chosen.click();
    }
  }
  await settle(p, d.version, anyTurn);
  return true;
}

// Runs fn(srv, b, errors) with meeple serve ARGS and a browser, then
// stops both; fails when a page of b reported a script error.
async function withTable(args, fn) {
  const srv = await serve(args);
  const b = await browser();
  try {
    const errors = [];
    await fn(srv, b, errors);
    assert.deepStrictEqual(errors, [], 'no script errors');
  } finally {
    await b.close();
    await srv.stop();
  }
}

module.exports = { ROOT, MEEPLE, OUT, meeple, browser, page, serve, request, token, idle, move, seatUrl, lastLine, settle,
  clickMove, withTable };

-- meeple.web.common: what the replay viewer and the local table's page
-- share: the page skeleton (one self-contained HTML document: inline
-- CSS, inline script, data inline as JSON) and the MeepleWeb helpers
-- (score table, ledger list, cell marks, zoom and pan of a board).

local M = {}

M.CSS = [==[
body { font-family: sans-serif; margin: 10px; background: #fafafa; color: #222; }
h1 { font-size: 18px; margin: 0 0 8px 0; }
h3 { font-size: 14px; margin: 10px 0 4px 0; }
#scores td { padding: 2px 6px; }
#scores .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 6px; border: 1px solid #000; }
#scores .delta { color: #2e7d32; font-size: 12px; }
#scores td { vertical-align: top; }
#scores .supply { font-size: 11px; color: #555; }
#scores tr.to-move { font-weight: bold; }
#scores .turn-mark { color: #e65100; }
#panel { font-size: 13px; margin: 4px 0; }
#panel span { margin-right: 12px; }
.zoom button { font-size: 16px; min-width: 34px; margin-right: 2px; }
#board { touch-action: none; cursor: grab; }
#board .coord { display: none; }
body.show-coords #board .coord { display: inline; }
.zoom label { font-size: 13px; margin-left: 8px; }
]==]

M.JS = [==[
window.MeepleWeb = {
  // JSON objects stand for empty lists (the encoder cannot tell them apart)
  list(v) { return Array.isArray(v) ? v : []; },
  esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
  },
  cellMark(x, y, S, colour) {
    return '<rect class="cell-mark" x="' + (x * S + 1.5) + '" y="' + (y * S + 1.5) + '" width="' + (S - 3) +
      '" height="' + (S - 3) + '" fill="none" stroke="' + colour + '" stroke-width="3" stroke-dasharray="6 3"/>';
  },
  // the score rows; supplies (optional): per player [[kind, n], ...],
  // the figures each has left, shown under the name; toMove: the player
  // whose turn it is (marked); counters (optional): per player
  // [[name, n], ...], shown after the figures
  scores(table, D, scores, before, supplies, toMove, counters) {
    const rows = [];
    scores.forEach((s, i) => {
      const d = before ? s - before[i] : 0;
      const left = supplies && MeepleWeb.list(supplies[i]).map((e) => '<span class="left" data-kind="' +
        MeepleWeb.esc(e[0]) + '" data-left="' + e[1] + '">' + e[1] + ' ' + MeepleWeb.esc(e[0]) + '</span>')
        .concat(counters ? MeepleWeb.list(counters[i]).map((e) => '<span class="counter" data-counter="' +
          MeepleWeb.esc(e[0]) + '" data-value="' + e[1] + '">' + e[1] + ' ' + MeepleWeb.esc(e[0]) + '</span>') : [])
        .join(' \u00b7 ');
      rows.push('<tr data-player="' + (i + 1) + '" data-score="' + s + '"' + (toMove === i + 1 ? ' class="to-move"' : '') +
        '><td><span class="swatch" style="background:' + D.colours[i] + '"></span></td><td>' +
        (toMove === i + 1 ? '<span class="turn-mark" title="to move">&#x25B6;</span> ' : '') + MeepleWeb.esc(D.names[i]) +
        (left ? '<div class="supply" title="figures left in supply, then counters">' + left + '</div>' : '') +
        '</td><td class="score">' + s + '</td><td class="delta">' + (d ? (d > 0 ? '+' : '') + d : '') + '</td></tr>');
    });
    table.innerHTML = rows.join('');
  },
  // Zoom and pan for a board <svg>: the wheel zooms about the pointer,
  // a drag pans (and the click that ends it is swallowed), bar gets
  // + / - / fit buttons, the keys + - 0 zoom and Shift+arrows pan. fit(vb)
  // shows all of vb ([x, y, w, h]); setBase(vb) changes what "all" is
  // and refits unless the user has zoomed or panned. The view glides to
  // each new target (a few frames); svg.dataset.view is the target, the
  // viewBox attribute follows it.
  zoom(svg, bar) {
    const st = { base: [0, 0, 1, 1], z: 1, cx: 0.5, cy: 0.5, moved: false, drag: null, swallow: false };
    let shown = null, anim = 0;
    function setView(v) { shown = v; svg.setAttribute('viewBox', v.map((x) => +x.toFixed(2)).join(' ')); }
    function apply(now) {
      const w = st.base[2] / st.z, h = st.base[3] / st.z;
      const target = [st.cx - w / 2, st.cy - h / 2, w, h];
      svg.dataset.zoom = st.z.toFixed(2);
      svg.dataset.view = target.map((v) => +v.toFixed(2)).join(' ');
      if (anim) cancelAnimationFrame(anim);
      anim = 0;
      if (now || !shown || document.hidden) { setView(target); return; }
      const from = shown.slice(), t0 = performance.now(), ms = 160;
      const stepFn = (t) => {
        const k = Math.min(1, Math.max(0, (t - t0) / ms)), e = k * (2 - k); // a frame time may precede t0
        setView(from.map((v, i) => v + (target[i] - v) * e));
        anim = k < 1 ? requestAnimationFrame(stepFn) : 0;
      };
      anim = requestAnimationFrame(stepFn);
    }
    function fit(vb) {
      if (vb) st.base = vb;
      st.z = 1; st.moved = false;
      st.cx = st.base[0] + st.base[2] / 2; st.cy = st.base[1] + st.base[3] / 2;
      apply();
    }
    function setBase(vb) { if (st.moved) { st.base = vb; apply(); } else fit(vb); }
    function by(f, px, py) {
      const z = Math.min(12, Math.max(0.5, st.z * f)), k = st.z / z;
      if (px === undefined) { px = st.cx; py = st.cy; }
      st.cx = px + (st.cx - px) * k; st.cy = py + (st.cy - py) * k; st.z = z; st.moved = true;
      apply();
    }
    function pan(fx, fy) {
      st.cx += fx * st.base[2] / st.z; st.cy += fy * st.base[3] / st.z; st.moved = true;
      apply();
    }
    // board units per screen pixel, and the board point under (x, y)
    function scale() {
      const r = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
      return Math.max(vb.width / r.width, vb.height / r.height);
    }
    function point(e) {
      const r = svg.getBoundingClientRect(), s = scale(), vb = svg.viewBox.baseVal;
      return [vb.x + vb.width / 2 + (e.clientX - r.left - r.width / 2) * s, vb.y + vb.height / 2 + (e.clientY - r.top - r.height / 2) * s];
    }
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const [px, py] = point(e);
      by(e.deltaY < 0 ? 1.25 : 0.8, px, py);
    }, { passive: false });
    svg.addEventListener('pointerdown', (e) => { st.drag = { x: e.clientX, y: e.clientY, cx: st.cx, cy: st.cy, on: false }; });
    svg.addEventListener('pointermove', (e) => {
      const d = st.drag;
      if (!d || !(e.buttons & 1)) return;
      const dx = e.clientX - d.x, dy = e.clientY - d.y;
      if (!d.on && Math.hypot(dx, dy) < 5) return;
      d.on = true;
      const s = scale();
      st.cx = d.cx - dx * s; st.cy = d.cy - dy * s; st.moved = true;
      apply(true);
    });
    svg.addEventListener('pointerup', () => { st.swallow = !!(st.drag && st.drag.on); st.drag = null; });
    svg.addEventListener('click', (e) => { if (st.swallow) { st.swallow = false; e.stopPropagation(); } }, true);
    if (bar) {
      bar.innerHTML = '<button class="zoom-in" title="zoom in (+)">+</button><button class="zoom-out" title="zoom out (-)">&#x2212;</button>' +
        '<button class="zoom-fit" title="whole board (0)">fit</button>' +
        '<label title="cell coordinates as in the move texts (c)"><input type="checkbox" class="coords-toggle"> cell x,y</label>';
      bar.querySelector('.zoom-in').onclick = () => by(1.25);
      bar.querySelector('.zoom-out').onclick = () => by(0.8);
      bar.querySelector('.zoom-fit').onclick = () => fit();
      bar.querySelector('.coords-toggle').onchange = (e) => document.body.classList.toggle('show-coords', e.target.checked);
    }
    function toggleCoords() {
      const on = document.body.classList.toggle('show-coords');
      const box = bar && bar.querySelector('.coords-toggle');
      if (box) box.checked = on;
    }
    const PAN = { ArrowLeft: [-0.15, 0], ArrowRight: [0.15, 0], ArrowUp: [0, -0.15], ArrowDown: [0, 0.15] };
    document.addEventListener('keydown', (e) => {
      if (e.target.closest && e.target.closest('input:not([type=checkbox]):not([type=range]), textarea, select')) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.shiftKey && PAN[e.key]) pan(PAN[e.key][0], PAN[e.key][1]);
      else if (e.key === '+' || e.key === '=') by(1.25);
      else if (e.key === '-') by(0.8);
      else if (e.key === '0') fit();
      else if (e.key === 'c') toggleCoords();
      else return;
      e.preventDefault();
    });
    return { fit, setBase, by, pan, get z() { return st.z; }, get moved() { return st.moved; } };
  },
  ledger(ul, D, entries) {
    ul.innerHTML = entries.map((e) => '<li' + (e.final ? ' class="final"' : '') + '>' +
      MeepleWeb.esc(D.names[e.player - 1] || ('player ' + e.player)) + ' +' + e.points + ' ' +
      MeepleWeb.esc(e.reason) + (e.kind && e.kind !== e.reason ? ' (' + MeepleWeb.esc(e.kind) + ')' : '') +
      (e.final ? ' [final scoring]' : '') + '</li>').join('') ;
  },
};
]==]

local function html_escape(s)
  return (tostring(s):gsub("[&<>\"]", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;" }))
end
M.escape = html_escape

-- Text inside <script> must not close it early.
local function script_safe(s)
  return (s:gsub("</", "<\\/"))
end

--- A whole page: spec = {title, heading, css, body, data (JSON text or
--- nil), script, libs (script texts to put before it, or nil)}.
function M.page(spec)
  local out = {
    "<!DOCTYPE html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>" .. html_escape(spec.title) .. "</title>",
    "<style>" .. M.CSS .. (spec.css or "") .. "</style>",
    "</head><body>",
    "<h1" .. (spec.heading_id and (' id="' .. spec.heading_id .. '"') or "") .. ">" .. html_escape(spec.heading or spec.title) .. "</h1>",
    spec.body,
  }
  if spec.data then
    out[#out + 1] = '<script type="application/json" id="data">' .. script_safe(spec.data) .. "</script>"
  end
  -- libraries copied whole (no network, no second file); a "</script"
  -- inside one must not end its element
  for _, lib in ipairs(spec.libs or {}) do
    out[#out + 1] = "<script>\n" .. lib:gsub("</script", "<\\/script") .. "\n</script>"
  end
  out[#out + 1] = "<script>" .. M.JS .. spec.script .. "</script>"
  out[#out + 1] = "</body></html>"
  return table.concat(out, "\n") .. "\n"
end

return M

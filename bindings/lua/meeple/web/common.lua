-- meeple.web.common: what the replay viewer and the local table's page
-- share: the page skeleton (one self-contained HTML document: inline
-- CSS, inline script, data inline as JSON) and the MeepleWeb helpers
-- (score table, ledger list, cell marks).

local M = {}

M.CSS = [==[
body { font-family: sans-serif; margin: 10px; background: #fafafa; color: #222; }
h1 { font-size: 18px; margin: 0 0 8px 0; }
h3 { font-size: 14px; margin: 10px 0 4px 0; }
#scores td { padding: 2px 6px; }
#scores .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 6px; border: 1px solid #000; }
#scores .delta { color: #2e7d32; font-size: 12px; }
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
  scores(table, D, scores, before) {
    const rows = [];
    scores.forEach((s, i) => {
      const d = before ? s - before[i] : 0;
      rows.push('<tr data-player="' + (i + 1) + '" data-score="' + s + '"><td><span class="swatch" style="background:' +
        D.colours[i] + '"></span></td><td>' + MeepleWeb.esc(D.names[i]) + '</td><td class="score">' + s +
        '</td><td class="delta">' + (d ? '+' + d : '') + '</td></tr>');
    });
    table.innerHTML = rows.join('');
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
--- nil), script}.
function M.page(spec)
  local out = {
    "<!DOCTYPE html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>" .. html_escape(spec.title) .. "</title>",
    "<style>" .. M.CSS .. (spec.css or "") .. "</style>",
    "</head><body>",
    "<h1>" .. html_escape(spec.heading or spec.title) .. "</h1>",
    spec.body,
  }
  if spec.data then
    out[#out + 1] = '<script type="application/json" id="data">' .. script_safe(spec.data) .. "</script>"
  end
  out[#out + 1] = "<script>" .. M.JS .. spec.script .. "</script>"
  out[#out + 1] = "</body></html>"
  return table.concat(out, "\n") .. "\n"
end

return M

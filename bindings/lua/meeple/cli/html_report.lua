-- meeple.cli.html_report: a balance study as one HTML file that opens
-- from disk (sim --html, meeple report): score distributions per seat
-- and per agent, win rates with their 95% intervals, the first player's
-- advantage, points by feature kind, and for --compare the differences
-- B - A with their intervals.
--
-- Charts are drawn by Chart.js, copied whole into the page (no network,
-- no second file): Debian's libjs-chart.js, or the file MEEPLE_CHARTJS
-- names. Every number the charts show is also in a table, so the page
-- says everything without JavaScript too.
--
-- Input: the object sim --json (or sim --compare --json) prints, so a
-- saved study and a fresh run draw the same page.

local json = require("meeple.record").json
local output = require "meeple.cli.output"

local M = {}

-- Chart.js is found by meeple.web.chartjs, shared with the viewer (its
-- score race), which sits a layer below the CLI.
local chartjs_lib = require "meeple.web.chartjs"
M.chartjs = chartjs_lib.text

local function esc(s)
  return (tostring(s):gsub("[&<>\"]", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;" }))
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t or {}) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

-- {======================================================================
-- Numbers
-- =======================================================================

-- A histogram {["score"] = games} as bins of equal width over all the
-- histograms given (at most ~40 bins): labels and one count list each.
local function bins(hists)
  local lo, hi = math.huge, -math.huge
  for _, h in ipairs(hists) do
    for k in pairs(h) do
      local v = tonumber(k)
      if v < lo then lo = v end
      if v > hi then hi = v end
    end
  end
  if lo > hi then return {}, {} end
  local width = math.max(1, math.ceil((hi - lo + 1) / 40))
  lo = (lo // width) * width
  local n = (hi - lo) // width + 1
  local labels, counts = {}, {}
  for i = 1, n do
    local from = lo + (i - 1) * width
    labels[i] = width == 1 and tostring(from) or ("%d-%d"):format(from, from + width - 1)
  end
  for j, h in ipairs(hists) do
    local c, total = {}, 0
    for i = 1, n do c[i] = 0 end
    for k, g in pairs(h) do
      local i = (tonumber(k) - lo) // width + 1
      c[i] = c[i] + g
      total = total + g
    end
    -- shares of the games, so seats and agents with different numbers
    -- of games (agents under rotation) draw on one scale
    for i = 1, n do c[i] = total > 0 and c[i] / total or 0 end
    counts[j] = c
  end
  return labels, counts
end

-- The first player's advantage: seat 1's win rate against a fair share
-- (1/players) with its interval, and its mean score against the others'.
local function first_player(d)
  local seats = d.seats
  if not seats or #seats < 2 or not seats[1].win_ci95 then return nil end
  local fair = 1 / #seats
  local others = 0
  for p = 2, #seats do others = others + seats[p].mean end
  others = others / (#seats - 1)
  return { win = seats[1].win_rate, lo = seats[1].win_ci95[1], hi = seats[1].win_ci95[2], fair = fair,
           mean = seats[1].mean, others = others }
end

-- }======================================================================

-- {======================================================================
-- The page
-- =======================================================================

local CSS = [[
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5em auto; max-width: 980px; color: #222; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .6em 0; } td, th { padding: .15em .7em; text-align: right; }
th { border-bottom: 1px solid #999; } td:first-child, th:first-child { text-align: left; }
.chart { position: relative; height: 320px; } .note { color: #555; font-size: .92em; }
code { background: #f3f3f3; padding: 0 .2em; } pre { white-space: pre-wrap; word-break: break-all; }
]]

local function table_html(head, rows)
  local out = { "<table><tr>" }
  for _, h in ipairs(head) do out[#out + 1] = "<th>" .. esc(h) .. "</th>" end
  out[#out + 1] = "</tr>"
  for _, r in ipairs(rows) do
    out[#out + 1] = "<tr>"
    for _, v in ipairs(r) do out[#out + 1] = "<td>" .. esc(v) .. "</td>" end
    out[#out + 1] = "</tr>"
  end
  out[#out + 1] = "</table>"
  return table.concat(out)
end

local function pct(x) return ("%.1f%%"):format(100 * x) end
local function ci(lo, hi) return ("%.1f%% - %.1f%%"):format(100 * lo, 100 * hi) end
local function pm(d, h, fmt) return (fmt or "%+.2f ± %.2f"):format(d, h) end

-- Builds the sections of a plain study (sim --json): a list of
-- { title, html, chart = Chart.js config or nil, note }.
local function study_sections(d)
  local secs = {}
  local seat_labels = {}
  for p = 1, #d.seats do seat_labels[p] = "seat " .. p end
  local agent_rows = d.agents or {}
  -- score distributions
  local hists, names = {}, {}
  for p, h in ipairs(d.hist or {}) do hists[#hists + 1], names[#names + 1] = h, "seat " .. p end
  for _, a in ipairs(agent_rows) do
    if a.hist and #agent_rows > 1 then hists[#hists + 1], names[#names + 1] = a.hist, a.name end
  end
  local rows = {}
  for p, s in ipairs(d.seats) do
    rows[#rows + 1] = { "seat " .. p, ("%.2f"):format(s.mean), ("± %.2f"):format(s.mean_ci95 or 0),
                        ("%.2f"):format(s.sd or 0), s.min or "", s.max or "" }
  end
  for _, a in ipairs(agent_rows) do
    rows[#rows + 1] = { a.name, ("%.2f"):format(a.mean), ("± %.2f"):format(a.mean_ci95 or 0), "", "", "" }
  end
  local chart
  if #hists > 0 then
    local labels, counts = bins(hists)
    local sets = {}
    for i, c in ipairs(counts) do sets[i] = { label = names[i], data = c } end
    chart = { type = "line", data = { labels = labels, datasets = sets },
              options = { scales = { x = { title = { display = true, text = "final score" } },
                                     y = { title = { display = true, text = "share of games" } } } } }
  end
  secs[#secs + 1] = { title = "Score distributions", chart = chart,
                      html = table_html({ "", "mean", "95% CI", "sd", "min", "max" }, rows),
                      note = chart and "Each line: the share of that seat's (or agent's) games ending on each score."
                             or "No distribution in this study (made by an older meeple): means only." }
  -- win rates
  local wl, wv, wci, wrows = {}, {}, {}, {}
  for p, s in ipairs(d.seats) do
    wl[#wl + 1], wv[#wv + 1], wci[#wci + 1] = seat_labels[p], s.win_rate, s.win_ci95 or { s.win_rate, s.win_rate }
    wrows[#wrows + 1] = { seat_labels[p], pct(s.win_rate), ci(table.unpack(wci[#wci])) }
  end
  for _, a in ipairs(agent_rows) do
    wl[#wl + 1], wv[#wv + 1], wci[#wci + 1] = a.name, a.win_rate, a.win_ci95
    wrows[#wrows + 1] = { a.name .. " (agent)", pct(a.win_rate), ci(table.unpack(a.win_ci95)) }
  end
  secs[#secs + 1] = {
    title = "Win rates with 95% intervals",
    chart = { type = "bar", data = { labels = wl, datasets = {
      { label = "win rate", data = wv },
      { label = "95% interval (Wilson)", data = wci, barPercentage = 0.25 } } },
      options = { scales = { y = { min = 0, max = 1, title = { display = true, text = "share of games won (ties shared)" } } } } },
    html = table_html({ "", "win rate", "95% CI" }, wrows) }
  -- first player
  local fp = first_player(d)
  if fp then
    local verdict = (fp.lo > fp.fair and "seat 1 wins more than its fair share")
                    or (fp.hi < fp.fair and "seat 1 wins less than its fair share")
                    or "no first-player advantage shown at this number of games"
    local rotated = d.rotate_seats and " Seats rotate over the agents, so this is the seat's own advantage." or ""
    secs[#secs + 1] = { title = "First-player advantage",
      html = table_html({ "", "seat 1", "fair share / others" }, {
        { "win rate (95% CI)", ("%s (%s)"):format(pct(fp.win), ci(fp.lo, fp.hi)), pct(fp.fair) },
        { "mean score", ("%.2f"):format(fp.mean), ("%.2f"):format(fp.others) } }),
      note = verdict .. "." .. rotated }
  end
  -- points by kind
  if d.points then
    local kinds = {}
    local seen = {}
    for _, m in ipairs(d.points) do for k in pairs(m) do seen[k] = true end end
    for _, a in ipairs(agent_rows) do for k in pairs(a.points or {}) do seen[k] = true end end
    kinds = sorted_keys(seen)
    local labels, who = {}, {}
    for p = 1, #d.points do labels[#labels + 1], who[#who + 1] = seat_labels[p], d.points[p] end
    if #agent_rows > 1 then
      for _, a in ipairs(agent_rows) do
        if a.points then labels[#labels + 1], who[#who + 1] = a.name, a.points end
      end
    end
    local sets, prow = {}, {}
    for i, k in ipairs(kinds) do
      local data = {}
      for j, m in ipairs(who) do data[j] = m[k] or 0 end
      sets[i] = { label = k, data = data }
    end
    for j, m in ipairs(who) do
      local r = { labels[j] }
      for _, k in ipairs(kinds) do r[#r + 1] = ("%.2f"):format(m[k] or 0) end
      prow[#prow + 1] = r
    end
    local head = { "mean points a game" }
    for _, k in ipairs(kinds) do head[#head + 1] = k end
    secs[#secs + 1] = { title = "Points by feature kind",
      chart = { type = "bar", data = { labels = labels, datasets = sets },
                options = { scales = { x = { stacked = true }, y = { stacked = true,
                  title = { display = true, text = "mean points a game" } } } } },
      html = table_html(head, prow),
      note = "From the score ledger at the end of each game; 'other' is points for no feature." }
  end
  return secs
end

-- A difference chart: floating bars [diff - ci, diff + ci] and the diff.
local function diff_chart(labels, diffs, unit)
  local bars, mids = {}, {}
  for i, v in ipairs(diffs) do bars[i], mids[i] = { v.diff - v.ci95, v.diff + v.ci95 }, v.diff end
  return { type = "bar", data = { labels = labels, datasets = {
    { label = "95% interval of B - A", data = bars, barPercentage = 0.4 },
    { type = "line", label = "B - A", data = mids, showLine = false, pointRadius = 6 } } },
    options = { scales = { y = { title = { display = true, text = unit } } } } }
end

-- The sections of sim --compare --json.
local function compare_sections(d)
  local secs = {}
  local a_name = d.variants and ("A (" .. d.variants[1] .. ")") or "without"
  local b_name = d.variants and ("B (" .. d.variants[2] .. ")") or ("with " .. (d.change or ""))
  local labels, means, wins, rows = {}, {}, {}, {}
  for p, s in ipairs(d.seats) do
    labels[p], means[p], wins[p] = "seat " .. p, s.mean, s.win_rate
    rows[p] = { labels[p], ("%.2f"):format(s.mean.without), ("%.2f"):format(s.mean.with),
                pm(s.mean.diff, s.mean.ci95), pm(100 * s.win_rate.diff, 100 * s.win_rate.ci95, "%+.1f%% ± %.1f%%") }
  end
  for i, ag in ipairs(d.by_agent or {}) do
    local name = d.agents and d.agents[i] or ("agent " .. i)
    labels[#labels + 1], means[#means + 1], wins[#wins + 1] = name, ag.mean, ag.win_rate
    rows[#rows + 1] = { name .. " (agent)", ("%.2f"):format(ag.mean.without), ("%.2f"):format(ag.mean.with),
                        pm(ag.mean.diff, ag.mean.ci95),
                        pm(100 * ag.win_rate.diff, 100 * ag.win_rate.ci95, "%+.1f%% ± %.1f%%") }
  end
  local head = { "", "mean " .. a_name, "mean " .. b_name, "difference (95% CI)", "win rate difference" }
  secs[#secs + 1] = { title = "Mean score, B - A", chart = diff_chart(labels, means, "points"),
                      html = table_html(head, rows),
                      note = "Paired over the same seeds: each game of A against the same game of B." }
  local wdiff = {}
  for i, w in ipairs(wins) do wdiff[i] = { diff = 100 * w.diff, ci95 = 100 * w.ci95 } end
  secs[#secs + 1] = { title = "Win rate, B - A", chart = diff_chart(labels, wdiff, "percentage points") }
  if d.points_by_kind and next(d.points_by_kind) then
    local kl, kd, krows = {}, {}, {}
    for _, k in ipairs(sorted_keys(d.points_by_kind)) do
      local c = d.points_by_kind[k]
      kl[#kl + 1], kd[#kd + 1] = k, c
      krows[#krows + 1] = { k, ("%.2f"):format(c.without), ("%.2f"):format(c.with), pm(c.diff, c.ci95) }
    end
    secs[#secs + 1] = { title = "Points by feature kind, B - A", chart = diff_chart(kl, kd, "points a game, all seats"),
                        html = table_html({ "kind", a_name, b_name, "difference (95% CI)" }, krows) }
  end
  if d.turns then
    secs[#secs + 1] = { title = "Game length",
      html = table_html({ "", a_name, b_name, "difference (95% CI)" },
                        { { "turns", ("%.1f"):format(d.turns.without), ("%.1f"):format(d.turns.with),
                            pm(d.turns.diff, d.turns.ci95) } }) }
  end
  return secs
end

-- What the study is, in one line.
local function heading(d)
  local with = d.with and #d.with > 0 and (" with " .. table.concat(d.with, ", ")) or ""
  local agents = ""
  if type(d.agents_by_seat) == "table" then agents = ", agents " .. table.concat(d.agents_by_seat, ",")
  elseif d.run and type(d.run.agents) == "table" then agents = ", agents " .. table.concat(d.run.agents, ",") end
  local change = d.change and (", with and without " .. d.change) or ""
  if d.variants then change = (", A: %s, B: %s"):format(d.variants[1], d.variants[2]) end
  return ("%s games of %s%s, %s players, seeds from %s%s%s%s"):format(
    tostring(d.games), tostring(d.game), with, tostring(d.players), tostring(d.seed), agents,
    d.rotate_seats and ", seats rotated" or "", change)
end

-- True when d is what sim --compare --json prints.
local function is_compare(d)
  return type(d.seats) == "table" and type(d.seats[1]) == "table" and type(d.seats[1].mean) == "table"
end

-- Checks the object read from a file: nil, or what is wrong with it.
function M.check(d)
  if type(d) ~= "table" then return "expected a JSON object" end
  if d.format == "meeple-sim-part" then return nil end
  if type(d.seats) ~= "table" or #d.seats == 0 then
    return "not the output of meeple sim --json (no seats)"
  end
  for p, s in ipairs(d.seats) do
    if type(s) ~= "table" then return ("seats[%d]: expected an object"):format(p) end
    if is_compare(d) then
      if type(s.mean.diff) ~= "number" or type(s.win_rate) ~= "table" then
        return ("seats[%d]: expected mean and win_rate differences"):format(p)
      end
    elseif type(s.mean) ~= "number" or type(s.win_rate) ~= "number" then
      return ("seats[%d]: expected numbers mean and win_rate"):format(p)
    end
  end
  return nil
end

-- The page for study d (a checked table), with Chart.js's text.
function M.render(d, chartjs)
  local secs = is_compare(d) and compare_sections(d) or study_sections(d)
  local out = { "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
                "<title>meeple study: ", esc(d.game or "?"), "</title><style>", CSS, "</style></head><body>",
                "<h1>Balance study</h1><p>", esc(heading(d)), "</p>" }
  local charts = {}
  for i, s in ipairs(secs) do
    out[#out + 1] = ("<h2>%s</h2>"):format(esc(s.title))
    if s.chart then
      charts[#charts + 1] = { id = "c" .. i, config = s.chart }
      out[#out + 1] = ('<div class="chart"><canvas id="c%d" role="img" aria-label="%s"></canvas></div>'):format(i, esc(s.title))
    end
    if s.html then out[#out + 1] = s.html end
    if s.note then out[#out + 1] = ('<p class="note">%s</p>'):format(esc(s.note)) end
  end
  if d.run then
    out[#out + 1] = "<h2>Run</h2><p class=\"note\">What the results depend on (engine, files with hashes, options, agents, seeds):</p><pre>"
    out[#out + 1] = esc(json.encode(d.run))
    out[#out + 1] = "</pre>"
  end
  -- "</" never closes the script early: JSON and Chart.js keep it escaped
  local data = json.encode(charts):gsub("</", "<\\/")
  out[#out + 1] = "<script>\n" .. chartjs:gsub("</script", "<\\/script") .. "\n</script>\n"
  out[#out + 1] = "<script>\nconst charts = " .. data .. ";\n"
  out[#out + 1] = [[
// Chart.js 3 draws every dataset grey unless told: one colour each
const palette = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];
for (const c of charts) {
  c.config.data.datasets.forEach((ds, i) => {
    const col = palette[i % palette.length];
    ds.borderColor = ds.borderColor || col;
    ds.backgroundColor = ds.backgroundColor || ((ds.type || c.config.type) === 'line' ? col : col + 'b0');
  });
  c.config.options = Object.assign({ responsive: true, maintainAspectRatio: false, animation: false }, c.config.options || {});
  new Chart(document.getElementById(c.id), c.config);
  document.body.dataset.charts = (+(document.body.dataset.charts || 0) + 1).toString();
}
</script></body></html>
]]
  return table.concat(out)
end

-- Writes the page for study d to path (atomically); inputs: files it
-- must not write over. true, or nil and a message.
function M.write(path, d, inputs)
  local js, err = M.chartjs()
  if not js then return nil, err end
  local why = M.check(d)
  if why then return nil, why end
  return output.write_output(path, M.render(d, js), "--html", inputs)
end

-- }======================================================================

return M

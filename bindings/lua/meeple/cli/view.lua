-- meeple view: a game record as a replay viewer, one self-contained HTML
-- file (see meeple.viewer).

local common = require "meeple.cli.common"
local viewer = require "meeple.viewer"
local output = require "meeple.cli.output"
local html_report = require "meeple.cli.html_report"

local eprintf, usage, printf = common.eprintf, common.usage, common.printf
local stdout = common.stdout

local HELP = [[
usage: meeple view RECORD.jsonl [-o FILE.html]

Writes a replay viewer for a game record ('meeple play --record'): one
HTML file with no other file and no network, that steps through the game
with buttons, the arrow keys (Home/End: first/last) and a slider. Each
step shows the board, the tile in hand and where it went (dashed red),
the scores, the ledger of that turn, and the features scored by the move
(highlighted); a score race charts each player's points over the turns
(pointing at a turn names what paid, a click goes there; drawn by
Chart.js, copied into the page from Debian's libjs-chart.js or the file
MEEPLE_CHARTJS names). Works for every game, expansion, fan expansion and house
rule the record names (they are re-played from their scripts).

  -o, --output FILE    the HTML file (default: RECORD with .html)

example: meeple play --seed 7 --record game.jsonl && meeple view game.jsonl -o game.html
]]

local M = { HELP = HELP }

function M.run(args, ctx)
  local rest = {}
  for i = 1, #args do rest[i] = args[i] == "-o" and "--output" or args[i] end
  local opts, pos = common.parse_args(rest, { output = "value" })
  if not opts then return usage("view", "%s", pos) end
  if opts.help then stdout:write(HELP) return 0 end
  if #pos ~= 1 then return usage("view", "expected one record file") end
  local out = opts.output or (pos[1]:gsub("%.jsonl?$", "") .. ".html")
  local rec, rerr = viewer.read_file(pos[1])
  if not rec then eprintf("meeple view: %s\n", rerr) return 1 end
  local plan = output.plan()
  plan:protect(pos[1])
  local okc, why = plan:claim(out, "--output")
  if not okc then return usage("view", "%s", why) end
  local html, err = viewer.html(rec, ctx)
  if not html then eprintf("meeple view: %s: %s\n", pos[1], err) return 1 end
  local ok, werr = output.write(out, html)
  if not ok then eprintf("meeple view: cannot write --output %s\n", werr) return 1 end
  printf("viewer: %s\n", out)
  local js, why = html_report.chartjs()
  if not js then eprintf("meeple view: note: the page has no score race: %s\n", why) end
  return 0
end

return M

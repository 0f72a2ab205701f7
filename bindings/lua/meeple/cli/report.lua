-- meeple report: a saved balance study drawn as one HTML page of charts
-- (meeple.cli.html_report), from what sim --json, sim --compare --json
-- or merge --json printed, or from a part file of sim --out.

local common = require "meeple.cli.common"

local eprintf, usage = common.eprintf, common.usage
local stdout = common.stdout

local HELP = [[
usage: meeple report STUDY.json -o REPORT.html

Draws a study as one HTML file that opens from disk (Chart.js is copied
into it: Debian's libjs-chart.js, or the file MEEPLE_CHARTJS names):
score distributions per seat and per agent, win rates with 95%
intervals, the first player's advantage, points by feature kind; for a
--compare study the differences B - A per seat, per agent and per kind
with 95% intervals. Every number is also in a table.

STUDY.json is what 'meeple sim --json', 'meeple sim --compare --json'
or 'meeple merge --json' printed, or a part file of 'meeple sim --out'.
'meeple sim ... --html REPORT.html' draws the same page directly.

  -o, --output FILE    the page to write (required)

The score distributions need the histograms 'sim --distributions' keeps
(--html keeps them by itself); without them the page shows means only.

example: meeple sim --games 2000 --agents greedy,random --rotate-seats --json --distributions > study.json
         meeple report study.json -o report.html
]]

-- A part file (sim --out) as the object sim --json prints.
local function from_part(path)
  local sim_output = require "meeple.cli.sim_output"
  local p, err = sim_output.read_part(path)
  if not p then return nil, err end
  return sim_output.json_object({ config = p.config, first_seed = p.seeds.first, run = p.run }, p.summary)
end

local function read_study(path)
  local text, err = require("meeple.files").read(path)   -- bounded: MAX_FILE_BYTES
  if not text then return nil, err end
  local ok, d = pcall(require("meeple.record").json.decode, text)
  if not ok then return nil, ("%s: not valid JSON: %s"):format(path, tostring(d)) end
  if type(d) == "table" and d.format == "meeple-sim-part" then return from_part(path) end
  -- a page drawn from the file is the one sim drew: integers stay
  -- integers and empty lists stay lists
  require("meeple.cli.sim_output").integers(d)
  local list = require("meeple.record").list
  if type(d.run) == "table" then
    for _, k in ipairs({ "with", "rules", "files", "agents" }) do
      if type(d.run[k]) == "table" then d.run[k] = list(d.run[k]) end
    end
  end
  local why = require("meeple.cli.html_report").check(d)
  if why then return nil, ("%s: %s"):format(path, why) end
  return d
end

local function report(args)
  local a = {}
  for i, v in ipairs(args) do a[i] = v == "-o" and "--output" or v end
  local opts, pos = common.parse_args(a, { output = "value" })
  if not opts then return usage("report", "%s", pos) end
  if opts.help then stdout:write(HELP) return 0 end
  if #pos ~= 1 then return usage("report", "expected one study file, got %d", #pos) end
  if not opts.output then return usage("report", "-o REPORT.html is required") end
  local d, err = read_study(pos[1])
  if not d then eprintf("meeple report: %s\n", tostring(err)) return 1 end
  local ok
  ok, err = require("meeple.cli.html_report").write(opts.output, d, { pos[1] })
  if not ok then eprintf("meeple report: %s\n", tostring(err)) return 1 end
  return 0
end

return { run = report, HELP = HELP }

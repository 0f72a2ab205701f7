-- meeple merge: the part files of a sharded study (sim --shard I/N --out
-- FILE) combined into the summary that one process over all their seeds
-- prints, bit for bit.

local common = require "meeple.cli.common"
local sim_output = require "meeple.cli.sim_output"
local summary = require "meeple.cli.summary"
local json = require("meeple.record").json

local eprintf, usage = common.eprintf, common.usage
local stdout = common.stdout

local HELP = [[
usage: meeple merge PART.json... [--json | --csv | --out FILE]
       meeple merge --db OUT.sqlite PART.sqlite...

Combines the part files written by 'meeple sim --shard I/N --out FILE'
into one summary, printed as 'meeple sim' prints it over the same seeds.
Refuses parts of different engines, games, expansions, rules (by content
hash), options, players or agents, parts whose seeds overlap, and a gap
between the seeds (a shard missing) unless --allow-gaps is given.

  --csv | --json       machine-readable output instead of the table
  --out FILE           write the merged summary as a part file again
  --html FILE          also write the study's charts (as meeple report)
  --allow-gaps         merge seeds that are not one unbroken range
  --db OUT.sqlite      the rows of the shards' --db files as one new
                       database (the same configuration, no seed twice)

example: meeple sim --games 40000 --shard 1/2 --out part-1.json
         meeple sim --games 40000 --shard 2/2 --out part-2.json
         meeple merge part-*.json
]]

-- The first difference between two configurations, as "key: a vs b".
local function difference(a, b)
  local keys = {}
  for k in pairs(a) do keys[k] = true end
  for k in pairs(b) do keys[k] = true end
  local names = {}
  for k in pairs(keys) do names[#names + 1] = k end
  table.sort(names)
  for _, k in ipairs(names) do
    local ja, jb = json.encode(a[k] == nil and json.null or a[k]), json.encode(b[k] == nil and json.null or b[k])
    if ja ~= jb then return ("%s: %s vs %s"):format(k, ja, jb) end
  end
end

local function read_parts(paths)
  local parts = {}
  for i, path in ipairs(paths) do
    local p, err = sim_output.read_part(path)
    if not p then return nil, err end
    p.path = path
    parts[i] = p
    local diff = i > 1 and difference(parts[1].config, p.config)
    if diff then
      return nil, ("%s and %s come from different studies (%s)"):format(parts[1].path, path, diff)
    end
  end
  return parts
end

-- Sorted by first seed: no overlap, and (unless allowed) no gap. Returns
-- the error, or nil and whether there is a gap.
local function check_seeds(parts, allow_gaps)
  table.sort(parts, function(a, b) return a.seeds.first < b.seeds.first end)
  local gap = false
  for i = 2, #parts do
    local prev, p = parts[i - 1], parts[i]
    if p.seeds.first <= prev.seeds.last then
      return ("%s and %s overlap: seeds %d..%d and %d..%d"):format(prev.path, p.path,
             prev.seeds.first, prev.seeds.last, p.seeds.first, p.seeds.last)
    end
    if p.seeds.first > prev.seeds.last + 1 and not allow_gaps then
      return ("seeds %d..%d are in no part (between %s and %s); --allow-gaps merges anyway"):format(
             prev.seeds.last + 1, p.seeds.first - 1, prev.path, p.path)
    end
    gap = gap or p.seeds.first > prev.seeds.last + 1
  end
  return nil, gap
end

local function merge(args)
  local opts, pos = common.parse_args(args, { json = "switch", csv = "switch", out = "value",
                                              ["allow-gaps"] = "switch", db = "value",
                                              html = "value" })
  if not opts then return usage("merge", "%s", pos) end
  if opts.help then stdout:write(HELP) return 0 end
  if #pos == 0 then return usage("merge", "no part files given") end
  if opts.db then
    if opts.json or opts.csv or opts.out then return usage("merge", "--db takes no --json, --csv or --out") end
    return require("meeple.cli.merge_db").run(opts, pos)
  end
  if (opts.json and 1 or 0) + (opts.csv and 1 or 0) + (opts.out and 1 or 0) > 1 then
    return usage("merge", "--json, --csv and --out exclude each other")
  end
  local parts, err = read_parts(pos)
  if not parts then eprintf("meeple merge: %s\n", err) return 1 end
  local gap
  err, gap = check_seeds(parts, opts["allow-gaps"])
  if err then eprintf("meeple merge: %s\n", err) return 1 end
  if gap and opts.out then
    eprintf("meeple merge: --out needs one unbroken range of seeds\n")
    return 1
  end
  local total = parts[1].summary
  for i = 2, #parts do total = summary.merge(total, parts[i].summary) end
  local study = { config = parts[1].config, first_seed = parts[1].seeds.first, run = parts[1].run }
  if type(study.run) == "table" then
    -- the run of the whole study: its games and seeds
    local record = require "meeple.record"
    study.run.games = total.games
    study.run.seeds = record.list({ require("meeple.cli.sim_agents").seed_range(
      study.config, study.first_seed, parts[#parts].seeds.last) })
    study.run.with = record.list(study.run.with or {})
    study.run.rules = record.list(study.run.rules or {})
    study.run.files = record.list(study.run.files or {})
  end
  return sim_output.emit("merge", opts, study, total, nil, pos)
end

return { run = merge, HELP = HELP }

-- meeple.cli.agents: the seats of a CLI command: meeple.agents' agent
-- per name, "human" a person at the terminal (meeple.cli.human), and an
-- unknown name reported on stderr.

local common = require "meeple.cli.common"
local agents = require "meeple.agents"

local M = {}

-- One agent per name; nil and the exit status after printing the error.
-- opts.human: "human" is a person at the terminal (meeple.cli.human).
function M.make_agents(cmd, list, opts)
  local out = {}
  for i, name in ipairs(list) do
    local agent, err
    if name == "human" and opts and opts.human then
      agent = require("meeple.cli.human").agent()
    else
      agent, err = agents.make(name)
    end
    if not agent then
      common.eprintf("meeple %s: %s\n", cmd, err)
      return nil, name:match("%.lua$") and 1 or 2
    end
    out[i] = agent
  end
  return out
end

return M

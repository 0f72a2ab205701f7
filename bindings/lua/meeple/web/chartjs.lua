-- meeple.web.chartjs: the text of Chart.js, to be copied whole into a page
-- that opens from disk (no network, no second file). Used by the study
-- reports (meeple.cli.html_report) and the viewer's score race.
--
-- Looked for in M.CHARTJS in order, or in the one file MEEPLE_CHARTJS
-- names. Debian's libjs-chart.js is what `make run` installs.

local M = {}

-- Where Chart.js is looked for, in order.
M.CHARTJS = {
  "/usr/share/javascript/chart.js/chart.min.js",       -- Debian libjs-chart.js
  "/usr/share/nodejs/chart.js/dist/chart.umd.js",
  "/usr/lib/node_modules/chart.js/dist/chart.umd.js",  -- npm install -g chart.js
}

-- The text of Chart.js, or nil and a message naming where it looked.
function M.text()
  local env = os.getenv("MEEPLE_CHARTJS")
  local list = env and env ~= "" and { env } or M.CHARTJS
  for _, path in ipairs(list) do
    local f = io.open(path, "rb")
    if f then
      local text = f:read("a")
      f:close()
      if text and #text > 0 then return text, path end
    end
  end
  return nil, ("Chart.js not found (looked in %s); install Debian's libjs-chart.js "
               .. "(apt-get install libjs-chart.js) or set MEEPLE_CHARTJS to chart.min.js"):format(
               table.concat(list, ", "))
end

return M

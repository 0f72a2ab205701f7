-- A house rule whose final scoring fails in the third game a process
-- plays: with --jobs 2 that is seed 5 (the first worker plays 1, 3, 5).
local games = 0
on("final_scoring", function()
  games = games + 1
  if games == 3 then error("boom in the third game") end
end)

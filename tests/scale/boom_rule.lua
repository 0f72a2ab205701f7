-- A house rule whose final scoring fails in one game of seeds 1..40:
-- seed 11, the only one whose game RNG draws a 1 in 30 there. Each game
-- draws from its own seed, so the same game fails whichever worker plays
-- it (a counter of games would not do: every game starts from the
-- script's state after loading).
api "2"
on("final_scoring", function()
  if math.random(1, 30) == 1 then error("boom in one game") end
end)

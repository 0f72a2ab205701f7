-- hostile: arithmetic (issue 36). A million points a call, 2,200 calls: the
-- total passes what a 32-bit score holds (2,148 calls would wrap it to a
-- negative score whose breakdown says +2,400,000,000). Refused at the
-- limit, naming the line and the value.
-- expect: error score: player 1 would have 1001000000 points (reason 'bonus'), beyond the limit of +-1000000000
on("turn_begin", function(ctx)
  for _ = 1, 2200 do ctx:score(1, 1000000) end
end)

-- hostile: assertions (issue 36). A collect hook offers a second tile
-- placement in a turn part that has placed its tile: the sanitizer build
-- aborted on an assert (flow/phases.c), the release build placed two
-- tiles. Refused as the collector's mistake.
-- expect: error collect: a place move in a turn part that has placed its tile
collect("place_figure", function(ctx)
  return { { type = "place", tile = "D", x = 0, y = 5, rot = 0 } }
end)

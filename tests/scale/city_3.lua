-- A house rule for the tiny test game: a completed city scores 3 per
-- tile, not 2 (data only, so its games still run in C). sim --compare
-- tests pair games with and without it.
score "city" { closed = { per_tile = 3 }, final = { per_tile = 1 } }

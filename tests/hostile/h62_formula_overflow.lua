-- hostile: arithmetic (issue 36). A formula whose points pass what one
-- score may give: a road of two tiles pays 2,000,000. The move failed
-- with an empty message ("meeple play: turn 18: "); now it names the
-- reason and the value.
-- where: host
-- expect: error score: the formula of reason 'road' gives 2000000 points, beyond the limit of +-1000000
score "road" { closed = { per_tile = 1000000 }, final = { per_tile = 1000000 } }

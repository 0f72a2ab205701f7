-- hostile: declarations. A tile_variants limit of 2^32 + 1: read as a C
-- int it wrapped to 1, a valid limit, and the game ran with a limit the
-- script never wrote. It is refused naming the field and the value.
-- expect: error tile_variants: limit = 4294967297: an integer from 0 to 1000000 expected
counter "variants_used"
tile_variants { pairs = { { "A", "B" } }, counter = "variants_used", limit = 4294967297 }

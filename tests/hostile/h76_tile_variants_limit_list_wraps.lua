-- hostile: declarations. A tile_variants limit per player count whose
-- second entry is 2^32 + 2: read as a C int it wrapped to 2. It is
-- refused naming the entry and the value.
-- expect: error tile_variants: limit[2] = 4294967298: an integer from 0 to 1000000 expected
counter "variants_used"
tile_variants { pairs = { { "A", "B" } }, counter = "variants_used", limit = { 3, 4294967298 } }

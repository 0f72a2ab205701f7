-- hostile: files. A symlink to /dev/zero shipped with the script: reading
-- it would eat all memory.
-- expect: error not a regular file
tiles { file = "files/zero.tiles" }

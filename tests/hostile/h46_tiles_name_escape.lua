-- hostile: files. A tile set *name* that climbs out (the loader looks
-- for NAME.tiles in the tile directories).
-- expect: error '..' is not allowed
tiles "../../etc/passwd"

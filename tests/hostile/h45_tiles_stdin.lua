-- hostile: files. /dev/stdin through a symlink: the read would block.
-- expect: error not a regular file
tiles { file = "files/stdin.tiles" }

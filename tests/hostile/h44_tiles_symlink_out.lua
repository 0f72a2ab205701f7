-- hostile: files. A symlink out of the script's directory (to
-- /etc/passwd), which the path alone does not show.
-- expect: error outside the game's directories
tiles { file = "files/passwd.tiles" }

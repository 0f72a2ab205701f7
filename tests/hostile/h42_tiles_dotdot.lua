-- hostile: files. Climbs out of the game's directories with "..".
-- expect: error '..' is not allowed
tiles { file = "../../../../../../etc/hostname" }

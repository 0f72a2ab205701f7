-- hostile: files. A scenario whose game is a file outside the game.
-- expect: error absolute paths are not allowed
scenario "game from /etc/passwd" {
  game = "/etc/passwd",
}

# Issue 20: outputs of `play` are checked before the game is played: a
# --record or --html path that cannot be written is a usage error (exit
# 2) with the path named, and no game output.
meeple_cli_test(play_record_bad_dir_before_play 2 "^meeple play: --record /nonexistent-dir/game\\.jsonl: no directory /nonexistent-dir\n"
                ${MEEPLE_EXE} play --record /nonexistent-dir/game.jsonl)
meeple_cli_test(play_html_bad_dir_before_play 2 "^meeple play: --html /nonexistent-dir/game\\.html: no directory /nonexistent-dir\n"
                ${MEEPLE_EXE} play --html /nonexistent-dir/game.html)

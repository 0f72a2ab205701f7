-- hostile: files. A tile set read from an absolute path: its first token
-- would leak into the parse error.
-- expect: error absolute paths are not allowed
tiles { file = "/etc/passwd" }

-- hostile: files. A scenario's rules climbing out with "..".
-- expect: error '..' is not allowed
scenario "rules from .." {
  rules = { "../../../../etc/hostname.lua" },
}

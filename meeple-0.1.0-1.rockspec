rockspec_format = "3.0"
package = "meeple"
version = "0.1.0-1"
source = {
  url = "git+https://example.invalid/meeple.git",
  tag = "v0.1.0",
}
description = {
  summary = "Rules engine for Carcassonne-family tile-laying games",
  detailed = [[
    The game kernel (C11) bound to Lua 5.4 as the module "meeple", with the
    tile notation parser (meeple.tiles) and its SVG renderer (meeple.render).
  ]],
  license = "MIT",
}
dependencies = {
  "lua >= 5.4, < 5.5",
  "lpeg >= 1.0",
}
build = {
  type = "builtin",
  modules = {
    meeple = {
      sources = {
        "bindings/wrap_meeple.c", "bindings/wrap_rules.c",
        "bindings/wrap_game.c", "bindings/wrap_handles.c",
        "engine/src/gk_board.c", "engine/src/gk_features.c",
        "engine/src/gk_figures.c", "engine/src/gk_game.c",
        "engine/src/gk_log.c", "engine/src/gk_rng.c",
        "engine/src/gk_rules.c", "engine/src/gk_serial.c",
        "engine/src/gk_stack.c", "engine/src/gk_util.c",
      },
      incdirs = { "engine/include", "engine/src", "bindings" },
      defines = { "NDEBUG" },
    },
    ["meeple.tiles"] = "bindings/lua/meeple/tiles.lua",
    ["meeple.render"] = "bindings/lua/meeple/render.lua",
  },
  copy_directories = { "docs", "tiles" },
}

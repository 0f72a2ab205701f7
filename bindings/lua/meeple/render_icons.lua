-- meeple.render_icons: small pictures of what tiles print (animals,
-- fish, goods, menhir powers, trading posts, flags), drawn instead of
-- lettered badges so that they read at a board's fit zoom, where two
-- letters in a badge are a speck.
--
-- Each picture is a token: a white disc with a rim in the attribute's
-- colour and a silhouette inside, drawn in a 20 x 20 box centred on 0
-- and scaled to the token. A count above 1 is a dark tab on the token's
-- upper right. meeple.render places tokens and keeps figures clear of
-- them with R.icon_box.

local string, table = string, table
local sfmt = string.format
local tconcat = table.concat
local tostring = tostring

local _ENV = nil -- no global accesses after this point

local I = {}

-- The token's radius as a share of the tile side.
I.RADIUS = 0.14

local function f(c) return 'fill="' .. c .. '"' end
local INK = "#212121"
local function line(c, w) return sfmt('fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round"', c, w) end

-- Silhouettes, in the 20 x 20 box (-10..10), facing right.
I.PICTURES = {
  -- a deer: slim body, long legs, branched antlers
  deer = tconcat {
    '<path d="M-6.5 4 L-6.5 8.5 M-4.5 4 L-4.5 8.5 M2.5 4 L2.5 8.5 M4.5 4 L4.5 8.5" ', line("#6d4c41", 1.4), '/>',
    '<ellipse cx="-1" cy="2" rx="6.5" ry="3.2" ', f("#8d6e63"), '/>',
    '<path d="M3 0 L5.5 -4.5 L7.5 -3.5 L5.5 2 Z" ', f("#8d6e63"), '/>',
    '<path d="M4.8 -5.5 L9.2 -3.6 L8.6 -2.2 L5.2 -2.6 Z" ', f("#795548"), '/>',
    '<path d="M5.5 -5 L4 -9.5 M4.6 -7.6 L2.3 -8.6 M6.6 -5 L7.6 -9.8 M7.2 -7.8 L9.4 -8.8" ', line("#4e342e", 1.1), '/>',
    '<path d="M-7.5 0.8 L-9 -0.5" ', line("#8d6e63", 1.2), '/>',
  },
  -- an aurochs: a heavy dark bull with forward horns
  aurochs = tconcat {
    '<path d="M-6 4 L-6 8.5 M-3.5 4 L-3.5 8.5 M3 4 L3 8.5 M5.2 4 L5.2 8.5" ', line("#3e2723", 1.8), '/>',
    '<path d="M-8 0 Q-8 -4 -3 -4 L3 -4.5 Q6 -5 7.5 -2.5 L9 1 L7 2.5 L6 5 L-7.5 5 Q-8.5 3 -8 0 Z" ', f("#4e342e"), '/>',
    '<path d="M6 -3.8 Q7.5 -8.5 4 -9.5 M7.5 -3 Q10.5 -6 9.5 -9" ', line("#eeeeee", 1.4), '/>',
    '<path d="M6 -3.8 Q7.5 -8.5 4 -9.5 M7.5 -3 Q10.5 -6 9.5 -9" ', line(INK, 0.4), '/>',
    '<path d="M-8 0 L-9.5 4" ', line("#4e342e", 1.2), '/>',
  },
  -- a mammoth: a high round back, a trunk and a white tusk
  mammoth = tconcat {
    '<path d="M-8 7 L-8 2 Q-9 -7 -1 -7.5 Q6 -8 7.5 -2 Q8.5 2 9 7 L7.2 7 Q7 3 6 1.5 L5 8 L2 8 L2 4 L-3 4 L-3 8 L-6 8 L-6 7 Z" ',
    f("#6d4c41"), '/>',
    '<path d="M5.5 0.5 Q9.5 2 9.5 -1.5" ', line("#fafafa", 1.6), '/>',
    '<path d="M5.5 0.5 Q9.5 2 9.5 -1.5" ', line(INK, 0.4), '/>',
    '<circle cx="5" cy="-3.6" r="0.8" ', f("#fafafa"), '/>',
  },
  -- a tiger: an orange cat with black stripes and a raised tail
  tiger = tconcat {
    '<path d="M-5.5 3.5 L-5.5 8.5 M-3.5 3.5 L-3.5 8.5 M3.5 3.5 L3.5 8.5 M5.5 3.5 L5.5 8.5" ', line("#e65100", 1.8), '/>',
    '<ellipse cx="0" cy="1.5" rx="7" ry="3.5" ', f("#ef6c00"), '/>',
    '<circle cx="6.8" cy="-2" r="3.3" ', f("#ef6c00"), '/>',
    '<path d="M5 -5.2 L5.6 -6.8 L6.8 -5.4 M7.8 -5.2 L8.8 -6.6 L9.2 -4.6" ', f("#ef6c00"), ' stroke="#ef6c00" stroke-width="0.8"/>',
    '<path d="M-7 1 Q-10 -1 -9 -6" ', line("#ef6c00", 1.5), '/>',
    '<path d="M-4 -1.5 L-3 2 M-1 -1.9 L0 2.2 M2 -1.6 L3 2 M5.6 -4.5 L6.4 -3" ', line(INK, 1.1), '/>',
    '<circle cx="8" cy="-2.6" r="0.6" ', f(INK), '/>',
  },
  -- a bison (New World's animals: one attribute counts them all)
  animal = tconcat {
    '<path d="M-6 4 L-6 8.5 M-4 4 L-4 8.5 M2.5 4 L2.5 8.5 M4.5 4 L4.5 8.5" ', line("#3e2723", 1.8), '/>',
    '<path d="M-8.5 2 Q-8.5 -2 -4 -2.5 Q-1 -7 3.5 -6.5 Q7.5 -6 8 -2 L9 2 L7.5 4 Q6 5.5 4 5 L-7.5 5 Q-9 4 -8.5 2 Z" ', f("#5d4037"), '/>',
    '<path d="M6 -6 Q8 -8 9 -6.5" ', line("#eeeeee", 1.1), '/>',
    '<path d="M-1 -5 Q3 -3 5 1" ', line("#3e2723", 1.2), '/>',
    '<path d="M-8.5 1.5 L-10 5" ', line("#5d4037", 1), '/>',
  },
  -- a fish: a blue body, a tail and an eye
  fish = tconcat {
    '<path d="M-4.5 0 L-9.5 -5 L-9 5 Z" ', f("#1565c0"), '/>',
    '<ellipse cx="1" cy="0" rx="8" ry="4.8" ', f("#1e88e5"), '/>',
    '<circle cx="5.5" cy="-1.2" r="1" ', f("#ffffff"), '/>',
    '<path d="M0 -3.5 Q-1.5 0 0 3.5" ', line("#0d47a1", 0.8), '/>',
  },
  -- a menhir: a tall grey standing stone on the ground
  menhir = tconcat {
    '<path d="M-8 8.5 L8 8.5" ', line("#558b2f", 1.6), '/>',
    '<path d="M-4.5 8.5 Q-5.5 -2 -2 -8.5 Q1.5 -10.5 3.5 -7 Q5.5 0 4.5 8.5 Z" ', f("#90a4ae"), ' stroke="#37474f" stroke-width="0.8"/>',
    '<path d="M-1 -4 L1.5 -1 M0 2 L2 4.5" ', line("#546e7a", 0.8), '/>',
  },
  -- mushrooms: two red caps with white spots on pale stems
  mushrooms = tconcat {
    '<path d="M-5 8.5 L-5 1 M4 8.5 L4 -1" ', line("#efebe9", 3), '/>',
    '<path d="M-9.5 2 Q-5 -7 -0.5 2 Z" ', f("#c62828"), '/>',
    '<path d="M-1 -1 Q4 -10.5 9.5 -1 Z" ', f("#d32f2f"), '/>',
    '<circle cx="-5" cy="-1" r="1" ', f("#ffffff"), '/><circle cx="3" cy="-4.5" r="1.1" ', f("#ffffff"),
    '/><circle cx="6.2" cy="-3" r="0.9" ', f("#ffffff"), '/>',
  },
  -- a raft: lashed logs
  raft = tconcat {
    '<path d="M-8.5 -4.5 L8.5 -4.5 M-8.5 -1.5 L8.5 -1.5 M-8.5 1.5 L8.5 1.5 M-8.5 4.5 L8.5 4.5" ', line("#8d6e63", 2.8), '/>',
    '<path d="M-5 -7 L-5 7 M5 -7 L5 7" ', line("#3e2723", 1.1), '/>',
  },
  -- a logboat: a dugout canoe on the water with a paddle
  logboat = tconcat {
    '<path d="M-9.5 6.5 Q0 4.5 9.5 6.5" ', line("#42a5f5", 1.4), '/>',
    '<path d="M-9.5 -0.5 L9.5 -0.5 Q7 5 0 5 Q-7 5 -9.5 -0.5 Z" ', f("#6d4c41"), '/>',
    '<path d="M2 -8.5 L-2 4.5" ', line("#3e2723", 1.1), '/>',
    '<ellipse cx="-2.2" cy="5" rx="1.2" ry="2" ', f("#3e2723"), '/>',
  },
  -- a wildfire: a flame
  wildfire = tconcat {
    '<path d="M0 9 Q-8 8 -7 1 Q-6.5 -3 -3 -5 Q-3.5 -1 -1 0 Q-2 -6 3 -10 Q2 -5 6 -1 Q8.5 3 6 7 Q4 9 0 9 Z" ', f("#e64a19"), '/>',
    '<path d="M0 9 Q-4 8 -3.5 4 Q-3 1.5 -0.5 0.5 Q0 3 2 3.5 Q4.5 5.5 3 8 Q2 9 0 9 Z" ', f("#ffca28"), '/>',
  },
  -- a pit trap: a pit with stakes, seen from the side
  pit_trap = tconcat {
    '<path d="M-10 -2 L-6 -2 L-4.5 7.5 L4.5 7.5 L6 -2 L10 -2" ', line("#5d4037", 1.6), '/>',
    '<path d="M-3 7.5 L-2 1 L-1 7.5 M0.5 7.5 L1.5 1 L2.5 7.5" ', f("#8d6e63"), ' stroke="#3e2723" stroke-width="0.6"/>',
    '<path d="M-7 -4 L7 -4" ', line("#9e9d24", 1.2), ' stroke-dasharray="2 1.5"/>',
  },
  -- a hunting trap: a snare's open jaws
  hunting_trap = tconcat {
    '<path d="M-8 2 Q0 -12 8 2" ', line("#455a64", 1.8), '/>',
    '<path d="M-6 -1 L-4.5 -4 L-3 -2 L-1.5 -5.5 L0 -2.5 L1.5 -5.5 L3 -2 L4.5 -4 L6 -1" ', line("#263238", 1), '/>',
    '<path d="M-9.5 2 L9.5 2 M0 2 L0 8" ', line("#455a64", 1.8), '/>',
    '<circle cx="0" cy="8" r="1.4" ', f("#455a64"), '/>',
  },
  -- a shaman: a figure with a feathered headdress and a drum
  shaman = tconcat {
    '<circle cx="0" cy="-4" r="2.6" ', f("#4a148c"), '/>',
    '<path d="M-2.5 -6 L-4 -9.8 M0 -6.6 L0 -10 M2.5 -6 L4 -9.8" ', line("#ab47bc", 1.3), '/>',
    '<path d="M-5 9 L-3 -0.5 L3 -0.5 L5 9 Z" ', f("#6a1b9a"), '/>',
    '<ellipse cx="6.5" cy="3" rx="2.8" ry="3.3" ', f("#ffe0b2"), ' stroke="#4e342e" stroke-width="0.8"/>',
  },
  -- a trading post (New World): a log house with a pennant on its roof
  post = tconcat {
    '<path d="M-8 8.5 L-8 -1 L0 -7 L8 -1 L8 8.5 Z" ', f("#8d6e63"), ' stroke="#3e2723" stroke-width="0.8"/>',
    '<path d="M-8 2 L8 2 M-8 5 L8 5" ', line("#5d4037", 0.8), '/>',
    '<rect x="-2" y="3" width="4" height="5.5" ', f("#3e2723"), '/>',
    '<path d="M0 -7 L0 -10.5" ', line(INK, 0.8), '/><path d="M0 -10.5 L4 -9.2 L0 -8 Z" ', f("#c62828"), '/>',
  },
  -- a flag (New World's towns): a red flag on a pole
  flag = tconcat {
    '<path d="M-5 9.5 L-5 -9.5" ', line("#3e2723", 1.6), '/>',
    '<path d="M-4.5 -9 Q0 -11 3 -8.5 Q6 -6 9 -8 L9 0 Q6 2 3 -0.5 Q0 -3 -4.5 -1 Z" ', f("#c62828"), '/>',
  },
  -- the princess (Princess & Dragon): a gold crown with a pink jewel
  princess = tconcat {
    '<path d="M-8.5 6 L-9 -5 L-4.5 0 L0 -8.5 L4.5 0 L9 -5 L8.5 6 Z" ', f("#fbc02d"), ' stroke="#8d6e00" stroke-width="0.8"/>',
    '<rect x="-8.5" y="6" width="17" height="3" ', f("#f9a825"), ' stroke="#8d6e00" stroke-width="0.8"/>',
    '<circle cx="0" cy="1.5" r="2.2" ', f("#ec407a"), '/>',
    '<circle cx="-9" cy="-5" r="1.3" ', f("#fbc02d"), '/><circle cx="0" cy="-8.5" r="1.3" ', f("#fbc02d"),
    '/><circle cx="9" cy="-5" r="1.3" ', f("#fbc02d"), '/>',
  },
  -- goods (Traders & Builders): a bunch of grapes, a sheaf, a bolt of cloth
  wine = tconcat {
    '<path d="M0 -6 Q1 -9.5 4 -9.5" ', line("#558b2f", 1.3), '/>',
    '<path d="M1 -7.5 Q5 -9 7 -6 Q4 -5 1 -7.5 Z" ', f("#7cb342"), '/>',
    '<g ', f("#7b1fa2"), ' stroke="#4a148c" stroke-width="0.5">',
    '<circle cx="-4" cy="-3.5" r="2.3"/><circle cx="0" cy="-3.5" r="2.3"/><circle cx="4" cy="-3.5" r="2.3"/>',
    '<circle cx="-2" cy="0.5" r="2.3"/><circle cx="2" cy="0.5" r="2.3"/><circle cx="0" cy="4.5" r="2.3"/></g>',
  },
  wheat = tconcat {
    '<path d="M0 9 L0 -7 M0 9 L-4 -5 M0 9 L4 -5" ', line("#9a6b00", 1.2), '/>',
    '<g ', f("#f9a825"), ' stroke="#9a6b00" stroke-width="0.4">',
    '<ellipse cx="0" cy="-7" rx="1.6" ry="3"/><ellipse cx="-4.2" cy="-5" rx="1.6" ry="3" transform="rotate(-20 -4.2 -5)"/>',
    '<ellipse cx="4.2" cy="-5" rx="1.6" ry="3" transform="rotate(20 4.2 -5)"/></g>',
    '<path d="M-3.5 3 L3.5 3" ', line("#6d4c41", 1.6), '/>',
  },
  cloth = tconcat {
    '<path d="M-7 -7 L5 -7 L5 7 L-7 7 Z" ', f("#1d4f91"), '/>',
    '<ellipse cx="5" cy="0" rx="2.5" ry="7" ', f("#1565c0"), ' stroke="#0d2f5f" stroke-width="0.6"/>',
    '<path d="M-7 -2.5 L5 -2.5 M-7 2.5 L5 2.5" ', line("#90caf9", 1), '/>',
    '<path d="M-7 7 L-9.5 9.5 L-4 7" ', f("#1d4f91"), '/>',
  },
}

local function num(x)
  if x == x // 1 then return tostring(x // 1) end
  return sfmt("%.2f", x)
end

--- True when name has a picture.
function I.has(name) return I.PICTURES[name] ~= nil end

--- The box a token of attribute `name` at (x, y) covers, {x0, y0, x1, y1}
--- (tile side S; a count above 1 adds its tab).
function I.box(x, y, S, value)
  local r = S * I.RADIUS
  local extra = value > 1 and r * 0.45 or 0
  return { x - r, y - r - extra, x + r + extra, y + r }
end

--- Appends the token of attribute `name` (colour: its rim) at (x, y).
function I.token(out, name, cls, colour, x, y, S, value)
  local r = S * I.RADIUS
  out[#out + 1] = sfmt('<g class="attr attr-%s" transform="translate(%s,%s)"><title>%s</title>'
    .. '<circle r="%s" fill="#ffffff" stroke="%s" stroke-width="%s"/><g transform="scale(%s)">%s</g>',
    cls, num(x), num(y), (name:gsub("_", " ")) .. (value > 1 and (" x" .. value) or ""),
    num(r), colour, num(S * 0.018), num(r * 0.085), I.PICTURES[name])
  if value > 1 then
    local c = r * 0.55
    out[#out + 1] = sfmt('<circle cx="%s" cy="%s" r="%s" fill="#212121"/><text x="%s" y="%s" font-size="%s" font-weight="bold" fill="#ffffff" text-anchor="middle">%d</text>',
      num(r * 0.9), num(-r * 0.9), num(c), num(r * 0.9), num(-r * 0.9 + c * 0.62), num(c * 1.6), value)
  end
  out[#out + 1] = "</g>"
end

return I

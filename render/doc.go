// Package render draws the map of a game as a PNG for any rule system that says
// how its maps look: a base map of the board (places filled by terrain, borders
// styled by their features, roads, waters, names and signs, and the system's
// legend), and on it one viewer's picture of a turn: pieces where they stand,
// enemy pieces as blanks where the viewer may not know them (DESIGN §3), pieces
// last seen, the last turn's moves, retreats and battles, places that changed
// hands, eliminations, taken signs, arrivals due, the title band and the panel.
//
// # What a system supplies
//
// render imports no system package. It reads the contract (package adjudicator):
//
//   - the scenario's Board: places with a terrain tag, the name as printed
//     (Place.Label), a water flag and a Sign (camp, landing, entry); edges with
//     their features and the high side of a slope; named roads; on a grid board,
//     the Labels its map prints over groups of cells. Terrain and feature tags
//     are drawn by render's style tables: on an area board terrainStyle and
//     border ("woods", "river", "stream", "ford", "creek", "slope", …), on a hex
//     board hexStyle ("clear", "forest", "rough", "forest_and_rough", "town",
//     "river", "river_ferry") and the hexside features "creek", "bridge",
//     "ford", "road" and "trail". A tag render does not know is drawn plain; a
//     new system adds its tags there.
//   - adjudicator.Pictured, implemented by the scenario: Legend, the key to the
//     base map (labels with a sample each), and Picture, cut by the system from a
//     View and a ReportView only, never a State. A Picture is plain data: pieces
//     with their faces (side, symbol, name, strength, movement allowance, rating,
//     HQ band, corner text, formation tag, hidden, ghost and when it was seen),
//     control, marks, arrows (moves, retreats, advances), battles (on a hex
//     board with the attackers' places, the odds and the result), losses, place
//     tags, the title's facts, the panel's lines and the key's captions.
//   - an area board's drawing geometry keyed by the board's id (below); a grid
//     board needs none.
//
// Every word on the map that speaks of the rules (legend labels, panel headings,
// mode names, captions) comes from the system in these shapes; render adds only
// the game's title from Options and its own typography.
//
// # Geometry
//
// The seam between boards is the place polygon (docs/ARCHITECTURE.md §7). An area
// board's geometry lives in assets/<board id>/geometry.toml, apart from the rules
// data and keyed by the same place ids (DESIGN §7): for each place an outline, a
// label point and a point where its pieces stand; the courses of streams, creeks
// and roads. Neighbouring outlines repeat their shared points exactly; that is how
// the renderer finds the border between two places and styles it. The Shiloh file
// was drafted by internal/geomgen (which reads a draft of centres, not a system's
// data) and is now the source of truth: a club may edit it by hand. A hex board's
// polygons are computed from its Grid (grid.go, GridGeometry; GeometryFor does it
// for any scenario whose board has a grid): flat-topped hexes in straight columns
// filling the map's width. The tests check that every place, border and road of
// every built-in scenario can be drawn.
//
// # Pieces in their places
//
// A land area's name, with its sign before it, a camp's caption above it and
// the slot of its control flag after it, stands wholly inside the area's own
// outline, a few pixels clear of it (stack.go placeBoxes), so that a reader
// never has to guess whose it is; the river's name runs down the water.
// An area's blocks stand inside its outline and off every place's name, sign,
// caption and control flag (stack.go): the grid nearest the area's spot that
// fits, else rows that follow the outline with no block standing apart from
// the rest (a block alone at an area's edge reads as a neighbour's), searched
// once per area and number of blocks. Every area of Shiloh's map has room for a side's stack at its
// stacking limit at full size; where more stand (a battle, 3.31, and blocks
// last seen there), the whole stack is drawn smaller, in steps down to 0.58 of
// the full size, rather than spill over a neighbour or its name: each block is
// drawn whole on a tile and scaled down, so it shows what it shows elsewhere.
// An arrow into an area ends at the stack standing there; a battle's marks
// stand beside it, in the area's free room, else in the first cells of its grid
// (standing.go). A block prints its name, never so shortened that two blocks of
// a scenario read alike (the system names blocks that share a name apart), and
// its formation's tag. Every symbol drawn on a map has its sample in the key.
//
// # Hex boards
//
// A hex board is drawn as an SPI map (hex.go): terrain fills and symbols per hex,
// a thin grid, roads and trails from hex centre to hex centre across the hexsides
// that carry them, creeks along their hexsides with bridges and fords across
// them, the CCRR number at the top of every hex and the board's labels under the
// pieces. Pieces are chosen by a style table on the board's kind (view.go
// pieceStyles): blocks on an area board, SPI counters on a hex board (counters.go:
// the side's colour, designation, NATO type box, strength-movement; two to a hex
// side by side). Arrows run straight from centre to centre and stop at the
// counters of their last hex, and the hex numbers they cross are printed again
// over them; attacks get red arrows from the attackers' hexes and the odds and
// result under the defender.
// A hex map has its own palette (palette.go), so the area maps' is unchanged.
//
// # Speed
//
// The base map is drawn once per scenario and cached with its conversion to the
// palette; a view starts from a copy of its pixels. A block's body (the square, an
// HQ's band, the border, the unit symbol) is drawn once per kind on a tile and
// composited (blocks.go); only the texts on a block are drawn for each map. The
// picture is encoded as a paletted PNG with a fixed palette (flat fills keep their
// exact colour): runs of pixels equal to the base map's take its converted pixels,
// the others go through a lookup table, and deflate runs at BestSpeed (the levels
// compared are in palette.go); a map still over 250 KB is encoded again at the
// default level.
//
// BenchmarkDrawAntietam, the Union map of a game-turn on Antietam's 21×29 hexes
// (1600×2758 pixels, 86 counters), takes 27-42 ms of CPU, 21 ms of it deflate, and
// is 255 KB; its alarms are 250 ms and 300 KB. A hex map is encoded again at the
// default level only over 300 KB (palette.go maxHexPNGBytes).
//
// BenchmarkDrawView on the 2-vCPU test machine (issue 16's scaled stacks and
// battle marks included; the host loaded by a CI run beside it): the USA map of
// the test position (81 blocks and a report) takes 24-29 ms of CPU, 16 ms of it
// encoding, and is 222 KB. A map with every area at its stacking limit (264
// blocks) is over 250 KB at BestSpeed, so it is encoded again: 79-115 ms, 215 KB.
// Its alarm is 500 ms. The maps of a game played by the random bots were at most
// 234 KB.
package render

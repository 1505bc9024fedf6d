// Package render draws the map of a game as a PNG: a base map of the battlefield
// (areas filled by terrain 3.34, borders styled by terrain 3.35, roads 3.4, camps 3.5,
// landings 9.1, entry roads 5.6 and the river 4.25), and on it one side's view of an
// hour: its own blocks in full, enemy blocks as blanks (DESIGN §3), blocks last seen
// in battle, this hour's moves, retreats and battles (5.3, 6.2, 6.7), areas that
// changed hands (5.1), eliminated blocks (6.9), captured camps (7.2), the
// victory-point tally (8.0) and the arrivals due next hour (5.6, 5.61, 9.1).
//
// The package receives a View and a ReportView, never a State: what it can draw is
// only what the viewer may know. Enemy names and strengths are drawn only in open
// games and for the GM, whatever an EnemyBlock carries.
//
// # Geometry
//
// Drawing geometry lives in assets/<map id>/geometry.toml, apart from the rules data
// and keyed by the same area ids (DESIGN §7): for each area an outline, a label point
// and a point where its blocks stand; the courses of streams, creeks and roads.
// Neighbouring outlines repeat their shared points exactly; that is how the renderer
// finds the border between two areas and styles it. The Shiloh file was drafted by
// internal/geomgen from the reference area centres and borders (each face of the
// border graph shared among its corners, relaxed to even out the area sizes) and is
// now the source of truth: a club may edit it by hand. The tests check that every
// area, border and road of every embedded scenario can be drawn.
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
// BenchmarkDrawView on the 2-vCPU test machine, alternating with the previous code:
// the USA map of the test position (81 blocks and a report) takes 14-15 ms of CPU,
// 9.5 ms of it encoding (1.5 ms converting, the rest deflate), and is 218 KB; it
// took 20-22 ms, 12-13 ms of it encoding (4.4 ms converting), at the same size. A map
// with every area at its stacking limit (264 blocks) is 253 KB at BestSpeed, so it is
// encoded again: 48 ms, 207 KB. The maps of a game played by the random bots were
// at most 234 KB.
package render

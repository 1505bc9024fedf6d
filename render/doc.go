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
// The base map is drawn once per map and cached; a view starts from a copy of its
// pixels. The picture is encoded as a paletted PNG with a fixed palette (flat fills
// keep their exact colour), which is both fast and small: about 30 ms of CPU and
// 215 KB for a Day 1 map with 80 blocks (BenchmarkDrawView).
package render

// Package render draws the map of a game as a PNG: a base map of the battlefield
// (areas filled by terrain 3.34, borders styled by terrain 3.35, roads 3.4, camps 3.5,
// landings 9.1, entry roads 5.6 and the river 4.25), and on it one side's view of an
// hour: its own blocks in full, enemy blocks as blanks (DESIGN §3), blocks last seen
// in battle, this hour's moves and battles, the victory-point tally (8.0) and the
// arrivals due next hour.
//
// The package receives a View and a ReportView, never a State: what it can draw is
// only what the viewer may know. Drawing geometry lives in assets/<scenario>/ keyed
// by the scenario's area ids, apart from the rules data.
package render

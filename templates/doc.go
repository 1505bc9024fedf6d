// Package templates writes what a side reads: the hour mail's battle report in text
// and HTML from the same data (text/template and html/template with
// missingkey=error), the pre-filled order template, and the subject line.
//
// Like render/, it receives only a side's adjudicator.View and adjudicator.ReportView
// (DESIGN §3): nothing here can print what that side may not know, because it is
// never handed the full state. Names of enemy blocks are looked up only for ids the
// view itself carries (blocks revealed in battle, or open games).
package templates

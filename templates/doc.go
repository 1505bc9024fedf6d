// Package templates writes what a side reads: the hour mail in text and HTML from
// the same data (text/template and html/template with missingkey=error), its
// report, the pre-filled order form, the subject line, the sequential-play lines,
// the end-of-game record and the receipt that answers a side's orders
// (ReceiptText: orders.Receipt's phrases and numbers in shared.txt's receipt.*
// words). The server's own short mails (deadline reminders, grace and NMR
// notices, the answers to a player's commands, joining, invitations, the GM's
// notices to the players, the end-of-game record, ladder standings) are
// Notices: shared.txt's notice.* entries, with what a side's pieces do without
// orders in the system's own nmr.* words, wrapped for a plain-text mail. Only
// the GM's answers to GM commands are still written in Go, in package server.
//
// It knows no rule system. A system cuts its mails as phrases from a side's
// adjudicator.View and adjudicator.ReportView (adjudicator.Told: Sheet, Form,
// Record) and this package words every phrase with templates/words (shared.txt and
// the system's own file) and lays the mail out (docs/ARCHITECTURE.md §5). Nothing
// here can print what that side may not know, because it is never handed the full
// state: names of enemy units are looked up only for ids the view itself carries.
package templates

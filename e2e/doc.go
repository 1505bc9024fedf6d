// Package e2e holds the game-level end-to-end tests of Shiloh PBEM (issue 5, and
// issue 7's "verify passes on every end-to-end game"). It has no code of its own:
// the tests build the real `pbem` binary, create a game with `pbem game new`, run
// `pbem serve` as a child process, and play both sides as mail users who read their
// own IMAP mailboxes and send orders over SMTP to the secret Reply-To of their last
// hour mail. After every game the daemon is stopped and `pbem verify` and
// `pbem replay` must pass.
//
// The same scenarios run against two mail systems through one harness:
//
//   - in every `go test`, the in-process server of mail/mailtest (go-smtp filing
//     into go-imap's memory server, with IDLE and MOVE);
//   - with `-tags mailserver`, a real Postfix (SMTP, queue, LMTP delivery) and
//     Dovecot (IMAP with IDLE) started on 127.0.0.1 by scripts/mailserver/start.sh
//     on ports of their own, so the suite can run beside the mail package's.
//
// Scenarios: a whole hour (receipts, reports with a PNG map, the revealed seed
// against its commitment, fog of war in every byte of text each side receives, and
// the latency from the second side's orders to both reports); mail samples (the
// same mail twice, a resubmission, a reply quoting the whole report, HTML-only,
// windows-1252); faults (IMAP server restarted, SMTP server down and back, the
// daemon killed with SIGKILL at random points across a game); a spoofed sender,
// an auto-reply and a bounce. DESIGN §5 (mail) and §4 (dice you can check) are the
// parts of the design these tests hold the program to.
package e2e

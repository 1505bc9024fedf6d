// Package mail is the adjudicator's mail transport (DESIGN §5): reading mail from an
// IMAP mailbox exactly once (Watcher), decoding it into UTF-8 text whatever the client
// sent (Decode, HTMLToText, FreshText), deciding whether it may be answered at all
// (Classify: auto-replies, bounces, lists, ourselves, loops), finding which game and
// side it is for (Route, ParseAddressToken, SubjectTag, Passphrase), spotting mail
// commands (Commands), optional DKIM checks (CheckDKIM), per-sender rate limits
// (RateLimiter), composing threaded multipart mails with the map inline and attached
// (Compose), and delivering the outbox over SMTP (Sender). Inspect explains all of it
// for one raw mail (`pbem mail inspect`).
//
// The package knows nothing of games, orders or the store: the integrator satisfies
// the Handler and Outbox interfaces with store transactions, so that a mail's
// (UIDVALIDITY, UID), its Message-ID, its effect and any reply in the outbox commit
// together. It covers no rules sections of the game. See docs/MAIL.md for the
// addressing scheme and delivery guarantees; subpackage mailtest is an in-process
// SMTP+IMAP server for tests and demos.
package mail

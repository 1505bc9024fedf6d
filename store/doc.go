// Package store keeps the game record of the PBEM server in one bbolt file:
// games and their players, every hour's inputs and outputs, the raw mail
// archive, the index of processed mail, the outbox, each game's audit chain and
// the ladders (DESIGN §4–§6).
//
// The store knows no rules. Game states, parsed orders and reports are opaque
// bytes the engine encodes; the store adds the small typed metadata it needs
// (hours, versions, hashes, times) and a ruleset name per game.
//
// # Transactions
//
// Store.Update runs a function in one writing transaction and Store.View in a
// read snapshot. Whatever a function does through its Tx commits together or
// not at all, which is what "exactly once" rests on: the mail intake calls
// MarkProcessed in the same Update that stores the orders and queues the
// receipt, and the resolver stores the hour, the next state, the audit link and
// the mail job of its report mails in one Update (the mails are drawn after it
// commits and queued in another that deletes the job: MailJob). Values returned by Tx methods are copies
// and stay valid after the transaction. Each transaction reads the injected
// clock once (Tx.Now).
//
// Only one process may have the file open for writing: Open fails after
// Options.Timeout with an error wrapping ErrInUse ("is a daemon already
// running?") instead of waiting for ever on bbolt's file lock.
//
// # Dice and the audit chain
//
// HourSeed derives each hour's dice seed from the game's secret; Commitment is
// the SHA-256 published before orders are due. Every resolved hour, GM action
// and game creation is an AuditRecord whose Hash covers its canonical encoding
// (AuditRecord.CanonicalBytes) and the previous link's hash; VerifyChain checks
// the links and the stored hours against them, and GameRecord.Verify does the
// same offline for an exported game.
//
// # Key layout (schema 3)
//
// Integers in keys are big-endian and fixed-width so that keys sort in numeric
// order. Values are JSON unless marked raw; "gz" values are stored
// gzip-compressed and read back as given (blob.go).
//
//	meta/schema                          8-byte schema version (3)
//	games/<id>/game                      Game
//	games/<id>/mailcount                 u64: mails ever queued for the game
//	games/<id>/hours/<hour u64>/meta     hour metadata (seed, commitment, times)
//	games/<id>/hours/<hour u64>/state    raw, gz: state at the start of the hour
//	games/<id>/hours/<hour u64>/next     raw, gz: state after the hour
//	games/<id>/hours/<hour u64>/report/<side>   raw, gz: report ("gm" for the GM)
//	games/<id>/hours/<hour u64>/orders/<side> 0x00 <version u32>   OrderSet
//	games/<id>/audit/<seq u64>           AuditRecord
//	tokens/<token>                       raw: <game id> 0x00 <side>
//	players/<mailbox> 0x00 <game id> 0x00 <side>   empty: a player's seats
//	mail/<ref u64>                       raw, gz: an incoming message as received
//	processed/uid/<uidvalidity u32><uid u32>   ProcessedMail
//	processed/msgid/<message-id>         ProcessedMail
//	outbox/<id u64>                      unsent: u32 header length, JSON OutMsg, raw message
//	outbox_due/<class u8><next attempt ns u64><id u64>   empty: unsent messages, urgent (0) before bulk (1)
//	sent/<id u64>                        OutMsg of a sent message: Message-ID, SHA-256, size; no raw bytes
//	mailjobs/<id u64>                    MailJob: mails to draw and queue after a commit
//	ladders/<name>/ratings/<player>      Rating
//	ladders/<name>/results/<seq u64>     LadderResult
//
// # Schema versions
//
// Open creates a new file at SchemaVersion, migrates an older one forward in a
// single transaction (so a failed migration leaves the file as it was), and
// refuses a newer one with ErrSchema. Schema 1 (flat shared buckets for hours
// and audit links, no token index) migrates to 2 by migrateV1toV2; schema 2
// (sent mail kept whole in the outbox) to 3 by migrateV2toV3. A change to
// the layout adds a version and a migration; it never rewrites an old one.
// docs/STORE.md has the full description.
package store

// Package orders is the order language machinery every rule system's grammar is
// written over: it knows the language, not the game. Plain text in, one side's
// orders and every problem (with its line number) out, and the receipt a player
// gets back with the order set's hash.
//
// What it holds, shared by every system:
//
//   - Mail clean-up (lex.go): the orders are found in a mail, leaving out text
//     before an ORDERS line, after END, a signature or a reply header, quoted (">")
//     lines and "#" or "//" comments; lines a mail client wrapped are joined again,
//     using the Vocabulary a grammar gives (its keywords and the words that end an
//     order).
//   - The lexer (lex.go): words, commas (and "and"), colons, arrows (">", "->",
//     "to") and road arrows (">>"), as Tokens, with helpers for lists.
//   - Name lookup with suggestions (names.go): a Dictionary of the areas, blocks
//     and arrival groups a scenario's Names give, found by any spelling, alias,
//     word prefix or near miss, with "did you mean" for what matches nothing.
//   - The Reader (reader.go): what a grammar reads a mail with, line by line,
//     keeping every Problem at its line and resolving names for it.
//   - The receipt (receipt.go): every order echoed canonically with its status, the
//     system's checks filed on the lines they name, the grammar's count of the
//     orders, and the order set's Hash, the SHA-256 of its canonical text.
//
// Each rule system brings its Grammar (Parse and Format) on its contract scenario:
// Read and Canonical (contract.go), which the server calls, find it there, so this
// package imports no system and keeps no registry.
//
// Nothing here is English: a problem is a phrase (Reader.Fail, Doubt; this
// package's own are Codes, worded in templates/words/shared.txt) and the receipt
// is data, phrases and numbers, that templates.ReceiptText words and lays out.
//
// Shiloh 1862's grammar is the grammar*.go files of package adjudicator/shiloh1862;
// docs/PLAYERS.md is its players' guide, whose examples are tests there.
package orders

// Package mailbox says when two addresses reach the same mailbox: the
// comparison the mail layer uses to recognise a player and the store's players
// index keys by. It imports nothing of the project, so both may use it.
package mailbox

import "strings"

// Key is an address in lower case without its subaddress (the "+tag" of the
// local part): bob+pbem@Example.org and bob@example.org share the key
// bob@example.org. An address without "@" is only lowered.
func Key(addr string) string {
	a := strings.ToLower(strings.TrimSpace(addr))
	at := strings.LastIndexByte(a, '@')
	if at < 0 {
		return a
	}
	local, domain := a[:at], a[at:]
	if p := strings.IndexByte(local, '+'); p >= 0 {
		local = local[:p]
	}
	return local + domain
}

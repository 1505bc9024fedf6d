//go:build unix

package main

import (
	"fmt"
	"os"
	"os/user"
	"strconv"
	"syscall"
)

// ownerMismatch says why rewriting path as this process would leave it to the
// wrong account: the rewritten file belongs to whoever writes it, and a daemon
// running as the file's owner could then not open it. Empty if no problem.
func ownerMismatch(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	me := os.Geteuid()
	if me < 0 || uint32(me) == st.Uid {
		return ""
	}
	owner, self := userName(st.Uid), userName(uint32(me))
	return fmt.Sprintf("%s belongs to %s (uid %d) but this runs as %s (uid %d): the rewritten file would belong to %s "+
		"and the daemon could not open it; run pbem compact as %s (e.g. sudo -u %s pbem compact …)",
		path, owner, st.Uid, self, me, self, owner, owner)
}

func userName(uid uint32) string {
	id := strconv.FormatUint(uint64(uid), 10)
	if u, err := user.LookupId(id); err == nil {
		return u.Username
	}
	return "#" + id
}

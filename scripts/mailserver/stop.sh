#!/usr/bin/env bash
# stop.sh [all|dovecot|postfix] [--purge] — stop the test mail server started by
# start.sh (same $PBEM_MAIL_DIR). Only signals the daemons whose pid files live in
# that directory; never a system-wide instance. Idempotent. --purge deletes the
# directory (mailboxes, queue, logs).
set -uo pipefail
export PATH="$PATH:/usr/sbin:/sbin"
D=${PBEM_MAIL_DIR:-/tmp/pbem-mailserver}
what=all purge=0
for a in "$@"; do
  case $a in
    all|dovecot|postfix) what=$a ;;
    --purge) purge=1 ;;
    *) echo "usage: $0 [all|dovecot|postfix] [--purge]" >&2; exit 2 ;;
  esac
done
alive() { [ -n "${1:-}" ] && [ -e "/proc/$1" ] && [ "$(awk '/^State:/{print $2}' "/proc/$1/status" 2>/dev/null)" != Z ]; }
pidof_file() { if [ -f "$1" ]; then tr -dc 0-9 < "$1"; fi; }
stop_pid() { # pid: SIGTERM, wait up to 15 s, then SIGKILL
  alive "$1" || return 0
  kill "$1" 2>/dev/null
  for _ in $(seq 150); do alive "$1" || return 0; sleep 0.1; done
  kill -9 "$1" 2>/dev/null; sleep 0.2
}
if [ "$what" != postfix ]; then
  dc=$(pidof_file "$D/run/master.pid")
  if alive "$dc"; then
    # Dovecot's master exits before its imap/auth children, which keep the clients'
    # connections open; stop them too (by pid), as a real restart would.
    kids=$(ps -o pid= --ppid "$dc" 2>/dev/null || true)
    stop_pid "$dc"
    for k in $kids; do alive "$k" && kill "$k" 2>/dev/null; done
    for k in $kids; do stop_pid "$k"; done
  fi
  rm -f "$D/run/master.pid"   # a zombie's pid file would block the next start
fi
if [ "$what" != dovecot ]; then
  pf=$(pidof_file "$D/spool/pid/master.pid")
  if alive "$pf"; then
    postfix -c "$D/postfix" stop </dev/null >/dev/null 2>&1 || true
    stop_pid "$pf"
  fi
fi
if [ "$purge" = 1 ]; then rm -rf "$D"; fi
exit 0

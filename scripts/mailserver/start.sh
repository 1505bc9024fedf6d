#!/usr/bin/env bash
# start.sh — a private, loopback-only Postfix + Dovecot for the mail tests.
#
#   SMTP        127.0.0.1:$PBEM_MAIL_SMTP_PORT (10025)  no TLS; relaying from 127.0.0.0/8
#   Submission  127.0.0.1:$PBEM_MAIL_SUBM_PORT (10587)  STARTTLS (self-signed) + AUTH PLAIN
#   IMAP        127.0.0.1:$PBEM_MAIL_IMAP_PORT (10143)  LOGIN without TLS allowed; IDLE, MOVE
#   Postfix delivers to Dovecot over LMTP (127.0.0.1:$PBEM_MAIL_LMTP_PORT, 10024).
#
# Users (all @$PBEM_MAIL_DOMAIN, password "<name>-secret"): $PBEM_MAIL_USERS, default
# "pbem gm alice bob catchall". Unknown users of the domain are refused (550); mail
# for any other domain goes to catchall, so nothing leaves the machine.
#
# Everything (configs, queue, mailboxes, logs, pid files) lives in $PBEM_MAIL_DIR
# (default /tmp/pbem-mailserver); /etc/postfix and /etc/dovecot are not used. Needs
# root and the Debian packages postfix dovecot-imapd dovecot-lmtpd openssl (installed
# by .ci/run, not here). Starts only what is not running, so it also restarts a
# component stopped with `stop.sh dovecot` or `stop.sh postfix`. Prints KEY=VALUE
# lines (also written to $PBEM_MAIL_DIR/env).
set -euo pipefail
export PATH="$PATH:/usr/sbin:/sbin"
D=${PBEM_MAIL_DIR:-/tmp/pbem-mailserver}
DOMAIN=${PBEM_MAIL_DOMAIN:-example.test}
USERS=${PBEM_MAIL_USERS:-"pbem gm alice bob catchall"}
SMTP=${PBEM_MAIL_SMTP_PORT:-10025} SUBM=${PBEM_MAIL_SUBM_PORT:-10587}
IMAP=${PBEM_MAIL_IMAP_PORT:-10143} LMTP=${PBEM_MAIL_LMTP_PORT:-10024} AUTH=${PBEM_MAIL_AUTH_PORT:-10026}
H=127.0.0.1
die() { echo "mailserver: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (Postfix and Dovecot drop privileges themselves)"
for b in postfix postconf dovecot openssl; do
  command -v "$b" >/dev/null || die "'$b' not found; install: apt-get install -y postfix dovecot-imapd dovecot-lmtpd openssl"
done
[ -x /usr/lib/dovecot/lmtp ] || die "Dovecot LMTP missing; install: apt-get install -y dovecot-lmtpd"
[ -x /usr/lib/dovecot/imap ] || die "Dovecot IMAP missing; install: apt-get install -y dovecot-imapd"

# A daemon counts as running only if its pid is alive and not a zombie: in containers
# whose PID 1 does not reap, a stopped master lingers as a zombie and `kill -0` lies.
alive() { [ -n "${1:-}" ] && [ "$(awk '/^State:/{print $2}' "/proc/$1/status" 2>/dev/null)" != Z ] && [ -e "/proc/$1" ]; }
pidof_file() { if [ -f "$1" ]; then tr -dc 0-9 < "$1"; fi; }
greets() { # port prefix: a server on the port answers with this greeting
  ( exec 3<>"/dev/tcp/$H/$1" && IFS= read -r -t 3 l <&3 && [[ $l == "$2"* ]] ) 2>/dev/null
}

mkdir -p "$D"/{dovecot,run,postfix,spool,pfdata,mail,tls}
chmod 755 "$D"
chown postfix: "$D/pfdata"
chown mail:mail "$D/mail"

if [ ! -s "$D/tls/cert.pem" ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj /CN=localhost \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout "$D/tls/key.pem" -out "$D/tls/cert.pem" 2>/dev/null
fi

: > "$D/dovecot/passwd"; : > "$D/postfix/mailboxes"
for u in $USERS; do
  echo "$u@$DOMAIN:{PLAIN}$u-secret:8:8::$D/mail/$u::" >> "$D/dovecot/passwd"
  echo "$u@$DOMAIN OK" >> "$D/postfix/mailboxes"
done
chgrp dovecot "$D/dovecot/passwd"; chmod 640 "$D/dovecot/passwd"

cat > "$D/dovecot/dovecot.conf" <<EOF
instance_name = pbem-mailserver
base_dir = $D/run
protocols = imap lmtp
listen = $H
log_path = $D/dovecot.log
ssl = yes
ssl_cert = <$D/tls/cert.pem
ssl_key = <$D/tls/key.pem
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_username_format = %Lu
# tests try wrong passwords: no delay after a failure, no brute-force penalty
auth_failure_delay = 0
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
first_valid_uid = 8
mail_location = maildir:~/Maildir
mail_fsync = never
mail_max_userip_connections = 100
recipient_delimiter = +
namespace inbox {
  inbox = yes
  separator = /
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN $D/dovecot/passwd
}
userdb {
  driver = passwd-file
  args = $D/dovecot/passwd
}
service imap-login {
  inet_listener imap {
    address = $H
    port = $IMAP
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = $H
    port = $LMTP
  }
}
service auth {
  inet_listener {
    address = $H
    port = $AUTH
  }
}
EOF

cat > "$D/postfix/main.cf" <<EOF
compatibility_level = 3.6
queue_directory = $D/spool
data_directory = $D/pfdata
maillog_file = $D/postfix.log
maillog_file_prefixes = $D
myhostname = mail.$DOMAIN
inet_interfaces = loopback-only
inet_protocols = ipv4
mydestination =
mynetworks = 127.0.0.0/8
alias_maps =
alias_database =
virtual_mailbox_domains = $DOMAIN
# pbem+game-side-token@ is the mailbox pbem@
recipient_delimiter = +
virtual_mailbox_maps = texthash:$D/postfix/mailboxes
virtual_alias_maps = regexp:$D/postfix/catchall
# must be empty, else the catch-all regexp turns $DOMAIN into an alias domain
virtual_alias_domains =
virtual_transport = lmtp:inet:$H:$LMTP
smtpd_relay_restrictions = permit_mynetworks, permit_sasl_authenticated, reject_unauth_destination
smtpd_recipient_restrictions = reject_unlisted_recipient
smtpd_sasl_type = dovecot
smtpd_sasl_path = inet:$H:$AUTH
smtpd_sasl_auth_enable = yes
smtpd_tls_cert_file = $D/tls/cert.pem
smtpd_tls_key_file = $D/tls/key.pem
smtpd_tls_security_level = none
disable_dns_lookups = yes
smtp_dns_support_level = disabled
lmtp_host_lookup = native
biff = no
queue_run_delay = 10s
minimal_backoff_time = 10s
maximal_backoff_time = 30s
EOF
printf 'if !/@%s$/\n/^/ catchall@%s\nendif\n' "${DOMAIN//./\\.}" "$DOMAIN" > "$D/postfix/catchall"
# master.cf: our two listeners instead of port 25, and only the internal services a
# relay to LMTP needs (no chroot: the spool is private)
{
  echo "$H:$SMTP inet n - n - - smtpd"
  echo "$H:$SUBM inet n - n - - smtpd -o smtpd_tls_security_level=encrypt"
  for svc in "pickup fifo n - n 60 1 pickup" "cleanup unix n - n - 0 cleanup" "qmgr fifo n - n 300 1 qmgr" \
      "tlsmgr unix - - n 1000? 1 tlsmgr" "rewrite unix - - n - - trivial-rewrite" "bounce unix - - n - 0 bounce" \
      "defer unix - - n - 0 bounce" "trace unix - - n - 0 bounce" "verify unix - - n - 1 verify" \
      "flush unix n - n 1000? 0 flush" "proxymap unix - - n - - proxymap" "smtp unix - - n - - smtp" \
      "relay unix - - n - - smtp" "showq unix n - n - - showq" "error unix - - n - - error" \
      "retry unix - - n - - error" "discard unix - - n - - discard" "lmtp unix - - n - - lmtp" \
      "anvil unix - - n - 1 anvil" "scache unix - - n - 1 scache" "postlog unix-dgram n - n - 1 postlogd"; do
    echo "$svc"
  done
} > "$D/postfix/master.cf"

if ! alive "$(pidof_file "$D/run/master.pid")"; then
  rm -f "$D/run/master.pid"
  # must not inherit our stdout: $(start.sh) would otherwise wait for Dovecot to exit
  dovecot -c "$D/dovecot/dovecot.conf" </dev/null >"$D/dovecot.start.log" 2>&1 ||
    { cat "$D/dovecot.start.log" >&2; die "dovecot failed to start (log: $D/dovecot.log)"; }
fi
if ! alive "$(pidof_file "$D/spool/pid/master.pid")"; then
  # Postfix reports configuration errors only on a terminal or to syslog: `script` gives it one
  postfix -c "$D/postfix" start </dev/null >/dev/null 2>&1 ||
    { script -qc "postfix -c $D/postfix start" /dev/null >&2 || true; tail -5 "$D/postfix.log" >&2 2>/dev/null || true; die "postfix failed to start"; }
fi

for spec in "$IMAP:* OK" "$SMTP:220" "$SUBM:220" "$LMTP:220"; do
  for _ in $(seq 300); do greets "${spec%%:*}" "${spec#*:}" && continue 2; sleep 0.1; done
  die "port ${spec%%:*} does not answer (logs: $D/dovecot.log $D/postfix.log)"
done

cat > "$D/env" <<EOF
PBEM_MAIL_DIR=$D
PBEM_MAIL_DOMAIN=$DOMAIN
PBEM_MAIL_SMTP_ADDR=$H:$SMTP
PBEM_MAIL_SUBMISSION_ADDR=$H:$SUBM
PBEM_MAIL_IMAP_ADDR=$H:$IMAP
PBEM_MAIL_LMTP_ADDR=$H:$LMTP
PBEM_MAIL_TLS_CA=$D/tls/cert.pem
PBEM_MAIL_USERS="$USERS"
EOF
cat "$D/env"

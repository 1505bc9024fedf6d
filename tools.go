//go:build tools

// Package tools pins the prescribed dependencies in go.mod before every package that
// uses them exists.
package tools

import (
	_ "github.com/BurntSushi/toml"
	_ "github.com/emersion/go-imap/v2/imapclient"
	_ "github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	_ "github.com/emersion/go-message/charset"
	_ "github.com/emersion/go-message/mail"
	_ "github.com/emersion/go-smtp"
	_ "github.com/fogleman/gg"
	_ "github.com/jordan-wright/email"
	_ "go.etcd.io/bbolt"
	_ "golang.org/x/image/font/gofont/goregular"
	_ "golang.org/x/net/html"
)

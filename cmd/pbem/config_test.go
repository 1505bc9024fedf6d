package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The example config must parse with every key known, so it can never go stale.
func TestExampleConfigParses(t *testing.T) {
	c, err := LoadConfig(filepath.Join("..", "..", "config.example.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if c.IMAP.Addr != "imap.example.org:993" || c.Games.Deadline.Duration != 48*time.Hour {
		t.Errorf("example config read wrongly: %+v", c)
	}
	// Every default must be spelled out in the example: parse it into a zero Config
	// and compare with the defaults for the keys the example documents.
	if c.Mail.MaxBytes != DefaultConfig().Mail.MaxBytes || c.IMAP.PollInterval != DefaultConfig().IMAP.PollInterval {
		t.Errorf("example disagrees with defaults")
	}
	// Replies to a played hour's mail are refused unless asked for.
	if c.Mail.AcceptPlayedHourReplies || DefaultConfig().Mail.AcceptPlayedHourReplies {
		t.Errorf("replies to played hours accepted by default")
	}
	p := filepath.Join(t.TempDir(), "accept.toml")
	if err := os.WriteFile(p, []byte("[mail]\naccept_replies_to_played_hours = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if c, err := LoadConfig(p); err != nil || !c.Mail.AcceptPlayedHourReplies {
		t.Errorf("accept_replies_to_played_hours = true read as %v (%v)", c.Mail.AcceptPlayedHourReplies, err)
	}
	// The metrics endpoint is off unless asked for.
	if c.Metrics.Listen != "" || DefaultConfig().Metrics.Listen != "" {
		t.Errorf("metrics on by default: %q", c.Metrics.Listen)
	}
}

func TestConfigMetrics(t *testing.T) {
	p := filepath.Join(t.TempDir(), "m.toml")
	os.WriteFile(p, []byte("[metrics]\nlisten = \"127.0.0.1:9464\"\n"), 0o600)
	c, err := LoadConfig(p)
	if err != nil || c.Metrics.Listen != "127.0.0.1:9464" {
		t.Fatalf("%+v %v", c.Metrics, err)
	}
}

func TestConfigRejectsUnknownKeysAndBadValues(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"typo":       "[imap]\npasword = \"x\"\n",
		"visibility": "[games]\nvisibility = \"fog\"\n",
		"both":       "[smtp]\npassword = \"a\"\npassword_file = \"/x\"\n",
		"zone":       "[games]\ntime_zone = \"Mars/Olympus\"\n",
		"metrics":    "[metrics]\nlisten = \"9464\"\n",
		"metrics2":   "[metrics]\nlisen = \"127.0.0.1:9464\"\n",
	} {
		p := filepath.Join(dir, name+".toml")
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadConfig(p); err == nil {
			t.Errorf("%s: accepted %q", name, body)
		}
	}
}

func TestConfigStringMasksSecrets(t *testing.T) {
	c := DefaultConfig()
	c.IMAP.Password = "hunter2"
	c.SMTP.Password = "swordfish"
	s := c.String()
	if strings.Contains(s, "hunter2") || strings.Contains(s, "swordfish") {
		t.Fatalf("secret in %s", s)
	}
}

func TestGMPassphrases(t *testing.T) {
	dir := t.TempDir()
	c := DefaultConfig()
	c.Mail.GMs = []string{"GM@club.test"}
	if _, warn, err := c.gmPassphrases(); err != nil || len(warn) != 1 {
		t.Errorf("GMs without a passphrase file: %v %v", warn, err)
	}
	p := filepath.Join(dir, "gm")
	os.WriteFile(p, []byte("# club GMs\ngm@club.test correct-horse\n"), 0o600)
	c.Mail.GMPassphraseFile = p
	got, warn, err := c.gmPassphrases()
	if err != nil || got["gm@club.test"] != "correct-horse" || len(warn) != 0 {
		t.Fatalf("%v %v %v", got, warn, err)
	}
	c.Mail.GMs = append(c.Mail.GMs, "other@club.test")
	if _, warn, _ := c.gmPassphrases(); len(warn) != 1 {
		t.Error("a GM without a passphrase not warned about")
	}
	os.WriteFile(p, []byte("gm@club.test\n"), 0o600)
	if _, _, err := c.gmPassphrases(); err == nil {
		t.Error("a malformed passphrase line accepted")
	}
}

// An error in the configuration names the setting to fix, as the file spells
// it, says how, and gives a path once.
func TestConfigErrorsNameTheSettingAndTheFix(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	missing := filepath.Join(dir, "missing")
	// What serve needs, for the cases about other settings.
	const mail = "imap.addr = \"127.0.0.1:1\"\nsmtp.addr = \"127.0.0.1:1\"\nmail.address = \"pbem@club.test\"\n"
	for _, tc := range []struct {
		name  string
		args  []string
		wants []string
		path  string // must appear exactly once
	}{
		{"no config file", []string{"serve", "--config", missing}, []string{"--config", "config.example.toml"}, missing},
		{"password file", []string{"serve", "--config", write("pw.toml", mail+"imap.password_file = "+strconv.Quote(missing)+"\n")},
			[]string{"[imap] password_file", "mode 0600"}, missing},
		{"smtp password file", []string{"serve", "--config", write("spw.toml", mail+"smtp.password_file = "+strconv.Quote(missing)+"\n")},
			[]string{"[smtp] password_file"}, missing},
		{"ca file", []string{"serve", "--config", write("ca.toml", mail+"imap.ca_file = "+strconv.Quote(missing)+"\n")},
			[]string{"[imap] ca_file"}, missing},
		{"gm passphrases", []string{"serve", "--config", write("gm.toml", mail+"mail.gm_passphrase_file = "+strconv.Quote(missing)+"\n")},
			[]string{"[mail] gm_passphrase_file"}, missing},
		{"store folder", []string{"serve", "--config", write("st.toml", mail+"store.path = "+strconv.Quote(filepath.Join(missing, "pbem.db"))+"\n")},
			[]string{"[store] path", "create the folder"}, filepath.Join(missing, "pbem.db")},
		{"no store yet", []string{"status", "--config", write("st2.toml", mail+"store.path = "+strconv.Quote(filepath.Join(dir, "none.db"))+"\n")},
			[]string{"[store] path", "pbem game new"}, filepath.Join(dir, "none.db")},
		{"both passwords", []string{"serve", "--config", write("both.toml", mail+"smtp.password = \"a\"\nsmtp.password_file = \"b\"\n")},
			[]string{"[smtp] password and password_file", "keep one"}, ""},
		{"bad value", []string{"serve", "--config", write("lvl.toml", mail+"log.level = \"loud\"\n")},
			[]string{`[log] level = "loud"`, "want one of debug"}, ""},
		{"typo", []string{"serve", "--config", write("typo.toml", mail+"imap.pasword = \"x\"\n")}, []string{"unknown settings: [imap] pasword"}, ""},
		{"no address", []string{"serve", "--config", write("addr.toml", "[store]\npath = \"x.db\"\n")},
			[]string{"[imap] addr is not set", "[smtp] addr is not set", `[mail] address = ""`, "pbem@club.example"}, ""},
	} {
		code, _, errs := run(t, "", tc.args...)
		if code != exitFailure {
			t.Errorf("%s: exit %d, want %d: %s", tc.name, code, exitFailure, errs)
		}
		for _, w := range tc.wants {
			if !strings.Contains(errs, w) {
				t.Errorf("%s: %q missing in: %s", tc.name, w, errs)
			}
		}
		if tc.path != "" && strings.Count(errs, tc.path) != 1 {
			t.Errorf("%s: want the path once in: %s", tc.name, errs)
		}
	}
}

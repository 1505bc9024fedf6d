package main

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/shiloh-pbem/pbem/store"
)

// Config is the daemon's configuration file (config.example.toml documents every
// setting). Secrets may be given inline or, better, in files named by *_file keys.
type Config struct {
	Store   StoreConfig   `toml:"store"`
	Log     LogConfig     `toml:"log"`
	IMAP    IMAPConfig    `toml:"imap"`
	SMTP    SMTPConfig    `toml:"smtp"`
	Mail    MailConfig    `toml:"mail"`
	Games   GamesConfig   `toml:"games"`
	Metrics MetricsConfig `toml:"metrics"`
}

type StoreConfig struct {
	Path string `toml:"path"`
}

// MetricsConfig is the optional Prometheus endpoint. It has no authentication:
// bind it to loopback (a scraper on the same host, or an SSH tunnel).
type MetricsConfig struct {
	Listen string `toml:"listen"` // host:port serving /metrics; empty: off
}

type LogConfig struct {
	Level  string `toml:"level"`  // debug, info, warn, error
	Format string `toml:"format"` // text or json
}

type IMAPConfig struct {
	Addr             string   `toml:"addr"`
	TLS              string   `toml:"tls"` // tls, starttls or none
	CAFile           string   `toml:"ca_file"`
	Username         string   `toml:"username"`
	Password         string   `toml:"password"`
	PasswordFile     string   `toml:"password_file"`
	Mailbox          string   `toml:"mailbox"`
	ProcessedMailbox string   `toml:"processed_mailbox"`
	IDLE             bool     `toml:"idle"`
	PollInterval     Duration `toml:"poll_interval"`
}

type SMTPConfig struct {
	Addr         string   `toml:"addr"`
	TLS          string   `toml:"tls"` // starttls, tls or none
	CAFile       string   `toml:"ca_file"`
	Username     string   `toml:"username"`
	Password     string   `toml:"password"`
	PasswordFile string   `toml:"password_file"`
	RetryMax     Duration `toml:"retry_max"`
}

type MailConfig struct {
	// Address is the adjudicator's own address; players write to
	// local+<game>-<side>-<token>@domain.
	Address  string `toml:"address"`
	FromName string `toml:"from_name"`
	// GMs may create games and use GM commands by mail, each with the passphrase
	// given for its address in GMPassphraseFile.
	GMs                []string `toml:"gms"`
	GMPassphraseFile   string   `toml:"gm_passphrase_file"`
	MaxBytes           int64    `toml:"max_bytes"`
	DKIM               string   `toml:"dkim"` // off, warn or require
	SenderPerHour      int      `toml:"sender_per_hour"`
	UnknownSenderReply Duration `toml:"unknown_sender_reply"`
	// AcceptPlayedHourReplies reads a reply to an earlier hour's mail as orders
	// for the hour now open (false: it is refused with an answer saying why).
	AcceptPlayedHourReplies bool `toml:"accept_replies_to_played_hours"`
}

type GamesConfig struct {
	Scenario       string   `toml:"scenario"`
	Visibility     string   `toml:"visibility"` // blocks, double-blind or open
	Sequential     bool     `toml:"sequential"`
	Deadline       Duration `toml:"deadline"`
	DeadlineAt     string   `toml:"deadline_at"` // fixed time of day "21:00", optional
	TimeZone       string   `toml:"time_zone"`
	WeekdaysOnly   bool     `toml:"weekdays_only"`
	Grace          Duration `toml:"grace"`
	ReminderBefore Duration `toml:"reminder_before"`
	ChangeOfMind   Duration `toml:"change_of_mind"`
	VacationDays   int      `toml:"vacation_days"`
	// GMWarnBefore: the GM is told this long before a deadline which sides have
	// sent no orders (0: never).
	GMWarnBefore Duration `toml:"gm_warn_before"`
}

// Duration reads "90s", "48h" from TOML.
type Duration struct{ time.Duration }

func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return err
	}
	d.Duration = v
	return nil
}

func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// DefaultConfig holds the values used for settings a file leaves out.
func DefaultConfig() Config {
	return Config{
		Store: StoreConfig{Path: "pbem.db"},
		Log:   LogConfig{Level: "info", Format: "text"},
		IMAP: IMAPConfig{TLS: "tls", Mailbox: "INBOX", ProcessedMailbox: "Processed",
			IDLE: true, PollInterval: Duration{time.Minute}},
		SMTP: SMTPConfig{TLS: "starttls", RetryMax: Duration{30 * time.Minute}},
		Mail: MailConfig{FromName: "Shiloh PBEM", MaxBytes: 1 << 20, DKIM: "off",
			SenderPerHour: 30, UnknownSenderReply: Duration{24 * time.Hour}},
		Games: GamesConfig{Scenario: "shiloh1862", Visibility: "blocks",
			Deadline: Duration{48 * time.Hour}, TimeZone: "UTC", Grace: Duration{12 * time.Hour},
			ReminderBefore: Duration{12 * time.Hour}, ChangeOfMind: Duration{10 * time.Minute},
			VacationDays: 7, GMWarnBefore: Duration{6 * time.Hour}},
	}
}

// LoadConfig reads a configuration file over the defaults. Unknown keys are errors:
// a typo must not silently fall back to a default.
func LoadConfig(path string) (Config, error) {
	c := DefaultConfig()
	md, err := toml.DecodeFile(path, &c)
	if errors.Is(err, fs.ErrNotExist) {
		return c, fmt.Errorf("config file %s does not exist: give --config the path of your configuration file (config.example.toml shows every setting)", path)
	}
	if err != nil {
		return c, fileError("config file", path, err, "")
	}
	if u := md.Undecoded(); len(u) > 0 {
		var keys []string
		for _, k := range u {
			keys = append(keys, setting(k))
		}
		sort.Strings(keys)
		return c, fmt.Errorf("config file %s: unknown settings: %s (config.example.toml shows every setting)", path, strings.Join(keys, ", "))
	}
	if err := c.check(); err != nil {
		return c, fmt.Errorf("config file %s: %w", path, err)
	}
	return c, nil
}

// setting spells a key as the file does: "[imap] password_file".
func setting(k toml.Key) string {
	if len(k) < 2 {
		return k.String()
	}
	return "[" + k[:len(k)-1].String() + "] " + k[len(k)-1]
}

// checkServe checks what the daemon needs beyond what every tool reading the
// file needs: the mail servers and its own address.
func (c *Config) checkServe() error {
	var probs []string
	if c.IMAP.Addr == "" {
		probs = append(probs, "[imap] addr is not set: give the mailbox's IMAP server as host:port, e.g. \"imap.club.example:993\"")
	}
	if c.SMTP.Addr == "" {
		probs = append(probs, "[smtp] addr is not set: give the SMTP server as host:port, e.g. \"smtp.club.example:587\"")
	}
	if at := strings.LastIndexByte(c.Mail.Address, '@'); at <= 0 || at == len(c.Mail.Address)-1 {
		probs = append(probs, fmt.Sprintf("[mail] address = %q: give the adjudicator's own address, e.g. \"pbem@club.example\"", c.Mail.Address))
	}
	if len(probs) > 0 {
		return errors.New(strings.Join(probs, "; "))
	}
	return nil
}

func (c *Config) check() error {
	var probs []string
	oneOf := func(key, v string, allowed ...string) {
		for _, a := range allowed {
			if v == a {
				return
			}
		}
		probs = append(probs, fmt.Sprintf("%s = %q, want one of %s", key, v, strings.Join(allowed, ", ")))
	}
	oneOf("[log] level", c.Log.Level, "debug", "info", "warn", "error")
	oneOf("[log] format", c.Log.Format, "text", "json")
	oneOf("[imap] tls", c.IMAP.TLS, "tls", "starttls", "none")
	oneOf("[smtp] tls", c.SMTP.TLS, "tls", "starttls", "none")
	oneOf("[mail] dkim", c.Mail.DKIM, "off", "warn", "require")
	oneOf("[games] visibility", c.Games.Visibility, "blocks", "double-blind", "open")
	for _, sec := range []struct{ name, inline, file string }{
		{"imap", c.IMAP.Password, c.IMAP.PasswordFile}, {"smtp", c.SMTP.Password, c.SMTP.PasswordFile}} {
		if sec.inline != "" && sec.file != "" {
			probs = append(probs, fmt.Sprintf("[%s] password and password_file are both set: keep one (password_file keeps the secret out of this file)", sec.name))
		}
	}
	if c.Metrics.Listen != "" {
		if _, _, err := net.SplitHostPort(c.Metrics.Listen); err != nil {
			probs = append(probs, fmt.Sprintf("[metrics] listen = %q: want host:port, e.g. \"127.0.0.1:9464\"", c.Metrics.Listen))
		}
	}
	if _, err := time.LoadLocation(c.Games.TimeZone); err != nil {
		probs = append(probs, fmt.Sprintf("[games] time_zone = %q: %v: want an IANA zone such as \"Europe/London\" or \"UTC\"", c.Games.TimeZone, err))
	}
	if len(probs) > 0 {
		return fmt.Errorf("%s", strings.Join(probs, "; "))
	}
	return nil
}

// fileError words a failure to use a file that a setting names: the setting as
// the configuration spells it ("[imap] password_file"), the path once (an
// *fs.PathError would give it again) and, if fix is not empty, what to do.
func fileError(setting, path string, err error, fix string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if fix != "" {
		return fmt.Errorf("%s %s: %w: %s", setting, path, err, fix)
	}
	return fmt.Errorf("%s %s: %w", setting, path, err)
}

// secret returns an inline secret or the trimmed content of its file, which
// the section's password_file names.
func secret(section, inline, file string) (string, error) {
	if file == "" {
		return inline, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return "", fileError("["+section+"] password_file", file, err,
			"put the password alone in that file, readable only by the daemon's user (mode 0600)")
	}
	return strings.TrimSpace(string(b)), nil
}

// storeError words a failure to open the store that [store] path names.
func storeError(path string, err error) error {
	var pe *fs.PathError
	switch {
	case errors.Is(err, store.ErrInUse):
		return err
	case errors.Is(err, fs.ErrNotExist) && errors.As(err, &pe):
		return fileError("[store] path", path, err, fmt.Sprintf("create the folder %s, writable by the daemon's user, or set [store] path to a file in one that is", filepath.Dir(path)))
	case errors.As(err, &pe):
		return fileError("[store] path", path, err, "")
	}
	return err
}

// gmPassphrases reads the GM passphrase file: one "address passphrase" per line,
// blank lines and # comments ignored. A listed GM without a passphrase cannot give
// GM commands by mail; warnings say so, for the log.
func (c *Config) gmPassphrases() (map[string]string, []string, error) {
	out := map[string]string{}
	if c.Mail.GMPassphraseFile != "" {
		b, err := os.ReadFile(c.Mail.GMPassphraseFile)
		if err != nil {
			return nil, nil, fileError("[mail] gm_passphrase_file", c.Mail.GMPassphraseFile, err,
				"create it with one \"address passphrase\" line per GM, or leave the setting out")
		}
		for i, line := range strings.Split(string(b), "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			f := strings.Fields(line)
			if len(f) != 2 {
				return nil, nil, fmt.Errorf("[mail] gm_passphrase_file %s:%d: want \"address passphrase\", separated by a space", c.Mail.GMPassphraseFile, i+1)
			}
			out[strings.ToLower(f[0])] = f[1]
		}
	}
	var warn []string
	for _, gm := range c.Mail.GMs {
		if out[strings.ToLower(gm)] == "" {
			warn = append(warn, fmt.Sprintf("GM %s has no passphrase (mail.gm_passphrase_file): GM commands from this address will be refused", gm))
		}
	}
	return out, warn, nil
}

// String prints the configuration with every secret masked, for logs.
func (c Config) String() string {
	mask := func(s string) string {
		if s == "" {
			return ""
		}
		return "****"
	}
	c.IMAP.Password = mask(c.IMAP.Password)
	c.SMTP.Password = mask(c.SMTP.Password)
	var b strings.Builder
	_ = toml.NewEncoder(&b).Encode(c)
	return b.String()
}

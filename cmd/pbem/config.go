package main

import (
	"fmt"
	"net"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
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
			VacationDays: 7},
	}
}

// LoadConfig reads a configuration file over the defaults. Unknown keys are errors:
// a typo must not silently fall back to a default.
func LoadConfig(path string) (Config, error) {
	c := DefaultConfig()
	md, err := toml.DecodeFile(path, &c)
	if err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	if u := md.Undecoded(); len(u) > 0 {
		var keys []string
		for _, k := range u {
			keys = append(keys, k.String())
		}
		sort.Strings(keys)
		return c, fmt.Errorf("config %s: unknown settings: %s", path, strings.Join(keys, ", "))
	}
	if err := c.check(); err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	return c, nil
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
	oneOf("log.level", c.Log.Level, "debug", "info", "warn", "error")
	oneOf("log.format", c.Log.Format, "text", "json")
	oneOf("imap.tls", c.IMAP.TLS, "tls", "starttls", "none")
	oneOf("smtp.tls", c.SMTP.TLS, "tls", "starttls", "none")
	oneOf("mail.dkim", c.Mail.DKIM, "off", "warn", "require")
	oneOf("games.visibility", c.Games.Visibility, "blocks", "double-blind", "open")
	if c.IMAP.Password != "" && c.IMAP.PasswordFile != "" {
		probs = append(probs, "imap: give password or password_file, not both")
	}
	if c.SMTP.Password != "" && c.SMTP.PasswordFile != "" {
		probs = append(probs, "smtp: give password or password_file, not both")
	}
	if c.Metrics.Listen != "" {
		if _, _, err := net.SplitHostPort(c.Metrics.Listen); err != nil {
			probs = append(probs, fmt.Sprintf("metrics.listen %q: want host:port, e.g. \"127.0.0.1:9464\"", c.Metrics.Listen))
		}
	}
	if _, err := time.LoadLocation(c.Games.TimeZone); err != nil {
		probs = append(probs, fmt.Sprintf("games.time_zone %q: %v", c.Games.TimeZone, err))
	}
	if len(probs) > 0 {
		return fmt.Errorf("%s", strings.Join(probs, "; "))
	}
	return nil
}

// secret returns an inline secret or the trimmed content of its file.
func secret(inline, file string) (string, error) {
	if file == "" {
		return inline, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(b)), nil
}

// gmPassphrases reads the GM passphrase file: one "address passphrase" per line,
// blank lines and # comments ignored. A listed GM without a passphrase cannot give
// GM commands by mail; warnings say so, for the log.
func (c *Config) gmPassphrases() (map[string]string, []string, error) {
	out := map[string]string{}
	if c.Mail.GMPassphraseFile != "" {
		b, err := os.ReadFile(c.Mail.GMPassphraseFile)
		if err != nil {
			return nil, nil, err
		}
		for i, line := range strings.Split(string(b), "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			f := strings.Fields(line)
			if len(f) != 2 {
				return nil, nil, fmt.Errorf("%s:%d: want \"address passphrase\"", c.Mail.GMPassphraseFile, i+1)
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

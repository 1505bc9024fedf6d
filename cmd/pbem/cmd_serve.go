package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/shiloh-pbem/pbem/control"
	"github.com/shiloh-pbem/pbem/internal/builtin"
	"github.com/shiloh-pbem/pbem/internal/ops"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/server"
	"github.com/shiloh-pbem/pbem/store"
)

func init() {
	register(command{name: "serve", summary: "run the daemon against a real mailbox", run: runServe})
}

func newLogger(m *Main, c LogConfig) *slog.Logger {
	var lvl slog.Level
	_ = lvl.UnmarshalText([]byte(c.Level))
	opts := &slog.HandlerOptions{Level: lvl}
	if c.Format == "json" {
		return slog.New(slog.NewJSONHandler(m.Stderr, opts))
	}
	return slog.New(slog.NewTextHandler(m.Stderr, opts))
}

// tlsConfig trusts the certificates of the section's ca_file, if any.
func tlsConfig(section, caFile string) (*tls.Config, error) {
	if caFile == "" {
		return nil, nil
	}
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, fileError("["+section+"] ca_file", caFile, err, "")
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("[%s] ca_file %s: no certificates: want PEM (\"-----BEGIN CERTIFICATE-----\")", section, caFile)
	}
	return &tls.Config{RootCAs: pool}, nil
}

func runServe(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("serve", "--config FILE", "Runs the daemon: watches the mailbox, resolves hours, sends mail. Stops\n"+
		"cleanly on SIGINT or SIGTERM (the current transaction finishes, the outbox attempt is flushed).")
	cfgPath := fs.String("config", "", "configuration file (see config.example.toml)")
	pprofAddr := fs.String("pprof", "", "serve net/http/pprof on this loopback address, e.g. 127.0.0.1:6060 (no authentication)")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *pprofAddr != "" {
		if err := ops.CheckLoopback(*pprofAddr); err != nil {
			return usagef("--pprof: %v", err)
		}
	}
	if *cfgPath == "" {
		return usagef("--config is required")
	}
	cfg, err := LoadConfig(*cfgPath)
	if err != nil {
		return err
	}
	if err := cfg.checkServe(); err != nil {
		return fmt.Errorf("config file %s: %w", *cfgPath, err)
	}
	// The last error records are kept for `pbem status`.
	errLog := ops.NewErrorLog(10)
	log := slog.New(errLog.Wrap(newLogger(m, cfg.Log).Handler()))
	started := time.Now()
	imapPass, err := secret("imap", cfg.IMAP.Password, cfg.IMAP.PasswordFile)
	if err != nil {
		return err
	}
	smtpPass, err := secret("smtp", cfg.SMTP.Password, cfg.SMTP.PasswordFile)
	if err != nil {
		return err
	}
	imapTLS, err := tlsConfig("imap", cfg.IMAP.CAFile)
	if err != nil {
		return err
	}
	smtpTLS, err := tlsConfig("smtp", cfg.SMTP.CAFile)
	if err != nil {
		return err
	}
	gmSecrets, warnings, err := cfg.gmPassphrases()
	if err != nil {
		return err
	}
	for _, w := range warnings {
		log.Warn(w)
	}
	st, err := store.Open(cfg.Store.Path, nil)
	if err != nil {
		return storeError(cfg.Store.Path, err)
	}
	defer st.Close()

	sender := mail.NewSender(mail.SMTPConfig{Addr: cfg.SMTP.Addr, TLS: mail.TLSMode(cfg.SMTP.TLS), Username: cfg.SMTP.Username,
		Password: smtpPass, TLSConfig: smtpTLS})
	sender.Logger = log
	sender.Backoff = mail.ExpBackoff(30*time.Second, cfg.SMTP.RetryMax.Duration)
	sent := ops.NewRate(nil)
	sender.OnSent = func(string) { sent.Add() }
	dkim, err := mail.ParseDKIMPolicy(cfg.Mail.DKIM)
	if err != nil {
		return err
	}
	srv, err := server.New(st, server.Config{Registry: builtin.Systems(), DefaultScenario: cfg.Games.Scenario,
		Address: cfg.Mail.Address, FromName: cfg.Mail.FromName, GMs: cfg.Mail.GMs, GMSecrets: gmSecrets,
		DKIM: dkim, SenderPerHour: cfg.Mail.SenderPerHour, UnknownReplyEvery: cfg.Mail.UnknownSenderReply.Duration,
		MaxBytes: int(cfg.Mail.MaxBytes), ChangeOfMind: cfg.Games.ChangeOfMind.Duration, HourLength: cfg.Games.Deadline.Duration,
		GMWarnBefore: cfg.Games.GMWarnBefore.Duration, AcceptPlayedHourReplies: cfg.Mail.AcceptPlayedHourReplies,
		Logger: log, Wake: sender.Wake})
	if err != nil {
		return err
	}
	idle := mail.IdleAuto
	if !cfg.IMAP.IDLE {
		idle = mail.IdleNever
	}
	watcher := mail.NewWatcher(mail.WatcherConfig{Addr: cfg.IMAP.Addr, TLS: mail.TLSMode(cfg.IMAP.TLS), TLSConfig: imapTLS,
		Username: cfg.IMAP.Username, Password: imapPass, Mailbox: cfg.IMAP.Mailbox, ProcessedMailbox: cfg.IMAP.ProcessedMailbox,
		PollInterval: cfg.IMAP.PollInterval.Duration, IDLE: idle, MaxSize: cfg.Mail.MaxBytes, Logger: log})

	log.Info("pbem serving", "store", cfg.Store.Path, "imap", cfg.IMAP.Addr, "smtp", cfg.SMTP.Addr, "address", cfg.Mail.Address)
	var wg sync.WaitGroup
	errc := make(chan error, 8) // one per run below: a failing one must not block
	run := func(name string, f func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(); err != nil && !errors.Is(err, context.Canceled) {
				errc <- fmt.Errorf("%s: %w", name, err)
			}
		}()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// `pbem status` and the metrics endpoint read the same figures. The HTTP
	// endpoints are bound first, so a taken or wrong address stops the start.
	mon := &ops.Monitor{Store: st, Errors: errLog, Sent: sent, Sender: sender.Stats, Started: started}
	type httpServer struct {
		name string
		srv  *ops.HTTPServer
	}
	var https []httpServer
	if cfg.Metrics.Listen != "" {
		hs, err := ops.ListenHTTP(cfg.Metrics.Listen, ops.MetricsHandler(mon), 30*time.Second)
		if err != nil {
			return fmt.Errorf("[metrics] listen: %w", err)
		}
		defer hs.Close()
		if ops.CheckLoopback(cfg.Metrics.Listen) != nil {
			log.Warn("the metrics endpoint has no authentication and listens beyond loopback", "listen", hs.Addr())
		}
		log.Info("metrics", "url", "http://"+hs.Addr()+"/metrics")
		https = append(https, httpServer{"metrics", hs})
	}
	if *pprofAddr != "" {
		hs, err := ops.ListenHTTP(*pprofAddr, ops.PprofHandler(), 0)
		if err != nil {
			return fmt.Errorf("--pprof: %w", err)
		}
		defer hs.Close()
		log.Info("profiling", "url", "http://"+hs.Addr()+"/debug/pprof/")
		https = append(https, httpServer{"pprof", hs})
	}
	// The tools reach the store through the daemon while it runs (package control).
	ctl, err := control.Listen(control.SocketPath(cfg.Store.Path))
	if err != nil {
		return err
	}
	for name, job := range readJobs {
		job := job
		ctl.Handle(name, func(ctx context.Context, args []string, w io.Writer) error { return job(st, args, w) })
	}
	handleStatus(ctl, mon)
	for _, hs := range https {
		run(hs.name, func() error { return hs.srv.Serve(ctx) })
	}
	run("control", func() error { return ctl.Serve(ctx) })
	run("watcher", func() error { return watcher.Run(ctx, srv) })
	run("sender", func() error { return sender.Run(ctx, server.Outbox{St: st}) })
	run("resolver", func() error { return srv.Run(ctx, 30*time.Second) })
	select {
	case <-ctx.Done():
		log.Info("shutting down")
		err = nil
	case err = <-errc:
		log.Error("stopping", "err", err)
	}
	cancel()
	wg.Wait()
	// One last attempt at the outbox, bounded, so mail queued just before the
	// signal still leaves.
	flush, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	if n, ferr := sender.SendDue(flush, server.Outbox{St: st}); ferr == nil && n > 0 {
		log.Info("outbox flushed", "sent", n)
	}
	return err
}

package server

import (
	"fmt"
	"strconv"
	"time"

	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/store"
)

// Outbox lets mail.Sender deliver the store's outbox.
type Outbox struct{ St *store.Store }

var _ mail.Outbox = Outbox{}

func (o Outbox) Pending(now time.Time, limit int) ([]mail.Outgoing, error) {
	msgs, err := o.St.PendingOutbox(now, limit)
	if err != nil {
		return nil, err
	}
	out := make([]mail.Outgoing, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, mail.Outgoing{ID: strconv.FormatUint(m.ID, 10), From: m.From, To: m.To, Raw: m.Raw, Attempts: m.Attempts})
	}
	return out, nil
}

func (o Outbox) MarkSent(id string, at time.Time) error {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return fmt.Errorf("server: outbox id %q: %w", id, err)
	}
	return o.St.MarkSent(n, at)
}

func (o Outbox) MarkFailed(id string, err error, next time.Time) error {
	n, perr := strconv.ParseUint(id, 10, 64)
	if perr != nil {
		return fmt.Errorf("server: outbox id %q: %w", id, perr)
	}
	return o.St.MarkFailed(n, err.Error(), next)
}

package store

import (
	"encoding/json"
	"fmt"
)

// MailJob is work the server committed to do after a transaction: composing
// an hour's mails, whose maps take far longer to draw than the hour takes to
// resolve. The hour commits with its job; the mails are drawn outside any
// writing transaction and queued in one that deletes the job, so a crash in
// between leaves the job to be done again and never queues its mails twice.
// Data is the server's own description of the work; the store does not read it.
type MailJob struct {
	ID   uint64          `json:"id"`
	Game string          `json:"game"`
	Data json.RawMessage `json:"data"`
}

// AddMailJob stores a job and returns its id; jobs are done in id order.
func (tx *Tx) AddMailJob(game string, data []byte) (uint64, error) {
	if err := checkName("game id", game); err != nil {
		return 0, err
	}
	b := tx.btx.Bucket(bMailJobs)
	id, err := b.NextSequence()
	if err != nil {
		return 0, err
	}
	v, err := json.Marshal(MailJob{ID: id, Game: game, Data: data})
	if err != nil {
		return 0, err
	}
	return id, b.Put(be64(id), v)
}

// MailJobs returns the jobs not yet done, in id order.
func (tx *Tx) MailJobs() ([]MailJob, error) {
	var out []MailJob
	err := tx.btx.Bucket(bMailJobs).ForEach(func(k, v []byte) error {
		var j MailJob
		if err := json.Unmarshal(v, &j); err != nil {
			return fmt.Errorf("store: mail job %d: %v", u64(k), err)
		}
		out = append(out, j)
		return nil
	})
	return out, err
}

// MailJobExists says whether job id is still to be done.
func (tx *Tx) MailJobExists(id uint64) bool {
	return tx.btx.Bucket(bMailJobs).Get(be64(id)) != nil
}

// DeleteMailJob marks job id done.
func (tx *Tx) DeleteMailJob(id uint64) error {
	return tx.btx.Bucket(bMailJobs).Delete(be64(id))
}

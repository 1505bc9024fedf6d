package demo

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/emersion/go-message"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

func decodeReport(b []byte) (*shiloh1862.ReportView, error) {
	var rv shiloh1862.ReportView
	err := json.Unmarshal(b, &rv)
	return &rv, err
}

// attachedPNG returns the first PNG attachment of a raw mail, or nil.
func attachedPNG(raw []byte) []byte {
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	var found []byte
	_ = e.Walk(func(path []int, part *message.Entity, err error) error {
		if err != nil || found != nil {
			return nil
		}
		t, _, _ := part.Header.ContentType()
		if t == "image/png" {
			found, _ = io.ReadAll(part.Body)
		}
		return nil
	})
	return found
}

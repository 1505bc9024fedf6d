package demo

import (
	"bytes"
	"io"

	"github.com/emersion/go-message"
)

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

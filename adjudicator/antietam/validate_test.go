package antietam

import "testing"

// The embedded data passes every check the validator knows.
func TestEmbeddedDataIsValid(t *testing.T) {
	s, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Validate() {
		t.Error(p)
	}
}

package mailbox

import "testing"

func TestKey(t *testing.T) {
	for in, want := range map[string]string{
		"bob@example.org":           "bob@example.org",
		" Bob+PBEM@Example.ORG ":    "bob@example.org",
		"a+b+c@x.test":              "a@x.test",
		"plain":                     "plain",
		"":                          "",
		"odd+@x.test":               "odd@x.test",
		"first@second@example.test": "first@second@example.test",
	} {
		if got := Key(in); got != want {
			t.Errorf("Key(%q) = %q, want %q", in, got, want)
		}
	}
}

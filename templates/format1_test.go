package templates

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// Report views that clubs stored before reports carried codes (format 1: the
// engine's English in events' text, results' and the initiative's reasons) are
// still read, resent and summed up: testdata/format1 holds every viewer's view of
// two busy hours of seeded bot games, as the server stored them, and the text
// and HTML of the mail they made when they were written. Read back as format 1,
// they make the same mail.
func TestFormat1ReportViewsReadAsBefore(t *testing.T) {
	rules, err := shiloh1862.Contract(scenario(t))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("testdata", "format1", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 6 {
		t.Fatalf("%d stored views in testdata/format1", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rv, err := rules.DecodeReportView(b, 1)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		m, err := HourMailOf(rules, "g1", rv, rv.ViewAfter())
		if err != nil {
			t.Fatal(err)
		}
		goldenMail(t, m, filepath.Join("format1", strings.TrimSuffix(filepath.Base(f), ".json")))
	}
}

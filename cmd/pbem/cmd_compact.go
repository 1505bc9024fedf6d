package main

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/shiloh-pbem/pbem/store"
)

func init() {
	register(command{name: "compact", summary: "rewrite the store file to give back the space of deleted data (daemon stopped)", run: runCompact})
}

func runCompact(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("compact", "--store PATH [--out PATH]",
		"Rewrites the store file offline, leaving out the pages freed by deleted data (sent mail's\n"+
			"bytes, rolled-back hours): bbolt never gives them back to the file system itself. Stop the\n"+
			"daemon first. The copy is written beside the target, checked, then renamed over the store\n"+
			"(or written to --out, which must not exist); a failure leaves the store as it was.")
	sf := addStoreFlags(fs)
	out := fs.String("out", "", "write the compacted copy here instead of replacing the store")
	path, err := parseStoreCommand(m, fs, sf, args)
	if err != nil {
		return err
	}
	if *out == "" || filepath.Clean(*out) == filepath.Clean(path) {
		if msg := ownerMismatch(path); msg != "" {
			return fmt.Errorf("%s", msg)
		}
	}
	before, after, err := store.Compact(path, *out)
	if err != nil {
		return err
	}
	where := ""
	if *out != "" && filepath.Clean(*out) != filepath.Clean(path) {
		where = " in " + *out
	}
	fmt.Fprintf(m.Stdout, "%s: %s → %s%s (%s)\n", filepath.Base(path), humanBytes(before), humanBytes(after), where, savedPercent(before, after))
	return nil
}

// savedPercent reads "saved 94%", or "grew 3%" when a nearly full file came
// out larger (compaction fills pages; bbolt grows files in steps).
func savedPercent(before, after int64) string {
	if before <= 0 {
		return "saved 0%"
	}
	if after > before {
		return fmt.Sprintf("grew %d%%", (after-before)*100/before)
	}
	return fmt.Sprintf("saved %d%%", (before-after)*100/before)
}

package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// compactTxMax bounds each transaction of a compaction, so a large store is
// copied in pieces instead of in one transaction held in memory.
const compactTxMax = 64 << 20

// Compact rewrites the store at src into a fresh file, offline: bbolt never
// gives freed pages back to the file system, so a store from which much was
// deleted (sent mail's bytes, rolled-back hours) stays as large as it ever was
// until compacted. Bucket sequences (outbox ids, mail references) are kept.
//
// dst == "" (or src itself) compacts in place; another dst must not exist yet.
// The copy is written to a temporary file beside its target, synced, checked
// (bbolt page check, the same schema version and the same number of games as
// src) and only then renamed into place, so a failure leaves src as it was.
// src stays locked throughout, so no daemon can start on it meanwhile; Compact
// fails with ErrInUse while a process (a running daemon) holds the file.
//
// before and after are the file sizes of src and of the result.
func Compact(src, dst string) (before, after int64, err error) {
	inPlace := dst == "" || filepath.Clean(dst) == filepath.Clean(src)
	if inPlace {
		dst = src
	} else if _, err := os.Stat(dst); err == nil {
		return 0, 0, fmt.Errorf("store: compact: %s exists; refusing to overwrite it: %w", dst, ErrExists)
	} else if !errors.Is(err, os.ErrNotExist) {
		return 0, 0, fmt.Errorf("store: compact: %w", err)
	}
	fi, err := os.Stat(src)
	if err != nil {
		return 0, 0, fmt.Errorf("store: compact: %w", err)
	}
	before = fi.Size()
	// A read-only open takes a shared lock: a daemon holding the file makes it
	// time out, and while it is held no daemon can open the file.
	sdb, err := bolt.Open(src, 0o600, &bolt.Options{ReadOnly: true, Timeout: 200 * time.Millisecond})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return before, 0, fmt.Errorf("store: compact: %s is in use by another pbem process (stop the daemon first): %w", src, ErrInUse)
	}
	if err != nil {
		return before, 0, fmt.Errorf("store: compact: open %s: %w", src, err)
	}
	defer sdb.Close()
	var version, games int
	err = sdb.View(func(btx *bolt.Tx) error {
		v, empty, err := readSchema(btx)
		switch {
		case err != nil:
			return err
		case empty:
			return ErrNotAStore
		case v > SchemaVersion:
			return fmt.Errorf("schema version %d is newer than this program's %d; use a newer pbem: %w", v, SchemaVersion, ErrSchema)
		}
		version, games = v, countGames(btx)
		return nil
	})
	if err != nil {
		return before, 0, fmt.Errorf("store: compact: %s: %w", src, err)
	}
	err = writeFileAtomic(dst, func(f *os.File) error {
		if err := f.Chmod(fi.Mode().Perm()); err != nil {
			return err
		}
		// bbolt opens the file by name; f stays open only for the rename.
		ddb, err := bolt.Open(f.Name(), fi.Mode().Perm(), &bolt.Options{Timeout: time.Second, NoSync: true})
		if err != nil {
			return err
		}
		if err := bolt.Compact(ddb, sdb, compactTxMax); err != nil {
			ddb.Close()
			return fmt.Errorf("compact: %w", err)
		}
		if err := ddb.Sync(); err != nil {
			ddb.Close()
			return err
		}
		if err := ddb.Close(); err != nil {
			return err
		}
		if err := checkCompacted(f.Name(), version, games); err != nil {
			return err
		}
		if version == SchemaVersion {
			s, err := Open(f.Name(), &Options{ReadOnly: true})
			if err != nil {
				return fmt.Errorf("the compacted copy: %w", err)
			}
			s.Close()
		}
		st, err := f.Stat()
		if err != nil {
			return err
		}
		after = st.Size()
		return nil
	})
	if err != nil {
		return before, 0, err
	}
	return before, after, nil
}

// countGames counts the games without decoding them.
func countGames(btx *bolt.Tx) int {
	n := 0
	if b := btx.Bucket(bGames); b != nil {
		_ = b.ForEachBucket(func([]byte) error { n++; return nil })
	}
	return n
}

// checkCompacted checks a compacted copy: bbolt's page check, and the schema
// version and the number of games of its source.
func checkCompacted(path string, version, games int) error {
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		return fmt.Errorf("the compacted copy does not open: %w", err)
	}
	defer db.Close()
	return db.View(func(btx *bolt.Tx) error {
		for err := range btx.Check() {
			return fmt.Errorf("the compacted copy is damaged: %w", err)
		}
		v, _, err := readSchema(btx)
		if err != nil {
			return fmt.Errorf("the compacted copy: %w", err)
		}
		if v != version {
			return fmt.Errorf("the compacted copy has schema version %d, its source %d", v, version)
		}
		if n := countGames(btx); n != games {
			return fmt.Errorf("the compacted copy has %d games, its source %d", n, games)
		}
		return nil
	})
}

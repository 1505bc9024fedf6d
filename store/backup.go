package store

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// Backup writes a consistent copy of the whole store to w while the store stays
// in use: it is one read transaction (bbolt's Tx.WriteTo), so writers carry on
// and the copy shows the store as of one instant.
func (s *Store) Backup(w io.Writer) (n int64, err error) {
	err = s.db.View(func(btx *bolt.Tx) error {
		n, err = btx.WriteTo(w)
		return err
	})
	return n, err
}

// BackupFile writes a hot backup to path, through a temporary file renamed into
// place once synced, so path never holds half a backup.
func (s *Store) BackupFile(path string) error {
	return writeFileAtomic(path, func(f *os.File) error {
		_, err := s.Backup(f)
		return err
	})
}

// Restore writes the backup read from r to path. It refuses an existing path
// unless overwrite is set, and refuses even then while another process (a
// daemon) has the file open. The backup is checked (bbolt page consistency and
// a known schema version) before it replaces anything. An older schema is
// migrated by the next Open.
func Restore(path string, r io.Reader, overwrite bool) error {
	if _, err := os.Stat(path); err == nil {
		if !overwrite {
			return fmt.Errorf("store: restore: %s exists; refusing to overwrite it without the overwrite option: %w", path, ErrExists)
		}
		db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: 200 * time.Millisecond})
		if errors.Is(err, bolterrors.ErrTimeout) {
			return fmt.Errorf("store: restore: %s is in use by another pbem process (stop the daemon first): %w", path, ErrInUse)
		}
		if err == nil {
			db.Close()
		}
		// A file bbolt cannot open is damaged; replacing it is what restore is for.
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("store: restore: %w", err)
	}
	return writeFileAtomic(path, func(f *os.File) error {
		if _, err := io.Copy(f, r); err != nil {
			return err
		}
		if err := f.Sync(); err != nil {
			return err
		}
		return checkFile(f.Name())
	})
}

// checkFile opens a bbolt file read-only and checks its pages and schema.
func checkFile(path string) error {
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		return fmt.Errorf("backup is not a bbolt file: %w", err)
	}
	defer db.Close()
	return db.View(func(btx *bolt.Tx) error {
		for err := range btx.Check() {
			return fmt.Errorf("backup is damaged: %w", err)
		}
		v, empty, err := readSchema(btx)
		switch {
		case err != nil:
			return err
		case empty:
			return fmt.Errorf("backup is an empty file: %w", ErrNotAStore)
		case v > SchemaVersion:
			return fmt.Errorf("backup has schema version %d, newer than this program's %d: %w", v, SchemaVersion, ErrSchema)
		}
		return nil
	})
}

// writeFileAtomic fills a temporary file beside path, syncs it and renames it
// over path.
func writeFileAtomic(path string, fill func(*os.File) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, base+".tmp-*")
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = f.Chmod(0o600); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if err = fill(f); err != nil {
		return fmt.Errorf("store: %s: %w", path, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if d, derr := os.Open(dir); derr == nil {
		d.Sync() // make the rename durable; best effort where directories cannot sync
		d.Close()
	}
	return nil
}

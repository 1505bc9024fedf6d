package store

import (
	"errors"
	"fmt"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// SchemaVersion is the layout this code reads and writes (see doc.go).
const SchemaVersion = 3

// DefaultTimeout is how long Open waits for another process's lock on the file
// when Options.Timeout is zero. bbolt would otherwise wait forever.
const DefaultTimeout = time.Second

// Errors callers test with errors.Is. The returned errors carry more detail.
var (
	ErrNotFound  = errors.New("store: not found")
	ErrExists    = errors.New("store: already exists")
	ErrInUse     = errors.New("store: file in use by another process")
	ErrSchema    = errors.New("store: unsupported schema version")
	ErrNotAStore = errors.New("store: not a pbem store")
)

// Options configure Open. A nil *Options means all defaults.
type Options struct {
	// Now is the clock; nil means time.Now. Each transaction reads it once.
	Now func() time.Time
	// Timeout bounds the wait for the file lock; zero means DefaultTimeout.
	Timeout time.Duration
	// ReadOnly opens without writing (shared lock; no migration, no creation).
	ReadOnly bool
	// NoSync skips fsync on commit. Only for tests that do not care about
	// durability; a daemon must never set it.
	NoSync bool
}

// Store is an open game record file. It is safe for concurrent use; bbolt allows
// one writing transaction at a time and any number of readers, and the file lock
// allows one writing process.
type Store struct {
	db   *bolt.DB
	path string
	now  func() time.Time
}

// Open opens or creates the store at path, migrating an older schema forward in
// one transaction. It fails with ErrInUse if another process (normally a running
// daemon) holds the file, and with ErrSchema if the file is newer than this code.
func Open(path string, o *Options) (*Store, error) {
	if o == nil {
		o = &Options{}
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if o.ReadOnly {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{
		Timeout:  timeout,
		ReadOnly: o.ReadOnly,
		NoSync:   o.NoSync,
	})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("store: %s is in use by another pbem process (is a daemon already running?): %w", path, ErrInUse)
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s := &Store{db: db, path: path, now: o.Now}
	if s.now == nil {
		s.now = time.Now
	}
	if err := s.prepare(o.ReadOnly); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// prepare creates a fresh layout or migrates an old one.
func (s *Store) prepare(readOnly bool) error {
	var version int
	empty := false
	err := s.db.View(func(btx *bolt.Tx) error {
		var err error
		version, empty, err = readSchema(btx)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: %s: %w", s.path, err)
	}
	switch {
	case version > SchemaVersion:
		return fmt.Errorf("store: %s has schema version %d but this program knows only up to %d; use a newer pbem: %w",
			s.path, version, SchemaVersion, ErrSchema)
	case version == SchemaVersion:
		return nil
	case readOnly && empty:
		return fmt.Errorf("store: %s is empty: %w", s.path, ErrNotAStore)
	case readOnly:
		return fmt.Errorf("store: %s has schema version %d and needs migrating to %d; open it read-write once: %w",
			s.path, version, SchemaVersion, ErrSchema)
	}
	return s.db.Update(func(btx *bolt.Tx) error {
		if empty {
			return initLayout(btx)
		}
		return migrate(btx, version)
	})
}

// readSchema returns the file's schema version, or empty=true for a new file.
func readSchema(btx *bolt.Tx) (version int, empty bool, err error) {
	meta := btx.Bucket(bMeta)
	if meta == nil {
		any := false
		_ = btx.ForEach(func([]byte, *bolt.Bucket) error { any = true; return nil })
		if any {
			return 0, false, ErrNotAStore
		}
		return 0, true, nil
	}
	v := meta.Get(kSchema)
	if len(v) != 8 {
		return 0, false, fmt.Errorf("meta/schema is %d bytes, want 8: %w", len(v), ErrNotAStore)
	}
	return int(u64(v)), false, nil
}

// Close closes the file and releases its lock.
func (s *Store) Close() error { return s.db.Close() }

// Path returns the file name the store was opened with.
func (s *Store) Path() string { return s.path }

// Now returns the store clock's current time.
func (s *Store) Now() time.Time { return s.now() }

// Update runs fn in one writing transaction: everything fn does commits together
// or, if fn returns an error or panics, not at all. The Tx must not be used after
// fn returns.
func (s *Store) Update(fn func(tx *Tx) error) error {
	return s.db.Update(func(btx *bolt.Tx) error {
		return fn(&Tx{btx: btx, now: s.now()})
	})
}

// View runs fn in a read-only transaction with a consistent snapshot.
func (s *Store) View(fn func(tx *Tx) error) error {
	return s.db.View(func(btx *bolt.Tx) error {
		return fn(&Tx{btx: btx, now: s.now()})
	})
}

// Tx is a transaction. Every value its methods return is a copy that stays valid
// after the transaction ends.
type Tx struct {
	btx *bolt.Tx
	now time.Time
}

// Now is the store clock read once when the transaction began, so everything a
// transaction stamps carries the same time.
func (tx *Tx) Now() time.Time { return tx.now }

// Space says how much of the file holds data: used is the file's data pages
// less the pages bbolt has freed for reuse (deleted mail, old versions), and
// file is the size up to bbolt's high-water mark. The file itself grows in
// large steps and never shrinks (pbem compact rewrites it).
func (s *Store) Space() (used, file int64, err error) {
	err = s.db.View(func(btx *bolt.Tx) error {
		file = btx.Size()
		return nil
	})
	st := s.db.Stats()
	return file - int64(st.FreeAlloc), file, err
}

// OnCommit has fn run after the transaction commits, and never if it does not
// (a log line that must not claim what a crash undid).
func (tx *Tx) OnCommit(fn func()) { tx.btx.OnCommit(fn) }

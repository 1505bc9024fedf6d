package store

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"sync"
)

// Large values the store keeps as given (states, reports, archived mail) are
// written gzip-compressed: the engine's JSON shrinks about sixfold, which keeps
// a game-hour well under its 100 KB budget (docs/STORE.md). A value is read
// back as it was given. Values of schema 2 files were stored plain; they begin
// with JSON or a mail header, never with gzip's magic bytes, so both kinds are
// told apart by their first two bytes and need no migration.

var gzipMagic = []byte{0x1f, 0x8b}

// gzipWriters keeps compressors between values: each one holds about a
// megabyte of tables, which an hour's commit would otherwise allocate five
// times (BenchmarkCommitHour: 4.4 MB and 2.4 ms per hour without it).
var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}

// packBlob compresses a value for storing.
func packBlob(v []byte) ([]byte, error) {
	var b bytes.Buffer
	b.Grow(len(v)/4 + 64)
	w := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(w)
	w.Reset(&b)
	if _, err := w.Write(v); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// unpackBlob returns a stored value as it was given: decompressed, or a copy
// of a plain value of an older file. The result never aliases bbolt's memory.
func unpackBlob(v []byte) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	if !bytes.HasPrefix(v, gzipMagic) {
		return bytes.Clone(v), nil
	}
	r, err := gzip.NewReader(bytes.NewReader(v))
	if err != nil {
		return nil, fmt.Errorf("store: compressed value: %v", err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("store: compressed value: %v", err)
	}
	return out, nil
}

// putBlob stores a value compressed under key in bucket b.
func putBlob(b interface{ Put(k, v []byte) error }, key, v []byte) error {
	p, err := packBlob(v)
	if err != nil {
		return err
	}
	return b.Put(key, p)
}

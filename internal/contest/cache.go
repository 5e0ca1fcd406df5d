package contest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// cacheVersion changes whenever what a cached result means changes: a new version misses every
// older entry.
const cacheVersion = "contest-1"

// Key identifies what decides a contestant's results: the submission's content, its language
// and compiler flags, and the judging settings (the problem, the test set's content, the limits,
// the sandbox), each given as a string in settings.
func Key(source []byte, settings ...string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00", cacheVersion)
	for _, s := range settings {
		fmt.Fprintf(h, "%d:%s\x00", len(s), s)
	}
	h.Write(source)
	return hex.EncodeToString(h.Sum(nil))[:40]
}

// Cache keeps contestants' results in a folder, one file per key.
type Cache struct {
	Dir string
}

// cached is what the cache keeps of a contestant: everything but who and where.
type cached struct {
	Language string   `json:"language"`
	Status   Status   `json:"status"`
	Note     string   `json:"note,omitempty"`
	Results  []Result `json:"results"`
}

func (c Cache) path(key string) string { return filepath.Join(c.Dir, key+".json") }

// Get fills x's results from the cache and reports whether it held them. A damaged entry is a
// miss: it only costs judging again.
func (c Cache) Get(key string, x *Contestant) bool {
	data, err := os.ReadFile(c.path(key))
	if err != nil {
		return false
	}
	var e cached
	if json.Unmarshal(data, &e) != nil || e.Status == "" {
		return false
	}
	x.Language, x.Status, x.Note, x.Results, x.Cached = e.Language, e.Status, e.Note, e.Results, true
	return true
}

// Put keeps x's results under key, atomically.
func (c Cache) Put(key string, x *Contestant) error {
	data, err := json.Marshal(cached{Language: x.Language, Status: x.Status, Note: x.Note, Results: x.Results})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return fmt.Errorf("making the results cache: %w", err)
	}
	tmp, err := os.CreateTemp(c.Dir, "result-*.tmp")
	if err != nil {
		return fmt.Errorf("writing the results cache: %w", err)
	}
	_, err = tmp.Write(data)
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), c.path(key))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing the results cache: %w", err)
	}
	return nil
}

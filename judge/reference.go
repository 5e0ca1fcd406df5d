package main

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// referenceTimes remembers the reference solution's CPU time on each input, per build of the
// reference, in the cache: judging compares every test's time with it, and measuring it again
// on every judgement would double the judge's cost.
type referenceTimes struct {
	path   string
	times  map[string]int64 // microseconds by key
	change bool
}

func loadReferenceTimes(cache string) *referenceTimes {
	r := &referenceTimes{path: filepath.Join(cache, "reference-times.json"), times: map[string]int64{}}
	data, err := os.ReadFile(r.path)
	if err == nil {
		// A damaged file only costs measuring again.
		_ = json.Unmarshal(data, &r.times)
	}
	return r
}

func timeKey(referenceKey, problem, inputSHA256 string) string {
	return referenceKey + "/" + problem + "/" + inputSHA256
}

// get returns the reference's time on an input, and whether it is known.
func (r *referenceTimes) get(key string) (time.Duration, bool) {
	us, ok := r.times[key]
	return time.Duration(us) * time.Microsecond, ok
}

func (r *referenceTimes) set(key string, cpu time.Duration) {
	r.times[key] = cpu.Microseconds()
	r.change = true
}

// save writes the times back, atomically, when they changed.
func (r *referenceTimes) save() error {
	if !r.change {
		return nil
	}
	data, err := json.Marshal(r.times)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(r.path), "reference-times-*.json")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), r.path)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		os.Remove(tmp.Name())
	}
	return err
}

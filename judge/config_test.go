package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"bullseye/internal/runner"
)

func TestParseDuration(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"2s", 2 * time.Second, true}, {"500ms", 500 * time.Millisecond, true}, {"1.5", 1500 * time.Millisecond, true},
		{"2", 2 * time.Second, true}, {"0", 0, false}, {"-1s", 0, false}, {"2h", 0, false}, {"fast", 0, false}, {"", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := parseDuration(tc.in)
			if (err == nil) != tc.ok || got != tc.want {
				t.Errorf("got %v, %v; want %v, ok %v", got, err, tc.want, tc.ok)
			}
		})
	}
}

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"128MiB", 128 << 20, true}, {"256M", 256 << 20, true}, {"256MB", 256 << 20, true}, {"1GiB", 1 << 30, true},
		{"1.5G", 3 << 29, true}, {"64", 64 << 20, true}, {"512KiB", 512 << 10, true}, {"512K", 512 << 10, true},
		{"0", 0, false}, {"-3M", 0, false}, {"lots", 0, false}, {"2TiB", 0, false}, {"9000G", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := parseSize(tc.in)
			if (err == nil) != tc.ok || got != tc.want {
				t.Errorf("got %d, %v; want %d, ok %v", got, err, tc.want, tc.ok)
			}
		})
	}
}

func TestParseRange(t *testing.T) {
	tests := []struct {
		in     string
		lo, hi int
		ok     bool
	}{
		{"17-40", 17, 40, true}, {"24", 24, 24, true}, {" 0 - 81 ", 0, 81, true},
		{"30-20", 0, 0, false}, {"0-82", 0, 0, false}, {"-1-5", 0, 0, false}, {"a-b", 0, 0, false}, {"", 0, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			lo, hi, err := parseRange(tc.in, 0, 81)
			if (err == nil) != tc.ok || lo != tc.lo || hi != tc.hi {
				t.Errorf("got %d-%d, %v; want %d-%d, ok %v", lo, hi, err, tc.lo, tc.hi, tc.ok)
			}
		})
	}
}

func TestReorder(t *testing.T) {
	flags := newApp(nil, nil).Flags
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"flags first", "judge -j 4 --stress a.cpp", "judge -j 4 --stress -- a.cpp"},
		{"flags after", "judge a.cpp -j 4 --json=r.json --stress", "judge -j 4 --json=r.json --stress -- a.cpp"},
		{"a value that looks like a file", "judge --tests dir a.cpp", "judge --tests dir -- a.cpp"},
		{"after --", "judge -j 2 -- -weird.cpp", "judge -j 2 -- -weird.cpp"},
		{"nothing", "judge", "judge"},
		{"help", "judge --help", "judge --help"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.Join(reorder(flags, strings.Fields(tc.in)), " "); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestDefaults reads the command line of a judging with no flag but the folders: the target
// problem's official group, the statement's limits, one test at a time, the sandbox when it
// works, NOIP's bounds weighed in the report.
func TestDefaults(t *testing.T) {
	var cfg *config
	app := newApp(io.Discard, io.Discard)
	app.Action = func(ctx *cli.Context) error {
		var err error
		cfg, err = configure(ctx)
		return err
	}
	if err := app.Run([]string{"judge", "--kit", kitRoot, "--cache", t.TempDir(), submission("accepted/dfs.c")}); err != nil {
		t.Fatal(err)
	}
	want := runner.DefaultLimits()
	switch {
	case cfg.problem.Name != "target" || cfg.group != "official" || cfg.testsDir != "":
		t.Errorf("problem %s, group %q, tests %q; want target's official group", cfg.problem.Name, cfg.group, cfg.testsDir)
	case cfg.limits != want || want.CPU != 2*time.Second || want.Memory != 128<<20:
		t.Errorf("limits %+v, want %+v: 2 s and 128 MiB", cfg.limits, want)
	case cfg.jobs != 1 || cfg.mode != runner.Auto || cfg.lang.Name != "c" || cfg.cflags != nil:
		t.Errorf("-j %d, sandbox %v, language %s, flags %q; want -j 1, auto, c and its own flags", cfg.jobs, cfg.mode, cfg.lang.Name, cfg.cflags)
	case cfg.narrower == nil || cfg.narrower.Name != "noip" || cfg.withinOnly:
		t.Errorf("bounds %+v, within only %v; want NOIP's weighed, every test judged", cfg.narrower, cfg.withinOnly)
	}
}

func TestFindKit(t *testing.T) {
	deep := filepath.Join(kitRoot, "internal", "runner")
	if got, err := findKit(deep); err != nil || got != kitRoot {
		t.Errorf("from %s: got %q, %v; want %s", deep, got, err, kitRoot)
	}
	if _, err := findKit(t.TempDir()); err == nil {
		t.Error("from a folder outside any kit: got no error")
	}
	if _, err := os.Stat(filepath.Join(kitRoot, "judge.sh")); err != nil {
		t.Errorf("the kit has no judge.sh: %v", err)
	}
}

func FuzzParseLimits(f *testing.F) {
	for _, s := range []string{"2s", "1.5", "128MiB", "1G", "17-40", "24", "-", "1e308", "NaN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if d, err := parseDuration(s); err == nil && (d <= 0 || d > time.Hour) {
			t.Errorf("parseDuration(%q) = %v: out of range", s, d)
		}
		if n, err := parseSize(s); err == nil && (n <= 0 || n > 1<<40) {
			t.Errorf("parseSize(%q) = %d: out of range", s, n)
		}
		if lo, hi, err := parseRange(s, 0, 81); err == nil && (lo < 0 || hi > 81 || lo > hi) {
			t.Errorf("parseRange(%q) = %d-%d: out of range", s, lo, hi)
		}
	})
}

package runner

import (
	"bytes"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestParseStatTicks(t *testing.T) {
	tests := []struct {
		name string
		stat string
		want uint64
		err  string
	}{
		{"plain", "123 (main) R 1 123 123 0 -1 4194304 90 0 0 0 70 5 3 2 20 0 1 0 100 4096 200", 80, ""},
		{"name with spaces and parentheses", "7 (a (b) c) S 1 7 7 0 -1 0 0 0 0 0 1 2 3 4 20 0 1 0 5 6 7", 10, ""},
		{"no name", "7 a S 1", 0, "no command name"},
		{"short", "7 (a) S 1 2 3", 0, "fields after the command name"},
		{"not a number", "7 (a) S 1 7 7 0 -1 0 0 0 0 0 x 2 3 4 20", 0, "cpu time"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseStatTicks([]byte(tc.stat))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("got %v, want an error containing %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("got %d, %v; want %d", got, err, tc.want)
			}
		})
	}
}

func TestParseStatmAnon(t *testing.T) {
	tests := []struct {
		name  string
		statm string
		want  int64
		ok    bool
	}{
		{"private pages", "5000 1200 300 10 0 900 0", 900, true},
		{"all shared", "5000 300 300 10 0 900 0", 0, true},
		{"short", "5000 1200", 0, false},
		{"not a number", "5000 x 300", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseStatmAnon([]byte(tc.statm))
			if (err == nil) != tc.ok || got != tc.want {
				t.Errorf("got %d, %v; want %d, ok %v", got, err, tc.want, tc.ok)
			}
		})
	}
}

func TestReadUsageOfItself(t *testing.T) {
	// Spend some CPU so that the reading has something to show: CPU time, not wall-clock
	// time, which a loaded machine may give little of.
	for start := time.Now(); ownCPU() < 30*time.Millisecond && time.Since(start) < time.Minute; {
	}
	u, err := readUsage(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if u.cpu < 10*time.Millisecond || u.anon <= 0 {
		t.Errorf("got cpu %v, private memory %d; want at least 10ms and some memory", u.cpu, u.anon)
	}
	if _, err := readUsage(1 << 30); err == nil {
		t.Error("a process that does not exist: got no error")
	}
}

func FuzzParseStat(f *testing.F) {
	f.Add([]byte("123 (main) R 1 123 123 0 -1 4194304 90 0 0 0 70 5 3 2 20 0 1 0 100 4096 200"))
	f.Add([]byte("7 (a (b) c) S 1"))
	f.Add([]byte("5000 1200 300 10 0 900 0"))
	f.Fuzz(func(t *testing.T, data []byte) {
		// Whatever /proc holds, parsing returns a value or an error, never panics, and a memory
		// size is never negative.
		_, _ = parseStatTicks(data)
		if n, err := parseStatmAnon(data); err == nil && n < 0 {
			t.Errorf("negative private memory %d from %q", n, data)
		}
	})
}

// ownCPU returns the CPU time of the test process so far.
func ownCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestParseRollup(t *testing.T) {
	tests := []struct {
		name string
		data string
		want int64
		err  string
	}{
		{"anonymous and shared", "Rss: 1640 kB\nPss: 251 kB\nPss_Anon: 112 kB\nPss_File: 139 kB\nPss_Shmem: 2048 kB\n", (112 + 2048) << 10, ""},
		{"old kernel", "Rss: 1640 kB\nPss: 251 kB\n", 0, "no Pss_Anon"},
		{"bad size", "Pss_Anon: x kB\nPss_Shmem: 0 kB\n", 0, "Pss_Anon"},
		{"bad unit", "Pss_Anon: 1 MB\nPss_Shmem: 0 kB\n", 0, "want a size in kB"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseRollup([]byte(tc.data))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("got %d, %v; want an error containing %q", got, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("got %d, %v; want %d", got, err, tc.want)
			}
		})
	}
}

func TestKeepEnds(t *testing.T) {
	tests := []struct {
		name, input, want string
	}{
		{"short", "err: x\n", "err: x\n"},
		{"exactly the limit", "abcdefgh", "abcdefgh"},
		{"long", "head" + strings.Repeat(".", 100) + "tail", "head\n[... 100 bytes left out ...]\ntail"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(keepEnds(strings.NewReader(tc.input), 8)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func FuzzParseRollup(f *testing.F) {
	f.Add([]byte("Pss_Anon: 112 kB\nPss_Shmem: 0 kB\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if n, err := parseRollup(data); err == nil && n < 0 && !bytes.Contains(data, []byte("-")) {
			t.Errorf("negative memory %d from %q", n, data)
		}
	})
}

// TestTasksOf checks that one pass counts the tasks of each user asked for: this process's
// threads among its user's, none for a user no process has.
func TestTasksOf(t *testing.T) {
	self, unused := os.Getuid(), 65533 // above sessionUser's range, below nobody
	threads, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Skip("no /proc")
	}
	got := tasksOf(self, unused)
	if len(got) != 2 {
		t.Fatalf("got %v, want a count for each of %d and %d", got, self, unused)
	}
	if got[self] < len(threads) {
		t.Errorf("user %d: got %d tasks, want at least this process's %d threads", self, got[self], len(threads))
	}
	if got[unused] != 0 {
		t.Errorf("user %d: got %d tasks, want 0", unused, got[unused])
	}
}

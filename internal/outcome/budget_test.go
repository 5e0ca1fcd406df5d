package outcome

import (
	"bytes"
	"testing"
	"time"

	"bullseye/internal/runner"
)

// crashBudget is the most time reading one program's standard error may take in the fuzz test
// below: a reading linear in it meets it many times over on the busiest machine.
const crashBudget = 10 * time.Second

// FuzzCrashMessageBudget reads a standard error of any bytes, repeated up to 64 KiB (the
// runner keeps StderrLimit, 4 KiB), for the line that says why a program ended: each reading
// ends within the budget.
func FuzzCrashMessageBudget(f *testing.F) {
	f.Add(6, 0, []byte("terminate called after throwing an instance of 'x'\n  what():  y\n"), 4096)
	f.Add(0, 1, []byte("Traceback (most recent call last):\n  File \"x\"\nValueError: x\n"), 4096)
	f.Add(6, 0, []byte("a.c:1: main: Assertion `x' failed.\n"), 4096)
	f.Fuzz(func(t *testing.T, signal, code int, stderr []byte, repeat int) {
		if len(stderr) > 0 {
			stderr = bytes.Repeat(stderr, max(1, min(repeat, 64<<10/len(stderr))))
		}
		start := time.Now()
		crashMessage(runner.Meta{Signal: signal & 63, ExitCode: code & 255}, stderr)
		if d := time.Since(start); d > crashBudget {
			t.Errorf("%v on %d bytes, over the budget of %v", d, len(stderr), crashBudget)
		}
	})
}

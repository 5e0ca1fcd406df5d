//go:build linux

package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// endless yields prefix, then repeat over and over, up to size bytes in all, and counts what
// was read from it.
type endless struct {
	prefix, repeat []byte
	size, read     int
}

func (e *endless) Read(p []byte) (int, error) {
	if e.read >= e.size {
		return 0, io.EOF
	}
	p = p[:min(len(p), e.size-e.read)]
	for i := range p {
		if at := e.read + i; at < len(e.prefix) {
			p[i] = e.prefix[at]
		} else {
			p[i] = e.repeat[(at-len(e.prefix))%len(e.repeat)]
		}
	}
	e.read += len(p)
	return len(p), nil
}

// TestHugeOutputsEndToEnd runs the real checker process on 1 GiB outputs, from a sparse file
// and through a pipe: it stops at its read limit, as its message says, with a bounded peak
// memory, and takes at most a few MiB from the pipe (its time is logged, not judged: it depends
// on the machine).
func TestHugeOutputsEndToEnd(t *testing.T) {
	checker, err := exec.LookPath("checker") // put on PATH by TestMain
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	input, err := os.ReadFile(filepath.Join("..", "internal", "answer", "testdata", "target", "random30.in"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	inPath, ansPath := write("random30.in", string(input)), write("2866.ans", "2866\n")
	sparse := write("sparse.out", "2866\n")
	if err := os.Truncate(sparse, 1<<30); err != nil {
		t.Fatal(err)
	}
	feedback := filepath.Join(dir, "feedback")
	if err := os.Mkdir(feedback, 0o755); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name   string
		args   []string
		stdin  *endless
		code   int
		stderr string
	}{
		{"sparse file of NUL bytes after the score", []string{"check", inPath, sparse, ansPath}, nil, 2,
			`wrong output format line 2, column 1: expected the end of the output after the score, or a grid's 81 digits, found "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"... running past the 1048576-byte read limit`},
		{"the score forever through a pipe", []string{"check", "--kattis", feedback, inPath, ansPath}, &endless{repeat: []byte("2866\n"), size: 1 << 30}, 43,
			`wrong output format line 2, column 1: expected the end of the output after the score, or a grid's 81 digits, found "2866"`},
		{"blank lines forever through a pipe", []string{"check", inPath, "/dev/stdin", ansPath}, &endless{prefix: []byte("2866\n"), repeat: []byte("\n"), size: 1 << 30}, 2,
			"wrong output format line 1048573, column 1: the output goes on past 1048576 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(checker, tc.args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if tc.stdin != nil {
				cmd.Stdin = tc.stdin
			}
			start := time.Now()
			err := cmd.Run()
			elapsed := time.Since(start)
			code := 0
			var exitErr *exec.ExitError
			if errors.As(err, &exitErr) {
				code = exitErr.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.code || strings.TrimSuffix(stderr.String(), "\n") != tc.stderr {
				t.Errorf("got exit %d, %q; want %d, %q", code, stderr.String(), tc.code, tc.stderr)
			}
			peakKiB := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss
			const peakLimitKiB = 64 << 10
			if peakKiB > peakLimitKiB {
				t.Errorf("peak memory %d KiB, want at most %d KiB", peakKiB, peakLimitKiB)
			}
			read := 0
			if tc.stdin != nil {
				read = tc.stdin.read
			}
			t.Logf("%v, peak %d KiB, %d bytes taken from the pipe's source", elapsed, peakKiB, read)
		})
	}
}

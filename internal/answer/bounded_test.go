package answer

import (
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"bullseye/internal/testlib"
)

// gigabyte is the size of the huge outputs: what a program printing in an endless loop leaves
// after a few seconds.
const gigabyte = 1 << 30

// streamed returns the read end of a pipe fed with prefix and then repeat, up to size bytes in
// all, and a function that closes the pipe and returns how many bytes went through it.
func streamed(t *testing.T, prefix, repeat string, size int) (io.Reader, func() int) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	written := make(chan int)
	go func() {
		n, _ := io.WriteString(w, prefix)
		chunk := []byte(strings.Repeat(repeat, 64<<10/len(repeat)))
		for n < size {
			m, err := w.Write(chunk[:min(len(chunk), size-n)])
			n += m
			if err != nil {
				break
			}
		}
		w.Close()
		written <- n
	}()
	return r, func() int {
		r.Close()
		return <-written
	}
}

func TestHugeOutputsAreJudgedWithBoundedReadsAndMemory(t *testing.T) {
	target := fixture(t, "target/random30.in")
	best := fixture(t, "target/random30.grid")
	batch := fixture(t, "classic/batch.in")
	answer := fixture(t, "classic/batch.ans")
	tests := []struct {
		name           string
		check          func(input, output, jury io.Reader) testlib.Judgement
		input, jury    string
		prefix, repeat string
		verdict        testlib.Result
		message        string
	}{
		{"target score printed forever", CheckTarget, target, "2866\n", "", "2866\n", testlib.PresentationError,
			`line 2, column 1: expected the end of the output after the score, or a grid's 81 digits, found "2866"`},
		{"target wrong score printed forever", CheckTarget, target, "2866\n", "", "2849\n", testlib.WrongAnswer,
			"expected 2866, found 2849"},
		{"target NUL bytes", CheckTarget, target, "2866\n", "", "\x00", testlib.PresentationError,
			`line 1, column 1: expected an integer, found "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"... running past the 1048576-byte read limit`},
		{"target right answer, then blank lines", CheckTarget, target, "2866\n", best, "\n", testlib.PresentationError,
			"line 1048420, column 1: the output goes on past 1048576 bytes"},
		{"classic right answers, then blank lines", CheckClassic, batch, answer, answer, "\n", testlib.PresentationError,
			"line 1048582, column 1: the output goes on for more than 1048576 bytes after the answers to 5 puzzles"},
		{"classic endless line", CheckClassic, batch, answer, "", "123456789", testlib.PresentationError,
			"line 1, column 1: expected the answer to puzzle 1, found a line longer than 256 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			output, stop := streamed(t, tc.prefix, tc.repeat, gigabyte)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			got := tc.check(strings.NewReader(tc.input), output, strings.NewReader(tc.jury))
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			written := stop()

			if got.Result != tc.verdict || got.Message != tc.message {
				t.Errorf("got %v: %q, want %v: %q", got.Result, got.Message, tc.verdict, tc.message)
			}
			// The pipe holds what the writer got ahead of the reader; the checker itself reads
			// at most MaxOutput bytes past the answer.
			if written > 4*MaxOutput {
				t.Errorf("%d bytes went through the pipe, want at most %d", written, 4*MaxOutput)
			}
			const allocLimit = 8 << 20
			if allocated := after.TotalAlloc - before.TotalAlloc; allocated > allocLimit {
				t.Errorf("allocated %d bytes, want at most %d", allocated, allocLimit)
			}
			t.Logf("%v, %d bytes allocated, %d bytes through the pipe", elapsed, after.TotalAlloc-before.TotalAlloc, written)
		})
	}
}

package answer

import (
	"bytes"
	"strings"
	"testing"

	"bullseye/internal/grid"
	"bullseye/internal/testlib"
)

// The three streams a checker reads are fuzzed one at a time, the other two held right: bytes
// of any kind never panic, a bad jury file is a fail, and a contestant's output is never a fail
// when the jury is right.

func FuzzTargetInput(f *testing.F) {
	for _, seed := range []string{fixture(f, "target/random30.in"), fixture(f, "target/hidden30.in"), "", "1 2 3", "0\n"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		got := CheckTarget(bytes.NewReader(input), strings.NewReader("2866\n"), strings.NewReader("2866\n"))
		if _, err := grid.Parse(input); err != nil && got.Result != testlib.Fail {
			t.Errorf("malformed input (%v): got %v, want a fail", err, got)
		}
	})
}

func FuzzTargetOutput(f *testing.F) {
	best := fixture(f, "target/random30.grid")
	for _, seed := range []string{"2866\n", best, fixture(f, "target/random30.lower"), "", "-1", "02866", best + "x", "2866 " + strings.Repeat("9 ", 81)} {
		f.Add([]byte(seed))
	}
	input := fixture(f, "target/random30.in")
	f.Fuzz(func(t *testing.T, output []byte) {
		got := CheckTarget(strings.NewReader(input), bytes.NewReader(output), strings.NewReader("2866\n"))
		if got.Result == testlib.Fail {
			t.Fatalf("got %v for the contestant's output, want ok, wrong answer or presentation error", got)
		}
		if got.Result == testlib.OK {
			out, err := ReadTarget(bytes.NewReader(output))
			if err != nil || out.Rest != nil || out.Score.Value != 2866 {
				t.Errorf("accepted an output that reads as %+v, %v", out, err)
			}
		}
	})
}

func FuzzTargetAnswer(f *testing.F) {
	best := fixture(f, "target/random30.grid")
	for _, seed := range []string{"2866\n", best, "-1\n", "2860", "", "abc", "2866\nx", "3000"} {
		f.Add([]byte(seed))
	}
	input := fixture(f, "target/random30.in")
	f.Fuzz(func(t *testing.T, answer []byte) {
		got := CheckTarget(strings.NewReader(input), strings.NewReader(best), bytes.NewReader(answer))
		want, err := ReadTarget(bytes.NewReader(answer))
		switch {
		case (err != nil || want.Rest != nil) && got.Result != testlib.Fail:
			t.Errorf("malformed jury's answer: got %v, want a fail", got)
		case got.Result == testlib.PresentationError:
			t.Errorf("a right output: got %v", got)
		case err == nil && want.Rest == nil && want.Score.Value < 2866 && got.Result != testlib.Fail:
			t.Errorf("a jury's answer %s below the contestant's grid: got %v, want a fail", want.Score, got)
		}
	})
}

func FuzzClassicInput(f *testing.F) {
	for _, seed := range []string{fixture(f, "classic/batch.in"), "", "end\n", "# comment\n", strings.Repeat(".", 81)} {
		f.Add([]byte(seed))
	}
	answer := fixture(f, "classic/batch.ans")
	f.Fuzz(func(t *testing.T, input []byte) {
		got := CheckClassic(bytes.NewReader(input), strings.NewReader(answer), strings.NewReader(answer))
		if got.Result == testlib.WrongAnswer || got.Result == testlib.PresentationError {
			// The output equals the jury's answer, so only the input can be at fault.
			t.Errorf("the jury's own answer as output: got %v, want ok or fail", got)
		}
	})
}

func FuzzClassicOutput(f *testing.F) {
	answer := fixture(f, "classic/batch.ans")
	for _, seed := range []string{answer, "", "no solution\n", strings.ReplaceAll(answer, "\n", "\r\n"), answer + "x"} {
		f.Add([]byte(seed))
	}
	input := fixture(f, "classic/batch.in")
	f.Fuzz(func(t *testing.T, output []byte) {
		got := CheckClassic(strings.NewReader(input), bytes.NewReader(output), strings.NewReader(answer))
		if got.Result == testlib.Fail {
			t.Errorf("got %v for the contestant's output, want ok, wrong answer or presentation error", got)
		}
	})
}

func FuzzClassicAnswer(f *testing.F) {
	answer := fixture(f, "classic/batch.ans")
	for _, seed := range []string{answer, "", strings.Replace(answer, "no solution", "none", 1), answer + "x"} {
		f.Add([]byte(seed))
	}
	input := fixture(f, "classic/batch.in")
	f.Fuzz(func(t *testing.T, jury []byte) {
		// The output is right, so whatever the jury's answer says, the verdict is ok or fail.
		got := CheckClassic(strings.NewReader(input), strings.NewReader(answer), bytes.NewReader(jury))
		if got.Result != testlib.OK && got.Result != testlib.Fail {
			t.Errorf("a right output: got %v, want ok or fail", got)
		}
	})
}

package verdict

import "testing"

func TestExitCodes(t *testing.T) {
	tests := []struct {
		verdict         Verdict
		name            string
		testlib, kattis int
	}{
		{OK, "ok", 0, 42},
		{WrongAnswer, "wrong answer", 1, 43},
		{PresentationError, "presentation error", 2, 43},
		{Fail, "fail", 3, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.verdict.String(); got != tc.name {
				t.Errorf("String: got %q, want %q", got, tc.name)
			}
			if got := Testlib.ExitCode(tc.verdict); got != tc.testlib {
				t.Errorf("testlib exit code: got %d, want %d", got, tc.testlib)
			}
			if got := Kattis.ExitCode(tc.verdict); got != tc.kattis {
				t.Errorf("Kattis exit code: got %d, want %d", got, tc.kattis)
			}
		})
	}
}

func TestUnknownVerdictFails(t *testing.T) {
	const bogus = Verdict(9)
	if got := bogus.String(); got != "Verdict(9)" {
		t.Errorf("String: got %q, want %q", got, "Verdict(9)")
	}
	if got := Testlib.ExitCode(bogus); got != ExitFail {
		t.Errorf("testlib exit code: got %d, want %d", got, ExitFail)
	}
	if got := Kattis.ExitCode(bogus); got != ExitFail {
		t.Errorf("Kattis exit code: got %d, want %d", got, ExitFail)
	}
}

func TestError(t *testing.T) {
	tests := []struct {
		name string
		err  *Error
		line string
		code int
	}{
		{"accepted", Exit(Accept("%d, the best score", 2852), Testlib), "ok: 2852, the best score", 0},
		{"accepted under Kattis", Exit(Accept("2852"), Kattis), "ok: 2852", 42},
		{"wrong answer", Exit(Reject("expected %d, found %d", 2852, 2849), Testlib), "wrong answer: expected 2852, found 2849", 1},
		{"presentation error under Kattis", Exit(Malformed("line 1, column 1: expected an integer"), Kattis), "presentation error: line 1, column 1: expected an integer", 43},
		{"fail", Exit(Failure("reading the input: %v", "bad"), Testlib), "fail: reading the input: bad", 3},
		{"usage", Usage("checker check INPUT OUTPUT ANSWER"), "fail: usage: checker check INPUT OUTPUT ANSWER", 3},
		{"no message", Exit(Judgement{Verdict: WrongAnswer}, Testlib), "wrong answer", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.line {
				t.Errorf("Error: got %q, want %q", got, tc.line)
			}
			if got := tc.err.ExitCode(); got != tc.code {
				t.Errorf("ExitCode: got %d, want %d", got, tc.code)
			}
		})
	}
}

package testlib

import "testing"

func TestExitCodes(t *testing.T) {
	tests := []struct {
		verdict         Result
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
			if got := ProtocolTestlib.ExitCode(tc.verdict); got != tc.testlib {
				t.Errorf("testlib exit code: got %d, want %d", got, tc.testlib)
			}
			if got := ProtocolKattis.ExitCode(tc.verdict); got != tc.kattis {
				t.Errorf("Kattis exit code: got %d, want %d", got, tc.kattis)
			}
		})
	}
}

func TestUnknownResultFails(t *testing.T) {
	const bogus = Result(9)
	if got := bogus.String(); got != "Result(9)" {
		t.Errorf("String: got %q, want %q", got, "Result(9)")
	}
	if got := ProtocolTestlib.ExitCode(bogus); got != ExitFail {
		t.Errorf("testlib exit code: got %d, want %d", got, ExitFail)
	}
	if got := ProtocolKattis.ExitCode(bogus); got != ExitFail {
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
		{"accepted", Exit(Accept("%d, the best score", 2852), ProtocolTestlib), "ok 2852, the best score", 0},
		{"accepted under Kattis", Exit(Accept("2852"), ProtocolKattis), "ok 2852", 42},
		{"wrong answer", Exit(Reject("expected %d, found %d", 2852, 2849), ProtocolTestlib), "wrong answer expected 2852, found 2849", 1},
		{"presentation error under Kattis", Exit(Malformed("line 1, column 1: expected an integer"), ProtocolKattis), "wrong output format line 1, column 1: expected an integer", 43},
		{"fail", Exit(Failure("reading the input: %v", "bad"), ProtocolTestlib), "FAIL reading the input: bad", 3},
		{"usage", Usage("checker check INPUT OUTPUT ANSWER"), "FAIL usage: checker check INPUT OUTPUT ANSWER", 3},
		{"no message", Exit(Judgement{Result: WrongAnswer}, ProtocolTestlib), "wrong answer ", 1},
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

func TestLineAndXML(t *testing.T) {
	tests := []struct {
		j         Judgement
		line, xml string
	}{
		{Accept("2852, the best score"), "ok 2852, the best score", `<result outcome = "accepted">2852, the best score</result>`},
		{Reject("expected 2852, found 2849"), "wrong answer expected 2852, found 2849", `<result outcome = "wrong-answer">expected 2852, found 2849</result>`},
		{Malformed(`found "<two>" & more`), `wrong output format found "<two>" & more`, `<result outcome = "presentation-error">found &quot;&lt;two&gt;&quot; &amp; more</result>`},
		{Failure("tab\there"), "FAIL tab\there", `<result outcome = "fail">tab.here</result>`},
	}
	for _, tc := range tests {
		if got := tc.j.Line(); got != tc.line {
			t.Errorf("Line: got %q, want %q", got, tc.line)
		}
		want := `<?xml version="1.0" encoding="windows-1251"?>` + tc.xml + "\n"
		if got := tc.j.XML(); got != want {
			t.Errorf("XML: got %q, want %q", got, want)
		}
	}
}

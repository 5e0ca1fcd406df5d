package ojtest

import (
	"os"
	"testing"
)

func TestParseVerdicts(t *testing.T) {
	data, err := os.ReadFile("testdata/wrong-answer.txt")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseVerdicts(string(data))
	if err != nil {
		t.Fatal(err)
	}
	tests := []Verdict{
		{"hydro/testlib", "wrong answer", "0/100", "Wrong Answer", "expected 2866, found 2849\n"},
		{"hydro/kattis", "judgement failed", "0/100", "System Error", "Checker exited with code 1"},
		{"codeforces/polygon", "wrong answer", "0/100", "WRONG_ANSWER (_wa)", "wrong answer expected 2866, found 2849"},
		{"kattis/problemtools", "judgement failed", "-", "JE: output validator checker exited with status 1", ""},
	}
	for _, want := range tests {
		if got[want.Platform] != want {
			t.Errorf("%s: got %+v, want %+v", want.Platform, got[want.Platform], want)
		}
	}
	if len(got) != 8 {
		t.Errorf("got %d platforms, want 8", len(got))
	}
}

func TestParseVerdictsRefusesOtherLines(t *testing.T) {
	for _, out := range []string{"", "ojcheck: needs node", "uoj  maybe  0/100  [x] \"y\""} {
		if _, err := ParseVerdicts(out); err == nil {
			t.Errorf("ParseVerdicts(%q): no error, want one", out)
		}
	}
}

package answer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/testlib"
)

// fixture returns the text of a file in testdata.
func fixture(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", filepath.FromSlash(path)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// withCell returns a target output (a score line and a grid) with the digit at 1-based row and
// column replaced.
func withCell(output string, row, col int, digit string) string {
	lines := strings.Split(output, "\n")
	fields := strings.Fields(lines[row])
	fields[col-1] = digit
	lines[row] = strings.Join(fields, " ")
	return strings.Join(lines, "\n")
}

// The fixtures: random30 has 30 givens and several completions, the best scoring 2866 and the
// worst 2845; unique has one completion, scoring 2853; hidden30 breaks no rule but has no
// completion; clash30 breaks a rule; full is a complete grid scoring 2854.
func TestCheckTarget(t *testing.T) {
	best := fixture(t, "target/random30.grid")
	lower := fixture(t, "target/random30.lower")
	lowerGrid := strings.SplitN(lower, "\n", 2)[1]
	tests := []struct {
		name    string
		input   string // a fixture name
		output  string
		answer  string
		verdict testlib.Result
		message string
	}{
		// Accepted.
		{"best score", "random30", "2866\n", "2866\n", testlib.OK, "2866, the best score"},
		{"spaces and CRLF around", "random30", " \t2866 \r\n\r\n", "2866\n", testlib.OK, "2866, the best score"},
		{"no final newline", "random30", "2866", "2866\n", testlib.OK, "2866, the best score"},
		{"a byte-order mark first", "random30", "\ufeff2866\r\n", "2866\n", testlib.OK, "2866, the best score"},
		{"a byte-order mark alone", "random30", "\ufeff", "2866\n", testlib.PresentationError, "line 1, column 1: expected an integer, found the end of the output"},
		{"half a byte-order mark", "random30", "\xef\xbb2866\n", "2866\n", testlib.PresentationError, "line 1, column 1: expected an integer, found \"\\xef\\xbb2866\""},
		{"best score with its grid", "random30", best, "2866\n", testlib.OK, "2866, the best score, with a grid that scores it"},
		{"jury's answer with a grid", "random30", "2866\n", best, testlib.OK, "2866, the best score"},
		{"no completion", "hidden30", "-1\n", "-1\n", testlib.OK, "-1, there is no solution"},
		{"givens breaking a rule", "clash30", "-1\n", "-1\n", testlib.OK, "-1, there is no solution"},
		{"full grid scores itself", "full", "2854\n", "2854\n", testlib.OK, "2854, the best score"},
		{"unique completion", "unique", "2853\n", "2853\n", testlib.OK, "2853, the best score"},

		// Wrong answers.
		{"wrong score", "random30", "2849\n", "2866\n", testlib.WrongAnswer, "expected 2866, found 2849"},
		{"-1 against a score", "random30", "-1\n", "2866\n", testlib.WrongAnswer, "you say there is no solution, but there is one scoring 2866"},
		{"score against -1", "hidden30", "2866\n", "-1\n", testlib.WrongAnswer, "you say there is a solution scoring 2866, but there is none"},
		{"score against -1 for a clash", "clash30", "0\n", "-1\n", testlib.WrongAnswer, "you say there is a solution scoring 0, but there is none; no grid scores 0: print -1 when nothing completes the grid"},
		{"valid grid that does not score the most", "random30", lower, "2866\n", testlib.WrongAnswer, "expected 2866, found 2845: your grid is valid but does not score the most"},
		{"grid scoring less than printed", "random30", "2866\n" + lowerGrid, "2866\n", testlib.WrongAnswer, "your grid scores 2845, you printed 2866"},
		{"grid breaking a rule", "random30", withCell(best, 1, 2, "7"), "2866\n", testlib.WrongAnswer, "your grid breaks a rule: row 1 has two 7s, in columns 2 and 3"},
		{"grid changing a given", "random30", withCell(withCell(best, 1, 1, "9"), 1, 2, "3"), "2866\n", testlib.WrongAnswer, "your grid changes the given 3 at r1c1 to 9"},
		{"grid with a blank", "random30", withCell(best, 1, 2, "0"), "2866\n", testlib.WrongAnswer, "your grid leaves r1c2 blank"},
		{"huge number", "random30", "99999999999999999999999\n", "2866\n", testlib.WrongAnswer, "expected 2866, found 99999999999999999999999; no grid scores 99999999999999999999999: a completed grid scores from 2794 to 2906 (weight x digit summed over all 81 cells, givens included)"},
		{"negative number", "random30", "-5\n", "2866\n", testlib.WrongAnswer, "expected 2866, found -5; no grid scores -5: a completed grid scores from 2794 to 2906 (weight x digit summed over all 81 cells, givens included)"},
		{"a score no grid has", "random30", "1138\n", "2866\n", testlib.WrongAnswer, "expected 2866, found 1138; no grid scores 1138: a completed grid scores from 2794 to 2906 (weight x digit summed over all 81 cells, givens included)"},
		{"a score no grid has instead of -1", "hidden30", "2429\n", "-1\n", testlib.WrongAnswer, "you say there is a solution scoring 2429, but there is none; no grid scores 2429: print -1 when nothing completes the grid"},
		{"wrong score before junk", "random30", "2849 junk\n", "2866\n", testlib.WrongAnswer, "expected 2866, found 2849"},
		{"wrong score before a grid", "random30", "2849\n" + lowerGrid, "2866\n", testlib.WrongAnswer, "expected 2866, found 2849"},
		{"a grid instead of the score", "random30", lowerGrid, "2866\n", testlib.WrongAnswer,
			"expected 2866, found " + strings.Fields(lowerGrid)[0] + "; the output's first line looks like a row of a grid: " + strings.SplitN(lowerGrid, "\n", 2)[0] + " (the score comes first, on a line of its own)"},
		{"a grid before the score", "random30", lowerGrid + "2866\n", "2866\n", testlib.WrongAnswer,
			"expected 2866, found " + strings.Fields(lowerGrid)[0] + "; the output's first line looks like a row of a grid: " + strings.SplitN(lowerGrid, "\n", 2)[0] + " (the score comes first, on a line of its own)"},
		{"a grid's row of nine digits", "random30", "534678912\n", "2866\n", testlib.WrongAnswer, "expected 2866, found 534678912; the output's first line looks like a row of a grid: 534678912 (the score comes first, on a line of its own)"},
		{"a grid instead of -1", "hidden30", lowerGrid, "-1\n", testlib.WrongAnswer,
			"you say there is a solution scoring " + strings.Fields(lowerGrid)[0] + ", but there is none; the output's first line looks like a row of a grid: " + strings.SplitN(lowerGrid, "\n", 2)[0] + " (the score comes first, on a line of its own)"},

		// Presentation errors.
		{"empty output", "random30", "", "2866\n", testlib.PresentationError, "line 1, column 1: expected an integer, found the end of the output"},
		{"only whitespace", "random30", "\n \n", "2866\n", testlib.PresentationError, "line 3, column 1: expected an integer, found the end of the output"},
		{"word", "random30", "answer: 2866\n", "2866\n", testlib.PresentationError, `line 1, column 1: expected an integer, found "answer:"`},
		{"leading zero", "random30", "02866\n", "2866\n", testlib.PresentationError, `line 1, column 1: expected an integer without leading zeros, found "02866"`},
		{"plus sign", "random30", "+2866\n", "2866\n", testlib.PresentationError, `line 1, column 1: expected an integer, found "+2866"`},
		{"minus zero", "random30", "-0\n", "2866\n", testlib.PresentationError, `line 1, column 1: expected an integer, found "-0"`},
		{"decimal", "random30", "2866.0\n", "2866\n", testlib.PresentationError, `line 1, column 1: expected an integer, found "2866.0"`},
		{"short grid", "random30", "2866\n1 2 3\n", "2866\n", testlib.PresentationError, "line 3, column 1: expected 81 digits in the grid, found only 3"},
		{"two-digit cell", "random30", withCell(best, 2, 1, "10"), "2866\n", testlib.PresentationError, `line 3, column 1: expected a digit 0..9 of the grid, found "10"`},
		{"text after the grid", "random30", best + "end\n", "2866\n", testlib.PresentationError, `line 11, column 1: expected the end of the output after the grid, found "end"`},
		{"text after -1", "hidden30", "-1\n0\n", "-1\n", testlib.PresentationError, `line 2, column 1: expected the end of the output after -1, found "0"`},
		{"score printed twice", "random30", "2866\n2866\n", "2866\n", testlib.PresentationError, `line 2, column 1: expected the end of the output after the score, or a grid's 81 digits, found "2866"`},

		// Failures: the jury's files, or a contestant who beats the jury.
		{"malformed input", "", "2866\n", "2866\n", testlib.Fail, "reading the input: line 1, column 6: expected 81 numbers, found only 3"},
		{"jury's answer not a number", "random30", "2866\n", "abc\n", testlib.Fail, `reading the jury's answer: line 1, column 1: expected an integer, found "abc"`},
		{"jury's answer empty", "random30", "2866\n", "", testlib.Fail, "reading the jury's answer: line 1, column 1: expected an integer, found the end of the output"},
		{"jury's answer with text after", "random30", "2866\n", "2866\nok\n", testlib.Fail, `reading the jury's answer: line 2, column 1: expected the end of the output after the score, or a grid's 81 digits, found "ok"`},
		{"contestant's grid beats the jury's score", "random30", best, "2860\n", testlib.Fail, "the contestant's answer beats the jury's: their grid scores 2866, the jury's answer is 2860"},
		{"contestant's grid beats the jury's -1", "random30", lower, "-1\n", testlib.Fail, "the contestant's answer beats the jury's: their grid scores 2845, the jury's answer is -1"},
		{"jury's -1 for a puzzle with a completion", "random30", "-1\n", "-1\n", testlib.Fail, "the jury says there is no solution, but the puzzle has one"},
		{"jury's score for a puzzle without one", "hidden30", "-1\n", "2866\n", testlib.Fail, "the jury's answer is 2866, but the puzzle has no solution"},
		{"jury's score off the only completion", "unique", "2853\n", "2850\n", testlib.Fail, "the jury's answer is 2850, but the puzzle's only solution scores 2853"},
		{"jury's score out of range", "random30", "2866\n", "3000\n", testlib.Fail, "the jury's answer 3000 is not -1 and no grid scores it: scores run from 2794 to 2906"},
		{"jury's grid breaking a rule", "random30", "2866\n", withCell(best, 1, 2, "7"), testlib.Fail, "the jury's grid breaks a rule: row 1 has two 7s, in columns 2 and 3"},
		{"jury's grid scoring another score", "random30", "2866\n", "2866\n" + lowerGrid, testlib.Fail, "the jury's grid scores 2845, the jury's answer is 2866"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			input := "1 2 3"
			if tc.input != "" {
				input = fixture(t, "target/"+tc.input+".in")
			}
			got := CheckTarget(strings.NewReader(input), strings.NewReader(tc.output), strings.NewReader(tc.answer))
			if got.Result != tc.verdict || got.Message != tc.message {
				t.Errorf("got %v: %q, want %v: %q", got.Result, got.Message, tc.verdict, tc.message)
			}
		})
	}
}

func TestCheckTargetFixtureAnswers(t *testing.T) {
	// Each fixture's recorded answer, from the reference solution, must be accepted against itself.
	for _, name := range []string{"random30", "full", "unique", "band24"} {
		t.Run(name, func(t *testing.T) {
			ans := fixture(t, "target/"+name+".ans")
			got := CheckTarget(strings.NewReader(fixture(t, "target/"+name+".in")), strings.NewReader(ans), strings.NewReader(ans))
			if got.Result != testlib.OK {
				t.Errorf("got %v, want ok", got)
			}
		})
	}
}

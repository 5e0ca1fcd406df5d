package answer

import (
	"reflect"
	"strings"
	"testing"

	"bullseye/internal/testlib"
)

// The batch fixture holds five puzzles: 1 unique, 2 with several solutions (random30), 3 with
// none though no rule is broken (hidden30), 4 a full grid, 5 givens that break a rule.
func TestCheckClassic(t *testing.T) {
	input := fixture(t, "classic/batch.in")
	answer := fixture(t, "classic/batch.ans")
	lines := strings.Split(strings.TrimSuffix(answer, "\n"), "\n")
	// with returns the jury's answer with line i (1-based) replaced.
	with := func(i int, line string) string {
		out := append([]string(nil), lines...)
		out[i-1] = line
		return strings.Join(out, "\n") + "\n"
	}
	other := "387465192629731485451829367793518624245697813168243759534182976876954231912376548"
	alternative := strings.Join(strings.Fields(strings.SplitN(fixture(t, "target/random30.lower"), "\n", 2)[1]), "")
	tests := []struct {
		name    string
		input   string
		output  string
		answer  string
		verdict testlib.Result
		message string
	}{
		{"the jury's answer", input, answer, answer, testlib.OK, "5 puzzles, all answered right"},
		{"another solution of a puzzle with several", input, with(2, alternative), answer, testlib.OK, "5 puzzles, all answered right"},
		{"CRLF and spaces around", input, strings.ReplaceAll(answer, "\n", " \r\n"), answer, testlib.OK, "5 puzzles, all answered right"},
		{"no final newline", input, strings.TrimSuffix(answer, "\n"), answer, testlib.OK, "5 puzzles, all answered right"},
		{"a byte-order mark first", input, "\ufeff" + answer, answer, testlib.OK, "5 puzzles, all answered right"},
		{"blank lines after the end", input, answer + "\n\n", answer, testlib.OK, "5 puzzles, all answered right"},
		{"one puzzle", lines[0] + "\n", lines[0] + "\n", lines[0] + "\n", testlib.OK, "1 puzzle, answered right"},
		{"no puzzle", "", "", "", testlib.OK, "0 puzzles, all answered right"},

		{"no solution claimed for a unique puzzle", input, with(1, "no solution"), answer, testlib.WrongAnswer, "puzzle 1: you say there is no solution, but there is one"},
		{"a grid for a puzzle without solution", input, with(3, lines[3]), answer, testlib.WrongAnswer, "puzzle 3: your grid changes the given 7 at r1c7 to 8"},
		{"a blank", input, with(4, "."+lines[3][1:]), answer, testlib.WrongAnswer, "puzzle 4: your grid leaves r1c1 blank"},
		{"a zero", input, with(4, "0"+lines[3][1:]), answer, testlib.WrongAnswer, "puzzle 4: your grid leaves r1c1 blank"},
		{"a broken rule", input, with(2, "33"+other[2:]), answer, testlib.WrongAnswer, "puzzle 2: your grid breaks a rule: row 1 has two 3s, in columns 1 and 2"},
		{"another puzzle's solution", input, with(2, lines[0]), answer, testlib.WrongAnswer, "puzzle 2: your grid changes the given 3 at r1c1 to 4"},

		{"capitalised no solution", input, with(3, "No solution"), answer, testlib.PresentationError, `line 3, column 1: expected 81 digits or "no solution", found "No solution"`},
		{"a letter", input, with(1, lines[0][:40]+"x"+lines[0][41:]), answer, testlib.PresentationError, `line 1, column 41: expected a digit, found "x"`},
		{"a letter after leading spaces", input, with(1, "  "+lines[0][:40]+"x"+lines[0][41:]), answer, testlib.PresentationError, `line 1, column 43: expected a digit, found "x"`},
		{"a short line", input, with(4, lines[3][:80]), answer, testlib.PresentationError, `line 4, column 1: expected 81 digits or "no solution", found "7953268141849576323624815792187394654576123989365487216298751438"... (80 bytes)`},
		{"an empty line", input, with(2, ""), answer, testlib.PresentationError, `line 2, column 1: expected 81 digits or "no solution", found an empty line`},
		{"a missing line", input, strings.Join(lines[:4], "\n") + "\n", answer, testlib.PresentationError, "line 5, column 1: expected the answer to puzzle 5, found the end of the output"},
		{"an extra line", input, answer + "extra\n", answer, testlib.PresentationError, `line 6, column 1: expected the end of the output after the answers to 5 puzzles, found "extra"`},
		{"a line too long", input, with(1, strings.Repeat(" ", 300)+lines[0]), answer, testlib.PresentationError, "line 1, column 1: expected the answer to puzzle 1, found a line longer than 256 bytes"},

		{"jury's no solution for a puzzle with one", input, answer, with(1, "no solution"), testlib.Fail, "the jury says puzzle 1 has no solution, but it has one"},
		{"jury's grid not a solution", input, answer, with(2, lines[0]), testlib.Fail, "reading the jury's answer: puzzle 2: the jury's grid changes the given 3 at r1c1 to 4"},
		{"jury's answer one line short", input, answer, strings.Join(lines[:4], "\n") + "\n", testlib.Fail, "reading the jury's answer: line 5, column 1: expected the answer to puzzle 5, found the end of the output"},
		{"jury's answer malformed", input, answer, with(3, "none"), testlib.Fail, `reading the jury's answer: line 3, column 1: expected 81 digits or "no solution", found "none"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := CheckClassic(strings.NewReader(tc.input), strings.NewReader(tc.output), strings.NewReader(tc.answer))
			if got.Result != tc.verdict || got.Message != tc.message {
				t.Errorf("got %v: %q, want %v: %q", got.Result, got.Message, tc.verdict, tc.message)
			}
		})
	}
}

func TestCheckClassicMalformedInput(t *testing.T) {
	got := CheckClassic(strings.NewReader("12345\n"), strings.NewReader(""), strings.NewReader(""))
	if got.Result != testlib.Fail || !strings.HasPrefix(got.Message, "reading the input: ") {
		t.Errorf("got %v, want a fail reading the input", got)
	}
}

func TestCheckClassicComparesAroundTheFault(t *testing.T) {
	input := fixture(t, "classic/batch.in")
	answer := fixture(t, "classic/batch.ans")
	lines := strings.Split(strings.TrimSuffix(answer, "\n"), "\n")
	found := append([]string(nil), lines...)
	found[3] = "no solution"
	got := CheckClassic(strings.NewReader(input), strings.NewReader(strings.Join(found, "\n")+"\n"), strings.NewReader(answer))
	want := &testlib.Comparison{FirstLine: 2, Expected: lines[1:5], Found: found[1:5]}
	if !reflect.DeepEqual(got.Compared, want) {
		t.Errorf("got %+v, want %+v", got.Compared, want)
	}
}

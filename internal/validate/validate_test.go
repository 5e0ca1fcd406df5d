package validate

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/grid"
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

var (
	targetRules  = Rules{MinGivens: TargetMinGivens}
	lenientRules = Rules{MinGivens: TargetMinGivens, Lenient: true}
	classicRules = Rules{MinGivens: ClassicMinGivens}
)

// random24 is a target input with 24 givens, the fewest the official bound allows; its first
// line is "6 0 0 0 7 0 0 0 0".
func random24(t *testing.T) string { return fixture(t, "target/random24.in") }

func TestTargetAccepts(t *testing.T) {
	tests := []struct {
		name  string
		input string
		rules Rules
	}{
		{"random 24 givens", random24(t), targetRules},
		{"random 30 givens", fixture(t, "target/random30.in"), targetRules},
		{"one band", fixture(t, "target/band24.in"), targetRules},
		{"unique", fixture(t, "target/unique.in"), targetRules},
		{"full grid", fixture(t, "target/full.in"), targetRules},
		{"empty grid without a minimum", strings.Repeat("0 0 0 0 0 0 0 0 0\n", 9), Rules{}},
		{"lenient CRLF", strings.ReplaceAll(random24(t), "\n", "\r\n"), lenientRules},
		{"lenient trailing spaces and CRLF", strings.ReplaceAll(random24(t), "\n", " \r\n"), lenientRules},
		{"lenient trailing spaces", strings.ReplaceAll(random24(t), "\n", "  \n"), lenientRules},
		{"lenient strict file", random24(t), lenientRules},
		{"conflict allowed", "6 0 0 0 7 0 0 6 0\n" + strings.SplitN(random24(t), "\n", 2)[1], Rules{MinGivens: 24, AllowConflicts: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Target(strings.NewReader(tc.input), "f.in", tc.rules)
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			want, err := grid.Parse([]byte(tc.input))
			if err != nil {
				t.Fatal(err)
			}
			if g != want {
				t.Errorf("got\n%s\nwant\n%s", g, want)
			}
		})
	}
}

func TestTargetRejects(t *testing.T) {
	in := random24(t)
	first, rest := "6 0 0 0 7 0 0 0 0\n", strings.SplitN(in, "\n", 2)[1]
	tests := []struct {
		name  string
		input string
		rules Rules
		want  string
	}{
		{"empty file", "", targetRules, "f.in:1:1: expected a digit 0..9, found the end of the file"},
		{"CRLF", strings.ReplaceAll(in, "\n", "\r\n"), targetRules, "f.in:1:18: expected a line end, found a carriage return"},
		{"trailing space", strings.Replace(in, "\n", " \n", 1), targetRules, "f.in:1:18: expected a line end, found a space"},
		{"no final newline", strings.TrimSuffix(in, "\n"), targetRules, "f.in:9:18: expected a line end, found the end of the file"},
		{"blank line at the end", in + "\n", targetRules, "f.in:10:1: expected the end of the file, found a line end"},
		{"blank line inside", first + "\n" + rest, targetRules, "f.in:2:1: expected a digit 0..9, found a line end"},
		{"text after the end", in + "end\n", targetRules, `f.in:10:1: expected the end of the file, found "e"`},
		{"two spaces", "6  0 0 0 7 0 0 0 0\n" + rest, targetRules, "f.in:1:3: expected a digit 0..9, found a space"},
		{"leading space", " " + in, targetRules, "f.in:1:1: expected a digit 0..9, found a space"},
		{"tab", "6\t0 0 0 7 0 0 0 0\n" + rest, targetRules, "f.in:1:2: expected a space, found a tab"},
		{"leading zero", "06 0 0 0 7 0 0 0 0\n" + rest, targetRules, `f.in:1:2: expected a space, found "6"`},
		{"ten", "10 0 0 0 7 0 0 0 0\n" + rest, targetRules, `f.in:1:2: expected a space, found "0"`},
		{"negative", "-1 0 0 0 7 0 0 0 0\n" + rest, targetRules, `f.in:1:1: expected a digit 0..9, found "-"`},
		{"letter", "6 x 0 0 7 0 0 0 0\n" + rest, targetRules, `f.in:1:3: expected a digit 0..9, found "x"`},
		{"NUL byte", "6 \x00 0 0 7 0 0 0 0\n" + rest, targetRules, "f.in:1:3: expected a digit 0..9, found byte 0x00"},
		{"UTF-8 byte", "6 \u00bd 0 0 7 0 0 0 0\n" + rest, targetRules, "f.in:1:3: expected a digit 0..9, found byte 0xc2"},
		{"ten numbers in a line", "6 0 0 0 7 0 0 0 0 0\n" + rest, targetRules, "f.in:1:18: expected a line end, found a space"},
		{"eight numbers in a line", "6 0 0 0 7 0 0 0\n" + rest, targetRules, "f.in:1:16: expected a space, found a line end"},
		{"eight lines", strings.SplitN(in, "\n", 2)[1], targetRules, "f.in:9:1: expected a digit 0..9, found the end of the file"},
		{"lenient lone CR", strings.Replace(in, "\n", "\r", 1), lenientRules, `f.in:1:19: expected a line feed after the carriage return, found "0"`},
		{"lenient tab at the end", strings.Replace(in, "\n", "\t\n", 1), lenientRules, "f.in:1:18: expected a line end, found a tab"},
		{"too few givens", "0 0 0 0 7 0 0 0 0\n" + rest, targetRules, "f.in:1:1: 23 givens, fewer than the minimum of 24"},
		{"conflict", "6 0 0 0 7 0 0 6 0\n" + rest, targetRules, "f.in:1:15: givens break a rule: row 1 has two 6s, in columns 1 and 8"},
		{"conflict in a column", first + strings.Replace(rest, "0 2 7", "6 2 7", 1), targetRules, "f.in:3:1: givens break a rule: column 1 has two 6s, in rows 1 and 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Target(strings.NewReader(tc.input), "f.in", tc.rules)
			if err == nil {
				t.Fatalf("got no error, want %q", tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("got %q, want %q", err.Error(), tc.want)
			}
			var syntax *grid.SyntaxError
			if !errors.As(err, &syntax) {
				t.Errorf("got error of type %T, want *grid.SyntaxError", err)
			}
		})
	}
}

func TestClassicAccepts(t *testing.T) {
	four := fixture(t, "classic/four.txt")
	tests := []struct {
		name    string
		input   string
		rules   Rules
		puzzles int
	}{
		{"four puzzles", four, classicRules, 4},
		{"one puzzle", fixture(t, "classic/one.txt"), classicRules, 1},
		{"closed by end", fixture(t, "classic/end.txt"), classicRules, 2},
		{"zeros for blanks", strings.ReplaceAll(four, ".", "0"), classicRules, 4},
		{"lenient CRLF", strings.ReplaceAll(four, "\n", "\r\n"), Rules{Lenient: true}, 4},
		{"lenient comments and blank lines", "# a set\n#\n\n" + strings.Replace(four, "\n", "\n\n  \r\n", 1) + "\n", Rules{Lenient: true}, 4},
		{"lenient end with CRLF", strings.ReplaceAll(fixture(t, "classic/end.txt"), "\n", "\r\n"), Rules{Lenient: true}, 2},
		{"enough givens", four, Rules{MinGivens: 30}, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			puzzles, err := Classic(strings.NewReader(tc.input), "f.txt", tc.rules)
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if len(puzzles) != tc.puzzles {
				t.Errorf("got %d puzzles, want %d", len(puzzles), tc.puzzles)
			}
		})
	}
}

func TestClassicRejects(t *testing.T) {
	four := fixture(t, "classic/four.txt")
	first := strings.SplitN(four, "\n", 2)[0]
	tests := []struct {
		name  string
		input string
		rules Rules
		want  string
	}{
		{"empty file", "", classicRules, "f.txt:1:1: expected a puzzle line, found the end of the file"},
		{"comment", "# a set\n" + four, classicRules, `f.txt:1:1: expected a digit 1..9, '.' or '0', found "#"`},
		{"blank line", first + "\n\n", classicRules, "f.txt:2:1: expected a digit 1..9, '.' or '0', found a line end"},
		{"80 cells", first[:80] + "\n", classicRules, "f.txt:1:81: expected a digit 1..9, '.' or '0', found a line end"},
		{"82 cells", first + "5\n", classicRules, `f.txt:1:82: expected a line end, found "5"`},
		{"CRLF", strings.ReplaceAll(four, "\n", "\r\n"), classicRules, "f.txt:1:82: expected a line end, found a carriage return"},
		{"no final newline", strings.TrimSuffix(four, "\n"), classicRules, "f.txt:4:82: expected a line end, found the end of the file"},
		{"letter", first[:10] + "x" + first[11:] + "\n", classicRules, `f.txt:1:11: expected a digit 1..9, '.' or '0', found "x"`},
		{"end first", "end\n", classicRules, `f.txt:1:1: expected a puzzle line, found "e"`},
		{"end misspelt", first + "\nenx\n", classicRules, `f.txt:2:3: expected "d" of "end", found "x"`},
		{"text after end", fixture(t, "classic/end.txt") + "x\n", classicRules, `f.txt:4:1: expected the end of the file, found "x"`},
		{"too few givens", first + "\n", Rules{MinGivens: 51}, "f.txt:1:1: 50 givens, fewer than the minimum of 51"},
		{"conflict", four + "11" + strings.Repeat(".", 79) + "\n", classicRules, "f.txt:5:2: givens break a rule: row 1 has two 1s, in columns 1 and 2"},
		{"lenient comment after end", fixture(t, "classic/end.txt") + "# done\n", Rules{Lenient: true}, `f.txt:4:1: expected the end of the file, found "#"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Classic(strings.NewReader(tc.input), "f.txt", tc.rules)
			if err == nil {
				t.Fatalf("got no error, want %q", tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("got %q, want %q", err.Error(), tc.want)
			}
		})
	}
}

func TestClassicRealSets(t *testing.T) {
	// The real puzzle sets carry comments and CRLF: lenient accepts them, strict does not.
	for _, name := range []string{"top1465.txt", "17_clue.txt"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("..", "..", "..", "shared", "data", "classic", name)
			f, err := os.Open(path)
			if err != nil {
				t.Skipf("puzzle set not present (%v); it lives in ../shared/data/classic/ beside the repository", err)
			}
			defer f.Close()
			puzzles, err := Classic(f, name, Rules{Lenient: true, MinGivens: 17})
			if err != nil {
				t.Fatalf("lenient: got error %v, want none", err)
			}
			t.Logf("%d puzzles", len(puzzles))
			if _, err := f.Seek(0, 0); err != nil {
				t.Fatal(err)
			}
			if _, err := Classic(f, name, classicRules); err == nil {
				t.Errorf("strict: got no error, want one")
			}
		})
	}
}

package grid

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// rowText is one row of the test grid; the grid of nine such rows is valid
// text and has 81 givens.
const rowText = "1 2 3 4 5 6 7 8 9"

var wellFormed = strings.Repeat(rowText+"\n", 9)

// withToken returns the well-formed text with its i-th number (0-based)
// replaced by token; that token stands at line i/9+1, column 2*(i%9)+1.
func withToken(i int, token string) string {
	fields := strings.Fields(wellFormed)
	fields[i] = token
	var b strings.Builder
	for j, f := range fields {
		b.WriteString(f)
		if j%9 == 8 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

func wellFormedGrid() Grid {
	var g Grid
	for cell := range g {
		g[cell] = uint8(ColOf(cell) + 1)
	}
	return g
}

func TestParseAcceptsLenientLayouts(t *testing.T) {
	tests := []struct {
		name  string
		input string
	}{
		{"contest format", wellFormed},
		{"CRLF and trailing spaces", strings.Repeat(rowText+" \r\n", 9)},
		{"no final newline", strings.TrimSuffix(wellFormed, "\n")},
		{"tabs", strings.ReplaceAll(wellFormed, " ", "\t")},
		{"several spaces", strings.ReplaceAll(wellFormed, " ", "   ")},
		{"leading and trailing blank lines", "\n\n  " + wellFormed + "  \n\n"},
		{"one line", strings.TrimSpace(strings.ReplaceAll(wellFormed, "\n", " "))},
		{"one number per line", strings.ReplaceAll(wellFormed, " ", "\n")},
		{"lone CRs", strings.ReplaceAll(wellFormed, "\n", "\r")},
		{"vertical tab and form feed", strings.ReplaceAll(strings.ReplaceAll(wellFormed, "\n", "\v"), " ", "\f")},
	}
	want := wellFormedGrid()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse([]byte(tc.input))
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  string
	}{
		{"letter", withToken(22, "x"), `line 3, column 9: expected a digit 0..9, found "x"`},
		{"two-digit number", withToken(12, "10"), `line 2, column 7: expected a digit 0..9, found "10"`},
		{"leading zero", withToken(0, "05"), `line 1, column 1: expected a digit 0..9, found "05"`},
		{"decimal", withToken(80, "3.5"), `line 9, column 17: expected a digit 0..9, found "3.5"`},
		{"plus sign", withToken(9, "+5"), `line 2, column 1: expected a digit 0..9, found "+5"`},
		{"digits glued to a letter", withToken(1, "7a"), `line 1, column 3: expected a digit 0..9, found "7a"`},
		{"negative", withToken(40, "-1"), `line 5, column 9: "-1" is not a digit 0..9`},
		{"long negative", withToken(3, "-12"), `line 1, column 7: "-12" is not a digit 0..9`},
		{"lone minus", withToken(3, "-"), `line 1, column 7: expected a digit 0..9, found "-"`},
		{"invalid UTF-8", withToken(4, "\xff"), `line 1, column 9: expected a digit 0..9, found "\xff"`},
		{"NUL byte", withToken(4, "\x00"), `line 1, column 9: expected a digit 0..9, found "\x00"`},
		{"control byte after a digit", withToken(4, "5\x01"), `line 1, column 9: expected a digit 0..9, found "5\x01"`},
		{"non-breaking space", "1\u00a0" + wellFormed, `line 1, column 1: expected a digit 0..9, found "1\u00a01"`},
		{"byte order mark", "\ufeff" + wellFormed, `line 1, column 1: expected a digit 0..9, found "\ufeff1"`},
		{"Arabic-Indic digit", withToken(0, "٣"), `line 1, column 1: expected a digit 0..9, found "٣"`},
		{"very long token", withToken(0, strings.Repeat("a", 100)), `line 1, column 1: expected a digit 0..9, found "` + strings.Repeat("a", 32) + `"... (100 bytes)`},
		{"empty input", "", `line 1, column 1: expected 81 numbers, found none`},
		{"only whitespace", " \r\n\t\n  ", `line 3, column 3: expected 81 numbers, found none`},
		{"80 numbers", strings.TrimSuffix(wellFormed, " 9\n") + "\n", `line 10, column 1: expected 81 numbers, found only 80`},
		{"80 numbers, no final newline", strings.TrimSuffix(wellFormed, " 9\n"), `line 9, column 16: expected 81 numbers, found only 80`},
		{"one number", "5", `line 1, column 2: expected 81 numbers, found only 1`},
		{"82 numbers", wellFormed + "5\n", `line 10, column 1: expected end of input after 81 numbers, found "5"`},
		{"82 numbers on the last line", strings.TrimSuffix(wellFormed, "\n") + " 5\n", `line 9, column 19: expected end of input after 81 numbers, found "5"`},
		{"text after the grid", wellFormed + "\n  end\n", `line 11, column 3: expected end of input after 81 numbers, found "end"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.input))
			if err == nil {
				t.Fatalf("got no error, want %q", tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("got %q, want %q", err.Error(), tc.want)
			}
			var syntax *SyntaxError
			if !errors.As(err, &syntax) {
				t.Errorf("got error of type %T, want *SyntaxError", err)
			}
		})
	}
}

func TestReadNamesTheInput(t *testing.T) {
	padding := strings.Repeat(" ", MaxInput)
	tests := []struct {
		name  string
		input string
		file  string
		want  string
	}{
		{"named", withToken(22, "x"), "in.txt", `in.txt:3:9: expected a digit 0..9, found "x"`},
		{"unnamed", withToken(22, "x"), "", `line 3, column 9: expected a digit 0..9, found "x"`},
		{"short", "1 2 3", "puzzle.in", `puzzle.in:1:6: expected 81 numbers, found only 3`},
		{"too long", wellFormed + padding, "big.in", fmt.Sprintf("big.in:10:%d: input longer than %d bytes", MaxInput-len(wellFormed)+1, MaxInput)},
		{"too long, surplus number first", wellFormed + "5 " + padding, "big.in", `big.in:10:1: expected end of input after 81 numbers, found "5"`},
		{"too long, bad token first", withToken(3, "x") + padding, "big.in", `big.in:1:7: expected a digit 0..9, found "x"`},
		{"too long, token cut by the limit", strings.Repeat(" ", MaxInput-1) + "12", "big.in", fmt.Sprintf("big.in:1:%d: input longer than %d bytes", MaxInput+1, MaxInput)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.input), tc.file)
			if err == nil {
				t.Fatalf("got no error, want %q", tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("got %q, want %q", err.Error(), tc.want)
			}
		})
	}
}

func TestReadStopsAtTheLimit(t *testing.T) {
	// An endless input must end in an error, not in exhausted memory; the
	// endless token after the grid is cut by the limit, so it is not quoted.
	endless := iotest.OneByteReader(io.MultiReader(strings.NewReader(wellFormed), zeros{}))
	_, err := Read(endless, "endless")
	want := fmt.Sprintf("endless:10:%d: input longer than %d bytes", MaxInput-len(wellFormed)+1, MaxInput)
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

// zeros is an endless source of the byte '0'.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '0'
	}
	return len(p), nil
}

func TestReadReportsReaderFailure(t *testing.T) {
	failure := errors.New("disk on fire")
	_, err := Read(iotest.ErrReader(failure), "in.txt")
	if !errors.Is(err, failure) {
		t.Fatalf("got %v, want an error wrapping %v", err, failure)
	}
	if want := "reading in.txt: disk on fire"; err.Error() != want {
		t.Errorf("got %q, want %q", err.Error(), want)
	}
}

func TestReadFile(t *testing.T) {
	t.Run("contest layout", func(t *testing.T) {
		g, err := ReadFile(filepath.Join("testdata", "crlf-trailing-space.in"))
		if err != nil {
			t.Fatalf("got error %v, want none", err)
		}
		full := mustReadFile(t, filepath.Join("testdata", "max-empty.txt"))
		if cell, ok := full.Extends(g); !ok {
			t.Errorf("cell %d: got %d, want %d", cell, g[cell], full[cell])
		}
		if got, want := g.Givens(), 54; got != want {
			t.Errorf("givens: got %d, want %d", got, want)
		}
	})
	t.Run("missing file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "absent.in")
		_, err := ReadFile(path)
		if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), path) {
			t.Errorf("got %v, want a not-exist error naming %s", err, path)
		}
	})
	t.Run("bad file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "bad.in")
		if err := os.WriteFile(path, []byte(withToken(80, "x")), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadFile(path)
		want := path + `:9:17: expected a digit 0..9, found "x"`
		if err == nil || err.Error() != want {
			t.Errorf("got %v, want %q", err, want)
		}
	})
}

func TestReadFileContestSamples(t *testing.T) {
	tests := []struct {
		name   string
		path   string
		givens int
	}{
		{"sample 1", "sample1.in", 30},
		{"sample 2", "sample2.in", 30},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join("..", "..", "..", "shared", "data", "target", tc.path)
			if _, err := os.Stat(path); err != nil {
				t.Skipf("contest sample not present (%v); it lives in ../shared/data/target/ beside the repository", err)
			}
			g, err := ReadFile(path)
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if got := g.Givens(); got != tc.givens {
				t.Errorf("givens: got %d, want %d", got, tc.givens)
			}
			if !g.Valid() {
				t.Errorf("got conflicts %v, want none", g.Conflicts())
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		wellFormed,
		strings.Repeat(rowText+" \r\n", 9),
		strings.TrimSuffix(wellFormed, "\n"),
		withToken(5, "10"),
		withToken(5, "-1"),
		wellFormed + "5",
		"",
		"\xff\x00",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Parse(data)
		if err != nil {
			var syntax *SyntaxError
			if !errors.As(err, &syntax) {
				t.Fatalf("got error of type %T (%v), want *SyntaxError", err, err)
			}
			if syntax.Line < 1 || syntax.Col < 1 {
				t.Fatalf("got position line %d, column %d, want both >= 1", syntax.Line, syntax.Col)
			}
			return
		}
		text := g.String()
		again, err := Parse([]byte(text))
		if err != nil {
			t.Fatalf("Parse(String()): got error %v, want none", err)
		}
		if again != g {
			t.Fatalf("Parse(String()): got\n%s\nwant\n%s", again, g)
		}
		if again.String() != text {
			t.Fatalf("String is not stable: got %q, want %q", again.String(), text)
		}
	})
}

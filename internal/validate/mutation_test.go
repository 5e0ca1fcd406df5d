package validate

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"bullseye/internal/grid"
)

// mutant is a junk edit of a valid file.
type mutant struct {
	name string
	data []byte
}

// insertAt returns data with s inserted at byte offset at.
func insertAt(data []byte, at int, s string) []byte {
	out := make([]byte, 0, len(data)+len(s))
	out = append(out, data[:at]...)
	out = append(out, s...)
	return append(out, data[at:]...)
}

// mutants returns every junk edit of data of the kinds a test file suffers: an extra space, a
// trailing space, a blank line, a leading zero, a stray character, a CR, and text after the
// end. after is the text that ends a file, so that more text after it is junk.
func mutants(data []byte, after string) []mutant {
	var out []mutant
	add := func(kind string, at int, s string) {
		out = append(out, mutant{fmt.Sprintf("%s at byte %d", kind, at), insertAt(data, at, s)})
	}
	for at := 0; at <= len(data); at++ {
		lineStart := at == 0 || data[at-1] == '\n'
		if at < len(data) && data[at] == ' ' || lineStart && at < len(data) {
			add("extra space", at, " ")
		}
		if at < len(data) && data[at] == '\n' {
			add("trailing space", at, " ")
			add("CR", at, "\r")
		}
		if lineStart {
			add("blank line", at, "\n")
		}
		if at < len(data) && data[at] >= '0' && data[at] <= '9' {
			add("leading zero", at, "0")
		}
		for _, stray := range []string{"x", "-", "+", ",", ".", "\t", "\x00", "\r", "\xef"} {
			add(fmt.Sprintf("stray %q", stray), at, stray)
		}
	}
	ended := data
	if after != "" && !bytes.HasSuffix(data, []byte(after)) {
		ended = append(append([]byte(nil), data...), after...)
	}
	for _, junk := range []string{"x", "0", " ", "\n", "\r\n", "end\n", "0 0 0 0 0 0 0 0 0\n", strings.Repeat(".", 81) + "\n"} {
		out = append(out, mutant{fmt.Sprintf("text after the end %q", junk), append(append([]byte(nil), ended...), junk...)})
	}
	return out
}

func TestStrictValidatorRejectsEveryMutant(t *testing.T) {
	tests := []struct {
		file     string
		validate func(data []byte) error
		after    string
	}{
		{"target/random24.in", validateTarget, ""},
		{"target/random30.in", validateTarget, ""},
		{"target/full.in", validateTarget, ""},
		{"classic/four.txt", validateClassic, "end\n"},
		{"classic/end.txt", validateClassic, "end\n"},
		{"classic/one.txt", validateClassic, "end\n"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			data := []byte(fixture(t, tc.file))
			if err := tc.validate(data); err != nil {
				t.Fatalf("the valid file: got error %v, want none", err)
			}
			all := mutants(data, tc.after)
			for _, m := range all {
				if err := tc.validate(m.data); err == nil {
					t.Errorf("%s: got no error, want a rejection of %q", m.name, m.data)
				}
			}
			t.Logf("%d mutants rejected", len(all))
		})
	}
}

func validateTarget(data []byte) error {
	_, err := Target(bytes.NewReader(data), "f.in", Rules{MinGivens: TargetMinGivens})
	return err
}

func validateClassic(data []byte) error {
	_, err := Classic(bytes.NewReader(data), "f.txt", Rules{MinGivens: ClassicMinGivens})
	return err
}

func FuzzTarget(f *testing.F) {
	for _, seed := range []string{fixture(f, "target/random24.in"), fixture(f, "target/full.in"), "", "0 0\n", strings.Repeat("0 0 0 0 0 0 0 0 0 \r\n", 9)} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, lenient bool) {
		g, err := Target(bytes.NewReader(data), "f.in", Rules{Lenient: lenient, AllowConflicts: true})
		if err != nil {
			checkPosition(t, err)
			return
		}
		// A strict file has one spelling: the grid's own.
		if !lenient && string(data) != g.String() {
			t.Errorf("accepted %q, which is not the grid's text %q", data, g.String())
		}
		if parsed, err := grid.Parse(data); err != nil || parsed != g {
			t.Errorf("accepted a file the lenient parser reads as %v, %v", parsed, err)
		}
	})
}

func FuzzClassic(f *testing.F) {
	for _, seed := range []string{fixture(f, "classic/four.txt"), fixture(f, "classic/end.txt"), "", "end\n", "#\n"} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, lenient bool) {
		puzzles, err := Classic(bytes.NewReader(data), "f.txt", Rules{Lenient: lenient, AllowConflicts: true})
		if err != nil {
			checkPosition(t, err)
			return
		}
		if len(puzzles) == 0 {
			t.Errorf("accepted %q with no puzzle", data)
		}
		if !lenient {
			// A strict file is its puzzles, one line each, and maybe "end".
			text := string(bytes.TrimSuffix(data, []byte("end\n")))
			if lines := strings.Count(text, "\n"); lines != len(puzzles) || len(text) != lines*(grid.Cells+1) {
				t.Errorf("accepted %q as %d puzzles", data, len(puzzles))
			}
		}
	})
}

func checkPosition(t *testing.T, err error) {
	t.Helper()
	syntax, ok := err.(*grid.SyntaxError)
	if !ok {
		t.Fatalf("got error of type %T (%v), want *grid.SyntaxError", err, err)
	}
	if syntax.File != "f.in" && syntax.File != "f.txt" || syntax.Line < 1 || syntax.Col < 1 {
		t.Fatalf("got %v, want the file name and a position from line 1, column 1", err)
	}
}

func TestLenientValidatorAcceptsTheContestLayoutMutants(t *testing.T) {
	// The mutation test has teeth: the lenient validator, which the real contest data needs,
	// accepts the trailing-space and CR edits the strict one rejects.
	data := []byte(fixture(t, "target/random24.in"))
	accepted := map[string]int{}
	for _, m := range mutants(data, "") {
		if _, err := Target(bytes.NewReader(m.data), "f.in", Rules{Lenient: true, MinGivens: TargetMinGivens}); err == nil {
			accepted[strings.SplitN(m.name, " at ", 2)[0]]++
		}
	}
	want := map[string]int{"trailing space": 9, "CR": 9, `stray "\r"`: 9}
	for kind, n := range want {
		if accepted[kind] != n {
			t.Errorf("%s: got %d mutants accepted, want %d", kind, accepted[kind], n)
		}
	}
	for kind, n := range accepted {
		if _, ok := want[kind]; !ok {
			t.Errorf("%s: got %d mutants accepted, want none", kind, n)
		}
	}
}

package classic

import (
	"errors"
	"strings"
	"testing"
)

func TestReadPuzzles(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		want    []string
		wantErr string
	}{
		{name: "empty input", input: "", want: nil},
		{
			name:  "comments, blank lines and CRLF",
			input: "# a set\r\n\r\n" + unavoidable + "\r\n   \r\n#\r\n" + solvedGrid + "\r\n",
			want:  []string{unavoidable, solvedGrid},
		},
		{name: "no final newline", input: solvedGrid, want: []string{solvedGrid}},
		{
			name:  "stops at end",
			input: unavoidable + "\nend\n" + solvedGrid + "\n",
			want:  []string{unavoidable},
		},
		{
			name:    "bad line",
			input:   solvedGrid + "\n# note\n" + solvedGrid[:80] + "\n",
			want:    []string{solvedGrid},
			wantErr: "line 3: parsing puzzle: 80 characters, want 81",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadPuzzles(strings.NewReader(tc.input))
			if tc.wantErr == "" && err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("got error %v, want one containing %q", err, tc.wantErr)
			}
			var gotText []string
			for _, p := range got {
				gotText = append(gotText, p.String())
			}
			if strings.Join(gotText, ",") != strings.Join(tc.want, ",") {
				t.Errorf("got %v, want %v", gotText, tc.want)
			}
		})
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestReadPuzzlesReadError(t *testing.T) {
	_, err := ReadPuzzles(failingReader{})
	if err == nil || !strings.Contains(err.Error(), "reading puzzles: disk on fire") {
		t.Errorf("got error %v, want one wrapping the read error", err)
	}
}

func FuzzReadPuzzles(f *testing.F) {
	f.Add("# c\r\n" + solvedGrid + "\r\nend\r\n")
	f.Add(unavoidable + "\n\n" + strings.Repeat("0", 81))
	f.Add("x")
	f.Fuzz(func(t *testing.T, input string) {
		puzzles, err := ReadPuzzles(strings.NewReader(input))
		lines := strings.Count(input, "\n") + 1
		if len(puzzles) > lines {
			t.Fatalf("got %d puzzles from %d lines, want at most one per line", len(puzzles), lines)
		}
		for _, p := range puzzles {
			if again, perr := Parse(p.String()); perr != nil || again != p {
				t.Fatalf("round trip: got %v, %v, want %v", again, perr, p)
			}
		}
		if err == nil && len(puzzles) > 0 && !strings.Contains(input, puzzles[0].String()) &&
			!strings.Contains(strings.ReplaceAll(input, "0", "."), puzzles[0].String()) {
			t.Fatalf("got puzzle %v, which is not in the input", puzzles[0])
		}
	})
}

package answer

import (
	"math"
	"strings"
	"testing"
)

func TestReadTarget(t *testing.T) {
	best := fixture(t, "target/random30.grid")
	tests := []struct {
		name    string
		output  string
		score   int64
		hasGrid bool
		err     string // of the score
		rest    string // after the score
	}{
		{"score", "2866\n", 2866, false, "", ""},
		{"no solution", "-1", -1, false, "", ""},
		{"zero", "0", 0, false, "", ""},
		{"score and grid", best, 2866, true, "", ""},
		{"grid on one line", "2866 " + strings.Join(strings.Fields(best)[1:], " "), 2866, true, "", ""},
		{"int64 overflow", "9223372036854775808", math.MaxInt64, false, "", ""},
		{"int64 underflow", "-9223372036854775809", math.MinInt64, false, "", ""},
		{"lone minus", "-", 0, false, `line 1, column 1: expected an integer, found "-"`, ""},
		{"long word", strings.Repeat("x", 40), 0, false, `line 1, column 1: expected an integer, found "` + strings.Repeat("x", 32) + `"... (40 bytes)`, ""},
		{"negative leading zero", "-07", 0, false, `line 1, column 1: expected an integer without leading zeros, found "-07"`, ""},
		{"grid cut short", "2866\n1 2\n3", 2866, false, "", "line 3, column 2: expected 81 digits in the grid, found only 3"},
		{"junk after -1", "-1 -1", -1, false, "", `line 1, column 4: expected the end of the output after -1, found "-1"`},
		{"junk after the grid", best + " 5", 2866, true, "", `line 11, column 2: expected the end of the output after the grid, found "5"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadTarget(strings.NewReader(tc.output))
			if errText(err) != tc.err {
				t.Fatalf("error: got %q, want %q", errText(err), tc.err)
			}
			if err != nil {
				return
			}
			if got.Score.Value != tc.score || got.HasGrid != tc.hasGrid || errText(got.Rest) != tc.rest {
				t.Errorf("got score %d, grid %v, rest %q; want %d, %v, %q", got.Score.Value, got.HasGrid, errText(got.Rest), tc.score, tc.hasGrid, tc.rest)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

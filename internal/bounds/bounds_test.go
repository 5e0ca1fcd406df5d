package bounds

import (
	"strings"
	"testing"

	"bullseye/internal/grid"
)

// solved is a valid full grid.
const solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// withGivens returns the contest form of solved with only its first n cells given.
func withGivens(n int) []byte {
	var g grid.Grid
	for cell := range n {
		g[cell] = solved[cell] - '0'
	}
	var b strings.Builder
	g.WriteTo(&b)
	return []byte(b.String())
}

func TestNOIP(t *testing.T) {
	clash := withGivens(30)
	clash[2] = clash[0] // r1c2 as r1c1: two equal givens in row 1
	tests := []struct {
		name  string
		input []byte
		want  string // "" within
	}{
		{"24 givens", withGivens(24), ""},
		{"80 givens", withGivens(80), ""},
		{"givens that clash", clash, ""},
		{"23 givens", withGivens(23), "23 givens, fewer than 24"},
		{"the empty grid", withGivens(0), "0 givens, fewer than 24"},
		{"a full grid", withGivens(81), "a grid already full"},
		{"not a grid", []byte("1 2 3\n"), "not a grid"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := NOIP.Beyond(tc.input); tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLookup(t *testing.T) {
	if b, err := Lookup("target", "noip"); err != nil || b.Name != "noip" {
		t.Errorf("target noip: got %v, %v", b.Name, err)
	}
	for _, tc := range []struct{ problem, name, want string }{
		{"target", "ioi", `no bounds "ioi" for problem target: want noip`},
		{"classic", "noip", "problem classic has no bounds but the kit's own"},
	} {
		if _, err := Lookup(tc.problem, tc.name); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: got %v, want %q", tc.problem, tc.name, err, tc.want)
		}
	}
}

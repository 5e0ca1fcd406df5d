package validate

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/grid"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func mustParse(t *testing.T, text string) grid.Grid {
	t.Helper()
	g, err := grid.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCoverageCounts(t *testing.T) {
	band := mustParse(t, fixture(t, "target/band24.in"))
	full := mustParse(t, fixture(t, "target/full.in"))
	unique := mustParse(t, fixture(t, "target/unique.in"))
	oneBox := grid.Grid{0: 1, 1: 2, 9: 3}
	clash := grid.Grid{0: 5, 8: 5}
	tests := []struct {
		name  string
		grids []grid.Grid
		want  Coverage
	}{
		{"empty grid", []grid.Grid{{}}, Coverage{Grids: 1, Several: 1}},
		{"one band", []grid.Grid{band}, Coverage{Grids: 1, Several: 1, OneBand: 1, ThreeBoxes: 1}},
		{"full grid", []grid.Grid{full}, Coverage{Grids: 1, Unique: 1}},
		{"unique", []grid.Grid{unique}, Coverage{Grids: 1, Unique: 1}},
		{"one box", []grid.Grid{oneBox}, Coverage{Grids: 1, Several: 1, OneBand: 1, OneStack: 1, ThreeBoxes: 1, OneBox: 1}},
		{"clash", []grid.Grid{clash}, Coverage{Grids: 1, NoSolution: 1, OneBand: 1, ThreeBoxes: 1, Conflicting: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got Coverage
			for _, g := range tc.grids {
				got.Add(g)
				tc.want.Givens[g.Givens()]++
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestCoverageReport(t *testing.T) {
	var c Coverage
	for _, name := range []string{"random24", "random30", "band24", "full", "unique"} {
		c.Add(mustParse(t, fixture(t, "target/"+name+".in")))
	}
	var b strings.Builder
	if err := c.Write(&b, "target grids", Rules{MinGivens: TargetMinGivens}); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "coverage.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := fixture(t, "coverage.golden")
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

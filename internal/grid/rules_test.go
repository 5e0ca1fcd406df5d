package grid

import (
	"path/filepath"
	"reflect"
	"testing"
)

func TestUnitString(t *testing.T) {
	tests := []struct {
		unit Unit
		want string
	}{
		{Unit{Row, 3}, "row 4"},
		{Unit{Column, 1}, "column 2"},
		{Unit{Box, 4}, "box 5"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			if got := tc.unit.String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestUnitCells(t *testing.T) {
	tests := []struct {
		name string
		unit Unit
		want [Size]int
	}{
		{"row 2", Unit{Row, 1}, [Size]int{9, 10, 11, 12, 13, 14, 15, 16, 17}},
		{"column 9", Unit{Column, 8}, [Size]int{8, 17, 26, 35, 44, 53, 62, 71, 80}},
		{"box 6", Unit{Box, 5}, [Size]int{33, 34, 35, 42, 43, 44, 51, 52, 53}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.unit.Cells(); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	var covered [3][Cells]int
	for _, u := range Units() {
		for _, cell := range u.Cells() {
			covered[u.Kind][cell]++
		}
	}
	for kind, counts := range covered {
		for cell, n := range counts {
			if n != 1 {
				t.Errorf("%s units cover cell %d %d times, want once", UnitKind(kind), cell, n)
			}
		}
	}
}

// placed returns a grid holding the given digits; each triple is a 1-based
// row, a 1-based column and a digit, as the messages count them.
func placed(triples ...[3]int) Grid {
	var g Grid
	for _, t := range triples {
		g[CellAt(t[0]-1, t[1]-1)] = uint8(t[2])
	}
	return g
}

func TestConflicts(t *testing.T) {
	tests := []struct {
		name string
		g    Grid
		want []string
	}{
		{"empty", Grid{}, nil},
		{"row", placed([3]int{4, 2, 7}, [3]int{4, 9, 7}), []string{"row 4 has two 7s, in columns 2 and 9"}},
		{"column", placed([3]int{1, 3, 5}, [3]int{4, 3, 5}, [3]int{8, 3, 5}), []string{"column 3 has three 5s, in rows 1, 4 and 8"}},
		{"box", placed([3]int{4, 5, 3}, [3]int{6, 6, 3}), []string{"box 5 has two 3s, at r4c5 and r6c6"}},
		{
			"row, column and box at once",
			placed([3]int{1, 1, 1}, [3]int{1, 2, 1}, [3]int{2, 1, 1}),
			[]string{"row 1 has two 1s, in columns 1 and 2", "column 1 has two 1s, in rows 1 and 2", "box 1 has three 1s, at r1c1, r1c2 and r2c1"},
		},
		{
			"ordered by unit, then digit",
			placed([3]int{9, 1, 2}, [3]int{9, 9, 2}, [3]int{2, 4, 9}, [3]int{2, 5, 9}, [3]int{2, 7, 4}, [3]int{2, 8, 4}),
			[]string{"row 2 has two 4s, in columns 7 and 8", "row 2 has two 9s, in columns 4 and 5", "row 9 has two 2s, in columns 1 and 9", "box 2 has two 9s, at r2c4 and r2c5", "box 3 has two 4s, at r2c7 and r2c8"},
		},
		{"nine of a kind", Grid{0: 6, 1: 6, 2: 6, 3: 6, 4: 6, 5: 6, 6: 6, 7: 6, 8: 6}, []string{
			"row 1 has nine 6s, in columns 1, 2, 3, 4, 5, 6, 7, 8 and 9",
			"box 1 has three 6s, at r1c1, r1c2 and r1c3",
			"box 2 has three 6s, at r1c4, r1c5 and r1c6",
			"box 3 has three 6s, at r1c7, r1c8 and r1c9",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			conflicts := tc.g.Conflicts()
			var got []string
			for _, c := range conflicts {
				got = append(got, c.String())
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if valid := tc.g.Valid(); valid != (len(tc.want) == 0) {
				t.Errorf("Valid: got %v, want %v", valid, len(tc.want) == 0)
			}
		})
	}
}

func TestConflictCells(t *testing.T) {
	g := placed([3]int{4, 5, 3}, [3]int{6, 6, 3})
	want := []Conflict{{Unit: Unit{Box, 4}, Digit: 3, Cells: []int{CellAt(3, 4), CellAt(5, 5)}}}
	if got := g.Conflicts(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestValidFullGrid(t *testing.T) {
	full := mustReadFile(t, filepath.Join("testdata", "max-empty.txt"))
	if !full.Valid() {
		t.Fatalf("got conflicts %v, want none", full.Conflicts())
	}
	swapped := full
	swapped[0], swapped[1] = swapped[1], swapped[0]
	if swapped.Valid() {
		t.Errorf("a grid with two cells of a row swapped: got valid, want conflicts in columns 1 and 2")
	}
}

func TestExtends(t *testing.T) {
	full := mustReadFile(t, filepath.Join("testdata", "max-empty.txt"))
	puzzle := mustReadFile(t, filepath.Join("testdata", "crlf-trailing-space.in"))
	changed := puzzle
	changed[50] = full[50]%9 + 1
	tests := []struct {
		name   string
		g      Grid
		puzzle Grid
		cell   int
		ok     bool
	}{
		{"solution of its puzzle", full, puzzle, -1, true},
		{"anything extends the empty grid", Grid{}, Grid{}, -1, true},
		{"itself", puzzle, puzzle, -1, true},
		{"blank where a given is", puzzle, full, 0, false},
		{"changed given", full, changed, 50, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cell, ok := tc.g.Extends(tc.puzzle)
			if cell != tc.cell || ok != tc.ok {
				t.Errorf("got (%d, %v), want (%d, %v)", cell, ok, tc.cell, tc.ok)
			}
		})
	}
}

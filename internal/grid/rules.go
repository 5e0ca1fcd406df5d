package grid

import (
	"fmt"
	"strings"
)

// UnitKind tells rows, columns and boxes apart.
type UnitKind uint8

// The three kinds of unit, in the order Conflicts reports them.
const (
	Row UnitKind = iota
	Column
	Box
)

// String returns "row", "column" or "box".
func (k UnitKind) String() string {
	switch k {
	case Row:
		return "row"
	case Column:
		return "column"
	case Box:
		return "box"
	}
	return fmt.Sprintf("UnitKind(%d)", uint8(k))
}

// Unit is one of the 27 groups of nine cells that must hold every digit once.
type Unit struct {
	Kind  UnitKind
	Index int // 0-based; boxes are numbered row by row
}

// String names the unit for humans, 1-based: "row 4", "column 2", "box 5".
func (u Unit) String() string { return fmt.Sprintf("%s %d", u.Kind, u.Index+1) }

// Cells returns the nine cells of the unit in reading order.
func (u Unit) Cells() [Size]int {
	var cells [Size]int
	for i := range cells {
		switch u.Kind {
		case Row:
			cells[i] = CellAt(u.Index, i)
		case Column:
			cells[i] = CellAt(i, u.Index)
		default:
			cells[i] = CellAt(u.Index/3*3+i/3, u.Index%3*3+i%3)
		}
	}
	return cells
}

// Units returns all 27 units: rows, then columns, then boxes.
func Units() []Unit {
	units := make([]Unit, 0, 3*Size)
	for _, kind := range []UnitKind{Row, Column, Box} {
		for i := range Size {
			units = append(units, Unit{Kind: kind, Index: i})
		}
	}
	return units
}

// Conflict is a digit that appears more than once in a unit.
type Conflict struct {
	Unit  Unit
	Digit int
	Cells []int // every cell of the unit holding Digit, in reading order
}

var countWords = [...]string{2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}

// String describes the conflict for humans, 1-based, e.g.
// "row 4 has two 7s, in columns 2 and 9",
// "column 3 has three 5s, in rows 1, 4 and 8" or
// "box 5 has two 3s, at r4c5 and r6c6".
func (c Conflict) String() string {
	count := fmt.Sprint(len(c.Cells))
	if len(c.Cells) < len(countWords) && countWords[len(c.Cells)] != "" {
		count = countWords[len(c.Cells)]
	}
	places := make([]string, len(c.Cells))
	for i, cell := range c.Cells {
		switch c.Unit.Kind {
		case Row:
			places[i] = fmt.Sprint(ColOf(cell) + 1)
		case Column:
			places[i] = fmt.Sprint(RowOf(cell) + 1)
		default:
			places[i] = fmt.Sprintf("r%dc%d", RowOf(cell)+1, ColOf(cell)+1)
		}
	}
	where := "at"
	switch c.Unit.Kind {
	case Row:
		where = "in columns"
	case Column:
		where = "in rows"
	}
	return fmt.Sprintf("%s has %s %ds, %s %s", c.Unit, count, c.Digit, where, joinAnd(places))
}

// joinAnd joins words as English does: "a", "a and b", "a, b and c".
func joinAnd(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// Conflicts returns every rule the grid breaks: each digit found twice or
// more in a unit, ordered rows, then columns, then boxes, each by index and
// then by digit. It returns nil when there is none. Values outside 1..9 are
// ignored.
func (g Grid) Conflicts() []Conflict {
	var conflicts []Conflict
	for _, u := range Units() {
		var seen [Size + 1][]int
		for _, cell := range u.Cells() {
			if d := g[cell]; d >= 1 && d <= Size {
				seen[d] = append(seen[d], cell)
			}
		}
		for d, cells := range seen {
			if len(cells) >= 2 {
				conflicts = append(conflicts, Conflict{Unit: u, Digit: d, Cells: cells})
			}
		}
	}
	return conflicts
}

// Valid reports whether no digit appears twice in a unit.
func (g Grid) Valid() bool {
	for _, u := range Units() {
		var seen uint16
		for _, cell := range u.Cells() {
			if d := g[cell]; d >= 1 && d <= Size {
				if seen&(1<<d) != 0 {
					return false
				}
				seen |= 1 << d
			}
		}
	}
	return true
}

// Extends reports whether g keeps every non-zero cell of puzzle; when it
// does not, cell is the first cell where they differ, otherwise cell is -1.
func (g Grid) Extends(puzzle Grid) (cell int, ok bool) {
	for i, v := range puzzle {
		if v != 0 && g[i] != v {
			return i, false
		}
	}
	return -1, true
}

package validate

import (
	"fmt"
	"io"
	"strings"

	"bullseye/internal/classic"
	"bullseye/internal/grid"
)

// Coverage sums up what a test set reaches, in the manner of Polygon's validator coverage: how
// many grids hit each bound of the problem, so that a test author sees which bounds no test
// reaches. Add each valid grid, then Write the report.
type Coverage struct {
	Grids       int
	Givens      [grid.Cells + 1]int // grids by their number of givens
	NoSolution  int
	Unique      int
	Several     int
	OneBand     int // grids whose givens all lie in one band of three rows
	OneStack    int // ... in one stack of three columns
	ThreeBoxes  int // ... in at most three boxes
	OneBox      int // ... in one box
	Conflicting int // grids whose givens break a rule
}

// Add counts one grid; it counts the grid's completions with the classic solver, up to two.
func (c *Coverage) Add(g grid.Grid) {
	c.Grids++
	c.Givens[g.Givens()]++
	switch classic.Count(classic.Puzzle(g), 2) {
	case 0:
		c.NoSolution++
	case 1:
		c.Unique++
	default:
		c.Several++
	}
	var rows, cols, boxes uint16
	for cell, v := range g {
		if v != 0 {
			rows |= 1 << grid.RowOf(cell)
			cols |= 1 << grid.ColOf(cell)
			boxes |= 1 << grid.BoxOf(cell)
		}
	}
	if rows != 0 {
		c.OneBand += boolInt(inOneBand(rows))
		c.OneStack += boolInt(inOneBand(cols))
		c.ThreeBoxes += boolInt(ones(boxes) <= 3)
		c.OneBox += boolInt(ones(boxes) == 1)
	}
	c.Conflicting += boolInt(!g.Valid())
}

// inOneBand reports whether a set of rows (or columns) lies within one band of three.
func inOneBand(set uint16) bool {
	return set&^0o7 == 0 || set&^0o70 == 0 || set&^0o700 == 0
}

func ones(set uint16) int {
	n := 0
	for ; set != 0; set &= set - 1 {
		n++
	}
	return n
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// histogramWidth is the longest bar of the givens histogram.
const histogramWidth = 40

// Write prints the report: the givens histogram, then one line per bound with the number of
// grids that reach it, and "not reached" where none does, with the reason when rules exclude it.
func (c *Coverage) Write(w io.Writer, what string, rules Rules) error {
	var b strings.Builder
	fmt.Fprintf(&b, "coverage of %d %s\n", c.Grids, what)
	fmt.Fprintf(&b, "givens  %6s\n", "grids")
	most := 0
	for _, n := range c.Givens {
		most = max(most, n)
	}
	for givens, n := range c.Givens {
		if n > 0 {
			bar := max(1, n*histogramWidth/most)
			fmt.Fprintf(&b, "%6d  %6d  %s\n", givens, n, strings.Repeat("#", bar))
		}
	}
	minimum := max(rules.MinGivens, 0)
	bounds := []struct {
		name     string
		n        int
		excluded string
	}{
		{fmt.Sprintf("the fewest givens allowed (%d)", minimum), c.Givens[minimum], ""},
		{"the full grid (81 givens)", c.Givens[grid.Cells], ""},
		{"the empty grid", c.Givens[0], excludedBelow(rules, 1)},
		{"no solution", c.NoSolution, ""},
		{"a unique solution", c.Unique, ""},
		{"several solutions", c.Several, ""},
		{"givens inside one band", c.OneBand, excludedBelow(rules, 28)},
		{"givens inside one stack", c.OneStack, excludedBelow(rules, 28)},
		{"givens inside three boxes", c.ThreeBoxes, excludedBelow(rules, 28)},
		{"givens inside one box", c.OneBox, excludedBelow(rules, 10)},
		{"givens that break a rule", c.Conflicting, excludedConflicts(rules)},
	}
	fmt.Fprintf(&b, "%-34s %6s\n", "bound", "grids")
	for _, bound := range bounds {
		fmt.Fprintf(&b, "%-34s %6d", bound.name, bound.n)
		if bound.n == 0 {
			b.WriteString("  not reached")
			if bound.excluded != "" {
				fmt.Fprintf(&b, " (%s)", bound.excluded)
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// excludedBelow explains why no grid can reach a bound that needs fewer than limit givens.
func excludedBelow(rules Rules, limit int) string {
	if rules.MinGivens >= limit {
		return fmt.Sprintf("excluded by --min-givens %d", rules.MinGivens)
	}
	return ""
}

// excludedConflicts explains why no grid can break a rule.
func excludedConflicts(rules Rules) string {
	if rules.AllowConflicts {
		return ""
	}
	return "not allowed, see --allow-conflicts"
}

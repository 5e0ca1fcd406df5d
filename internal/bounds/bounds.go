// Package bounds names the statements a test's input may lie within, beyond the kit's own.
// Target sudoku's kit statement takes any 81 digits; NOIP 2009's own statement is narrower:
// its input is "a sudoku not yet filled" with at least 24 givens (the answer -1 when it has no
// completion, givens that clash included). A test set marks which of its tests lie within
// NOIP's bounds (the manifest's "within noip"); the suite checks every mark against Check, and
// a student judges against NOIP's bounds alone with --bounds noip.
package bounds

import (
	"fmt"
	"slices"
	"strings"

	"bullseye/internal/grid"
)

// Bounds are a statement's bounds on a problem's inputs.
type Bounds struct {
	// Name is how a manifest's "within" and the judge's --bounds name them.
	Name string
	// Problem is the problem whose inputs they bound.
	Problem string
	// Title names them in a sentence: "NOIP's bounds".
	Title string
	// Rule says what they allow, in a few words.
	Rule string
	// beyond returns why a parsed input lies beyond the bounds, "" when it lies within.
	beyond func(g grid.Grid) string
}

// NOIPMinGivens is the fewest givens of a NOIP 2009 input: "100% of the data have at least 24".
const NOIPMinGivens = 24

// NOIP are the bounds of NOIP 2009's statement of target sudoku.
var NOIP = Bounds{
	Name: "noip", Problem: "target", Title: "NOIP's bounds",
	Rule: fmt.Sprintf("at least %d givens and a blank to fill", NOIPMinGivens),
	beyond: func(g grid.Grid) string {
		switch n := g.Givens(); {
		case n < NOIPMinGivens:
			return fmt.Sprintf("%d givens, fewer than %d", n, NOIPMinGivens)
		case n == grid.Cells:
			return "a grid already full"
		}
		return ""
	},
}

var all = []Bounds{NOIP}

// Names returns the names of the bounds of problem.
func Names(problem string) []string {
	var names []string
	for _, b := range all {
		if b.Problem == problem {
			names = append(names, b.Name)
		}
	}
	return names
}

// Lookup returns the bounds of problem named name.
func Lookup(problem, name string) (Bounds, error) {
	i := slices.IndexFunc(all, func(b Bounds) bool { return b.Problem == problem && b.Name == name })
	if i < 0 {
		names := Names(problem)
		if len(names) == 0 {
			return Bounds{}, fmt.Errorf("problem %s has no bounds but the kit's own: want no %q", problem, name)
		}
		return Bounds{}, fmt.Errorf("no bounds %q for problem %s: want %s", name, problem, strings.Join(names, " or "))
	}
	return all[i], nil
}

// Beyond returns why input lies beyond the bounds, or "" when it lies within them. An input
// that is not a grid at all lies beyond them.
func (b Bounds) Beyond(input []byte) string {
	g, err := grid.Parse(input)
	if err != nil {
		return "not a grid: " + err.Error()
	}
	return b.beyond(g)
}

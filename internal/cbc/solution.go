package cbc

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"bullseye/internal/grid"
)

// Solution is what a cbc solution file says about a target sudoku model.
type Solution struct {
	// Feasible is false when cbc proved that the model has no solution.
	Feasible bool
	// Best is the proven maximum score; meaningful only when Feasible.
	Best int
	// Fill is the completed grid of the variables at 1; meaningful only when Feasible.
	Fill grid.Grid
}

// integralTolerance absorbs the floating-point noise of cbc's printed values.
const integralTolerance = 1e-6

// ParseSolution reads a solution file written by cbc's "solu" command: a
// status line such as "Optimal - objective value 2906.00000000", then one
// line per nonzero variable: index, name, value, reduced cost. Anything but
// a proven optimum or a proven infeasibility is an error, as is a value
// that is neither 0 nor 1 or a cell left without a digit.
func ParseSolution(r io.Reader) (Solution, error) {
	scanner := bufio.NewScanner(r)
	line := 0
	var status, objective string
	for scanner.Scan() {
		line++
		text := strings.TrimSpace(scanner.Text())
		if text == "" {
			continue
		}
		var found bool
		status, objective, found = strings.Cut(text, " - objective value ")
		if !found {
			return Solution{}, fmt.Errorf("line %d: got %q, want a status line such as \"Optimal - objective value 2906\"", line, text)
		}
		break
	}
	if err := scanner.Err(); err != nil {
		return Solution{}, err
	}
	switch {
	case status == "" && objective == "":
		return Solution{}, fmt.Errorf("empty solution file, want a status line")
	case status == "Infeasible" || status == "Integer infeasible":
		return Solution{Feasible: false}, nil
	case status != "Optimal":
		return Solution{}, fmt.Errorf("line %d: cbc did not prove an optimum: status %q", line, status)
	}

	value, err := strconv.ParseFloat(strings.TrimSpace(objective), 64)
	if err != nil {
		return Solution{}, fmt.Errorf("line %d: objective value %q: %w", line, objective, err)
	}
	best, ok := integral(value)
	if !ok {
		return Solution{}, fmt.Errorf("line %d: objective value %v is not an integer", line, value)
	}
	sol := Solution{Feasible: true, Best: best}

	for scanner.Scan() {
		line++
		// cbc marks a variable that violates its bounds with a leading "**".
		fields := strings.Fields(strings.TrimPrefix(strings.TrimSpace(scanner.Text()), "**"))
		if len(fields) == 0 {
			continue
		}
		if len(fields) < 3 {
			return Solution{}, fmt.Errorf("line %d: got %q, want index, name, value, reduced cost", line, scanner.Text())
		}
		name := fields[1]
		cell, digit, ok := parseVarName(name)
		if !ok {
			return Solution{}, fmt.Errorf("line %d: unknown variable %q, want x<row><col><digit>", line, name)
		}
		value, err := strconv.ParseFloat(fields[2], 64)
		if err != nil {
			return Solution{}, fmt.Errorf("line %d: value of %s: %w", line, name, err)
		}
		switch v, ok := integral(value); {
		case !ok || v < 0 || v > 1:
			return Solution{}, fmt.Errorf("line %d: %s = %v, want 0 or 1", line, name, value)
		case v == 0:
			continue
		}
		if sol.Fill[cell] != 0 {
			return Solution{}, fmt.Errorf("line %d: row %d column %d gets both %d and %d", line, grid.RowOf(cell)+1, grid.ColOf(cell)+1, sol.Fill[cell], digit)
		}
		sol.Fill[cell] = uint8(digit)
	}
	if err := scanner.Err(); err != nil {
		return Solution{}, err
	}
	for cell, v := range sol.Fill {
		if v == 0 {
			return Solution{}, fmt.Errorf("row %d column %d gets no digit", grid.RowOf(cell)+1, grid.ColOf(cell)+1)
		}
	}
	return sol, nil
}

// Verify checks that a feasible solution is a valid completion of givens
// whose score is the reported optimum, so that a misread file cannot pass
// for a cross-check.
func (s Solution) Verify(givens grid.Grid) error {
	if !s.Feasible {
		return nil
	}
	for cell, v := range givens {
		if v != 0 && s.Fill[cell] != v {
			return fmt.Errorf("cbc grid has %d at row %d column %d, given %d", s.Fill[cell], grid.RowOf(cell)+1, grid.ColOf(cell)+1, v)
		}
	}
	if !s.Fill.Complete() || !s.Fill.Valid() {
		return fmt.Errorf("cbc grid is not a valid completed sudoku:\n%s", s.Fill)
	}
	if got := s.Fill.Score(); got != s.Best {
		return fmt.Errorf("cbc grid scores %d, objective says %d", got, s.Best)
	}
	return nil
}

// integral rounds v when it is an integer up to cbc's printing noise.
func integral(v float64) (int, bool) {
	r := math.Round(v)
	if math.IsNaN(v) || math.Abs(v-r) > integralTolerance || math.Abs(r) > 1e9 {
		return 0, false
	}
	return int(r), true
}

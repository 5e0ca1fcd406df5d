// Package adversary reads the adversarial families: inputs hill-climbed (internal/climb)
// against a solver, one a line with the answer CBC proves and a note saying where each came
// from. bench/targetclimb writes them; the solution's tests and bench/target read them.
package adversary

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"bullseye/internal/grid"
)

// Case is one input of an adversarial family with its known answer.
type Case struct {
	Givens grid.Grid
	Answer int    // the maximum score, -1 when there is no completion
	Note   string // where it came from: the climb and what it was climbed against
	Line   int    // its line in the family's file
}

// ReadFamilyFile reads the family file at path (see ReadFamily).
func ReadFamilyFile(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadFamily(f, path)
}

// ReadFamily reads a family: one case a line, the 81 digits of the grid in reading order (0 for
// a blank), then its answer, then an optional note after '#'. Blank lines and lines starting
// with '#' are skipped. Errors name the file and line.
func ReadFamily(r io.Reader, name string) ([]Case, error) {
	var cases []Case
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		c := Case{Line: n}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line, c.Note = strings.TrimSpace(line[:i]), strings.TrimSpace(line[i+1:])
		}
		fields := strings.Fields(line)
		if len(fields) != 2 {
			return nil, fmt.Errorf("%s:%d: got %d fields, want the 81 digits of a grid and its answer", name, n, len(fields))
		}
		digits := fields[0]
		if len(digits) != grid.Cells {
			return nil, fmt.Errorf("%s:%d: got %d characters for the grid, want %d digits", name, n, len(digits), grid.Cells)
		}
		for i := range digits {
			if digits[i] < '0' || digits[i] > '9' {
				return nil, fmt.Errorf("%s:%d: column %d: got %q, want a digit 0..9", name, n, i+1, digits[i])
			}
			c.Givens[i] = digits[i] - '0'
		}
		answer, err := strconv.Atoi(fields[1])
		if err != nil || answer < -1 {
			return nil, fmt.Errorf("%s:%d: got answer %q, want an integer, -1 or more", name, n, fields[1])
		}
		c.Answer = answer
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return cases, nil
}

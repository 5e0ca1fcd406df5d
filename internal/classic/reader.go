package classic

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// ReadPuzzles reads puzzles in the one-line format (see Parse), one per line, as the benchmark
// sets store them: it skips empty lines and lines starting with '#', and stops at a line "end" or
// at the end of r. The first bad line ends the reading with an error naming its line number.
func ReadPuzzles(r io.Reader) ([]Puzzle, error) {
	var puzzles []Puzzle
	scanner := bufio.NewScanner(r)
	for lineNumber := 1; scanner.Scan(); lineNumber++ {
		line := strings.Trim(scanner.Text(), " \t\r")
		if line == "" || line[0] == '#' {
			continue
		}
		if line == "end" {
			break
		}
		p, err := Parse(line)
		if err != nil {
			return puzzles, fmt.Errorf("reading puzzles: line %d: %w", lineNumber, err)
		}
		puzzles = append(puzzles, p)
	}
	if err := scanner.Err(); err != nil {
		return puzzles, fmt.Errorf("reading puzzles: %w", err)
	}
	return puzzles, nil
}

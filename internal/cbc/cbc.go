// Package cbc cross-checks target sudoku answers with the CBC mixed-integer
// solver (Debian package coinor-cbc): it writes the 0/1 model of a grid in
// LP format, runs the cbc program on it and reads back the proven optimum
// and one optimal grid.
//
// The model has one binary variable per cell and digit, named x<row><col><digit>
// with 1-based row and column: each cell holds one digit, each row, column
// and box holds each digit once, every given is fixed, and the objective is
// the sum of weight times digit, givens included.
package cbc

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"bullseye/internal/grid"
)

// Program is the name of the CBC executable looked up on PATH.
const Program = "cbc"

// Available reports whether the cbc program is on PATH.
func Available() bool {
	_, err := exec.LookPath(Program)
	return err == nil
}

// Args returns the cbc arguments that solve the LP file modelPath and write
// the solution file solutionPath (read it with ParseSolution).
func Args(modelPath, solutionPath string) []string {
	return []string{modelPath, "solve", "solu", solutionPath}
}

// Maximize runs cbc on the model of givens and returns the maximum score and
// one optimal completed grid, or -1 and a zero grid when cbc proves that no
// completion exists (a broken rule included). The answer is verified against
// the givens before it is returned.
func Maximize(ctx context.Context, givens grid.Grid) (best int, fill grid.Grid, err error) {
	dir, err := os.MkdirTemp("", "cbc-")
	if err != nil {
		return 0, grid.Grid{}, fmt.Errorf("creating cbc work directory: %w", err)
	}
	defer os.RemoveAll(dir)

	modelPath := filepath.Join(dir, "model.lp")
	solutionPath := filepath.Join(dir, "model.sol")
	if err := WriteModelFile(modelPath, givens); err != nil {
		return 0, grid.Grid{}, err
	}

	cmd := exec.CommandContext(ctx, Program, Args(modelPath, solutionPath)...)
	cmd.Dir = dir
	output, runErr := cmd.CombinedOutput()
	if runErr != nil {
		return 0, grid.Grid{}, fmt.Errorf("running cbc: %w; output ends: %s", runErr, tail(output))
	}

	sol, err := ReadSolutionFile(solutionPath)
	if err != nil {
		return 0, grid.Grid{}, fmt.Errorf("%w; cbc output ends: %s", err, tail(output))
	}
	if err := sol.Verify(givens); err != nil {
		return 0, grid.Grid{}, err
	}
	if !sol.Feasible {
		return -1, grid.Grid{}, nil
	}
	return sol.Best, sol.Fill, nil
}

// ReadSolutionFile parses the cbc solution file at path.
func ReadSolutionFile(path string) (Solution, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return Solution{}, fmt.Errorf("cbc wrote no solution file %s", filepath.Base(path))
	}
	if err != nil {
		return Solution{}, fmt.Errorf("opening cbc solution: %w", err)
	}
	defer f.Close()
	sol, err := ParseSolution(f)
	if err != nil {
		return Solution{}, fmt.Errorf("reading cbc solution: %w", err)
	}
	return sol, nil
}

// WriteModelFile writes the LP model of givens to the file at path.
func WriteModelFile(path string, givens grid.Grid) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("creating cbc model: %w", err)
	}
	if err := WriteLP(f, givens); err != nil {
		f.Close()
		return fmt.Errorf("writing cbc model: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing cbc model: %w", err)
	}
	return nil
}

// tail keeps the last lines of cbc's chatty output for an error message.
func tail(output []byte) string {
	lines := strings.Split(strings.TrimSpace(string(output)), "\n")
	const keep = 4
	if len(lines) > keep {
		lines = lines[len(lines)-keep:]
	}
	return strings.Join(lines, " | ")
}

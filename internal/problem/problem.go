// Package problem names the kit's two problems, target sudoku and classic sudoku, with what
// judges each: the checker of an output and the strict validator of an input. The checker
// command and the validators of an exported problem package both look their problem up here.
package problem

import (
	"fmt"
	"io"
	"os"

	"bullseye/internal/answer"
	"bullseye/internal/grid"
	"bullseye/internal/validate"
	"bullseye/internal/verdict"
)

// Problem is one of the kit's problems.
type Problem struct {
	Name      string // "target" or "classic", as --problem names it
	MinGivens int    // the fewest givens an input may have when the rules do not say
	// Check judges a contestant's output against the jury's answer for an input.
	Check func(input, output, jury io.Reader) verdict.Judgement
	// Validate reads an input strictly under rules and returns its grids.
	Validate func(r io.Reader, name string, rules validate.Rules) ([]grid.Grid, error)
}

// Target is target sudoku: one grid per input, the answer its best score.
var Target = Problem{"target", validate.TargetMinGivens, answer.CheckTarget, validateTarget}

// Classic is classic sudoku: a batch of puzzles per input, the answer a solution per puzzle.
var Classic = Problem{"classic", validate.ClassicMinGivens, answer.CheckClassic, validate.Classic}

func validateTarget(r io.Reader, name string, rules validate.Rules) ([]grid.Grid, error) {
	g, err := validate.Target(r, name, rules)
	if err != nil {
		return nil, err
	}
	return []grid.Grid{g}, nil
}

// Lookup returns the problem named name.
func Lookup(name string) (Problem, error) {
	for _, p := range []Problem{Target, Classic} {
		if p.Name == name {
			return p, nil
		}
	}
	return Problem{}, fmt.Errorf("unknown problem %q: want target or classic", name)
}

// CheckFiles judges an output against the jury's files named inputName and answerName. A jury's
// file that cannot be read is the jury's fault: a fail. The output comes from openOutput, called
// once the jury's files are open, so that their faults come first; when it cannot give the
// output, the judgement it returns stands.
func (p Problem) CheckFiles(inputName, answerName string, openOutput func() (io.Reader, *verdict.Judgement)) verdict.Judgement {
	input, err := os.Open(inputName)
	if err != nil {
		return verdict.Failure("reading the input: %v", err)
	}
	defer input.Close()
	jury, err := os.Open(answerName)
	if err != nil {
		return verdict.Failure("reading the jury's answer: %v", err)
	}
	defer jury.Close()
	output, fault := openOutput()
	if fault != nil {
		return *fault
	}
	return p.Check(input, output, jury)
}

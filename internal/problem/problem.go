// Package problem is the one registry of the kit's two problems, target sudoku and classic
// sudoku: what a program reads and writes, what judges its output and validates an input, where
// the reference and the packages' solutions and validators live, the default test group, and
// the limits and names the exported packages carry. The checker, the judge and the exporter all
// look their problem up here.
package problem

import (
	"fmt"
	"io"
	"os"

	"bullseye/internal/answer"
	"bullseye/internal/grid"
	"bullseye/internal/testlib"
	"bullseye/internal/validate"
)

// Problem is one of the kit's problems. Paths are relative to the kit's root, with slashes.
type Problem struct {
	Name      string // "target" or "classic", as --problem names it
	MinGivens int    // the fewest givens an input may have when the rules do not say
	// Check judges a contestant's output against the jury's answer for an input.
	Check func(input, output, jury io.Reader) testlib.Judgement
	// Validate reads an input strictly under rules and returns its grids.
	Validate func(r io.Reader, name string, rules validate.Rules) ([]grid.Grid, error)

	// InputFile is the file a run's folder holds the input in, besides standard input; "" for a
	// problem in standard input and output only. OutputFile is the file a program may answer in
	// instead of standard output.
	InputFile, OutputFile string
	// Stem is a contestant's source's name without its extension in a contest folder.
	Stem string
	// Reference is the reference solution's source; it answers every test and every input
	// the kit makes.
	Reference string
	// DefaultGroup is the test group judged when none is named.
	DefaultGroup string

	// Package is what the exported problem package says beyond the tests.
	Package Package
}

// Package is what a problem's exported package carries besides its tests and statement.
type Package struct {
	Title       map[string]string // the problem's name by language
	UUID        string
	Source      string // the contest the problem comes from; "" for none
	License     string
	RightsOwner string  // "" when Source says it
	TimeLimit   float64 // seconds
	MemoryMiB   int
	CodeKiB     int // the largest source a judge accepts: the C++ solution is over the 128 KiB default
	Keywords    []string
	// Accepted is the accepted submission every judging system builds and runs (C++).
	Accepted string
	// InputValidator and OutputValidator are the C++ validators.
	InputValidator, OutputValidator string
	// Submissions is the folder of planted submissions by verdict; "" when there is none.
	Submissions string
}

// Target is target sudoku: one grid per input, the answer its best score. Its program reads
// sudoku.in or standard input and answers in sudoku.out or standard output, as on the judges
// that serve it.
var Target = Problem{
	Name: "target", MinGivens: validate.TargetMinGivens,
	Check: answer.CheckTarget, Validate: validateTarget,
	InputFile: "sudoku.in", OutputFile: "sudoku.out", Stem: "sudoku",
	Reference: "solution/main.go", DefaultGroup: "official",
	Package: Package{
		Title:     map[string]string{"en": "Target Sudoku", "zh": "靶形数独"},
		UUID:      "b0d5eb02-dcfe-4917-86b6-a16975e5ac4e",
		Source:    "NOIP 2009",
		License:   "educational",
		TimeLimit: 2, MemoryMiB: 128, CodeKiB: 256,
		Keywords:        []string{"sudoku", "search", "optimization", "branch and bound"},
		Accepted:        "solution/cpp/target.cpp",
		InputValidator:  "checker/cpp/target_input.cpp",
		OutputValidator: "checker/cpp/target_output.cpp",
		Submissions:     "tests/submissions",
	},
}

// Classic is classic sudoku: a batch of puzzles in standard input, the answer a solution per
// puzzle in standard output.
var Classic = Problem{
	Name: "classic", MinGivens: validate.ClassicMinGivens,
	Check: answer.CheckClassic, Validate: validate.Classic,
	Stem:      "classic",
	Reference: "solution/classic/main.go", DefaultGroup: "batch",
	Package: Package{
		Title:       map[string]string{"en": "Sudoku", "zh": "数独"},
		UUID:        "974bfe53-ba51-421a-8cb5-971d8e758ccc",
		License:     "educational",
		RightsOwner: "bullseye contributors",
		TimeLimit:   2, MemoryMiB: 128, CodeKiB: 256,
		Keywords:        []string{"sudoku", "search", "exact cover"},
		Accepted:        "solution/cpp/classic.cpp",
		InputValidator:  "checker/cpp/classic_input.cpp",
		OutputValidator: "checker/cpp/classic_output.cpp",
	},
}

// All are the kit's problems, in the order they are listed to a user.
var All = []Problem{Target, Classic}

func validateTarget(r io.Reader, name string, rules validate.Rules) ([]grid.Grid, error) {
	g, err := validate.Target(r, name, rules)
	if err != nil {
		return nil, err
	}
	return []grid.Grid{g}, nil
}

// Lookup returns the problem named name.
func Lookup(name string) (Problem, error) {
	for _, p := range All {
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
func (p Problem) CheckFiles(inputName, answerName string, openOutput func() (io.Reader, *testlib.Judgement)) testlib.Judgement {
	input, err := os.Open(inputName)
	if err != nil {
		return testlib.Failure("reading the input: %v", err)
	}
	defer input.Close()
	jury, err := os.Open(answerName)
	if err != nil {
		return testlib.Failure("reading the jury's answer: %v", err)
	}
	defer jury.Close()
	output, fault := openOutput()
	if fault != nil {
		return *fault
	}
	return p.Check(input, output, jury)
}

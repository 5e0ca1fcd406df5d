package judging

import (
	"fmt"
	"io"

	"bullseye/internal/answer"
	"bullseye/internal/verdict"
)

// Problem is what the judge knows of a problem: how a program gets its input and gives its
// answer, who checks the answer, and where the reference solution and the tests are.
type Problem struct {
	Name string
	// InputFile is the file the run's folder holds the input in, besides standard input; ""
	// for a problem in standard input and output only. OutputFile is the file a program may
	// answer in instead of standard output.
	InputFile, OutputFile string
	// Check is the checker.
	Check func(input, output, jury io.Reader) verdict.Judgement
	// Reference is the reference solution's source, relative to the kit's root.
	Reference string
	// DefaultGroup is the test group judged when none is named.
	DefaultGroup string
}

// Problems are the kit's two problems. Target sudoku takes its input from sudoku.in or standard
// input and answers in sudoku.out or standard output, as on the judges that serve it; classic
// sudoku is a batch in standard input and output.
var Problems = []Problem{
	{
		Name: "target", InputFile: "sudoku.in", OutputFile: "sudoku.out",
		Check: answer.CheckTarget, Reference: "solution/main.go", DefaultGroup: "official",
	},
	{
		Name: "classic", Check: answer.CheckClassic,
		Reference: "solution/classic/main.go", DefaultGroup: "batch",
	},
}

// ProblemNamed returns the problem called name.
func ProblemNamed(name string) (Problem, error) {
	for _, p := range Problems {
		if p.Name == name {
			return p, nil
		}
	}
	return Problem{}, fmt.Errorf("unknown problem %q: want target or classic", name)
}

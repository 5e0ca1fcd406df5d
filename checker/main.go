// Command checker judges the outputs and validates the inputs of the kit's two problems, target
// sudoku and classic sudoku. It speaks testlib's protocol (invocation, exit codes and the line on
// standard error, byte for byte as testlib's quitf writes it), which Codeforces, Polygon, Hydro,
// UOJ, LibreOJ and LemonLime read (Hydro's and UOJ's readers know no "FAIL" and show it as a
// wrong answer; docs/export.md has each platform's verdicts), and the Kattis output-validator
// protocol for Kattis and DOMjudge. Those platforms build a C++ checker, not a Go program: the
// exported packages carry its C++ twin for target sudoku, checker/cpp/target_output.cpp, whose
// verdicts a test holds to this command's.
//
//	checker check [--problem target|classic] [--color] INPUT OUTPUT ANSWER [RESULT [-appes]]
//	checker INPUT OUTPUT ANSWER [RESULT [-appes]]          (check, as testlib's checkers are run)
//	checker check --kattis FEEDBACK_DIR [--problem target|classic] INPUT ANSWER < OUTPUT
//	checker validate [--problem target|classic] [--lenient] [--min-givens N]
//	                 [--allow-conflicts] [--report] [FILE...]
//
// Flags come before the files; --testset NAME and --group NAME, which Polygon passes to
// validators and checkers, are accepted anywhere and ignored. Exit status, as testlib's:
//
//	0   ok: the output is accepted, or every input is valid
//	1   wrong answer
//	2   presentation error: the output is not in the expected format
//	3   fail: a jury's file is bad or beaten by the contestant, an input is invalid, or the
//	    checker was invoked wrongly or broke (a panic too)
//
// With --kattis: 42 accepted, 43 wrong answer (a presentation error included), 3 fail, which
// Kattis and DOMjudge read as a judge error.
//
// One line on standard error gives the verdict and why, as testlib prints it: "ok ...",
// "wrong answer ...", "wrong output format ..." (a presentation error), "FAIL ...". With RESULT,
// the message goes to that file instead (testlib's XML result with -appes) and standard error
// says "See file to check exit message", as testlib does. A byte-order mark at the start of the
// output is skipped, as testlib skips it. A classic output's fault also prints a short diff of
// the expected and found lines on standard output.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"bullseye/internal/testlib"
)

func main() {
	os.Exit(run(newApp(os.Stdin, os.Stdout, os.Stderr), os.Args, os.Stderr))
}

// newApp builds the command line: the check and validate commands, whose outcomes come back
// as errors for run to turn into exit codes.
func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Name:            "checker",
		Usage:           "judge outputs and validate inputs of the target and classic sudoku problems",
		Reader:          stdin,
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		Commands:        []*cli.Command{checkCommand(), validateCommand()},
		OnUsageError:    usageError,
		// run, not urfave/cli, ends the program, so that every outcome gets its line and code.
		ExitErrHandler: func(*cli.Context, error) {},
		Action: func(ctx *cli.Context) error {
			if ctx.Args().Present() {
				return testlib.Usage("unknown command %q: want check or validate; see checker --help", ctx.Args().First())
			}
			if err := cli.ShowAppHelp(ctx); err != nil {
				return err
			}
			return testlib.Usage("name a command: check or validate")
		},
	}
}

// usageError makes a command-line mistake a fail, as testlib treats a checker invoked wrongly,
// and says where the right usage is.
func usageError(ctx *cli.Context, err error, isSubcommand bool) error {
	if isSubcommand && ctx.Command != nil {
		return testlib.Usage("%v; see %s --help", err, ctx.Command.HelpName)
	}
	return testlib.Usage("%v; see checker --help", err)
}

// run runs app on args, prints the outcome's line on stderr and returns its exit code. A panic
// anywhere ends as a fail, since Go's own exit status for one, 2, would read as a presentation
// error.
func run(app *cli.App, args []string, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "FAIL the checker broke: %v\n", r)
			code = testlib.ExitFail
		}
	}()
	args, err := testlibArgs(args)
	if err == nil {
		err = app.Run(args)
	}
	var exit cli.ExitCoder
	switch {
	case err == nil:
		return testlib.ExitOK
	case errors.As(err, &exit):
		if err.Error() != "" {
			fmt.Fprintln(stderr, err)
		}
		return exit.ExitCode()
	}
	fmt.Fprintf(stderr, "FAIL %v\n", err)
	return testlib.ExitFail
}

// testlibArgs makes a testlib invocation one the commands read: it drops --testset NAME and
// --group NAME (or --testset=NAME) wherever they are, as testlib reads and ignores them for a
// checker, and names the check command when the first argument is a file and three to five
// arguments follow the program's name, as a judging system runs a testlib checker.
func testlibArgs(args []string) ([]string, error) {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if i > 0 && (a == "--testset" || a == "--group") {
			if i+1 >= len(args) {
				return nil, testlib.Usage("%s needs a value", a)
			}
			i++
			continue
		}
		if i > 0 && (strings.HasPrefix(a, "--testset=") || strings.HasPrefix(a, "--group=")) {
			continue
		}
		out = append(out, a)
	}
	if n := len(out) - 1; n >= 3 && n <= 5 && !strings.HasPrefix(out[1], "-") && !slices.Contains([]string{"check", "validate", "help", "h"}, out[1]) {
		out = append([]string{out[0], "check"}, out[1:]...)
	}
	return out, nil
}

package validator

import (
	"flag"
	"fmt"
	"io"

	"bullseye/internal/problem"
	"bullseye/internal/testlib"
	"bullseye/internal/validate"
)

// stdinName names standard input in the messages of the input validator.
const stdinName = "stdin"

// Rules reads the arguments of an input validator: the flags of `checker validate` that set
// the rules (--lenient, --min-givens N, --allow-conflicts), with the problem's defaults for the
// rest; --kattis (which switches the C++ validators from testlib's exit codes to Kattis'), and
// --testset NAME and --group NAME (Polygon's), are read and change nothing here. Arguments that are not such flags are an error, so that a group's arguments the
// validator would misread fail the export, not the judge.
func Rules(p problem.Problem, args []string) (validate.Rules, error) {
	flags := flag.NewFlagSet("input validator", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	flags.Bool("kattis", false, "") // the C++ twin's protocol switch; this validator speaks only Kattis'
	flags.String("testset", "", "") // Polygon's, ignored as testlib ignores them
	flags.String("group", "", "")
	lenient := flags.Bool("lenient", false, "")
	minGivens := flags.Int("min-givens", p.MinGivens, "")
	allowConflicts := flags.Bool("allow-conflicts", false, "")
	if err := flags.Parse(args); err != nil {
		return validate.Rules{}, fmt.Errorf("input validator arguments: %w", err)
	}
	if flags.NArg() > 0 {
		return validate.Rules{}, fmt.Errorf("input validator arguments: unexpected %q", flags.Arg(0))
	}
	if *minGivens < 0 || *minGivens > 81 {
		return validate.Rules{}, fmt.Errorf("input validator arguments: --min-givens %d is out of range 0-81", *minGivens)
	}
	return validate.Rules{Lenient: *lenient, MinGivens: *minGivens, AllowConflicts: *allowConflicts}, nil
}

// Input runs the input validator of p: args are its arguments, the input comes on stdin. It
// prints one line on stderr, "ok: ..." or "fail: ..." as `checker validate` does, and returns
// the exit code: ExitValid, ExitInvalid, or testlib.ExitFail for bad arguments.
func Input(p problem.Problem, args []string, stdin io.Reader, stderr io.Writer) (code int) {
	defer recoverFail(stderr, &code)
	rules, err := Rules(p, args)
	if err != nil {
		fmt.Fprintln(stderr, testlib.Failure("usage: %v", err).Line())
		return testlib.ExitFail
	}
	if _, err := p.Validate(stdin, stdinName, rules); err != nil {
		fmt.Fprintln(stderr, testlib.Failure("%v", err).Line())
		return ExitInvalid
	}
	fmt.Fprintln(stderr, testlib.Accept("%s is valid", stdinName).Line())
	return ExitValid
}

// RunInput is Input for the problem named problem, as a generated main calls it.
func RunInput(name string, args []string, stdin io.Reader, stderr io.Writer) int {
	p, err := problem.Lookup(name)
	if err != nil {
		fmt.Fprintln(stderr, testlib.Failure("%v", err).Line())
		return testlib.ExitFail
	}
	return Input(p, args, stdin, stderr)
}

// Command generator makes every test of the kit, reproducibly: the same arguments give the same
// bytes on any machine. Without --seed a command seeds itself from its arguments, as testlib's
// generators do, so a manifest line is all a test needs.
//
//	generator target   one target-sudoku input on standard output
//	generator hard     a target input that makes enumerating solvers work hardest (hill climbing)
//	generator classic  a batch of classic puzzles, one per line
//	generator suite    rebuild the kit's test set under tests/ from its manifests
//	generator climbed  record an input ./judge.sh --climb found as a test of the target manifest
//	generator export   write a problem as a package, folder and zip: a Kattis problem package for
//	                   Kattis and DOMjudge, or for Hydro, Luogu, UOJ or LemonLime (--format)
//
// Exit status: 0 on success; 1 when a command fails (a file that cannot be written, a reference
// solution or the validator that disagrees); 2 for bad usage (an unknown flag, a value out of
// range, options that do not go together); 3 when no input with the requested properties was
// found within the attempt budget.
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"sync"

	"github.com/urfave/cli/v2"

	"bullseye/internal/exitstatus"
	"bullseye/internal/rng"
)

// Exit statuses, as documented above.
const (
	exitOK       = 0
	exitFailure  = 1
	exitUsage    = 2
	exitNotFound = 3
)

// usageError reports arguments the command cannot accept.
func usageError(format string, args ...any) error {
	return exitstatus.Errorf(exitUsage, format, args...)
}

// failure reports a command that could not do its work.
func failure(err error) error { return exitstatus.New(exitFailure, err) }

// notFound reports a search that ran out of attempts.
func notFound(format string, args ...any) error {
	return exitstatus.Errorf(exitNotFound, format, args...)
}

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// program is one run of the generator: where it writes, and what it does.
type program struct {
	stdout, stderr io.Writer
	// work is what the command line asks for, once parsed and checked.
	work func() error
}

// parsing serializes the command-line parser: it writes into package-level state of the cli
// library (its shared help flag), so runs in parallel, as the suite makes them, must not parse
// at the same time. They do their work at the same time.
var parsing sync.Mutex

// run runs the generator with the command line args (program name first) and returns its exit
// status. The suite command runs every test's command through it, in process, so that a test
// is exactly what the command prints.
func run(args []string, stdout, stderr io.Writer) int {
	p := &program{stdout: stdout, stderr: stderr}
	parsing.Lock()
	err := p.app().Run(args)
	parsing.Unlock()
	if err == nil && p.work != nil {
		err = p.work()
	}
	if err != nil {
		fmt.Fprintln(stderr, "generator:", err)
	}
	// Every error of the commands carries its status; anything else comes from the command-line
	// parser.
	return exitstatus.Of(err, exitOK, exitUsage)
}

func (p *program) app() *cli.App {
	return &cli.App{
		Name:      "generator",
		Usage:     "make the kit's tests, reproducibly",
		Writer:    p.stdout,
		ErrWriter: p.stderr,
		Description: "Every command writes the same bytes for the same arguments. Without --seed it seeds\n" +
			"itself from its arguments. Exit status: 0 success, 1 failure, 2 bad usage,\n" +
			"3 nothing found within the attempt budget.",
		Commands: []*cli.Command{
			p.targetCommand(),
			p.hardCommand(),
			p.classicCommand(),
			p.suiteCommand(),
			p.climbedCommand(),
			p.exportCommand(),
		},
		HideHelpCommand: true,
		OnUsageError:    onUsageError,
		// The exit status is run's business: the library must not exit on its own.
		ExitErrHandler: func(*cli.Context, error) {},
		Action: func(ctx *cli.Context) error {
			if ctx.Args().Present() {
				return usageError("unknown command %q; see generator --help", ctx.Args().First())
			}
			return usageError("a command is required: target, hard, classic, suite, climbed or export; see generator --help")
		},
	}
}

// onUsageError turns the parser's complaints into usage errors without printing the whole help.
func onUsageError(ctx *cli.Context, err error, isSubcommand bool) error {
	if !isSubcommand {
		return usageError("%v; see generator --help", err)
	}
	return usageError("%s: %v; see %s --help", ctx.Command.FullName(), err, ctx.Command.HelpName)
}

// later records the work of a parsed command line, which run does after parsing; commands'
// actions check their arguments and return later(...).
func (p *program) later(work func() error) error {
	p.work = work
	return nil
}

// seed returns the --seed value when given, else a seed from the arguments: a hash of the
// command's name and of the flags set to other than their defaults, each as --NAME=VALUE, in
// the order the command declares them, so that neither the order they are given in, nor
// "--givens 24" against "--givens=24", nor a default spelled out, changes the input.
// The flags named in ignored change what is written where, not what is made.
func (p *program) seed(ctx *cli.Context, ignored ...string) uint64 {
	if ctx.IsSet("seed") {
		return ctx.Uint64("seed")
	}
	return rng.SeedFromArgs(canonicalArgs(ctx, ignored...))
}

// canonicalArgs returns the command line of ctx in its canonical form: the command's name, then
// --NAME=VALUE for each flag set to other than its default, in the order the command declares
// them.
func canonicalArgs(ctx *cli.Context, ignored ...string) []string {
	args := []string{ctx.Command.Name}
	for _, f := range ctx.Command.Flags {
		name := f.Names()[0]
		if name == "seed" || slices.Contains(ignored, name) || !ctx.IsSet(name) {
			continue
		}
		value := fmt.Sprint(ctx.Value(name))
		if value == defaultValue(f) {
			continue
		}
		args = append(args, "--"+name+"="+value)
	}
	return args
}

// defaultValue returns a flag's default as fmt prints it.
func defaultValue(f cli.Flag) string {
	switch f := f.(type) {
	case *cli.IntFlag:
		return fmt.Sprint(f.Value)
	case *cli.Int64Flag:
		return fmt.Sprint(f.Value)
	case *cli.Uint64Flag:
		return fmt.Sprint(f.Value)
	case *cli.StringFlag:
		return f.Value
	case *cli.BoolFlag:
		return fmt.Sprint(f.Value)
	case *cli.DurationFlag:
		return fmt.Sprint(f.Value)
	}
	return ""
}

// seedFlag is the --seed option every generating command takes.
func seedFlag() cli.Flag {
	return &cli.Uint64Flag{Name: "seed", Usage: "seed of the random stream (default: a hash of the arguments)"}
}

// noArguments rejects positional arguments, which no command takes: a mistyped flag must not
// pass silently.
func noArguments(ctx *cli.Context) error {
	if ctx.Args().Present() {
		return usageError("%s takes no arguments, found %q", ctx.Command.FullName(), ctx.Args().First())
	}
	return nil
}

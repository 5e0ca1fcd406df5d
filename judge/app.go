package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"

	"bullseye/internal/compile"
	"bullseye/internal/exitstatus"
	"bullseye/internal/hunt"
	"bullseye/internal/runner"
	"bullseye/internal/stress"
	"bullseye/internal/untrusted"
)

// Exit statuses, as documented in the package comment.
const (
	exitAccepted = 0
	exitRejected = 1
	exitUsage    = 2
	exitFailed   = 3
)

// usageError reports a command line the judge cannot accept.
func usageError(format string, args ...any) error {
	return exitstatus.Errorf(exitUsage, format, args...)
}

// failure reports a judge that could not do its work.
func failure(err error) error { return exitstatus.New(exitFailed, err) }

// rejected ends the program with status 1 and no message: the report has said why.
var rejected = exitstatus.Silent(exitRejected)

// judgeFailed ends the program with status 3 and no message: the report has said why.
var judgeFailed = exitstatus.Silent(exitFailed)

func newApp(stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Name:      "judge",
		HelpName:  "./judge.sh", // as the user types it
		Usage:     "judge a program over the kit's tests, as an online judge does",
		ArgsUsage: "SUBMISSION | --contest DIR",
		Description: "Compiles SUBMISSION by its extension (" + strings.Join(compile.Languages(), ", ") + "), runs it on each test\n" +
			"in a fresh folder holding sudoku.in (standard input is the same file; the answer is sudoku.out\n" +
			"when written, else standard output), in a bubblewrap sandbox, and checks every answer.\n" +
			"Verdicts: AC, WA, PE, TLE, MLE, RE, OLE, CE, and FAIL when the kit is at fault.\n" +
			"Exit status: 0 every test accepted, 1 otherwise, 2 bad usage, 3 the judge failed.\n\n" +
			contestHelp + "\n\n" +
			hackHelp + "\n\n" +
			"With --stress: random inputs (--seed, --count, --givens), each checked against the reference\n" +
			"solution, until the first disagreement, crash or time-out, which is printed at once, then\n" +
			"shrunk (never below --givens, for at most --shrink-time) and saved.\n\n" +
			climbHelp,
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		Flags:           flags(),
		OnUsageError:    func(_ *cli.Context, err error, _ bool) error { return usageError("%v", err) },
		// run, not urfave/cli, ends the program, so that every outcome gets its status.
		ExitErrHandler: func(*cli.Context, error) {},
		Action:         action,
	}
}

func flags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "problem", Value: "target", Usage: "the problem: target or classic"},
		&cli.StringFlag{Name: "group", Usage: "the test group: official (the default for target), hard, sample, batch (classic), or all"},
		&cli.StringFlag{Name: "tests", Usage: "judge over the NAME.in / NAME.ans pairs of `DIR` instead of a group"},
		&cli.StringFlag{Name: "bounds", Usage: "judge only the tests within a narrower statement's bounds: noip (NOIP 2009's, at least 24 givens and a blank to fill), or kit (every test, the default)"},
		&cli.StringFlag{Name: "lang", Usage: "the language, instead of the extension's: " + strings.Join(compile.Languages(), ", ")},
		&cli.StringFlag{Name: "cflags", Usage: "compiler flags replacing the defaults (C and C++: -O2 and the standard)"},
		&cli.StringFlag{Name: "time-limit", Value: "2s", Usage: "CPU time per test (2s, 500ms, 1.5)"},
		&cli.StringFlag{Name: "memory-limit", Value: "128MiB", Usage: "peak memory per test (128MiB, 256M, 1GiB)"},
		&cli.StringFlag{Name: "output-limit", Value: "16MiB", Usage: "largest output file per test"},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: 1, Usage: "tests run at once; any that comes within 20% of a limit runs again alone"},
		&cli.StringFlag{Name: "json", Usage: "write the report as JSON to `FILE` (- for standard output, instead of the table)"},
		&cli.StringFlag{Name: "html", Usage: "write the report as one self-contained HTML page to `FILE`"},
		&cli.StringFlag{Name: "contest", Usage: "contest mode: judge every contestant's submission in `DIR` (see above)"},
		&cli.StringFlag{Name: "csv", Usage: "contest mode: write the ranking as CSV to `FILE` (- for standard output)"},
		&cli.BoolFlag{Name: "rejudge", Usage: "contest mode: judge every submission again, none from the cache"},
		&cli.BoolFlag{Name: "hack", Usage: "contest mode: after judging, search for the inputs that break the programs (see above)"},
		&cli.StringFlag{Name: "source-limit", Value: "256KiB", Usage: "contest mode: the largest source judged; a bigger one is not read"},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress on stderr (on a terminal one line kept up to date; elsewhere a line per test or contestant)"},
		&cli.StringFlag{Name: "sandbox", Value: "auto", Usage: "auto (bubblewrap when it works), bwrap (required) or none"},
		&cli.BoolFlag{Name: "stress", Usage: "stress mode: random inputs against the reference solution"},
		&cli.BoolFlag{Name: "climb", Usage: "climb mode: search the inputs the statement allows for the one the submission is slowest on"},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "stress, climb and --hack: the seed of the random inputs"},
		&cli.IntFlag{Name: "count", Value: 1000, Usage: "stress: the most inputs tried"},
		&cli.StringFlag{Name: "givens", Usage: fmt.Sprintf("stress, climb and --hack: the givens of an input, A-B (default: stress %d-%d, the official data's; climb and --hack %d-%d, NOIP's bounds)",
			stress.DefaultMinGivens, stress.DefaultMaxGivens, hunt.DefaultMinGivens, hunt.DefaultMaxGivens)},
		&cli.StringFlag{Name: "shrink-time", Value: stress.DefaultShrinkTime.String(), Usage: "stress: stop shrinking after this long, keeping the smallest failing input so far"},
		&cli.StringFlag{Name: "climb-time", Value: "2m", Usage: "climb: stop climbing after this long (the slowest inputs are then confirmed); --hack: the whole class's searching time (default 3m)"},
		&cli.StringFlag{Name: "save", Usage: "stress and climb: save the input found in `DIR` (default: in the cache); --hack: the inputs of the set"},
		// The climb's moves, shapes and patience, for measuring what each buys (bench/climb.sh).
		&cli.StringFlag{Name: "climb-moves", Hidden: true},
		&cli.StringFlag{Name: "climb-starts", Hidden: true},
		&cli.IntFlag{Name: "climb-patience", Hidden: true},
		&cli.StringFlag{Name: "kit", Usage: "the kit's root folder (default: found from the current folder up)"},
		&cli.StringFlag{Name: "cache", Usage: "the cache of builds and reference times (default: $XDG_CACHE_HOME/bullseye)"},
		&cli.StringFlag{Name: "cache-size", Value: "1GiB", Usage: "the most the cache's builds may take: the least recently used go first"},
	}
}

// run runs the judge on args and returns the exit status, printing any error on stderr.
func run(args []string, stdout, stderr io.Writer) int {
	// Whatever a message carries from a submission, a compiler or a folder reaches the
	// terminal with its control sequences escaped, whether or not the message escaped it.
	stdout, stderr = untrusted.NewWriter(stdout, untrusted.Terminal), untrusted.NewWriter(stderr, untrusted.Terminal)
	app := newApp(stdout, stderr)
	err := app.Run(reorder(app.Flags, args))
	code := exitstatus.Of(err, exitAccepted, exitFailed)
	if msg := errorText(err); msg != "" {
		if code == exitUsage {
			msg += "; see ./judge.sh --help"
		}
		fmt.Fprintln(stderr, "judge:", msg)
	}
	return code
}

// errorText is err's message, "" for none.
func errorText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func action(ctx *cli.Context) error {
	if ctx.IsSet("contest") {
		return contestAction(ctx)
	}
	for _, name := range contestOnly {
		if ctx.IsSet(name) {
			return usageError("--%s goes only with --contest", name)
		}
	}
	if ctx.Bool("stress") && ctx.IsSet("html") {
		return usageError("--html does not go with --stress")
	}
	if ctx.Bool("climb") && ctx.IsSet("html") {
		return usageError("--html does not go with --climb")
	}
	if ctx.NArg() != 1 {
		if ctx.NArg() == 0 && ctx.NumFlags() == 0 {
			_ = cli.ShowAppHelp(ctx)
		}
		return usageError("want exactly one SUBMISSION, got %d arguments", ctx.NArg())
	}
	cfg, err := configure(ctx)
	if err != nil {
		return err
	}
	// An interrupt, a closed terminal or a kill stops every run and removes the session; so
	// does a reader that goes away, such as head(1): a write then fails instead of ending the
	// judge on SIGPIPE, before its clean-up.
	runCtx, stop := signal.NotifyContext(ctx.Context, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	defer cfg.trimBuilds(nil, ctx.App.ErrWriter)
	mode := judge
	if ctx.Bool("stress") {
		mode = stressTest
	} else if cfg.climb {
		mode = climbTest
	}
	return interrupted(runCtx, mode(runCtx, cfg, ctx.App.Writer, ctx.App.ErrWriter))
}

// interrupted says that the judge was interrupted, when a signal ended ctx and the judging
// failed for it, whatever it was doing (a compilation, a run, a note).
func interrupted(ctx context.Context, err error) error {
	if err == nil || ctx.Err() == nil || exitstatus.Of(err, exitAccepted, exitFailed) != exitFailed || strings.Contains(err.Error(), "interrupted") {
		return err
	}
	return failure(fmt.Errorf("interrupted: every run is stopped (%w)", err))
}

// sandboxModes maps --sandbox to the runner's modes.
var sandboxModes = map[string]runner.Mode{"auto": runner.Auto, "bwrap": runner.Isolated, "none": runner.Unisolated}

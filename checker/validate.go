package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"bullseye/internal/grid"
	"bullseye/internal/problem"
	"bullseye/internal/testlib"
	"bullseye/internal/validate"
)

func validateCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "check test inputs strictly, as a testlib validator does",
		ArgsUsage: "[FILE...] (standard input when none)",
		Description: "Exit 0 when every file is valid, 3 otherwise; each rejection names the file,\n" +
			"line and column and what was expected.",
		Flags: []cli.Flag{
			newProblemFlag(),
			&cli.BoolFlag{Name: "lenient", Usage: "accept CRLF line ends and trailing spaces (and, for classic, '#' comments and empty lines)"},
			&cli.IntFlag{Name: "min-givens", Usage: "the fewest givens a grid may have", DefaultText: "24 for target, 0 for classic"},
			&cli.BoolFlag{Name: "allow-conflicts", Usage: "accept givens that break a rule"},
			&cli.BoolFlag{Name: "report", Usage: "print what the valid files cover: givens, solutions, bounds reached"},
		},
		OnUsageError: usageError,
		Action:       validateFiles,
	}
}

func validateFiles(ctx *cli.Context) error {
	p, err := problemOf(ctx)
	if err != nil {
		return err
	}
	rules := validate.Rules{Lenient: ctx.Bool("lenient"), MinGivens: p.MinGivens, AllowConflicts: ctx.Bool("allow-conflicts")}
	if ctx.IsSet("min-givens") {
		rules.MinGivens = ctx.Int("min-givens")
	}
	files := ctx.Args().Slice()
	if len(files) == 0 {
		files = []string{""}
	}
	var coverage validate.Coverage
	var rejections []error
	for _, name := range files {
		grids, err := validateFile(ctx, p, name, rules)
		if err != nil {
			rejections = append(rejections, err)
			continue
		}
		for _, g := range grids {
			coverage.Add(g)
		}
	}
	if ctx.Bool("report") {
		if err := coverage.Write(ctx.App.Writer, p.Name+" grids", rules); err != nil {
			return err
		}
	}
	switch {
	case len(rejections) == 1:
		return testlib.Exit(testlib.Failure("%v", rejections[0]), testlib.ProtocolTestlib)
	case len(rejections) > 1:
		for _, err := range rejections {
			fmt.Fprintln(ctx.App.ErrWriter, testlib.Failure("%v", err).Line())
		}
		return testlib.Exit(testlib.Failure("%d of %d files are invalid", len(rejections), len(files)), testlib.ProtocolTestlib)
	case len(files) == 1:
		return testlib.Exit(testlib.Accept("%s is valid", displayName(files[0])), testlib.ProtocolTestlib)
	}
	return testlib.Exit(testlib.Accept("%d files are valid", len(files)), testlib.ProtocolTestlib)
}

// validateFile validates one file, or standard input when name is "".
func validateFile(ctx *cli.Context, p problem.Problem, name string, rules validate.Rules) ([]grid.Grid, error) {
	if name == "" {
		return p.Validate(ctx.App.Reader, displayName(name), rules)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return p.Validate(f, name, rules)
}

func displayName(name string) string {
	if name == "" {
		return "stdin"
	}
	return name
}

package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"bullseye/internal/problem"
	"bullseye/internal/testlib"
	"bullseye/internal/textdiff"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "judge a contestant's output against the jury's answer",
		ArgsUsage: "INPUT OUTPUT ANSWER [RESULT [-appes]], or with --kattis: INPUT ANSWER < OUTPUT",
		Description: "testlib's invocation, exit codes and lines: 0 ok, 1 wrong answer, 2 presentation error\n" +
			"(\"wrong output format\"), 3 fail (\"FAIL\"); the verdict's line goes to stderr, or with RESULT\n" +
			"the message to RESULT (testlib's XML result with -appes) and stderr says so, as testlib does.\n" +
			"--testset NAME and --group NAME, which Polygon passes, are accepted anywhere and ignored.\n" +
			"With --kattis, the output validator protocol of Kattis and DOMjudge: the output on stdin,\n" +
			"42 accepted, 43 wrong answer, 3 fail, the line in FEEDBACK_DIR/judgemessage.txt.",
		Flags: []cli.Flag{
			newProblemFlag(),
			&cli.StringFlag{Name: "kattis", Usage: "speak the Kattis protocol, writing feedback to `FEEDBACK_DIR`"},
			&cli.BoolFlag{Name: "color", Usage: "colour the diff of a classic output"},
		},
		OnUsageError: usageError,
		Action:       check,
	}
}

func check(ctx *cli.Context) error {
	p, err := problemOf(ctx)
	if err != nil {
		return err
	}
	args, feedbackDir := ctx.Args().Slice(), ctx.String("kattis")
	protocol, resultFile, appes := testlib.ProtocolTestlib, "", false
	switch {
	case feedbackDir != "" && len(args) == 2:
		protocol, args = testlib.ProtocolKattis, []string{args[0], "", args[1]}
	case feedbackDir == "" && len(args) == 3:
	case feedbackDir == "" && len(args) == 4:
		resultFile = args[3]
	case feedbackDir == "" && len(args) == 5 && (args[4] == "-appes" || args[4] == "-APPES"):
		resultFile, appes = args[3], true
	default:
		return testlib.Usage("checker check INPUT OUTPUT ANSWER [RESULT [-appes]], or checker check --kattis FEEDBACK_DIR INPUT ANSWER < OUTPUT")
	}

	j := judge(ctx, p, args[0], args[1], args[2])
	diff := ""
	if c := j.Compared; c != nil {
		diff = textdiff.Lines(c.FirstLine, c.Expected, c.Found, ctx.Bool("color") && protocol == testlib.ProtocolTestlib)
	}
	switch {
	case protocol == testlib.ProtocolKattis:
		err = os.WriteFile(filepath.Join(feedbackDir, "judgemessage.txt"), []byte(j.Line()+"\n"+diff), 0o644)
	case resultFile != "":
		// testlib writes the message alone (or the XML) to the result file, and to stderr only
		// where to look.
		fmt.Fprint(ctx.App.Writer, diff)
		text := j.Message
		if appes {
			text = j.XML()
		}
		if err = os.WriteFile(resultFile, []byte(text), 0o644); err == nil {
			fmt.Fprint(ctx.App.ErrWriter, "\nSee file to check exit message\n")
			return cli.Exit("", protocol.ExitCode(j.Result))
		}
	default:
		fmt.Fprint(ctx.App.Writer, diff)
	}
	if err != nil {
		return testlib.Exit(testlib.Failure("writing the verdict: %v", err), protocol)
	}
	return testlib.Exit(j, protocol)
}

// judge judges the output, from stdin when its name is "". A missing output is the
// contestant's fault; any other file that cannot be read is the jury's.
func judge(ctx *cli.Context, p problem.Problem, inputName, outputName, answerName string) testlib.Judgement {
	var file *os.File
	defer func() {
		if file != nil {
			file.Close()
		}
	}()
	return p.CheckFiles(inputName, answerName, func() (io.Reader, *testlib.Judgement) {
		if outputName == "" {
			return ctx.App.Reader, nil
		}
		f, err := os.Open(outputName)
		if errors.Is(err, fs.ErrNotExist) {
			j := testlib.Malformed("no output: %v", err)
			return nil, &j
		}
		if err != nil {
			j := testlib.Failure("reading the output: %v", err)
			return nil, &j
		}
		file = f
		return f, nil
	})
}

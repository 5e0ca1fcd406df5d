package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"bullseye/internal/bounds"
	"bullseye/internal/grid"
	"bullseye/internal/hunt"
	"bullseye/internal/manifest"
	"bullseye/internal/validate"
)

// climbReportFile is the report a climb leaves in its folder.
const climbReportFile = "climb.json"

func (p *program) climbedCommand() *cli.Command {
	return &cli.Command{
		Name:      "climbed",
		Usage:     "record an input ./judge.sh --climb found as a test of the target manifest",
		ArgsUsage: "DIR",
		Description: "Reads the report a climb left in DIR (climb.json: the folder --save names, or the one\n" +
			"the judge prints), and adds its slowest input (or the input the program failed on) to\n" +
			"--group of tests/target/manifest.txt as a climbed test: the input itself, and how it was\n" +
			"found (the program, its source's sha256, the seed, the climbing time and the givens). The\n" +
			"test is made from that line, without climbing again: run `generator suite` next. The\n" +
			"input must pass the group's validator, and must not be in the manifest already. An input\n" +
			"within NOIP's bounds is marked so (within noip) unless its group's line is.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "group", Usage: "the group of the manifest to add the test to (required)"},
			&cli.StringFlag{Name: "root", Value: ".", Usage: "the repository root, holding tests/"},
		},
		OnUsageError: onUsageError,
		Action: func(ctx *cli.Context) error {
			if ctx.NArg() != 1 {
				return usageError("climbed: want one DIR, the folder of a climb, got %d arguments", ctx.NArg())
			}
			if !ctx.IsSet("group") {
				return usageError("climbed: --group is required")
			}
			dir, group, root := ctx.Args().First(), ctx.String("group"), ctx.String("root")
			return p.later(func() error { return p.recordClimbed(dir, group, root) })
		},
	}
}

// recordClimbed adds the input of the climb in dir to group of root's target manifest.
func (p *program) recordClimbed(dir, group, root string) error {
	rep, err := readClimbReport(dir)
	if err != nil {
		return err
	}
	found, what := rep.Slowest, "its slowest input"
	if found == nil {
		found, what = rep.Failure, "the input it failed on"
	}
	if found == nil {
		return failure(fmt.Errorf("%s: the climb found no input", filepath.Join(dir, climbReportFile)))
	}
	input, err := grid.ParseLine(found.Input)
	if err != nil {
		return failure(fmt.Errorf("%s: input: %w", filepath.Join(dir, climbReportFile), err))
	}
	manifestPath := filepath.Join(root, "tests", "target", "manifest.txt")
	data, err := os.ReadFile(manifestPath)
	if err != nil {
		return failure(fmt.Errorf("reading the manifest: %w", err))
	}
	m, err := manifest.Parse(data, manifestPath)
	if err != nil {
		return failure(err)
	}
	g, ok := m.Group(group)
	if !ok {
		return usageError("climbed: %s has no group %q", manifestPath, group)
	}
	rules, err := validateRules(g.ValidateArgs, validate.TargetMinGivens)
	if err != nil {
		return failure(fmt.Errorf("%s:%d: group %s: %w", manifestPath, g.Line, g.Name, err))
	}
	if _, err := validate.Target(strings.NewReader(input.String()), "the climbed input", rules); err != nil {
		return failure(fmt.Errorf("the group %s does not take it: %w", group, err))
	}
	for _, t := range m.Tests {
		if t.Climbed != nil && t.Climbed.Input == input {
			return failure(fmt.Errorf("%s:%d: %s holds this input already", manifestPath, t.Line, t.Key()))
		}
	}
	test := manifest.Test{Group: group, Name: nextName(m.InGroup(group)), Climbed: climbedOf(rep, input), Within: withinMark(g, input)}
	line := test.String() + "   # " + climbedNote(rep, found)
	updated := insertAfter(data, lastLine(m, g), line)
	if _, err := manifest.Parse(updated, manifestPath); err != nil {
		return failure(fmt.Errorf("the manifest with the new line: %w", err))
	}
	if err := writeAtomically(manifestPath, updated); err != nil {
		return failure(err)
	}
	fmt.Fprintf(p.stdout, "added %s to %s, %s of the climb against %s; make it with\n    go run ./generator suite\n",
		test.Key(), manifestPath, what, test.Climbed.Against)
	return nil
}

// withinMark returns the bounds the climbed input lies within for its test's line to name,
// as the suite requires of every test: none when the group's line names them already.
func withinMark(g manifest.Group, input grid.Grid) string {
	if g.Within != "" {
		return ""
	}
	for _, name := range bounds.Names("target") {
		b, _ := bounds.Lookup("target", name)
		if b.Beyond([]byte(input.String())) == "" {
			return name
		}
	}
	return ""
}

// readClimbReport reads the report a climb left in dir.
func readClimbReport(dir string) (*hunt.Report, error) {
	name := filepath.Join(dir, climbReportFile)
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, usageError("climbed: %s has no %s: name the folder a climb saved (./judge.sh --climb --save DIR)", dir, climbReportFile)
	}
	if err != nil {
		return nil, failure(err)
	}
	var rep hunt.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, failure(fmt.Errorf("%s: %w", name, err))
	}
	return &rep, nil
}

// climbedOf returns the provenance of the climb rep: the judge's flags of that climb, those with
// their defaults left out.
func climbedOf(rep *hunt.Report, input grid.Grid) *manifest.Climbed {
	c := &manifest.Climbed{Input: input, Against: rep.KitPath, Seed: rep.Seed, ClimbTime: durationText(rep.ClimbTimeMS)}
	if c.Against == "" {
		// Outside the kit, the file's name: a path of this machine means nothing elsewhere.
		c.Against = path.Base(filepath.ToSlash(rep.Submission))
	}
	if len(rep.SHA256) >= 16 {
		c.SHA256 = rep.SHA256[:16]
	}
	if rep.MinGivens != hunt.DefaultMinGivens || rep.MaxGivens != hunt.DefaultMaxGivens {
		c.Givens = fmt.Sprintf("%d-%d", rep.MinGivens, rep.MaxGivens)
	}
	if rep.Jobs > 1 {
		c.Jobs = rep.Jobs
	}
	if rep.TimeLimitMS != 2000 {
		c.TimeLimit = durationText(rep.TimeLimitMS)
	}
	return c
}

// climbedNote says in a comment what the program did on the input.
func climbedNote(rep *hunt.Report, found *hunt.Reported) string {
	limit := secondsText(float64(rep.TimeLimitMS))
	switch {
	case found.Verdict != "" && found.Verdict != "AC" && found.Verdict != "TLE":
		return fmt.Sprintf("%s for it", found.Verdict)
	case found.Cut:
		return fmt.Sprintf("%s of CPU time or more for it, time limit %s", secondsText(float64(rep.CutMS)), limit)
	}
	return fmt.Sprintf("%s of CPU time for it, time limit %s", secondsText(found.MedianCPUMS), limit)
}

// secondsText writes milliseconds for people: "2.2 s", "340 ms".
func secondsText(ms float64) string {
	if ms >= 1000 {
		return strconv.FormatFloat(math.Round(ms/10)/100, 'f', -1, 64) + " s"
	}
	return strconv.FormatFloat(math.Round(ms), 'f', -1, 64) + " ms"
}

// durationText writes milliseconds as the judge's flags take them: "2m", "90s", "1500ms".
func durationText(ms int64) string {
	d := time.Duration(ms) * time.Millisecond
	switch {
	case d%time.Minute == 0 && d > 0:
		return strconv.FormatInt(int64(d/time.Minute), 10) + "m"
	case d%time.Second == 0:
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	}
	return strconv.FormatInt(ms, 10) + "ms"
}

// nextName returns the name after the group's highest, zero-padded as its names are (two digits
// in an empty group).
func nextName(tests []manifest.Test) string {
	width, highest := 2, 0
	for _, t := range tests {
		width = len(t.Name)
		if n, err := strconv.Atoi(t.Name); err == nil {
			highest = max(highest, n)
		}
	}
	return fmt.Sprintf("%0*d", width, highest+1)
}

// lastLine returns the line of the group's last test, or of the group's own line.
func lastLine(m *manifest.Manifest, g manifest.Group) int {
	last := g.Line
	for _, t := range m.InGroup(g.Name) {
		last = max(last, t.Line)
	}
	return last
}

// insertAfter returns data with line inserted after its line n, in data's line ends.
func insertAfter(data []byte, n int, line string) []byte {
	eol := "\n"
	if bytes.Contains(data, []byte("\r\n")) {
		eol = "\r\n"
	}
	lines := strings.SplitAfter(string(data), "\n")
	at := min(n, len(lines))
	head := strings.Join(lines[:at], "")
	if head != "" && !strings.HasSuffix(head, "\n") {
		head += eol
	}
	return []byte(head + line + eol + strings.Join(lines[at:], ""))
}

// writeAtomically replaces a file by one holding data, through a file beside it, keeping its
// permissions.
func writeAtomically(name string, data []byte) error {
	info, err := os.Stat(name)
	if err != nil {
		return fmt.Errorf("writing the manifest: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".manifest-*")
	if err != nil {
		return fmt.Errorf("writing the manifest: %w", err)
	}
	if err = tmp.Chmod(info.Mode().Perm()); err == nil {
		_, err = tmp.Write(data)
	}
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing the manifest: %w", err)
	}
	return nil
}

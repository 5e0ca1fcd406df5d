package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"bullseye/internal/bounds"
	"bullseye/internal/climb"
	"bullseye/internal/compile"
	"bullseye/internal/grid"
	"bullseye/internal/hunt"
	"bullseye/internal/problem"
	"bullseye/internal/runner"
	"bullseye/internal/safefile"
	"bullseye/internal/stress"
)

// config is a checked command line.
type config struct {
	submission string
	lang       *compile.Language
	cflags     []string // nil keeps the language's defaults
	problem    problem.Problem
	group      string // "" when testsDir is set
	testsDir   string
	// narrower are the bounds of the problem's narrower statement (NOIP's, for target
	// sudoku), which reports weigh the tests against; nil for none. withinOnly judges only the
	// tests within them (--bounds).
	narrower   *bounds.Bounds
	withinOnly bool
	limits     runner.Limits
	jobs       int
	jsonFile   string
	htmlFile   string
	mode       runner.Mode
	quiet      bool // no progress on stderr
	kit, cache string
	cacheSize  int64 // the build cache's bound

	seed                 uint64
	count                int
	minGivens, maxGivens int
	save                 string
	shrinkTime           time.Duration
	climb                bool          // climb mode
	climbTime            time.Duration // its budget
	climbMoves           []climb.Move  // nil: every move
	climbStarts          []climb.Start // nil: every shape
	climbPatience        int           // 0: the default
}

func configure(ctx *cli.Context) (*config, error) {
	c := &config{submission: ctx.Args().First(), jobs: ctx.Int("jobs"), jsonFile: ctx.String("json"),
		htmlFile: ctx.String("html"), testsDir: ctx.String("tests"), seed: ctx.Uint64("seed"), count: ctx.Int("count"), save: ctx.String("save")}
	if info, err := os.Stat(c.submission); err != nil || !info.Mode().IsRegular() {
		return nil, usageError("submission %s: not a readable file", c.submission)
	}
	var err error
	if name := ctx.String("lang"); name != "" {
		c.lang, err = compile.Lookup(name)
	} else {
		c.lang, err = compile.Detect(c.submission)
	}
	if err != nil {
		return nil, usageError("%v", err)
	}
	if err := c.setShared(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// setShared reads what a single submission and a contest's share: the problem, the runs, the
// tests and the folders.
func (c *config) setShared(ctx *cli.Context) error {
	var err error
	if c.problem, err = problem.Lookup(ctx.String("problem")); err != nil {
		return usageError("%v", err)
	}
	if err := c.setRuns(ctx); err != nil {
		return err
	}
	if err := c.setTests(ctx); err != nil {
		return err
	}
	return c.setFolders(ctx)
}

// setRuns reads what every run shares: the compiler flags, the limits, how many run at once
// and the sandbox.
func (c *config) setRuns(ctx *cli.Context) error {
	if ctx.IsSet("cflags") {
		c.cflags = strings.Fields(ctx.String("cflags"))
	}
	c.quiet = ctx.Bool("quiet")
	if err := c.setLimits(ctx); err != nil {
		return err
	}
	if c.jobs < 1 {
		return usageError("-j %d: want at least 1", c.jobs)
	}
	var ok bool
	if c.mode, ok = sandboxModes[ctx.String("sandbox")]; !ok {
		return usageError("--sandbox %q: want auto, bwrap or none", ctx.String("sandbox"))
	}
	return nil
}

func (c *config) setLimits(ctx *cli.Context) error {
	cpu, err := parseDuration(ctx.String("time-limit"))
	if err != nil {
		return usageError("--time-limit: %v", err)
	}
	memory, err := parseSize(ctx.String("memory-limit"))
	if err != nil {
		return usageError("--memory-limit: %v", err)
	}
	output, err := parseSize(ctx.String("output-limit"))
	if err != nil {
		return usageError("--output-limit: %v", err)
	}
	c.limits = runner.Limits{CPU: cpu, Wall: runner.WallFor(cpu), Memory: memory, Output: output, Processes: runner.DefaultProcesses, Files: runner.DefaultFiles}
	if err := c.limits.Check(); err != nil {
		return usageError("%v", err)
	}
	return nil
}

func (c *config) setTests(ctx *cli.Context) error {
	stressOnly := []string{"count", "shrink-time"}
	climbOnly := []string{"climb-time", "climb-moves", "climb-starts", "climb-patience"}
	searchOnly := []string{"seed", "givens", "save"} // stress and climb
	c.climb = ctx.Bool("climb")
	switch {
	case ctx.Bool("stress") && c.climb:
		return usageError("--stress and --climb do not go together")
	case ctx.Bool("stress"):
		return c.setStress(ctx, climbOnly)
	case c.climb:
		return c.setClimb(ctx, stressOnly)
	}
	for _, only := range []struct {
		names []string
		modes string
	}{{stressOnly, "--stress"}, {climbOnly, "--climb"}, {searchOnly, "--stress or --climb"}} {
		for _, name := range only.names {
			if ctx.IsSet(name) && !hackAllows(ctx, name) {
				return usageError("--%s goes only with %s", name, only.modes)
			}
		}
	}
	if c.testsDir != "" && ctx.IsSet("group") {
		return usageError("--tests and --group do not go together")
	}
	c.group = ctx.String("group")
	if c.group == "" && c.testsDir == "" {
		c.group = c.problem.DefaultGroup
	}
	return c.setBounds(ctx)
}

// setBounds reads --bounds, and finds the narrower statement's bounds the reports weigh the
// tests against.
func (c *config) setBounds(ctx *cli.Context) error {
	if names := bounds.Names(c.problem.Name); len(names) > 0 {
		b, _ := bounds.Lookup(c.problem.Name, names[0])
		c.narrower = &b
	}
	name := ctx.String("bounds")
	if name == "" || name == "kit" {
		return nil
	}
	b, err := bounds.Lookup(c.problem.Name, name)
	if err != nil {
		return usageError("--bounds: %v", err)
	}
	c.narrower, c.withinOnly = &b, true
	return nil
}

// setStress reads the flags of stress mode.
func (c *config) setStress(ctx *cli.Context, climbOnly []string) error {
	if ctx.IsSet("bounds") {
		return usageError("--bounds does not go with --stress: --givens bounds its inputs")
	}
	for _, name := range append([]string{"tests", "group", "json"}, climbOnly...) {
		if ctx.IsSet(name) {
			return usageError("--%s does not go with --stress", name)
		}
	}
	if c.problem.Name != "target" {
		return usageError("--stress tests the target problem only")
	}
	if c.count < 1 {
		return usageError("--count %d: want at least 1", c.count)
	}
	var err error
	if c.minGivens, c.maxGivens, err = c.givens(ctx, stress.DefaultMinGivens, stress.DefaultMaxGivens); err != nil {
		return err
	}
	if c.shrinkTime, err = parseDuration(ctx.String("shrink-time")); err != nil {
		return usageError("--shrink-time: %v", err)
	}
	return nil
}

// setClimb reads the flags of climb mode.
func (c *config) setClimb(ctx *cli.Context, stressOnly []string) error {
	if ctx.IsSet("bounds") {
		return usageError("--bounds does not go with --climb: --givens bounds its inputs")
	}
	for _, name := range append([]string{"tests", "group", "html"}, stressOnly...) {
		if ctx.IsSet(name) {
			return usageError("--%s does not go with --climb", name)
		}
	}
	if c.problem.Name != "target" {
		return usageError("--climb climbs target inputs only")
	}
	var err error
	if c.minGivens, c.maxGivens, err = c.givens(ctx, hunt.DefaultMinGivens, hunt.DefaultMaxGivens); err != nil {
		return err
	}
	if c.climbTime, err = parseDuration(ctx.String("climb-time")); err != nil {
		return usageError("--climb-time: %v", err)
	}
	if ctx.IsSet("climb-moves") {
		if c.climbMoves, err = parseNames(ctx.String("climb-moves"), climb.Moves); err != nil {
			return usageError("--climb-moves: %v", err)
		}
	}
	if ctx.IsSet("climb-starts") {
		if c.climbStarts, err = parseNames(ctx.String("climb-starts"), climb.Starts); err != nil {
			return usageError("--climb-starts: %v", err)
		}
	}
	if c.climbPatience = ctx.Int("climb-patience"); c.climbPatience < 0 {
		return usageError("--climb-patience %d: want 0 or more", c.climbPatience)
	}
	return nil
}

// parseNames reads a comma-separated list of the names of some of all.
func parseNames[T fmt.Stringer](list string, all []T) ([]T, error) {
	var names []string
	for _, t := range all {
		names = append(names, t.String())
	}
	var chosen []T
	for _, name := range strings.Split(list, ",") {
		i := slices.Index(names, strings.TrimSpace(name))
		if i < 0 {
			return nil, fmt.Errorf("%q: want some of %s", name, strings.Join(names, ","))
		}
		chosen = append(chosen, all[i])
	}
	return chosen, nil
}

// givens reads --givens, lo-hi when it is not set.
func (c *config) givens(ctx *cli.Context, lo, hi int) (int, int, error) {
	if !ctx.IsSet("givens") {
		return lo, hi, nil
	}
	from, to, err := parseRange(ctx.String("givens"), 0, grid.Cells)
	if err != nil {
		return 0, 0, usageError("--givens: %v", err)
	}
	return from, to, nil
}

func (c *config) setFolders(ctx *cli.Context) error {
	c.kit = ctx.String("kit")
	if c.kit == "" {
		wd, err := os.Getwd()
		if err != nil {
			return failure(err)
		}
		if c.kit, err = findKit(wd); err != nil {
			return usageError("%v", err)
		}
	}
	if _, err := os.Stat(filepath.Join(c.kit, c.problem.Reference)); err != nil {
		return usageError("--kit %s: no reference solution %s there", c.kit, c.problem.Reference)
	}
	c.cache = ctx.String("cache")
	if c.cache == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return failure(fmt.Errorf("finding the cache folder: %w; name one with --cache", err))
		}
		c.cache = filepath.Join(base, "bullseye")
	}
	// The cache is written as the judge's user: a folder of its own, reached through no
	// link another user made.
	d, err := safefile.OpenDir(c.cache)
	if err != nil {
		return failure(fmt.Errorf("making the cache folder: %w", err))
	}
	d.Close()
	if c.cacheSize, err = parseSize(ctx.String("cache-size")); err != nil {
		return usageError("--cache-size: %v", err)
	}
	return nil
}

// trimBuilds bounds the build cache to --cache-size, least recently used builds out first,
// keeping those a judging still needs.
func (c *config) trimBuilds(keep map[string]bool, stderr io.Writer) {
	if _, err := compile.TrimCache(c.cache, c.cacheSize, keep); err != nil {
		fmt.Fprintln(stderr, "judge: warning: trimming the build cache:", err)
	}
}

// findKit returns the first folder from dir up that holds judge.sh and the reference
// solution.
func findKit(dir string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		if isFile(filepath.Join(d, "judge.sh")) && isFile(filepath.Join(d, "solution", "main.go")) {
			return d, nil
		}
		if d == filepath.Dir(d) {
			return "", errors.New("cannot find the kit (a folder holding judge.sh) from the current folder up: name it with --kit")
		}
	}
}

func isFile(name string) bool {
	info, err := os.Stat(name)
	return err == nil && info.Mode().IsRegular()
}

// parseDuration reads a time limit: a Go duration ("2s", "500ms") or a number of seconds.
func parseDuration(s string) (time.Duration, error) {
	if seconds, err := strconv.ParseFloat(s, 64); err == nil {
		if !(seconds > 0 && seconds <= 3600) { // NaN too
			return 0, fmt.Errorf("%q: want more than 0 and at most an hour", s)
		}
		return time.Duration(seconds * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 || d > time.Hour {
		return 0, fmt.Errorf("%q: want a time such as 2s, 500ms or 1.5", s)
	}
	return d, nil
}

// sizeUnits are the units of a size, binary either way: judges mean MiB by "MB".
var sizeUnits = []struct {
	suffix string
	shift  uint
}{{"KiB", 10}, {"KB", 10}, {"K", 10}, {"MiB", 20}, {"MB", 20}, {"M", 20}, {"GiB", 30}, {"GB", 30}, {"G", 30}}

// parseSize reads a size: a number with a unit, or a bare number of mebibytes.
func parseSize(s string) (int64, error) {
	number, shift := strings.TrimSpace(s), uint(20)
	for _, u := range sizeUnits {
		if rest, ok := strings.CutSuffix(number, u.suffix); ok {
			number, shift = strings.TrimSpace(rest), u.shift
			break
		}
	}
	n, err := strconv.ParseFloat(number, 64)
	if err != nil || !(n > 0 && n*float64(int64(1)<<shift) <= 1<<40) { // NaN too
		return 0, fmt.Errorf("%q: want a size such as 128MiB, 256M or 1GiB", s)
	}
	return int64(n * float64(int64(1)<<shift)), nil
}

// parseRange reads A-B, or a single A, within lo..hi.
func parseRange(s string, lo, hi int) (int, int, error) {
	a, b, isRange := strings.Cut(s, "-")
	if !isRange {
		b = a
	}
	from, err1 := strconv.Atoi(strings.TrimSpace(a))
	to, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || from < lo || to > hi || from > to {
		return 0, 0, fmt.Errorf("%q: want A-B with %d <= A <= B <= %d", s, lo, hi)
	}
	return from, to, nil
}

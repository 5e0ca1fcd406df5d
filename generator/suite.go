package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"bullseye/internal/bounds"
	"bullseye/internal/cbc"
	"bullseye/internal/classic"
	"bullseye/internal/grid"
	"bullseye/internal/manifest"
	"bullseye/internal/problem"
	"bullseye/internal/validate"
)

// runTimeout bounds one run of a reference solution, which answers in milliseconds: a run that
// takes longer has hung.
const runTimeout = time.Minute

// suiteProblem is one problem of the test set: its folder under tests/, the generator commands
// its manifest may use, its reference solution and its validator.
type suiteProblem struct {
	name      string
	commands  []string
	solution  string // source of the reference solution, relative to the repository root
	minGivens int    // the validator's default
	validate  func(r io.Reader, name string, rules validate.Rules) error
	// check cross-checks the reference answer to input, beyond the reference's own word.
	check func(ctx context.Context, input, answer []byte, verifyCBC bool) error
}

func suiteProblems() []suiteProblem {
	return []suiteProblem{
		{
			name: problem.Target.Name, commands: []string{"target", "hard"}, solution: problem.Target.Reference,
			minGivens: problem.Target.MinGivens,
			validate: func(r io.Reader, name string, rules validate.Rules) error {
				_, err := validate.Target(r, name, rules)
				return err
			},
			check: checkTargetAnswer,
		},
		{
			name: problem.Classic.Name, commands: []string{"classic"}, solution: problem.Classic.Reference,
			minGivens: problem.Classic.MinGivens,
			validate: func(r io.Reader, name string, rules validate.Rules) error {
				_, err := validate.Classic(r, name, rules)
				return err
			},
			check: checkClassicAnswer,
		},
	}
}

func (p *program) suiteCommand() *cli.Command {
	return &cli.Command{
		Name:  "suite",
		Usage: "rebuild the kit's test set from its manifests",
		Description: "Reads tests/target/manifest.txt and tests/classic/manifest.txt under --root, runs each\n" +
			"test's generator command in process, validates the input as the group's line in the\n" +
			"manifest says, answers it with the reference solution (built from solution/ unless\n" +
			"given), cross-checks the answer (the classic core for classic; CBC with --verify-cbc\n" +
			"for target), and only when every test passes writes GROUP/NAME.in and .ans under\n" +
			"--out, removing the .in and .ans files the manifest no longer lists. Tests read from\n" +
			"files (the statement samples) are checked when present and copied like the others.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "root", Value: ".", Usage: "the repository root, holding tests/ and solution/"},
			&cli.StringFlag{Name: "out", Usage: "where to write the tests (default: ROOT/tests)"},
			&cli.BoolFlag{Name: "verify-cbc", Usage: "cross-check every target answer against the CBC MIP solver"},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "tests made at once"},
			&cli.StringFlag{Name: "solution", Usage: "a built target reference solution to use instead of building one"},
			&cli.StringFlag{Name: "classic-solution", Usage: "a built classic reference solution to use instead of building one"},
		},
		OnUsageError: onUsageError,
		Action:       p.suite,
	}
}

// suiteJob is one test to make or check, and what came of it.
type suiteJob struct {
	problem *suiteProblem
	test    manifest.Test
	// within names the bounds the manifest says the test lies within, "" for none; marked
	// tells that the job is a manifest's test, whose marks the suite checks.
	within   string
	marked   bool
	rules    validate.Rules
	solution string // the reference binary
	// Results.
	input, answer []byte
	note          string // for a file test: what was checked, or why not
	err           error
}

// path names the test in messages: tests/PROBLEM/GROUP/NAME.
func (j *suiteJob) path() string {
	return "tests/" + j.problem.name + "/" + j.test.Key()
}

// suiteSpec is a checked suite command line.
type suiteSpec struct {
	root, out                 string
	jobs                      int
	verifyCBC                 bool
	solution, classicSolution string // built reference solutions, "" to build them
}

func (p *program) suite(ctx *cli.Context) error {
	if err := noArguments(ctx); err != nil {
		return err
	}
	s := suiteSpec{
		root: ctx.String("root"), out: ctx.String("out"), jobs: ctx.Int("jobs"), verifyCBC: ctx.Bool("verify-cbc"),
		solution: ctx.String("solution"), classicSolution: ctx.String("classic-solution"),
	}
	if s.out == "" {
		s.out = filepath.Join(s.root, "tests")
	}
	if s.jobs < 1 {
		return usageError("--jobs %d: want at least 1", s.jobs)
	}
	return p.later(func() error { return p.runSuite(context.Background(), s) })
}

// runSuite makes every test of the manifests, then writes them all or, when one fails, none.
func (p *program) runSuite(ctx context.Context, s suiteSpec) error {
	start := time.Now()
	work, err := os.MkdirTemp("", "generator-suite-")
	if err != nil {
		return failure(fmt.Errorf("creating a work folder: %w", err))
	}
	defer os.RemoveAll(work)

	problems := suiteProblems()
	manifests, queue, err := loadJobs(s, problems, work)
	if err != nil {
		return failure(err)
	}
	runDir := filepath.Join(work, "run")
	if err := os.Mkdir(runDir, 0o755); err != nil {
		return failure(fmt.Errorf("creating a work folder: %w", err))
	}
	p.makeAll(ctx, s, queue, runDir)

	failed := 0
	for _, j := range queue {
		if j.err != nil {
			fmt.Fprintf(p.stderr, "%s (manifest line %d): %v\n", j.path(), j.test.Line, j.err)
			failed++
		}
	}
	if failed > 0 {
		return failure(fmt.Errorf("%d of %d tests failed; nothing written", failed, len(queue)))
	}

	written, unchanged, err := p.writeAll(queue, s.out)
	if err != nil {
		return failure(err)
	}
	removed := 0
	for i := range problems {
		gone, err := removeStale(filepath.Join(s.out, problems[i].name), manifests[i])
		for _, file := range gone {
			fmt.Fprintf(p.stderr, "removed %s, which the manifest no longer lists\n", file)
		}
		if err != nil {
			return failure(err)
		}
		removed += len(gone)
	}
	fmt.Fprintf(p.stderr, "suite: %d tests in %s (%s); %d files written, %d unchanged, %d removed; %.1fs\n",
		len(queue), s.out, countsByGroup(queue), written, unchanged, removed, time.Since(start).Seconds())
	return nil
}

// loadJobs reads the manifest of every problem, builds the reference solutions that were not
// given into work, and returns the manifests and one job per test.
func loadJobs(s suiteSpec, problems []suiteProblem, work string) ([]*manifest.Manifest, []*suiteJob, error) {
	manifests := make([]*manifest.Manifest, len(problems))
	var queue []*suiteJob
	for i := range problems {
		prob := &problems[i]
		m, err := manifest.ReadFile(filepath.Join(s.root, "tests", prob.name, "manifest.txt"))
		if err != nil {
			return nil, nil, err
		}
		manifests[i] = m
		solution := s.solution
		if prob.name == "classic" {
			solution = s.classicSolution
		}
		if solution == "" {
			solution, err = buildSolution(s.root, prob.solution, filepath.Join(work, prob.name))
			if err != nil {
				return nil, nil, err
			}
		}
		made, err := prob.jobs(m, solution)
		if err != nil {
			return nil, nil, err
		}
		queue = append(queue, made...)
	}
	return manifests, queue, nil
}

// makeAll makes the tests of queue, s.jobs at a time, with a progress line on a terminal.
func (p *program) makeAll(ctx context.Context, s suiteSpec, queue []*suiteJob, runDir string) {
	bar := p.progressLine(len(queue))
	var wg sync.WaitGroup
	next := make(chan *suiteJob)
	for range s.jobs {
		wg.Go(func() {
			for j := range next {
				p.makeTest(ctx, j, s.root, runDir, s.verifyCBC)
				bar.add()
			}
		})
	}
	for _, j := range queue {
		next <- j
	}
	close(next)
	wg.Wait()
	bar.clear()
}

// writeAll writes the files of the generated tests under out, each one only when it changed,
// and reports what was checked of the file tests.
func (p *program) writeAll(queue []*suiteJob, out string) (written, unchanged int, err error) {
	for _, j := range queue {
		if j.test.FromFiles() {
			fmt.Fprintf(p.stderr, "%s: %s\n", j.path(), j.note)
			if j.input == nil {
				continue // absent here
			}
		}
		for _, file := range []struct {
			ext  string
			data []byte
		}{{".in", j.input}, {".ans", j.answer}} {
			changed, err := writeIfChanged(filepath.Join(out, j.problem.name, j.test.Group, j.test.Name+file.ext), file.data)
			if err != nil {
				return written, unchanged, err
			}
			if changed {
				written++
			} else {
				unchanged++
			}
		}
	}
	return written, unchanged, nil
}

// jobs checks a problem's manifest against what the suite can make and returns its jobs.
func (prob *suiteProblem) jobs(m *manifest.Manifest, solution string) ([]*suiteJob, error) {
	where := "tests/" + prob.name + "/manifest.txt"
	rules := map[string]validate.Rules{}
	for _, g := range m.Groups {
		r, err := validateRules(g.ValidateArgs, prob.minGivens)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: group %s: %w", where, g.Line, g.Name, err)
		}
		rules[g.Name] = r
	}
	var made []*suiteJob
	for _, t := range m.Tests {
		if t.Climbed != nil && prob.name != "target" {
			return nil, fmt.Errorf("%s:%d: %s: a climbed test is a target input; %s has none", where, t.Line, t.Key(), prob.name)
		}
		if t.Generated() {
			if !slices.Contains(prob.commands, t.Command[0]) {
				return nil, fmt.Errorf("%s:%d: %s: command %q does not make %s tests (want %s)",
					where, t.Line, t.Key(), t.Command[0], prob.name, strings.Join(prob.commands, " or "))
			}
			for _, arg := range t.Command[1:] {
				if arg == "--time" || strings.HasPrefix(arg, "--time=") {
					return nil, fmt.Errorf("%s:%d: %s: --time depends on the machine's speed; give the test a --steps budget", where, t.Line, t.Key())
				}
			}
		}
		within := m.Within(t)
		if within != "" {
			if _, err := bounds.Lookup(prob.name, within); err != nil {
				return nil, fmt.Errorf("%s:%d: %s: %w", where, t.Line, t.Key(), err)
			}
		}
		made = append(made, &suiteJob{problem: prob, test: t, within: within, marked: true, rules: rules[t.Group], solution: solution})
	}
	return made, nil
}

// validateRules reads a group's `checker validate` arguments.
func validateRules(args []string, minGivens int) (validate.Rules, error) {
	flags := flag.NewFlagSet("checker validate", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	lenient := flags.Bool("lenient", false, "")
	min := flags.Int("min-givens", minGivens, "")
	conflicts := flags.Bool("allow-conflicts", false, "")
	if err := flags.Parse(args); err != nil {
		return validate.Rules{}, fmt.Errorf("validator arguments: %w", err)
	}
	if flags.NArg() > 0 {
		return validate.Rules{}, fmt.Errorf("validator arguments: unexpected %q", flags.Arg(0))
	}
	return validate.Rules{Lenient: *lenient, MinGivens: *min, AllowConflicts: *conflicts}, nil
}

// makeTest makes (or, for a file test, checks) one test, recording the outcome in j. A climbed
// test's input is the one its line stores.
func (p *program) makeTest(ctx context.Context, j *suiteJob, root, runDir string, verifyCBC bool) {
	if j.test.FromFiles() {
		j.note, j.err = checkFileTest(ctx, j, root, runDir, verifyCBC)
		return
	}
	if c := j.test.Climbed; c != nil {
		j.input = []byte(c.Input.String())
		j.answer, j.err = answer(ctx, j, j.test.Key()+".in", j.input, runDir, verifyCBC)
		return
	}
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"generator"}, j.test.Command...), &stdout, &stderr); code != exitOK {
		j.err = fmt.Errorf("generator %s: exit status %d: %s", strings.Join(j.test.Command, " "), code, strings.TrimSpace(stderr.String()))
		return
	}
	j.input = stdout.Bytes()
	j.answer, j.err = answer(ctx, j, j.test.Key()+".in", j.input, runDir, verifyCBC)
}

// answer validates input, runs the reference solution on it and cross-checks its answer.
func answer(ctx context.Context, j *suiteJob, name string, input []byte, runDir string, verifyCBC bool) ([]byte, error) {
	if err := j.problem.validate(bytes.NewReader(input), name, j.rules); err != nil {
		return nil, fmt.Errorf("invalid input: %w", err)
	}
	if j.marked {
		if err := checkBounds(j, input); err != nil {
			return nil, err
		}
	}
	ans, err := runSolution(ctx, j.solution, runDir, input)
	if err != nil {
		return nil, err
	}
	if err := j.problem.check(ctx, input, ans, verifyCBC); err != nil {
		return nil, err
	}
	return ans, nil
}

// checkBounds checks the manifest's marks of a test against its input, both ways: a test marked
// within a statement's bounds lies within them, and a test that lies within them is marked.
func checkBounds(j *suiteJob, input []byte) error {
	for _, name := range bounds.Names(j.problem.name) {
		b, _ := bounds.Lookup(j.problem.name, name)
		beyond := b.Beyond(input)
		switch {
		case j.within == name && beyond != "":
			return fmt.Errorf("marked within %s, but it lies beyond %s: %s", name, b.Title, beyond)
		case j.within != name && beyond == "":
			return fmt.Errorf("lies within %s (%s): mark it \"within %s\"", b.Title, b.Rule, name)
		}
	}
	return nil
}

// checkFileTest checks a test read from files, when they are present: the input is valid and
// the reference solution gives the recorded answer.
func checkFileTest(ctx context.Context, j *suiteJob, root, runDir string, verifyCBC bool) (string, error) {
	inPath := filepath.Join(root, filepath.FromSlash(j.test.Input))
	input, err := os.ReadFile(inPath)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Sprintf("%s is absent here; skipped", j.test.Input), nil
	}
	if err != nil {
		return "", fmt.Errorf("reading input: %w", err)
	}
	want, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(j.test.Answer)))
	if err != nil {
		return "", fmt.Errorf("reading answer: %w", err)
	}
	got, err := answer(ctx, j, j.test.Input, input, runDir, verifyCBC)
	if err != nil {
		return "", err
	}
	if !slices.Equal(strings.Fields(string(got)), strings.Fields(string(want))) {
		return "", fmt.Errorf("the reference solution answers %q, %s says %q", bytes.TrimSpace(got), j.test.Answer, bytes.TrimSpace(want))
	}
	j.input, j.answer = input, want // copied into the test set like a generated test
	return fmt.Sprintf("%s checked: valid, and the reference solution agrees with %s", j.test.Input, j.test.Answer), nil
}

// buildSolution builds the reference solution's single source file, relative to the repository
// root, into dir, and returns the binary's path. The tests replace it with a build of theirs
// that outlives them.
var buildSolution = goBuild

// goBuild builds the reference solution's single source file into dir.
func goBuild(root, source, dir string) (string, error) {
	binary := filepath.Join(dir, "solution")
	cmd := exec.Command("go", "build", "-o", binary, filepath.FromSlash(source))
	cmd.Dir = root
	if output, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building %s: %w: %s", source, err, bytes.TrimSpace(output))
	}
	return binary, nil
}

// runSolution runs a reference solution on input, given on standard input in an empty folder
// (so that the target solution finds no sudoku.in to read instead), and returns its output.
func runSolution(ctx context.Context, binary, dir string, input []byte) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, runTimeout)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, binary)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(input)
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("reference solution: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
}

// checkTargetAnswer checks that the answer is one integer, and with verifyCBC that CBC finds
// the same maximum.
func checkTargetAnswer(ctx context.Context, input, answer []byte, verifyCBC bool) error {
	fields := strings.Fields(string(answer))
	if len(fields) != 1 {
		return fmt.Errorf("reference answer %q is not one integer", answer)
	}
	best, err := strconv.Atoi(fields[0])
	if err != nil {
		return fmt.Errorf("reference answer %q is not one integer", answer)
	}
	if !verifyCBC {
		return nil
	}
	g, err := grid.Parse(input)
	if err != nil {
		return fmt.Errorf("reading input for cbc: %w", err)
	}
	cbcBest, _, err := cbc.Maximize(ctx, g)
	if err != nil {
		return fmt.Errorf("cbc: %w", err)
	}
	if cbcBest != best {
		return fmt.Errorf("the reference solution answers %d, CBC %d", best, cbcBest)
	}
	return nil
}

// checkClassicAnswer checks every line of the classic reference's answer against the classic
// core, an independent solver: "no solution" exactly for the puzzles without one, otherwise a
// solution of the puzzle.
func checkClassicAnswer(_ context.Context, input, answer []byte, _ bool) error {
	puzzles, err := classic.ReadPuzzles(bytes.NewReader(input))
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSuffix(string(answer), "\n"), "\n")
	if len(lines) != len(puzzles) {
		return fmt.Errorf("reference answer has %d lines for %d puzzles", len(lines), len(puzzles))
	}
	for i, p := range puzzles {
		solvable := classic.Count(p, 1) > 0
		if lines[i] == "no solution" {
			if solvable {
				return fmt.Errorf("puzzle %d: the reference says no solution, the classic core finds one", i+1)
			}
			continue
		}
		s, err := classic.Parse(lines[i])
		if err != nil || !s.Solves(p) {
			return fmt.Errorf("puzzle %d: reference answer line %q does not solve it", i+1, lines[i])
		}
	}
	return nil
}

// writeIfChanged writes data to path unless the file already holds it, creating its folder.
func writeIfChanged(path string, data []byte) (bool, error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return false, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return false, fmt.Errorf("writing tests: %w", err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return false, fmt.Errorf("writing tests: %w", err)
	}
	return true, nil
}

// removeStale removes from the folders of the manifest's groups the .in and .ans files of tests
// it does not list, and returns their paths.
func removeStale(dir string, m *manifest.Manifest) ([]string, error) {
	listed := map[string]bool{}
	for _, t := range m.Tests {
		listed[t.Key()] = true
	}
	var removed []string
	for _, g := range m.Groups {
		entries, err := os.ReadDir(filepath.Join(dir, g.Name))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return removed, fmt.Errorf("looking for stale tests: %w", err)
		}
		for _, e := range entries {
			ext := filepath.Ext(e.Name())
			if e.IsDir() || (ext != ".in" && ext != ".ans") || listed[g.Name+"/"+strings.TrimSuffix(e.Name(), ext)] {
				continue
			}
			path := filepath.Join(dir, g.Name, e.Name())
			if err := os.Remove(path); err != nil {
				return removed, fmt.Errorf("removing a stale test: %w", err)
			}
			removed = append(removed, path)
		}
	}
	return removed, nil
}

// countsByGroup summarizes the tests as "target: official 20, hard 19; classic: batch 7".
func countsByGroup(queue []*suiteJob) string {
	var parts []string
	var problem string
	var groups []string
	counts := map[string]int{}
	flush := func() {
		if problem == "" {
			return
		}
		var g []string
		for _, name := range groups {
			g = append(g, fmt.Sprintf("%s %d", name, counts[name]))
		}
		parts = append(parts, problem+": "+strings.Join(g, ", "))
	}
	for _, j := range queue {
		if j.problem.name != problem {
			flush()
			problem, groups, counts = j.problem.name, nil, map[string]int{}
		}
		if counts[j.test.Group] == 0 {
			groups = append(groups, j.test.Group)
		}
		counts[j.test.Group]++
	}
	flush()
	return strings.Join(parts, "; ")
}

// progressLine counts finished tests on one line of standard error, kept up to date only when
// it is a terminal: a few lines here spare every build the weight of a progress-bar library.
type progressLine struct {
	mu          sync.Mutex
	w           io.Writer // nil: not a terminal, nothing shown
	done, total int
}

func (p *program) progressLine(total int) *progressLine {
	line := &progressLine{total: total}
	if f, ok := p.stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		line.w = f
	}
	return line
}

// add counts one more test done.
func (l *progressLine) add() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done++
	if l.w != nil {
		fmt.Fprintf(l.w, "\r\x1b[Ktests %d/%d", l.done, l.total)
	}
}

// clear removes the line.
func (l *progressLine) clear() {
	if l.w != nil {
		fmt.Fprint(l.w, "\r\x1b[K")
	}
}

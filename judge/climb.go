package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"bullseye/internal/hunt"
	"bullseye/internal/judging"
	"bullseye/internal/outcome"
	"bullseye/internal/runner"
	"bullseye/internal/safefile"
	"bullseye/internal/stress"
	"bullseye/internal/testlib"
	"bullseye/internal/untrusted"
)

// climbHelp is the help's paragraph on climb mode.
const climbHelp = "With --climb: hill-climbs the inputs the statement allows (--givens, by default NOIP's bounds:\n" +
	"at least 24 givens and a blank to fill, any grid that breaks no rule) against the submission's\n" +
	"CPU time, -j N climbs at once, for --climb-time, from --seed. Every input is validated and\n" +
	"answered by the reference solution: a wrong answer is printed at once and ends the climb. Runs\n" +
	"stop a little above the time limit; an input over it stands when the median of runs alone is\n" +
	"over it. The slowest input found is saved as slowest.in and slowest.ans for --tests (--save DIR).\n" +
	"Exit status 1 when an input over the time limit or a wrong answer was found, 0 when none was.\n" +
	"An interrupt keeps the slowest input so far."

// climbFiles are the files a climb saves: its report, then the inputs with their answers.
const (
	climbReportFile = "climb.json"
	slowestName     = "slowest"
	failureName     = "failure"
)

// climbTest climbs inputs against the submission's CPU time and reports the slowest found, or
// the first it fails on.
func climbTest(ctx context.Context, cfg *config, stdout, stderr io.Writer) error {
	source, err := os.ReadFile(cfg.submission)
	if err != nil {
		return usageError("submission %s: %v", cfg.submission, err)
	}
	sum := sha256.Sum256(source)
	rep := &hunt.Report{
		Submission: cfg.submission, KitPath: kitPath(cfg.kit, cfg.submission), Language: cfg.lang.Name, SHA256: hex.EncodeToString(sum[:]),
		Seed: cfg.seed, MinGivens: cfg.minGivens, MaxGivens: cfg.maxGivens, Jobs: cfg.jobs,
		ClimbTimeMS: cfg.climbTime.Milliseconds(), TimeLimitMS: cfg.limits.CPU.Milliseconds(),
		CutMS: hunt.Cut(cfg.limits.CPU).Milliseconds(),
	}
	s, ce, err := openSession(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	if ce != nil {
		rep.Verdict, rep.Message = outcome.CompileError, ce.Message
		if cfg.jsonFile != "-" {
			fmt.Fprintf(stdout, "CE: %s\n%s\n", outcome.CompileError.Name(), untrusted.Lines(ce.Message))
		}
		if err := writeClimbJSON(rep, cfg.jsonFile, stdout); err != nil {
			return failure(err)
		}
		return rejected
	}
	defer s.close(stderr)

	color := colorFor(stdout) && cfg.jsonFile != "-"
	text := stdout
	if cfg.jsonFile == "-" {
		text = io.Discard // the JSON report instead of the text
	}
	printAlreadyFailing(text, alreadyFailing(ctx, cfg, s))
	progressTo := stderr
	if cfg.quiet {
		progressTo = io.Discard
	}
	progress := newClimbProgress(progressTo)
	answer, timeReference, judgeRun, err := climbRunners(cfg, s)
	if err != nil {
		return failure(err)
	}
	res, err := hunt.Run(ctx, hunt.Config{
		Seed: cfg.seed, MinGivens: cfg.minGivens, MaxGivens: cfg.maxGivens, Parallel: cfg.jobs,
		Budget: cfg.climbTime, Limit: cfg.limits.CPU, Progress: progress.update, TimeReference: timeReference,
		Moves: cfg.climbMoves, Starts: cfg.climbStarts, Patience: cfg.climbPatience,
		// A wrong answer is news at once, as in stress mode; the climbs still running stop.
		Failed: func(f hunt.Finding) {
			progress.clear()
			t := f.Trial.Trial
			fmt.Fprintf(text, "%s on a climbed input with %d givens, after %s and %s (seed %d): %s\n",
				paint(string(t.Verdict), "\x1b[31m", color), f.Puzzle.Givens(), roundTime(f.Elapsed), countRuns(progress.runs()), cfg.seed, untrusted.Line(t.Message))
			printCase(text, f.Puzzle, t, color)
		},
	}, answer, judgeRun)
	progress.clear()
	if err != nil {
		if ctx.Err() != nil {
			return failure(errors.New("interrupted: every run is stopped"))
		}
		return failure(fmt.Errorf("climb: %w", err))
	}
	if res.Slowest == nil && res.Failure == nil {
		return failure(errors.New("interrupted before any run ended: every run is stopped"))
	}
	fillReport(rep, cfg, res)
	dir := cfg.save
	if dir == "" {
		name := strings.TrimSuffix(filepath.Base(cfg.submission), filepath.Ext(cfg.submission))
		dir = filepath.Join(cfg.cache, "climb", fmt.Sprintf("%s-seed%d", name, cfg.seed))
	}
	rep.Saved = dir
	if err := saveClimb(dir, rep, res); err != nil {
		return failure(err)
	}
	printClimb(text, cfg, rep, res, color)
	if err := writeClimbJSON(rep, cfg.jsonFile, stdout); err != nil {
		return failure(err)
	}
	if res.Over || res.Failure != nil {
		return rejected
	}
	return nil
}

// climbRunners returns how the climb runs the reference and the submission: the reference, the
// kit's own program, answers each input outside the sandbox, which costs half what a sandboxed
// run does, and is timed in the sandbox under the limits on the inputs confirmed, as the
// submission is; the submission runs stopped a little above the time limit and is judged under
// it.
func climbRunners(cfg *config, s *session) (answer, timeReference hunt.Answer, judgeRun hunt.Judge, err error) {
	cut := cfg.limits
	cut.CPU = hunt.Cut(cfg.limits.CPU)
	cut.Wall = runner.WallFor(cut.CPU)
	submission := &judging.Judge{Sandbox: s.sandbox, Program: s.submission, Problem: cfg.problem, Limits: cut}
	reference := &judging.Judge{Sandbox: s.sandbox, Program: s.reference, Problem: cfg.problem, Limits: cfg.limits}
	timeReference = func(ctx context.Context, input []byte) ([]byte, time.Duration, error) {
		r, err := reference.Run(ctx, input)
		if err != nil {
			return nil, 0, err
		}
		if r.Stopped != "" || r.Signal != 0 || r.ExitCode != 0 || r.StartError != "" {
			return nil, 0, fmt.Errorf("the reference solution failed on\n%s: %s", input, r.Ended())
		}
		return r.Output, r.CPU(), nil
	}
	// An empty folder, so that the reference reads standard input, not a sudoku.in; the
	// session's, so that closing it removes the folder.
	dir, err := os.MkdirTemp(s.sandbox.RunsDir(), "reference-")
	if err != nil {
		return nil, nil, nil, fmt.Errorf("making the reference's folder: %w", err)
	}
	argv := s.reference.Argv(s.reference.Dir)
	answer = func(ctx context.Context, input []byte) ([]byte, time.Duration, error) {
		ctx, cancel := context.WithTimeout(ctx, referenceTimeout)
		defer cancel()
		var stdout, stderr bytes.Buffer
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
		cmd.Dir, cmd.Stdin, cmd.Stdout, cmd.Stderr = dir, bytes.NewReader(input), &stdout, &stderr
		if err := cmd.Run(); err != nil {
			if ctx.Err() != nil {
				return nil, 0, fmt.Errorf("the reference solution on\n%s: %w", input, ctx.Err())
			}
			return nil, 0, fmt.Errorf("the reference solution failed on\n%s: %v: %s", input, err, bytes.TrimSpace(stderr.Bytes()))
		}
		return stdout.Bytes(), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
	}
	judgeRun = func(ctx context.Context, input, expected []byte) (hunt.Trial, error) {
		r, err := submission.Run(ctx, input)
		if err != nil {
			return hunt.Trial{}, err
		}
		o := outcome.Decide(r, cfg.limits, func(output io.Reader) testlib.Judgement {
			return cfg.problem.Check(bytes.NewReader(input), output, bytes.NewReader(expected))
		})
		if o.Verdict == outcome.Failure {
			return hunt.Trial{}, errors.New(o.Message)
		}
		return hunt.Trial{
			Trial: stress.Trial{Verdict: o.Verdict, Message: o.Message, Expected: expected, Found: o.Output, Compared: o.Compared},
			CPU:   r.CPU(),
		}, nil
	}
	return answer, timeReference, judgeRun, nil
}

// referenceTimeout bounds one answer of the reference, which takes milliseconds: one that takes
// longer has hung.
const referenceTimeout = time.Minute

// fill records what the hunt found.
func fillReport(rep *hunt.Report, cfg *config, res hunt.Result) {
	rep.Interrupted, rep.ElapsedMS, rep.Runs = res.Interrupted, res.Elapsed.Milliseconds(), res.Runs
	switch {
	case res.Failure != nil:
		rep.Verdict = res.Failure.Trial.Verdict
		rep.Failure = climbedOf(res.Failure, cfg)
		rep.Failure.Found = string(res.Failure.Trial.Found)
	case res.Over:
		rep.Verdict, rep.FirstOverMS = outcome.TimeLimit, res.FirstOver.Milliseconds()
	default:
		rep.Verdict = outcome.Accepted
	}
	if res.Slowest != nil {
		rep.Slowest = climbedOf(res.Slowest, cfg)
	}
}

// kitPath returns the path of file from the kit's root, slash-separated, when it lies inside
// the kit; "" otherwise.
func kitPath(kit, file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	if kit, err = filepath.Abs(kit); err != nil {
		return ""
	}
	rel, err := filepath.Rel(kit, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel)
}

func climbedOf(f *hunt.Finding, cfg *config) *hunt.Reported {
	c := &hunt.Reported{
		Input: f.Puzzle.Line(), Givens: f.Puzzle.Givens(), Verdict: f.Trial.Verdict, Message: f.Trial.Message,
		MedianCPUMS: milliseconds(f.Median()), Cut: f.Median() >= hunt.Cut(cfg.limits.CPU),
		ReferenceCPUMS: milliseconds(f.Reference), Answer: strings.TrimSpace(string(f.Trial.Expected)),
		FoundAfterMS: f.Elapsed.Milliseconds(),
	}
	for _, cpu := range f.CPU {
		c.CPUMS = append(c.CPUMS, milliseconds(cpu))
	}
	return c
}

func milliseconds(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// saveClimb writes the report and the inputs found, each with the reference's answer (and the
// submission's output for a failure): the folder is a test set for --tests.
func saveClimb(dir string, rep *hunt.Report, res hunt.Result) error {
	d, err := safefile.OpenDir(dir)
	if err != nil {
		return fmt.Errorf("saving the climb: %w", err)
	}
	defer d.Close()
	files := map[string][]byte{}
	if f := res.Slowest; f != nil {
		files[slowestName+".in"], files[slowestName+".ans"] = []byte(f.Puzzle.String()), f.Trial.Expected
	}
	if f := res.Failure; f != nil {
		files[failureName+".in"], files[failureName+".ans"] = []byte(f.Puzzle.String()), f.Trial.Expected
		files[failureName+".out"] = f.Trial.Found
	}
	data, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	files[climbReportFile] = untrusted.Filter(append(data, '\n'), untrusted.File)
	for name, data := range files {
		if err := d.WriteFile(name, data); err != nil {
			return fmt.Errorf("saving the climb: %w", err)
		}
	}
	return nil
}

// writeClimbJSON writes the report to --json's file, or to stdout for "-"; nothing without it.
func writeClimbJSON(rep *hunt.Report, name string, stdout io.Writer) error {
	if name == "" {
		return nil
	}
	data, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if name == "-" {
		_, err = stdout.Write(data)
		return err
	}
	if err := safefile.WriteFile(name, untrusted.Filter(data, untrusted.File)); err != nil {
		return fmt.Errorf("writing the JSON report: %w", err)
	}
	return nil
}

// printClimb writes what the climb found.
func printClimb(w io.Writer, cfg *config, rep *hunt.Report, res hunt.Result, color bool) {
	how := fmt.Sprintf("seed %d, %d-%d givens, -j %d", cfg.seed, cfg.minGivens, cfg.maxGivens, cfg.jobs)
	if res.Failure != nil {
		fmt.Fprintf(w, "climbed for %s, %s (%s)\n", roundTime(res.Elapsed), countRuns(res.Runs), how)
		printSaved(w, cfg, rep.Saved, failureName)
		return
	}
	f := res.Slowest
	limit := cfg.limits.CPU
	switch {
	case res.Interrupted:
		fmt.Fprintf(w, "interrupted after %s and %s (%s); the slowest input so far, with %d givens, %s\n",
			roundTime(res.Elapsed), countRuns(res.Runs), how, f.Puzzle.Givens(), takes(f, limit, cfg))
	case res.Over:
		fmt.Fprintf(w, "%s: an input with %d givens %s\n", paint("TLE", "\x1b[31m", color), f.Puzzle.Givens(), takes(f, limit, cfg))
	default:
		fmt.Fprintf(w, "%s: no input over the time limit of %s in %s of climbing; the slowest found, with %d givens, %s\n",
			paint("AC", "\x1b[32m", color), cpuText(limit), roundTime(cfg.climbTime), f.Puzzle.Givens(), takes(f, limit, cfg))
	}
	ref := fmt.Sprintf("the reference solution takes %s on it", cpuText(f.Reference))
	if f.Reference > 0 && f.Median() > f.Reference {
		ref += fmt.Sprintf(", %s less", ratio(f.Median(), f.Reference))
	}
	fmt.Fprintln(w, ref)
	fmt.Fprintf(w, "input:\n%s", indentLines(f.Puzzle.String()))
	fmt.Fprintf(w, "answer (the reference solution):\n%s", indentLines(string(f.Trial.Expected)))
	if !res.Interrupted {
		line := fmt.Sprintf("climbed for %s, %s (%s)", roundTime(res.Elapsed), countRuns(res.Runs), how)
		if res.Over {
			line += fmt.Sprintf("; first over the limit after %s", roundTime(res.FirstOver))
		}
		fmt.Fprintln(w, line)
	}
	printSaved(w, cfg, rep.Saved, slowestName)
}

// takes says what f takes against the limit: "takes at least 2.20 s of CPU time, over the time
// limit of 2 s (2 runs alone, each stopped at 2.20 s)".
func takes(f *hunt.Finding, limit time.Duration, cfg *config) string {
	median, cut := f.Median(), hunt.Cut(limit)
	var b strings.Builder
	if median >= cut {
		fmt.Fprintf(&b, "takes at least %s of CPU time", cpuText(cut))
	} else {
		fmt.Fprintf(&b, "takes %s of CPU time", cpuText(median))
	}
	if median > limit {
		fmt.Fprintf(&b, ", over the time limit of %s", cpuText(limit))
	} else {
		fmt.Fprintf(&b, ", %.0f%% of the time limit of %s", 100*median.Seconds()/limit.Seconds(), cpuText(limit))
	}
	times := make([]string, len(f.CPU))
	for i, cpu := range f.CPU {
		times[i] = cpuText(cpu)
	}
	switch n := len(f.CPU); {
	case n == 0:
		b.WriteString(" (one run beside others, not confirmed)")
	case n == 1 && cfg.jobs == 1:
		b.WriteString(" (one run, not confirmed)")
	case median >= cut && f.RunsOver(limit) == n:
		fmt.Fprintf(&b, " (%d runs alone, each stopped at %s)", n, cpuText(cut))
	default:
		fmt.Fprintf(&b, " (median of %d runs alone: %s)", n, strings.Join(times, ", "))
	}
	return b.String()
}

func printSaved(w io.Writer, cfg *config, dir, name string) {
	extra := ""
	if name == failureName {
		extra = ", " + name + ".out"
	}
	fmt.Fprintf(w, "saved in %s (%s.in, %s.ans%s; %s); judge it again with\n", dir, name, name, extra, climbReportFile)
	fmt.Fprintf(w, "    ./judge.sh --tests %s %s\n", dir, cfg.submission)
}

// cpuText writes a CPU time for people: "2 s", "2.2 s", "412 ms", "3.1 ms".
func cpuText(d time.Duration) string {
	if d >= time.Second {
		return strconv.FormatFloat(math.Round(d.Seconds()*100)/100, 'f', -1, 64) + " s"
	}
	if d >= 10*time.Millisecond {
		return fmt.Sprintf("%.0f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
}

// ratio says how many times less b is than a: "130x".
func ratio(a, b time.Duration) string {
	return fmt.Sprintf("%.0fx", a.Seconds()/b.Seconds())
}

// roundTime writes an elapsed time to the second, or to the millisecond under a second.
func roundTime(d time.Duration) string {
	if d < time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

func countRuns(n int) string {
	if n == 1 {
		return "1 run"
	}
	return fmt.Sprintf("%d runs", n)
}

// climbProgress shows how a climb stands: on a terminal a line kept up to date, elsewhere a line
// now and then.
type climbProgress struct {
	w        io.Writer
	terminal bool
	mu       sync.Mutex
	last     time.Time
	shown    bool
	count    int
}

// climbLogEvery is how often a climb's progress is written where it cannot be redrawn.
const climbLogEvery = 30 * time.Second

func newClimbProgress(w io.Writer) *climbProgress {
	return &climbProgress{w: w, terminal: isTerminal(w)} // the first run is shown at once
}

func (p *climbProgress) update(h hunt.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.count = h.Runs
	now := time.Now()
	every := climbLogEvery
	if p.terminal {
		every = 100 * time.Millisecond
	}
	if now.Sub(p.last) < every && !h.Confirming {
		return
	}
	p.last = now
	line := fmt.Sprintf("climb: %s, %s", roundTime(h.Elapsed), countRuns(h.Runs))
	if h.Givens > 0 {
		line += fmt.Sprintf(", slowest %s (%d givens)", cpuText(h.Slowest), h.Givens)
	}
	if h.Confirming {
		line += ", confirming an input alone"
	}
	if p.terminal {
		fmt.Fprintf(p.w, "\r\x1b[K%s", line)
		p.shown = true
	} else if !h.Confirming {
		fmt.Fprintln(p.w, line)
	}
}

// runs returns the runs counted so far.
func (p *climbProgress) runs() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.count
}

// clear removes the line from a terminal.
func (p *climbProgress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"bullseye/internal/compile"
	"bullseye/internal/contest"
	"bullseye/internal/grid"
	"bullseye/internal/hack"
	"bullseye/internal/hunt"
	"bullseye/internal/judging"
	"bullseye/internal/outcome"
	"bullseye/internal/report"
	"bullseye/internal/runner"
	"bullseye/internal/safefile"
	"bullseye/internal/untrusted"
)

// hackHelp is the help's paragraph on the hacking phase.
const hackHelp = "With --contest DIR --hack: after judging the class, spends --climb-time (default 3m for the\n" +
	"whole class) searching for inputs that break the programs, -j N runs at once, from --seed,\n" +
	"within --givens (by default NOIP's bounds, as --climb): each program in rank order is first\n" +
	"judged on the inputs found so far, and only when none breaks it gets a share of the time left\n" +
	"(at least half an even share), a quarter stress testing and the rest climbing. A wrong answer\n" +
	"is shrunk; every input found is answered by the reference solution and judged on every program\n" +
	"as a test is (a time-out stopped by the wall clock runs again alone). The report ends with the\n" +
	"fewest inputs found that break every program broken, chosen greedily, and for each contestant\n" +
	"the input that breaks their program and how, or that none was found; the programs' official\n" +
	"failures are not hacks. --save DIR keeps the inputs (hack1.in, hack1.ans..., hacks.json, and\n" +
	"hack1/climb.json for `generator climbed`): --tests DIR ranks the class on them. The stress cases\n" +
	"come from the seed; the climbs follow CPU times, so the same seed gives the same inputs when the\n" +
	"times fall the same way."

// hackFlags are the flags of search modes the hacking phase takes with --contest.
var hackFlags = map[string]bool{"climb-time": true, "seed": true, "givens": true, "save": true}

// hackAllows reports whether --hack on the command line lets flag name go with --contest.
func hackAllows(ctx *cli.Context, name string) bool { return ctx.Bool("hack") && hackFlags[name] }

// setHack reads the flags of the hacking phase.
func (cc *contestConfig) setHack(ctx *cli.Context) error {
	if cc.problem.Name != "target" {
		return usageError("--hack searches target inputs only")
	}
	var err error
	if cc.minGivens, cc.maxGivens, err = cc.givens(ctx, hunt.DefaultMinGivens, hunt.DefaultMaxGivens); err != nil {
		return err
	}
	if cc.maxGivens >= 81 {
		return usageError("--givens %d-%d: a hack leaves a blank to fill, want B <= 80", cc.minGivens, cc.maxGivens)
	}
	cc.climbTime = hack.DefaultBudget
	if ctx.IsSet("climb-time") {
		if cc.climbTime, err = parseDuration(ctx.String("climb-time")); err != nil {
			return usageError("--climb-time: %v", err)
		}
	}
	cc.seed, cc.save = ctx.Uint64("seed"), ctx.String("save")
	return nil
}

// hackClass runs the hacking phase against the judged programs of con, in rank order.
func (cc *contestConfig) hackClass(ctx context.Context, con *contest.Contest, cs *contestSession, entries map[string]contest.Entry, stderr io.Writer) (*contest.Hacks, error) {
	h := &contest.Hacks{
		Seed: cc.seed, BudgetMS: cc.climbTime.Milliseconds(), MinGivens: cc.minGivens, MaxGivens: cc.maxGivens,
		Jobs: cc.jobs, TimeLimitMS: cc.limits.CPU.Milliseconds(),
	}
	var students []hack.Student
	var places []int // each student's place in h.Contestants
	var answer hunt.Answer
	for _, x := range con.Contestants {
		h.Contestants = append(h.Contestants, contest.HackedResult{Name: x.Name})
		r := &h.Contestants[len(h.Contestants)-1]
		if x.Status != contest.Judged {
			r.Note = "not hacked: " + string(x.Status)
			continue
		}
		e := entries[x.Name]
		lang, err := compile.Lookup(x.Language)
		if err != nil {
			return nil, failure(err)
		}
		b, err := compile.Compile(ctx, e.File, lang, compile.Options{Flags: cc.cflags, Source: e.Source, Cache: cc.cache, Memory: cc.limits.Memory, Sandbox: cs.sandbox})
		if err != nil {
			return nil, failure(fmt.Errorf("compiling %s's submission again: %w", x.Name, err))
		}
		program, err := cs.sandbox.Install(b.Dir, b.Argv)
		if err != nil {
			return nil, failure(err)
		}
		defer cs.sandbox.Uninstall(program)
		s, a, err := cc.hackStudent(x.Name, cs, program)
		if err != nil {
			return nil, failure(err)
		}
		if answer == nil {
			answer = a
		}
		students = append(students, s)
		places = append(places, len(h.Contestants)-1)
	}
	if len(students) == 0 {
		return h, nil
	}
	progress := newHackProgress(stderr, students)
	res, err := hack.Run(ctx, hack.Config{
		Seed: cc.seed, MinGivens: cc.minGivens, MaxGivens: cc.maxGivens, Parallel: cc.jobs,
		Budget: cc.climbTime, Limit: cc.limits.CPU, Progress: progress.update,
	}, students, answer)
	progress.clear()
	if err != nil {
		return nil, failure(fmt.Errorf("hacking: %w", err))
	}
	fillHacks(h, res, students, places)
	if cc.save != "" {
		h.Saved = cc.save
		if err := saveHacks(cc.save, h, con, entries, cc.config); err != nil {
			return nil, failure(err)
		}
	}
	return h, nil
}

// hackStudent returns how the phase runs one program: climbed under a cut a little above the
// time limit, judged as a test is under the limits; and how the reference answers.
func (cc *contestConfig) hackStudent(name string, cs *contestSession, program runner.Program) (hack.Student, hunt.Answer, error) {
	s := &session{sandbox: cs.sandbox, submission: program, reference: cs.reference}
	answer, _, climbRun, err := climbRunners(cc.config, s)
	if err != nil {
		return hack.Student{}, nil, err
	}
	full := &judging.Judge{Sandbox: cs.sandbox, Program: program, Problem: cc.problem, Limits: cc.limits}
	judge := func(ctx context.Context, cases []hack.Case) ([]hack.Judged, error) {
		tests := make([]judging.Case, len(cases))
		for i, c := range cases {
			tests[i] = judging.Case{Name: fmt.Sprintf("input %d", i+1), Input: c.Input, Answer: c.Answer}
		}
		results := judgeContestant(ctx, full, tests, cc.jobs, func(int, string) {})
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		runs := make([]hack.Judged, len(results))
		for i, r := range results {
			if r.Verdict == outcome.Failure {
				return nil, errors.New(r.Message)
			}
			runs[i] = hack.Judged{Verdict: r.Verdict, Message: r.Message, CPU: r.Run.CPU(), Output: r.Output, Alone: r.Rerun}
		}
		return runs, nil
	}
	return hack.Student{Name: name, Climb: climbRun, Judge: judge}, answer, nil
}

// fillHacks records what the phase found: the set, named hack1, hack2... in the order chosen,
// and each program's break.
func fillHacks(h *contest.Hacks, res *hack.Result, students []hack.Student, places []int) {
	h.ElapsedMS, h.Interrupted, h.Found = res.Elapsed.Milliseconds(), res.Interrupted, len(res.Inputs)
	for k, i := range res.Set {
		in := res.Inputs[i]
		hi := contest.HackInput{
			Name: fmt.Sprintf("hack%d", k+1), Input: in.Puzzle.Line(), Givens: in.Puzzle.Givens(),
			Answer: strings.TrimSpace(string(in.Answer)), FoundAgainst: students[in.Against].Name, How: in.How,
			Seed: in.Seed, FoundAfterMS: in.FoundAfter.Milliseconds(), ShrunkFrom: in.ShrunkFrom, Breaks: []string{},
		}
		for s := range students {
			if in.Breaks(s) {
				hi.Breaks = append(hi.Breaks, students[s].Name)
			}
		}
		h.Inputs = append(h.Inputs, hi)
	}
	for s := range students {
		r := &h.Contestants[places[s]]
		st := res.Students[s]
		r.SearchedMS = st.Searched.Milliseconds()
		k := res.By(s)
		if k < 0 {
			r.SlowestCPUMS = milliseconds(st.Slowest)
			continue
		}
		in := res.Inputs[res.Set[k]]
		run := in.Runs[s]
		r.By, r.Verdict, r.CPUMS, r.Message, r.Alone = h.Inputs[k].Name, run.Verdict, milliseconds(run.CPU), run.Message, run.Alone
		r.Output = strings.ToValidUTF8(string(run.Output[:min(len(run.Output), 200)]), "?")
		r.Answer = strings.TrimSpace(string(in.Answer))
		r.FoundAfterMS = st.BrokenAfter.Milliseconds()
	}
}

// hacksReportFile is the phase's report in the folder --save names.
const hacksReportFile = "hacks.json"

// saveHacks writes the set to dir: NAME.in and NAME.ans for --tests, the phase's report, and
// for each input a folder NAME/ with the report of a climb (climb.json) that `generator
// climbed` reads to keep it in a group. Inputs an earlier phase saved there are removed first.
func saveHacks(dir string, h *contest.Hacks, con *contest.Contest, entries map[string]contest.Entry, cfg *config) error {
	d, err := safefile.OpenDir(dir)
	if err != nil {
		return fmt.Errorf("saving the hacks: %w", err)
	}
	defer d.Close()
	if err := removeSavedHacks(dir); err != nil {
		return fmt.Errorf("saving the hacks: %w", err)
	}
	for _, in := range h.Inputs {
		puzzle, err := grid.ParseLine(in.Input)
		if err != nil {
			return fmt.Errorf("saving %s: %w", in.Name, err)
		}
		if err := d.WriteFile(in.Name+".in", []byte(puzzle.String())); err != nil {
			return fmt.Errorf("saving the hacks: %w", err)
		}
		if err := d.WriteFile(in.Name+".ans", []byte(in.Answer+"\n")); err != nil {
			return fmt.Errorf("saving the hacks: %w", err)
		}
		if err := saveClimbReport(filepath.Join(dir, in.Name), h, in, con, entries, cfg); err != nil {
			return err
		}
	}
	data, err := json.MarshalIndent(h, "", "  ")
	if err != nil {
		return err
	}
	if err := d.WriteFile(hacksReportFile, untrusted.Filter(append(data, '\n'), untrusted.File)); err != nil {
		return fmt.Errorf("saving the hacks: %w", err)
	}
	return nil
}

// removeSavedHacks removes from dir the inputs an earlier phase saved there: hackN.in,
// hackN.ans, and hackN/climb.json with its folder when nothing else is in it. The names are
// resolved inside dir (os.Root), so that a link planted there, or swapped in meanwhile, never
// has the judge remove a file outside it.
func removeSavedHacks(dir string) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	old, err := fs.Glob(root.FS(), "hack[0-9]*")
	if err != nil {
		return err
	}
	for _, name := range old {
		if strings.HasSuffix(name, ".in") || strings.HasSuffix(name, ".ans") {
			// A stale input left behind would be ranked on with the new set.
			if err := root.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		} else if info, err := root.Lstat(name); err == nil && info.IsDir() {
			root.Remove(name + "/" + climbReportFile)
			root.Remove(name)
		}
	}
	return nil
}

// saveClimbReport writes the report of a climb for one input of the set, as --climb --save
// writes it: the program it was searched against, its source's sha256, the phase's seed and
// budget, and what that program did on it.
func saveClimbReport(dir string, h *contest.Hacks, in contest.HackInput, con *contest.Contest, entries map[string]contest.Entry, cfg *config) error {
	e := entries[in.FoundAgainst]
	sum := sha256.Sum256(e.Source)
	rep := &hunt.Report{
		Submission: filepath.ToSlash(filepath.Join(in.FoundAgainst, filepath.Base(e.File))), Language: languageOf(con, in.FoundAgainst),
		SHA256: hex.EncodeToString(sum[:]), Seed: h.Seed, MinGivens: h.MinGivens, MaxGivens: h.MaxGivens, Jobs: h.Jobs,
		ClimbTimeMS: h.BudgetMS, TimeLimitMS: h.TimeLimitMS, CutMS: hunt.Cut(cfg.limits.CPU).Milliseconds(), ElapsedMS: in.FoundAfterMS,
	}
	found := &hunt.Reported{Input: in.Input, Givens: in.Givens, Answer: in.Answer, FoundAfterMS: in.FoundAfterMS}
	if x := h.Of(in.FoundAgainst); x != nil && x.By == in.Name {
		found.Verdict, found.Message, found.MedianCPUMS = x.Verdict, x.Message, x.CPUMS
		found.Cut = x.CPUMS >= float64(rep.CutMS)
		if x.Verdict != outcome.TimeLimit {
			found.Found = x.Output
		}
	} else {
		found.Verdict = outcome.Accepted // the program it was found against is broken by another input of the set
	}
	rep.Verdict = found.Verdict
	if found.Verdict == outcome.TimeLimit || found.Verdict == outcome.Accepted {
		rep.Slowest = found
	} else {
		rep.Failure = found
	}
	d, err := safefile.OpenDir(dir)
	if err != nil {
		return fmt.Errorf("saving the hacks: %w", err)
	}
	defer d.Close()
	data, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	if err := d.WriteFile(climbReportFile, untrusted.Filter(append(data, '\n'), untrusted.File)); err != nil {
		return fmt.Errorf("saving the hacks: %w", err)
	}
	return nil
}

func languageOf(con *contest.Contest, name string) string {
	for _, x := range con.Contestants {
		if x.Name == name {
			return x.Language
		}
	}
	return ""
}

// hackProgress shows how the phase stands: on a terminal a line kept up to date, elsewhere a
// line as each program's search starts.
type hackProgress struct {
	line     *report.Progress
	w        io.Writer
	terminal bool
	names    []string
	last     int
}

func newHackProgress(w io.Writer, students []hack.Student) *hackProgress {
	p := &hackProgress{w: w, terminal: isTerminal(w), last: -1}
	p.line = report.NewProgress(w, p.terminal)
	for _, s := range students {
		p.names = append(p.names, untrusted.Line(s.Name))
	}
	return p
}

func (p *hackProgress) update(h hack.Progress) {
	text := fmt.Sprintf("hack: %s, %d/%d %s: %s; %d inputs found, %d broken", h.Elapsed.Round(time.Second),
		h.Student+1, len(p.names), p.names[h.Student], h.What, h.Inputs, h.Broken)
	if p.terminal {
		p.line.Show(text)
		return
	}
	if h.What == hack.Stress && h.Student != p.last {
		p.last = h.Student
		fmt.Fprintln(p.w, text)
	}
}

func (p *hackProgress) clear() { p.line.Clear() }

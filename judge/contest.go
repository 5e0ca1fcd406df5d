package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"bullseye/internal/compile"
	"bullseye/internal/contest"
	"bullseye/internal/iofiles"
	"bullseye/internal/judging"
	"bullseye/internal/outcome"
	"bullseye/internal/report"
	"bullseye/internal/runner"
	"bullseye/internal/safefile"
	"bullseye/internal/untrusted"
)

// contestConfig is a checked command line of contest mode.
type contestConfig struct {
	*config
	dir         string
	csvFile     string
	rejudge     bool
	sourceLimit int64
	hack        bool // the hacking phase after judging
}

// contestOnly are the flags that make sense only with --contest.
var contestOnly = []string{"csv", "rejudge", "source-limit", "hack"}

// configureContest checks a command line of contest mode: the flags of a single submission
// that apply to every contestant, none that names one.
func configureContest(ctx *cli.Context) (*contestConfig, error) {
	if ctx.NArg() != 0 {
		return nil, usageError("--contest judges the folder's submissions: want no SUBMISSION, got %q", ctx.Args().First())
	}
	for _, name := range []string{"lang", "stress", "climb", "climb-time", "seed", "count", "givens", "save"} {
		if ctx.IsSet(name) && !hackAllows(ctx, name) {
			return nil, usageError("--%s does not go with --contest", name)
		}
	}
	c := &config{jobs: ctx.Int("jobs"), jsonFile: ctx.String("json"), htmlFile: ctx.String("html"), testsDir: ctx.String("tests")}
	if err := c.setShared(ctx); err != nil {
		return nil, err
	}
	var err error
	cc := &contestConfig{config: c, dir: ctx.String("contest"), csvFile: ctx.String("csv"), rejudge: ctx.Bool("rejudge")}
	if cc.sourceLimit, err = parseSize(ctx.String("source-limit")); err != nil {
		return nil, usageError("--source-limit: %v", err)
	}
	if cc.hack = ctx.Bool("hack"); cc.hack {
		if err := cc.setHack(ctx); err != nil {
			return nil, err
		}
	} else if ctx.IsSet("save") {
		return nil, usageError("--save goes with --contest only with --hack")
	}
	if cc.jsonFile == "-" && cc.csvFile == "-" {
		return nil, usageError("--json - and --csv - both want standard output: name a file for one")
	}
	return cc, nil
}

// languageExtensions lists the extensions a submission may have.
func languageExtensions() []string {
	var exts []string
	for _, name := range compile.Languages() {
		lang, err := compile.Lookup(name)
		if err == nil {
			exts = append(exts, lang.Extensions...)
		}
	}
	return exts
}

// judgeContest judges every contestant of the contest's folder, or takes their results from
// the cache, and prints the ranking.
func judgeContest(ctx context.Context, cc *contestConfig, stdout, stderr io.Writer) error {
	entries, err := contest.Discover(cc.dir, cc.problem.Stem, languageExtensions(), cc.sourceLimit)
	if err != nil {
		return usageError("--contest: %v", err)
	}
	_, cases, hashes, err := readCases(cc.config, stderr)
	if err != nil {
		return err
	}
	con := &contest.Contest{
		Problem: cc.problem.Name, TestSet: cc.testSetName(), Limits: report.LimitsOf(cc.limits),
		Contestants: make([]contest.Contestant, len(entries)),
	}
	for _, c := range cases {
		con.Tests = append(con.Tests, c.Name)
	}
	setBounds(con, cc.config, cases)
	cache := contest.Cache{Dir: filepath.Join(cc.cache, "contest")}
	settings := cc.settings(cases)
	keys := make([]string, len(entries))
	var pending []int // the contestants to judge
	for i, e := range entries {
		x := &con.Contestants[i]
		x.Name = e.Name
		switch {
		case len(e.Candidates) > 0:
			x.Status = contest.TwoCandidates
			x.Note = joinRel(cc.dir, e.Candidates)
			fmt.Fprintf(stderr, "judge: %s has two candidate files, %s: neither is judged\n", untrusted.Line(x.Name), untrusted.Line(x.Note))
			continue
		case e.Refused != "":
			x.Status, x.Note = contest.NotJudged, e.Refused
			if e.File != "" {
				x.File = rel(cc.dir, e.File)
			}
			fmt.Fprintf(stderr, "judge: %s: %s\n", untrusted.Line(x.Name), untrusted.Line(x.Note))
			continue
		case e.File == "":
			x.Status = contest.NoSubmission
			if len(e.Misnamed) > 0 {
				x.Note = contest.MisnamedNote(e.Misnamed, cc.problem.Stem)
				fmt.Fprintf(stderr, "judge: %s: %s: not judged\n", untrusted.Line(x.Name), untrusted.Line(x.Note))
			}
			continue
		}
		x.File = rel(cc.dir, e.File)
		lang, err := compile.Detect(e.File)
		if err != nil {
			return failure(err) // Discover keeps only known extensions
		}
		x.Language = lang.Name
		keys[i] = contest.Key(e.Source, append([]string{lang.Name, toolStamp(lang)}, settings...)...)
		if !cc.rejudge && cache.Get(keys[i], x) {
			continue
		}
		pending = append(pending, i)
	}

	var cs *contestSession
	drawGrids := cc.htmlFile != "" && cc.problem.Name == "target" // needs the reference solution
	withReference := drawGrids || cc.hack
	if len(pending) > 0 || withReference {
		if cs, err = openContestSession(ctx, cc.config, withReference, stderr); err != nil {
			return err
		}
		defer cs.close(stderr)
		con.Isolated, con.ControlGroups = cs.sandbox.Isolated(), cs.sandbox.ControlGroups()
	} else {
		con.Isolated = cc.mode != runner.Unisolated // as when judged
	}

	start := time.Now()
	if len(pending) > 0 {
		// Each contestant's results are kept as soon as they are known, so that an interrupted
		// judging resumes where it stopped.
		save := func(i int) {
			x := &con.Contestants[i]
			x.Summarize(len(cases))
			if x.Failed() {
				return // the judge's fault: judge again next time
			}
			if err := cache.Put(keys[i], x); err != nil {
				fmt.Fprintln(stderr, "judge: warning:", err)
			}
		}
		if err := cs.judgeAll(ctx, cc, con, entries, pending, cases, start, save, stderr); err != nil {
			return err
		}
	}
	for i := range con.Contestants {
		con.Contestants[i].Summarize(len(cases))
	}
	// The notes come once every verdict is kept: an analysis of a source never stands
	// between a judging and its cache.
	for i := range con.Contestants {
		if x := &con.Contestants[i]; x.Status == contest.Judged && !allAccepted(x) {
			x.Hint = iofiles.Hint(ctx, x.Language, entries[i].Source, cc.problem.InputFile, cc.problem.OutputFile)
		}
	}
	con.Rank()
	elapsed := time.Since(start)
	if cc.hack {
		byName := map[string]contest.Entry{}
		for _, e := range entries {
			byName[e.Name] = e
		}
		if con.Hacks, err = cc.hackClass(ctx, con, cs, byName, stderr); err != nil {
			return err
		}
	}
	fromCache := 0
	for _, x := range con.Contestants {
		if x.Cached {
			fromCache++
		}
	}
	return cc.finishContest(ctx, con, cs, cases, hashes, len(pending), fromCache, elapsed, stdout)
}

// allAccepted reports whether every test of x was accepted.
func allAccepted(x *contest.Contestant) bool {
	for _, r := range x.Results {
		if r.Verdict != outcome.Accepted {
			return false
		}
	}
	return true
}

// setBounds gives a contest the narrower statement's bounds its tests are weighed against, and
// which tests lie beyond them.
func setBounds(con *contest.Contest, cfg *config, cases []judging.Case) {
	if cfg.narrower == nil {
		return
	}
	con.Bounds, con.BoundsName, con.WithinOnly = cfg.narrower, cfg.narrower.Name, cfg.withinOnly
	for _, c := range cases {
		if c.Beyond != "" {
			if con.Beyond == nil {
				con.Beyond = map[string]string{}
			}
			con.Beyond[c.Name] = c.Beyond
		}
	}
}

// settings are the judging settings a cached result depends on, besides the submission and
// its language.
func (cc *contestConfig) settings(cases []judging.Case) []string {
	h := sha256.New()
	for _, c := range cases {
		fmt.Fprintf(h, "%s\x00%d\x00", c.Name, len(c.Input))
		h.Write(c.Input)
		fmt.Fprintf(h, "\x00%d\x00", len(c.Answer))
		h.Write(c.Answer)
	}
	return []string{
		judgeStamp(), cc.problem.Name, fmt.Sprintf("%q", cc.cflags), hex.EncodeToString(h.Sum(nil)),
		fmt.Sprintf("%+v", cc.limits), fmt.Sprint(cc.mode),
	}
}

// judgeStamp identifies the judge's own build, whose checker and verdict rules decide the
// results: a new version of the kit judges everyone again.
func judgeStamp() string {
	self, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	f, err := os.Open(self)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "unknown"
	}
	return hex.EncodeToString(h.Sum(nil))
}

// toolStamp identifies the compiler or interpreter of a language by its path, size and time,
// which change with its version: an upgrade judges its submissions again.
func toolStamp(lang *compile.Language) string {
	if lang.Tool == "" {
		return ""
	}
	path, err := exec.LookPath(lang.Tool)
	if err != nil {
		return "missing"
	}
	info, err := os.Stat(path)
	if err != nil {
		return path
	}
	return fmt.Sprintf("%s %d %d", path, info.Size(), info.ModTime().UnixNano())
}

// finishContest prints the ranking and writes the files asked for.
func (cc *contestConfig) finishContest(ctx context.Context, con *contest.Contest, cs *contestSession, cases []judging.Case, hashes []string, judged, fromCache int, elapsed time.Duration, stdout io.Writer) error {
	// A reader of standard output that goes away, as head(1) does once it has its lines, reads
	// nothing more: the files asked for are still written, and the status is still the
	// judging's.
	toStdout := func(w func(io.Writer) error) error {
		if err := w(stdout); err != nil && !errors.Is(err, syscall.EPIPE) {
			return failure(err)
		}
		return nil
	}
	if cc.jsonFile != "-" && cc.csvFile != "-" {
		err := toStdout(func(w io.Writer) error {
			line := fmt.Sprintf("%d contestants: %d judged in %.1f s, %d from the cache", len(con.Contestants), judged, elapsed.Seconds(), fromCache)
			if fromCache > 0 {
				line += " (--rejudge judges them again)"
			}
			if _, err := fmt.Fprintln(w, line); err != nil {
				return err
			}
			if err := con.WriteRanking(w, colorFor(stdout)); err != nil {
				return err
			}
			return con.WriteHacks(w, colorFor(stdout))
		})
		if err != nil {
			return err
		}
	}
	write := func(name string, what string, w func(io.Writer) error) error {
		if name == "" {
			return nil
		}
		if name == "-" {
			return toStdout(w)
		}
		if err := writeFile(name, w); err != nil {
			return failure(fmt.Errorf("writing the %s: %w", what, err))
		}
		return nil
	}
	if err := write(cc.jsonFile, "JSON report", con.WriteJSON); err != nil {
		return err
	}
	if err := write(cc.csvFile, "CSV ranking", con.WriteCSV); err != nil {
		return err
	}
	if cc.htmlFile != "" {
		var ref *session
		if cs != nil && cs.referenceKey != "" {
			ref = cs.session
		}
		page := newPage(ctx, cc.config, ref, con, cases, hashes)
		page.Class = className(cc.dir)
		page.Title = "Class " + page.Class + ": " + cc.problem.Name + " sudoku"
		if err := write(cc.htmlFile, "HTML report", page.Write); err != nil {
			return err
		}
	}
	if ctx.Err() != nil {
		return failure(errors.New("interrupted: every run is stopped"))
	}
	for _, x := range con.Contestants {
		if x.Failed() {
			return judgeFailed
		}
	}
	return nil
}

// writeFile writes a report file (JSON, CSV, HTML) through w: into a folder of the user's, never
// through a link (safefile), with every control character of what it quotes escaped
// (untrusted.File). A failed write leaves no file.
func writeFile(name string, w func(io.Writer) error) error {
	return safefile.Create(name, func(f io.Writer) error {
		return w(untrusted.NewWriter(f, untrusted.File))
	})
}

// contestSession is a sandbox with the reference solution installed, into which each
// contestant's program is installed in turn.
type contestSession struct {
	*session
}

// openContestSession prepares the sandbox and, when withReference is set, compiles the
// reference solution and installs it there.
func openContestSession(ctx context.Context, cfg *config, withReference bool, stderr io.Writer) (*contestSession, error) {
	sandbox, err := newSandbox(cfg, stderr)
	if err != nil {
		return nil, err
	}
	var refBuild *compile.Build
	if withReference {
		goLang, err := compile.Lookup("go")
		if err != nil {
			sandbox.Close()
			return nil, failure(err)
		}
		refBuild, err = compile.Compile(ctx, filepath.Join(cfg.kit, cfg.problem.Reference), goLang, compile.Options{Cache: cfg.cache, Memory: cfg.limits.Memory, Sandbox: sandbox})
		if err != nil {
			sandbox.Close()
			return nil, failure(fmt.Errorf("compiling the reference solution %s: %w", cfg.problem.Reference, err))
		}
	}
	s := &session{sandbox: sandbox}
	if refBuild != nil {
		s.referenceKey = refBuild.Key
		if s.reference, err = sandbox.Install(refBuild.Dir, refBuild.Argv); err != nil {
			sandbox.Close()
			return nil, failure(err)
		}
	}
	return &contestSession{session: s}, nil
}

// built is a contestant's compilation: a build, or the compiler's message.
type built struct {
	build *compile.Build
	ce    *compile.Error
	err   error
}

// judgeAll compiles the pending contestants' submissions, -j at a time, and judges each over
// the cases, -j tests at a time, showing the progress on a terminal, and saves each one's
// results as soon as they are known. Compiling keeps at most -j builds ahead of the judging,
// so that the build cache holds its bound (--cache-size) but for those few, whatever the
// class's size.
func (cs *contestSession) judgeAll(ctx context.Context, cc *contestConfig, con *contest.Contest, entries []contest.Entry, pending []int, cases []judging.Case, start time.Time, save func(int), stderr io.Writer) error {
	progress := cc.progress(stderr)
	defer progress.Clear()
	progress.Step(fmt.Sprintf("compiling %d submissions", len(pending)))
	builds := make([]built, len(pending))
	ready := make([]chan struct{}, len(pending))
	for k := range ready {
		ready[k] = make(chan struct{})
	}
	// A compilation takes a slot, which the judging of its build frees: -j compilations or
	// builds waiting at most. The builds still to run stay in the cache, which is trimmed
	// after each contestant; a trim waits for the compilations under way, whose builds are
	// not counted yet.
	slots := make(chan struct{}, cc.jobs)
	var cacheLock sync.RWMutex
	var countLock sync.Mutex // over toRun
	toRun := map[string]int{}
	compiling, stopCompiling := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer stopCompiling()
	wg.Add(1)
	go func() {
		defer wg.Done()
		for k, i := range pending {
			select {
			case slots <- struct{}{}:
			case <-compiling.Done():
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer close(ready[k])
				cacheLock.RLock()
				defer cacheLock.RUnlock()
				lang, _ := compile.Lookup(con.Contestants[i].Language)
				b, err := compile.Compile(compiling, entries[i].File, lang, compile.Options{Flags: cc.cflags, Source: entries[i].Source, Cache: cc.cache, Memory: cc.limits.Memory, Sandbox: cs.sandbox})
				if ce, ok := compile.IsError(err); ok {
					builds[k] = built{ce: ce}
					return
				}
				builds[k] = built{build: b, err: err}
				if b != nil {
					countLock.Lock()
					toRun[b.Key]++
					countLock.Unlock()
				}
			}()
		}
	}()

	total := len(pending) * len(cases)
	testsDone := 0
	needed := func() map[string]bool {
		countLock.Lock()
		defer countLock.Unlock()
		keep := map[string]bool{cs.referenceKey: true}
		for key, n := range toRun {
			keep[key] = n > 0
		}
		return keep
	}
	for k, i := range pending {
		x := &con.Contestants[i]
		x.Cached = false
		x.Results = nil
		select {
		case <-ready[k]:
		case <-ctx.Done():
			return failure(errors.New("interrupted: every run is stopped"))
		}
		b := builds[k]
		switch {
		case ctx.Err() != nil:
			return failure(errors.New("interrupted: every run is stopped"))
		case b.ce != nil:
			x.Status, x.Note = contest.CompileError, b.ce.Message
			save(i)
			testsDone += len(cases)
			<-slots
			continue
		case b.err != nil:
			return failure(fmt.Errorf("compiling %s's submission: %w", untrusted.Line(x.Name), b.err))
		}
		program, err := cs.sandbox.Install(b.build.Dir, b.build.Argv)
		if err != nil {
			return failure(err)
		}
		j := &judging.Judge{Sandbox: cs.sandbox, Program: program, Problem: cc.problem, Limits: cc.limits}
		base := testsDone
		if !isTerminal(stderr) {
			progress.Step(progressLine(k, len(pending), base, total, start, untrusted.Line(x.Name)))
		}
		results := judgeContestant(ctx, j, cases, cc.jobs, func(done int, name string) {
			progress.Show(progressLine(k, len(pending), base+done, total, start, untrusted.Line(x.Name+" "+name)))
		})
		// The session keeps a copy of the programs it still runs, not of every contestant's,
		// and the cache the builds still to run, within its bound.
		if err := cs.sandbox.Uninstall(program); err != nil {
			return failure(err)
		}
		cacheLock.Lock()
		countLock.Lock()
		toRun[b.build.Key]--
		countLock.Unlock()
		cc.trimBuilds(needed(), stderr)
		cacheLock.Unlock()
		<-slots
		if ctx.Err() != nil {
			return failure(errors.New("interrupted: every run is stopped"))
		}
		x.Status, x.Warnings = contest.Judged, b.build.Warnings
		for t, r := range results {
			res := resultOf(cases[t], r)
			res.Message = b.build.Rename(res.Message)
			x.Results = append(x.Results, res)
		}
		save(i)
		testsDone += len(cases)
	}
	return nil
}

// judgeContestant judges one program over the cases, parallel at a time, in batches: once a
// parallel run came near a limit and ran again alone, the rest run alone from the start. A
// program that times out then costs each test once more at most, not twice: a class's
// time-outs would otherwise make -j 2 slower than -j 1.
func judgeContestant(ctx context.Context, j *judging.Judge, cases []judging.Case, parallel int, progress func(done int, name string)) []judging.Result {
	results := make([]judging.Result, 0, len(cases))
	for len(results) < len(cases) && ctx.Err() == nil {
		first := len(results)
		n := len(cases) - first
		if parallel > 1 {
			n = min(n, 2*parallel)
		}
		batch := j.All(ctx, cases[first:first+n], parallel, func(done, _ int, name string) {
			progress(first+done, name)
		})
		for _, r := range batch {
			if r.Rerun {
				parallel = 1
			}
		}
		results = append(results, batch...)
	}
	return results
}

// progressLine says how far judging is: contestants and tests done, the time spent and a rough
// time left, from the pace so far.
func progressLine(contestant, contestants, done, total int, start time.Time, now string) string {
	elapsed := time.Since(start)
	line := fmt.Sprintf("judging %d/%d contestants, %d/%d tests, %s", contestant+1, contestants, done, total, elapsed.Round(time.Second))
	if done > 0 && done < total {
		left := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
		line += fmt.Sprintf(", about %s left", left.Round(time.Second))
	}
	return line + ": " + now
}

// resultOf returns a contest's form of a test's result.
func resultOf(c judging.Case, r judging.Result) contest.Result {
	row := report.TestOf(c.Name, r.Outcome, "")
	res := contest.Result{
		Test: c.Name, Verdict: r.Verdict, CPUMS: row.CPUMS, WallMS: row.WallMS, PeakKiB: row.PeakKiB,
		Message: r.Message, Rerun: r.Rerun, Source: r.OutputSource,
	}
	output := r.Output
	if len(output) > contest.OutputExcerpt {
		output = output[:contest.OutputExcerpt]
	}
	res.Output = strings.ToValidUTF8(string(output), "?")
	switch {
	case r.Compared != nil:
		res.FirstDifference = contest.DifferenceOf(r.Compared)
	case r.Verdict == outcome.WrongAnswer || r.Verdict == outcome.PresentationError:
		res.FirstDifference = contest.FirstDifference(c.Answer, r.Output)
	}
	return res
}

// rel returns name relative to the contest's folder.
func rel(dir, name string) string {
	if r, err := filepath.Rel(dir, name); err == nil {
		return filepath.ToSlash(r)
	}
	return name
}

func joinRel(dir string, names []string) string {
	shown := make([]string, len(names))
	for i, n := range names {
		shown[i] = rel(dir, n)
	}
	return strings.Join(shown[:len(shown)-1], ", ") + " and " + shown[len(shown)-1]
}

// contestHelp is the help's paragraph on contest mode.
const contestHelp = "With --contest DIR: judges every contestant of a class, one folder per contestant named after\n" +
	"them, holding sudoku.EXT (target; classic sudoku: classic.EXT), either in the folder itself\n" +
	"(DIR/NAME/sudoku.cpp) or in a folder named after the problem (DIR/NAME/sudoku/sudoku.cpp, as on\n" +
	"NOI Linux); LemonLime's DIR/source/NAME/... is found too. No file: 0 points, \"no submission\",\n" +
	"naming a source of another name or case (\"found main.cpp; expected sudoku.cpp\"), which is\n" +
	"not judged; two files: neither is judged. A file is judged only when it is a regular file of\n" +
	"one name, no link (symbolic or hard), device or FIFO, of at most --source-limit (256KiB); it is\n" +
	"read once. Prints the ranking: by score, equal scores sharing a rank, listed by the CPU time of\n" +
	"the accepted tests (0 points: by name), each contestant's reason in one line; --csv (with each\n" +
	"one's language and reason), --json and --html write it to files (the page is for a projector:\n" +
	"50 tests fit 1600 pixels, and every contestant who lost points is on its first screen).\n" +
	"Results are cached by submission, language, compiler, flags, limits, tests and the kit's\n" +
	"version: a second run judges only what changed (--rejudge judges all).\n" +
	"Exit status: 0 every contestant judged, 2 bad usage, 3 the judge failed."

// contestAction runs contest mode.
func contestAction(ctx *cli.Context) error {
	cc, err := configureContest(ctx)
	if err != nil {
		return err
	}
	runCtx, stop := signal.NotifyContext(ctx.Context, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	defer cc.trimBuilds(nil, ctx.App.ErrWriter)
	return interrupted(runCtx, judgeContest(runCtx, cc, ctx.App.Writer, ctx.App.ErrWriter))
}

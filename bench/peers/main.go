// Command peers measures the target sudoku solution's C++ port and its reference beside the
// exact solvers of integer programs it is compared with: CBC (coinor-cbc), GLPK (glpsol, Debian
// package glpk-utils) and HiGHS (through SciPy's milp, Debian package python3-scipy, in one
// Python process that times each solve alone, the interpreter's start-up and the model's building
// not counted), with the floor, a C++ program that only reads sudoku.in and writes a line to
// sudoku.out, measured in the same run. Every time is CPU time, user and system: the machine
// may be loaded. The port, the reference and the floor run -repeat times per input, the peers
// -peer-repeat times, and an input's time is the median. It checks every answer against CBC's
// and prints a table by givens (0-5, 6-9, 10-16, 17-23, 24-29, 30+), then the inputs where a
// peer was faster than the port, and the port's slowest inputs. A peer that is not installed is
// left out with a note. bench/peers.sh builds the programs and runs it.
//
// Exit status: 0 when every answer agrees, 1 when one disagrees or a run fails, 2 on a bad
// command line.
package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"bullseye/internal/adversary"
	"bullseye/internal/cbc"
	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// config is the command line.
type config struct {
	port, reference, floor, highs string
	python                        string
	adversarial                   string
	seededOff                     bool // leave out the seeded families
	stride                        int
	inputs                        []string
	repeat, peerRepeat            int
	timeout                       time.Duration
	verbose                       bool
}

func main() {
	cfg, err := parseFlags(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench/peers:", err)
		os.Exit(2)
	}
	ok, err := benchmark(cfg, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench/peers:", err)
		os.Exit(1)
	}
	if !ok {
		os.Exit(1)
	}
}

func parseFlags(args []string) (config, error) {
	var cfg config
	fs := flag.NewFlagSet("peers", flag.ContinueOnError)
	fs.StringVar(&cfg.port, "port", "", "the C++ port's binary (g++ -O2 -std=gnu++17 -o BIN solution/cpp/target.cpp)")
	fs.StringVar(&cfg.reference, "reference", "", "the reference's binary (go build -o BIN solution/main.go); empty: not run")
	fs.StringVar(&cfg.floor, "floor", "", "the floor's binary, a C++ program that only writes a line (g++ -O2 -o BIN bench/cppfloor/floor.cpp)")
	fs.StringVar(&cfg.highs, "highs", "bench/peers/highs.py", "the HiGHS helper (needs python3 and SciPy); empty: HiGHS not run")
	fs.StringVar(&cfg.python, "python", "python3", "the Python that runs the HiGHS helper, with SciPy")
	fs.BoolVar(&cfg.seededOff, "no-seeded", false, "leave out the seeded families (official-like, low-clue, packed, empty, few-given)")
	fs.StringVar(&cfg.adversarial, "adversarial", "solution/testdata/adversarial.txt", "the adversarial family's file; empty: not run")
	fs.IntVar(&cfg.stride, "stride", 1, "run one line of the adversarial family in this many")
	list := fs.String("inputs", "", "comma-separated files of more inputs in the adversarial family's format")
	fs.IntVar(&cfg.repeat, "repeat", 5, "runs of the port, the reference and the floor per input; an input's time is their median")
	fs.IntVar(&cfg.peerRepeat, "peer-repeat", 1, "runs of CBC, GLPK and HiGHS per input; an input's time is their median")
	fs.DurationVar(&cfg.timeout, "timeout", 20*time.Second, "time limit of one run")
	fs.BoolVar(&cfg.verbose, "v", false, "print one line per input")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	switch {
	case fs.NArg() > 0:
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case cfg.port == "" || cfg.floor == "":
		return cfg, errors.New("-port and -floor are required (bench/peers.sh builds them)")
	case cfg.repeat < 1 || cfg.peerRepeat < 1 || cfg.stride < 1:
		return cfg, errors.New("-repeat, -peer-repeat and -stride must be at least 1")
	}
	for _, f := range strings.Split(*list, ",") {
		if f = strings.TrimSpace(f); f != "" {
			cfg.inputs = append(cfg.inputs, f)
		}
	}
	return cfg, nil
}

// input is one grid to solve, with where it comes from and the answer its file records (or -2).
type input struct {
	name   string
	givens grid.Grid
	answer int
}

// inputs gathers the seeded benchmark families and the few-given set (bench/target's), the
// adversarial family (one line in cfg.stride) and cfg.inputs.
func inputs(cfg config) ([]input, error) {
	var all []input
	if !cfg.seededOff {
		for _, set := range append(family.BenchmarkSets(), family.FewGiven()) {
			for _, in := range set.Inputs {
				all = append(all, input{set.Key + ": " + in.Name, in.Givens, -2})
			}
		}
	}
	files := cfg.inputs
	if cfg.adversarial != "" {
		files = append([]string{cfg.adversarial}, files...)
	}
	for k, path := range files {
		cases, err := adversary.ReadFamilyFile(path)
		if err != nil {
			return nil, err
		}
		for i, c := range cases {
			if k == 0 && cfg.adversarial != "" && i%cfg.stride != 0 {
				continue
			}
			all = append(all, input{fmt.Sprintf("%s:%d", filepath.Base(path), c.Line), c.Givens, c.Answer})
		}
	}
	return all, nil
}

// The solvers, in the table's order.
const (
	floorSolver = iota
	portSolver
	referenceSolver
	cbcSolver
	glpkSolver
	highsSolver
	solverCount
)

var solverNames = [solverCount]string{"floor", "port", "reference", "CBC", "GLPK", "HiGHS"}

// result is one input's runs: each solver's median time and answer, or a missing run.
type result struct {
	in     input
	ran    [solverCount]bool
	late   [solverCount]bool // timed out: its time is the limit, its answer unknown
	time   [solverCount]time.Duration
	answer [solverCount]int
}

func benchmark(cfg config, w io.Writer) (bool, error) {
	all, err := inputs(cfg)
	if err != nil {
		return false, err
	}
	use := [solverCount]bool{floorSolver: true, portSolver: true, referenceSolver: cfg.reference != "", cbcSolver: cbc.Available()}
	if _, err := exec.LookPath("glpsol"); err == nil {
		use[glpkSolver] = true
	} else {
		fmt.Fprintln(w, "note: GLPK not run: glpsol is not on PATH (Debian package glpk-utils)")
	}
	if !use[cbcSolver] {
		fmt.Fprintln(w, "note: CBC not run: cbc is not on PATH (Debian package coinor-cbc); answers are checked against the port's")
	}
	var hi *highs
	if cfg.highs != "" {
		if hi, err = startHighs(cfg.python, cfg.highs, cfg.timeout); err != nil {
			fmt.Fprintf(w, "note: HiGHS not run: %v (Debian package python3-scipy)\n", err)
		} else {
			defer hi.close()
			use[highsSolver] = true
		}
	}
	fmt.Fprintf(w, "target sudoku against the exact solvers: %d inputs, CPU time (user and system), median of %d runs (port, reference, floor) and of %d (peers)\n",
		len(all), cfg.repeat, cfg.peerRepeat)
	dir, err := os.MkdirTemp("", "bench-peers-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)

	ok := true
	var results []result
	for _, in := range all {
		var res result
		res.in = in
		for s := range solverCount {
			if !use[s] {
				continue
			}
			n := cfg.repeat
			if s >= cbcSolver {
				n = cfg.peerRepeat
			}
			var times []time.Duration
			for range n {
				var t time.Duration
				var answer int
				var err error
				switch s {
				case floorSolver:
					t, answer, err = contest(dir, cfg.floor, in.givens, cfg.timeout)
				case portSolver:
					t, answer, err = contest(dir, cfg.port, in.givens, cfg.timeout)
				case referenceSolver:
					t, answer, err = contest(dir, cfg.reference, in.givens, cfg.timeout)
				case cbcSolver:
					t, answer, err = runCBC(dir, in.givens, cfg.timeout)
				case glpkSolver:
					t, answer, err = runGLPK(dir, in.givens, cfg.timeout)
				case highsSolver:
					t, answer, err = hi.solve(in.givens)
				}
				if errors.Is(err, errTimeout) && s >= cbcSolver {
					t, res.late[s] = cfg.timeout, true
				} else if err != nil {
					return false, fmt.Errorf("%s on %s: %w", solverNames[s], in.name, err)
				}
				times = append(times, t)
				res.answer[s] = answer
			}
			slices.Sort(times)
			res.time[s], res.ran[s] = times[(len(times)-1)/2], true
		}
		if problem := res.check(); problem != "" {
			fmt.Fprintf(w, "%s: %s\n", in.name, problem)
			ok = false
		}
		if cfg.verbose {
			printResult(w, res)
		}
		results = append(results, res)
	}
	fmt.Fprintln(w)
	printTable(w, results, use)
	printFaster(w, results, use)
	printSlowest(w, results, use)
	return ok, nil
}

// check says how the answers disagree, or "" when they agree: with CBC's, or else with the
// port's, and with the answer the input's file records.
func (res result) check() string {
	want, by := res.answer[portSolver], "the port"
	if res.ran[cbcSolver] && !res.late[cbcSolver] {
		want, by = res.answer[cbcSolver], "CBC"
	}
	var problems []string
	for s := portSolver; s < solverCount; s++ {
		if res.ran[s] && !res.late[s] && res.answer[s] != want {
			problems = append(problems, fmt.Sprintf("DISAGREEMENT: %s says %d, %s says %d", solverNames[s], res.answer[s], by, want))
		}
	}
	if res.in.answer != -2 && res.in.answer != want {
		problems = append(problems, fmt.Sprintf("DISAGREEMENT: the file says %d, %s says %d", res.in.answer, by, want))
	}
	return strings.Join(problems, "; ")
}

func printResult(w io.Writer, res result) {
	fmt.Fprintf(w, "%s (%d givens, answer %d):", res.in.name, res.in.givens.Givens(), res.answer[portSolver])
	for s := range solverCount {
		if res.late[s] {
			fmt.Fprintf(w, " %s over %s", solverNames[s], ms(res.time[s]))
		} else if res.ran[s] {
			fmt.Fprintf(w, " %s %s", solverNames[s], ms(res.time[s]))
		}
	}
	fmt.Fprintln(w)
}

// buckets are the table's rows: the least givens of each.
var buckets = []struct {
	least int
	name  string
}{{0, "0-5"}, {6, "6-9"}, {10, "10-16"}, {17, "17-23"}, {24, "24-29"}, {30, "30+"}}

func bucketOf(givens int) int {
	b := 0
	for i, bk := range buckets {
		if givens >= bk.least {
			b = i
		}
	}
	return b
}

// printTable prints, per bucket of givens, each solver's median and slowest time, the port's
// slowest net of the floor beside it (measured on the same input), and the reference's time
// over the port's on the inputs where the port takes longest.
func printTable(w io.Writer, results []result, use [solverCount]bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "givens\tinputs\t")
	for s := range solverCount {
		if use[s] {
			fmt.Fprintf(tw, "%s median / max\t", solverNames[s])
		}
	}
	fmt.Fprint(tw, "port max net of floor\t")
	if use[referenceSolver] {
		fmt.Fprint(tw, "reference/port, total\t")
	}
	fmt.Fprintln(tw)
	for b, bk := range buckets {
		var rows []result
		for _, res := range results {
			if bucketOf(res.in.givens.Givens()) == b {
				rows = append(rows, res)
			}
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t", bk.name, len(rows))
		for s := range solverCount {
			if !use[s] {
				continue
			}
			type timed struct {
				t    time.Duration
				late bool
			}
			var times []timed
			late := 0
			for _, res := range rows {
				times = append(times, timed{res.time[s], res.late[s]})
				if res.late[s] {
					late++
				}
			}
			slices.SortStableFunc(times, func(a, b timed) int { return cmp.Compare(a.t, b.t) })
			label := func(x timed) string {
				if x.late {
					return "over " + ms(x.t)
				}
				return ms(x.t)
			}
			fmt.Fprintf(tw, "%s / %s", label(times[(len(times)-1)/2]), label(times[len(times)-1]))
			if late > 0 {
				fmt.Fprintf(tw, " (%d over)", late)
			}
			fmt.Fprint(tw, "\t")
		}
		var net time.Duration
		var port, reference time.Duration
		for _, res := range rows {
			net = max(net, res.time[portSolver]-res.time[floorSolver])
			port += res.time[portSolver]
			reference += res.time[referenceSolver]
		}
		fmt.Fprintf(tw, "%s\t", ms(net))
		if use[referenceSolver] {
			fmt.Fprintf(tw, "%.2fx\t", float64(reference)/float64(max(port, 1)))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// printFaster lists the inputs on which a peer took less time than the port.
func printFaster(w io.Writer, results []result, use [solverCount]bool) {
	n := 0
	for _, res := range results {
		for s := cbcSolver; s < solverCount; s++ {
			if use[s] && res.time[s] < res.time[portSolver] {
				if n == 0 {
					fmt.Fprintln(w, "\ninputs where a peer was faster than the port:")
				}
				n++
				fmt.Fprintf(w, "  %s %s (%d givens): port %s, %s %s\n", res.in.name, res.in.givens.Line(), res.in.givens.Givens(),
					ms(res.time[portSolver]), solverNames[s], ms(res.time[s]))
			}
		}
	}
	if n == 0 {
		fmt.Fprintln(w, "\nthe port was the fastest on every input")
	}
}

// printSlowest lists the port's five slowest inputs.
func printSlowest(w io.Writer, results []result, use [solverCount]bool) {
	sorted := slices.Clone(results)
	slices.SortFunc(sorted, func(a, b result) int { return int(b.time[portSolver] - a.time[portSolver]) })
	fmt.Fprintln(w, "\nthe port's slowest inputs:")
	for _, res := range sorted[:min(5, len(sorted))] {
		fmt.Fprint(w, "  ")
		printResult(w, res)
	}
}

func ms(d time.Duration) string { return strconv.FormatFloat(float64(d)/1e6, 'f', 1, 64) + " ms" }

// errTimeout is a run that took longer than its limit. A peer's is counted at the limit; the
// port's, the reference's or the floor's ends the benchmark.
var errTimeout = errors.New("timed out")

// cpuTime runs argv in dir within timeout and returns its CPU time, user and system.
func cpuTime(dir string, timeout time.Duration, argv ...string) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	var output strings.Builder
	cmd.Stdout, cmd.Stderr = &output, &output
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return 0, fmt.Errorf("%w after %v", errTimeout, timeout)
		}
		return 0, fmt.Errorf("%w: %s", err, strings.TrimSpace(output.String()))
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

// contest runs a contest program on givens: sudoku.in in dir, the answer read from sudoku.out.
func contest(dir, bin string, givens grid.Grid, timeout time.Duration) (time.Duration, int, error) {
	in, out := filepath.Join(dir, "sudoku.in"), filepath.Join(dir, "sudoku.out")
	os.Remove(out)
	if err := os.WriteFile(in, []byte(givens.String()), 0o644); err != nil {
		return 0, 0, err
	}
	t, err := cpuTime(dir, timeout, bin)
	if err != nil {
		return 0, 0, err
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return 0, 0, err
	}
	answer, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		return 0, 0, fmt.Errorf("sudoku.out holds %q, want an integer", data)
	}
	return t, answer, nil
}

// runCBC solves givens with cbc, the LP file in and the solution file out.
func runCBC(dir string, givens grid.Grid, timeout time.Duration) (time.Duration, int, error) {
	model, solution := filepath.Join(dir, "model.lp"), filepath.Join(dir, "model.sol")
	os.Remove(solution)
	if err := cbc.WriteModelFile(model, givens); err != nil {
		return 0, 0, err
	}
	t, err := cpuTime(dir, timeout, append([]string{cbc.Program}, cbc.Args(model, solution)...)...)
	if err != nil {
		return 0, 0, err
	}
	sol, err := cbc.ReadSolutionFile(solution)
	if err == nil {
		err = sol.Verify(givens)
	}
	switch {
	case err != nil:
		return 0, 0, err
	case sol.Feasible:
		return t, sol.Best, nil
	}
	return t, -1, nil
}

// glpkObjective reads the objective from glpsol's report: "Objective:  score = 2829 (MAXimum)".
var glpkObjective = regexp.MustCompile(`Objective:\s+\S+\s+=\s+(-?[0-9.e+]+)`)

// runGLPK solves givens with glpsol on the same LP file as CBC's.
func runGLPK(dir string, givens grid.Grid, timeout time.Duration) (time.Duration, int, error) {
	model, report := filepath.Join(dir, "model.lp"), filepath.Join(dir, "glpk.txt")
	os.Remove(report)
	if err := cbc.WriteModelFile(model, givens); err != nil {
		return 0, 0, err
	}
	t, err := cpuTime(dir, timeout, "glpsol", "--lp", model, "-o", report)
	if err != nil {
		return 0, 0, err
	}
	data, err := os.ReadFile(report)
	if err != nil {
		return 0, 0, err
	}
	answer, err := glpkAnswer(string(data))
	return t, answer, err
}

// glpkAnswer reads the proven optimum from glpsol's report (-o): -1 when no completion exists.
func glpkAnswer(text string) (int, error) {
	if strings.Contains(text, "INTEGER EMPTY") { // no completion (glpsol says so of clashing givens too)
		return -1, nil
	}
	if !strings.Contains(text, "INTEGER OPTIMAL") {
		return 0, fmt.Errorf("glpsol's report has no proven optimum: %.200q", text)
	}
	m := glpkObjective.FindStringSubmatch(text)
	if m == nil {
		return 0, fmt.Errorf("glpsol's report has no objective: %.200q", text)
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, fmt.Errorf("glpsol's objective %q: %w", m[1], err)
	}
	return int(math.Round(v)), nil
}

// highs is the HiGHS helper, one Python process for the whole run.
type highs struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Reader
	limit time.Duration // of each solve
}

func startHighs(python, script string, limit time.Duration) (*highs, error) {
	cmd := exec.Command(python, script)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	h := &highs{cmd: cmd, in: in, out: bufio.NewReader(out), limit: limit}
	// A first solve, of a full grid: it fails at once where SciPy is missing.
	if _, _, err := h.solve(family.Random(rng.New(1), grid.Cells)); err != nil {
		h.close()
		return nil, err
	}
	return h, nil
}

func (h *highs) solve(givens grid.Grid) (time.Duration, int, error) {
	if _, err := fmt.Fprintln(h.in, givens.Line(), h.limit.Seconds()); err != nil {
		return 0, 0, fmt.Errorf("highs.py: %w", err)
	}
	line, err := h.out.ReadString('\n')
	if err != nil {
		return 0, 0, fmt.Errorf("highs.py wrote no answer: %w", err)
	}
	if strings.HasPrefix(line, "timeout") {
		return h.limit, 0, errTimeout
	}
	var answer int
	var msec float64
	if _, err := fmt.Sscan(line, &answer, &msec); err != nil {
		return 0, 0, fmt.Errorf("highs.py wrote %q: %w", line, err)
	}
	return time.Duration(msec * 1e6), answer, nil
}

func (h *highs) close() {
	h.in.Close()
	h.cmd.Wait()
}

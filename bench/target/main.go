// Command target benchmarks the target sudoku solvers side by side, each
// input run as a whole process, one after another: the kit's solution, its
// C++ port (solution/cpp/target.cpp, the packages' accepted submission), the
// seed's target_seed and CBC. An input's time is the median of several runs
// (-repeat, 5, for the kit's solution, the C++ port and the start-up floor; -cbc-repeat, 1,
// for CBC; the seed runs once), so that one slow run on a busy machine does
// not decide a family's slowest time or a goal. Run it on one core (bench/target.sh pins it
// with taskset; the processes it starts inherit that). It prints per family the time and peak memory
// of each solver, the speed ratios, and whether every answer agrees; any
// disagreement, or a failure of the kit's solution or of CBC, makes it exit
// with status 1. bench/target.sh builds the programs and runs it.
package main

import (
	"bullseye/internal/family"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"bullseye/internal/cbc"
)

// The solvers, as -solvers names them.
const (
	ours      = "ours"
	cppSolver = "cpp"
	seed      = "seed"
	mip       = "cbc"
)

// config is the command line.
type config struct {
	oursBin, seedBin string
	cppBin           string
	floorBin         string
	adversarial      string
	solvers          []string
	families         []string
	timeout          time.Duration
	seedTimeout      time.Duration
	seedGiveUp       int
	repeat           int    // timed runs of the kit's solution and the floor per input
	cbcRepeat        int    // timed runs of CBC per input
	clock            string // wall or cpu
	verbose          bool
	strict           bool
}

func main() {
	cfg, err := parseFlags(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench/target:", err)
		os.Exit(2)
	}
	if !benchmark(cfg, os.Stdout) {
		os.Exit(1)
	}
}

func parseFlags(args []string) (config, error) {
	var cfg config
	fs := flag.NewFlagSet("target", flag.ContinueOnError)
	fs.StringVar(&cfg.oursBin, "ours", "", "the kit's solution binary (go build -o BIN solution/main.go)")
	fs.StringVar(&cfg.floorBin, "floor", "", "a program that only reads sudoku.in and writes sudoku.out (go build -o BIN ./bench/floor); empty: not run")
	fs.StringVar(&cfg.cppBin, "cpp", "", "the C++ port's binary (g++ -O2 -std=gnu++17 -o BIN solution/cpp/target.cpp); empty: not run")
	fs.StringVar(&cfg.seedBin, "seed", "", "the seed's target_seed binary (../shared/baselines/build.sh); empty: not run")
	solvers := fs.String("solvers", "ours,cpp,seed,cbc", "comma-separated solvers to run: ours, cpp, seed, cbc")
	familyList := fs.String("families", "official,low-clue,packed,empty,few-given,adversarial", "comma-separated families: official, low-clue, packed, empty, few-given, adversarial")
	fs.StringVar(&cfg.adversarial, "adversarial", "solution/testdata/adversarial.txt", "the adversarial family's file (bench/targetclimb makes its lines)")
	fs.DurationVar(&cfg.timeout, "timeout", 10*time.Second, "time limit of one run of the kit's solution or CBC")
	fs.DurationVar(&cfg.seedTimeout, "seed-timeout", 10*time.Second, "time limit of one run of the seed")
	fs.IntVar(&cfg.seedGiveUp, "seed-give-up", 2, "after this many seed timeouts in a family, skip the seed for the rest of it (0: never)")
	fs.IntVar(&cfg.repeat, "repeat", 5, "timed runs of the kit's solution and of the floor per input; an input's time is their median")
	fs.IntVar(&cfg.cbcRepeat, "cbc-repeat", 1, "timed runs of CBC per input; an input's time is their median")
	fs.StringVar(&cfg.clock, "clock", "wall", "what times a process: wall (the wall clock) or cpu (its CPU time, user and system, which a loaded machine inflates less)")
	fs.BoolVar(&cfg.verbose, "v", false, "print one line per input")
	fs.BoolVar(&cfg.strict, "strict", false, "exit with status 1 when a performance goal is missed, too")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if cfg.repeat < 1 {
		return cfg, fmt.Errorf("-repeat: got %d, want at least 1 run", cfg.repeat)
	}
	if cfg.clock != "wall" && cfg.clock != "cpu" {
		return cfg, fmt.Errorf("-clock: got %q, want wall or cpu", cfg.clock)
	}
	if cfg.cbcRepeat < 1 {
		return cfg, fmt.Errorf("-cbc-repeat: got %d, want at least 1 run", cfg.cbcRepeat)
	}
	cfg.solvers = splitList(*solvers)
	for _, s := range cfg.solvers {
		if s != ours && s != cppSolver && s != seed && s != mip {
			return cfg, fmt.Errorf("-solvers: unknown solver %q, want ours, cpp, seed or cbc", s)
		}
	}
	cfg.families = splitList(*familyList)
	known := map[string]bool{"few-given": true, "adversarial": true}
	for _, f := range family.BenchmarkSets() {
		known[f.Key] = true
	}
	for _, f := range cfg.families {
		if !known[f] {
			return cfg, fmt.Errorf("-families: unknown family %q, want official, low-clue, packed, empty, few-given or adversarial", f)
		}
	}
	if cfg.uses(ours) && cfg.oursBin == "" {
		return cfg, fmt.Errorf("-ours is required to run the kit's solution (bench/target.sh builds it)")
	}
	return cfg, nil
}

func splitList(s string) []string {
	var items []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			items = append(items, item)
		}
	}
	return items
}

func (cfg config) uses(solver string) bool { return slices.Contains(cfg.solvers, solver) }

// benchmark runs every selected family and prints the report. It returns
// false when an answer disagrees or the kit's solution or CBC failed, or,
// with -strict, when a goal is missed.
func benchmark(cfg config, w io.Writer) bool {
	rn := runner{gnuTime: findGNUTime(), cpu: cfg.clock == "cpu"}
	fmt.Fprintf(w, "target sudoku benchmark, %s/%s: processes run one at a time on %s\n", runtime.GOOS, runtime.GOARCH, cpusAllowed())
	if rn.cpu {
		fmt.Fprintln(w, "note: -clock cpu: each time is the process's CPU time, user and system, not the wall clock's")
	}
	if rn.gnuTime == "" {
		fmt.Fprintln(w, "note: GNU time is not installed (Debian package time): peak memory is an upper bound that includes this program's own")
	}
	runSeed, runCBC, runCpp := cfg.uses(seed), cfg.uses(mip), cfg.uses(cppSolver)
	if runCpp && cfg.cppBin == "" {
		fmt.Fprintln(w, "note: C++ port not run: no -cpp binary (g++ absent)")
		runCpp = false
	}
	if runSeed && cfg.seedBin == "" {
		fmt.Fprintln(w, "note: seed not run: no -seed binary (../shared/baselines or g++ absent)")
		runSeed = false
	}
	if runCBC && !cbc.Available() {
		fmt.Fprintln(w, "note: CBC not run: cbc is not on PATH (Debian package coinor-cbc)")
		runCBC = false
	}
	if runSeed {
		fmt.Fprintf(w, "note: seed runs are capped at %v; after %d timeouts in a family the seed skips the rest of it\n", cfg.seedTimeout, cfg.seedGiveUp)
	}
	fmt.Fprintln(w)

	sets, note, err := benchmarkSets(cfg.adversarial)
	if err != nil {
		fmt.Fprintln(w, "bench/target:", err)
		return false
	}
	if note != "" {
		fmt.Fprintln(w, note)
	}
	var results []familyResult
	for _, fam := range sets {
		if !slices.Contains(cfg.families, fam.Key) {
			continue
		}
		res := familyResult{family: fam}
		seedTimeouts := 0
		for _, in := range fam.Inputs {
			var row inputResult
			row.input = in
			if cfg.uses(ours) {
				r := repeated(cfg.repeat, func() run { return rn.contest(cfg.oursBin, in.Givens, cfg.timeout, false) })
				if r.ok() && rn.gnuTime != "" {
					// An extra, untimed run for the memory: GNU time would add its fork to the time.
					probe := rn.contest(cfg.oursBin, in.Givens, cfg.timeout, true)
					r.peakKiB = probe.peakKiB
					if !probe.ok() || probe.answer != r.answer {
						r.err = fmt.Errorf("memory run: got %s, want the timed runs' %d", describeRun(probe), r.answer)
					}
				}
				row.ours = &r
				if cfg.floorBin != "" {
					r := repeated(cfg.repeat, func() run { return rn.contest(cfg.floorBin, in.Givens, cfg.timeout, false) })
					row.floor = &r
				}
			}
			if runCpp {
				r := repeated(cfg.repeat, func() run { return rn.contest(cfg.cppBin, in.Givens, cfg.timeout, false) })
				if r.ok() && rn.gnuTime != "" {
					probe := rn.contest(cfg.cppBin, in.Givens, cfg.timeout, true)
					r.peakKiB = probe.peakKiB
					if !probe.ok() || probe.answer != r.answer {
						r.err = fmt.Errorf("memory run: got %s, want the timed runs' %d", describeRun(probe), r.answer)
					}
				}
				row.cpp = &r
			}
			if runCBC {
				r := repeated(cfg.cbcRepeat, func() run { return rn.cbc(in.Givens, cfg.timeout) })
				row.cbc = &r
			}
			if runSeed && (cfg.seedGiveUp == 0 || seedTimeouts < cfg.seedGiveUp) {
				r := rn.contest(cfg.seedBin, in.Givens, cfg.seedTimeout, false)
				row.seed = &r
				if r.timedOut {
					seedTimeouts++
				}
			}
			row.problems = row.check()
			if cfg.verbose {
				printInput(w, fam, row, cfg)
			}
			res.inputs = append(res.inputs, row)
		}
		results = append(results, res)
	}

	report := newReport(results, cfg)
	report.print(w)
	return report.problems == 0 && (report.goalsMet || !cfg.strict)
}

// cpusAllowed describes the CPUs this process, and so every process it
// starts, may run on; bench/target.sh pins it to one core with taskset.
func cpusAllowed() string {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "any CPU (unknown affinity)"
	}
	for _, line := range strings.Split(string(status), "\n") {
		if list, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
			list = strings.TrimSpace(list)
			if strings.ContainsAny(list, ",-") {
				return "CPUs " + list + " (not pinned to one core: run through bench/target.sh or taskset -c 0)"
			}
			return "CPU " + list
		}
	}
	return "any CPU (unknown affinity)"
}

// describeRun says what a run produced, for messages.
func describeRun(r run) string {
	if r.ok() {
		return fmt.Sprint(r.answer)
	}
	return failure(r)
}

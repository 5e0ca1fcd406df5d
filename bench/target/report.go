package main

import (
	"bullseye/internal/family"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// Goals of the issue for the kit's solution, whole-process time on one core.
const (
	goalAnyInput        = 100 * time.Millisecond // any input, 0 to 81 givens
	goalStatementInput  = 20 * time.Millisecond  // any input with at least goalStatementGivens
	goalStatementGivens = 17
	goalOfficialTotal   = 50 * time.Millisecond
	goalSeedRatio       = 100.0
	goalPeakMemoryBytes = 32 << 20
)

// Goals of the C++ port, whole-process time on one core.
const (
	cppGoalAnyInput = 200 * time.Millisecond // any input, 0 to 81 givens
	cppGoalSome     = 50 * time.Millisecond  // any input with at least cppSomeGivens
	cppSomeGivens   = 17
	cppGoalMany     = 20 * time.Millisecond // any input with at least cppManyGivens
	cppManyGivens   = 24
)

// inputResult is every solver's run on one input; a nil run was not made.
type inputResult struct {
	input           family.Input
	ours, cbc, seed *run
	cpp             *run     // the C++ port, when run
	floor           *run     // the start-up yardstick, when run
	problems        []string // disagreements and failures of ours or CBC
}

// familyResult is one family's inputs, in order.
type familyResult struct {
	family family.Set
	inputs []inputResult
}

// check lists what is wrong with one input's runs. The seed's timeouts and
// crashes are its own business; a wrong answer from it is not.
func (r inputResult) check() []string {
	var problems []string
	if r.ours != nil && !r.ours.ok() {
		problems = append(problems, "kit's solution: "+failure(*r.ours))
	}
	if r.cbc != nil && !r.cbc.ok() {
		problems = append(problems, "cbc: "+failure(*r.cbc))
	}
	if r.cpp != nil && !r.cpp.ok() {
		problems = append(problems, "C++ port: "+failure(*r.cpp))
	}
	if r.floor != nil && !r.floor.ok() {
		problems = append(problems, "start-up floor: "+failure(*r.floor))
	}
	reference, referenceName := 0, ""
	switch {
	case r.cbc != nil && r.cbc.ok():
		reference, referenceName = r.cbc.answer, "cbc"
	case r.ours != nil && r.ours.ok():
		reference, referenceName = r.ours.answer, "kit's solution"
	}
	if r.ours != nil && r.ours.ok() && referenceName == "cbc" && r.ours.answer != reference {
		problems = append(problems, fmt.Sprintf("DISAGREEMENT: kit's solution says %d, cbc says %d", r.ours.answer, reference))
	}
	if r.cpp != nil && r.cpp.ok() && referenceName != "" && r.cpp.answer != reference {
		problems = append(problems, fmt.Sprintf("DISAGREEMENT: C++ port says %d, %s says %d", r.cpp.answer, referenceName, reference))
	}
	if r.seed != nil && r.seed.ok() && referenceName != "" && r.seed.answer != reference {
		problems = append(problems, fmt.Sprintf("DISAGREEMENT: seed says %d, %s says %d", r.seed.answer, referenceName, reference))
	}
	return problems
}

func failure(r run) string {
	if r.timedOut {
		return fmt.Sprintf("timed out after %v", formatDuration(r.elapsed))
	}
	return r.err.Error()
}

// solverStats sums one solver's runs over a family.
type solverStats struct {
	runs, finished, timeouts int
	total, max               time.Duration // over finished runs
	peakKiB                  int64
}

func statsOf(inputs []inputResult, pick func(inputResult) *run) solverStats {
	var s solverStats
	for _, in := range inputs {
		r := pick(in)
		if r == nil {
			continue
		}
		s.runs++
		s.peakKiB = max(s.peakKiB, r.peakKiB)
		if r.timedOut {
			s.timeouts++
		}
		if r.ok() {
			s.finished++
			s.total += r.elapsed
			s.max = max(s.max, r.elapsed)
		}
	}
	return s
}

// ratio is how many times faster the kit's solution is than other, over
// the inputs both finished, and on how many.
func ratio(inputs []inputResult, other func(inputResult) *run) (times float64, count int) {
	return ratioOf(inputs, oursRun, other)
}

// ratioOf is how many times faster the solver mine picks is than other, over the inputs both
// finished, and on how many.
func ratioOf(inputs []inputResult, pick, other func(inputResult) *run) (times float64, count int) {
	var theirs, mine time.Duration
	for _, in := range inputs {
		m, o := pick(in), other(in)
		if m == nil || !m.ok() || o == nil || !o.ok() {
			continue
		}
		theirs += o.elapsed
		mine += m.elapsed
		count++
	}
	if count == 0 || mine == 0 {
		return 0, count
	}
	return float64(theirs) / float64(mine), count
}

// fasterEach counts the inputs on which ours was faster than other, of those both answered.
func fasterEach(inputs []inputResult, other func(inputResult) *run) (faster, compared int) {
	return fasterEachOf(inputs, oursRun, other)
}

// fasterEachOf counts the inputs on which the solver pick picks was faster than other, of those
// both answered.
func fasterEachOf(inputs []inputResult, pick, other func(inputResult) *run) (faster, compared int) {
	for _, in := range inputs {
		m, o := pick(in), other(in)
		if m == nil || !m.ok() || o == nil || !o.ok() {
			continue
		}
		compared++
		if m.elapsed < o.elapsed {
			faster++
		}
	}
	return faster, compared
}

func oursRun(r inputResult) *run  { return r.ours }
func cbcRun(r inputResult) *run   { return r.cbc }
func cppRun(r inputResult) *run   { return r.cpp }
func seedRun(r inputResult) *run  { return r.seed }
func floorRun(r inputResult) *run { return r.floor }

// report is the whole benchmark's outcome.
type report struct {
	results  []familyResult
	cfg      config
	problems int
	goalsMet bool
}

func newReport(results []familyResult, cfg config) report {
	rep := report{results: results, cfg: cfg, goalsMet: true}
	for _, fam := range results {
		for _, in := range fam.inputs {
			rep.problems += len(in.problems)
		}
	}
	return rep
}

func (rep *report) print(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "family\tinputs\tours total\tfloor\tours max\tours peak\tc++ total\tc++ max\tc++ peak\tcbc total\tcbc max\tcbc/ours\tcbc/c++\tseed done\tseed total\tseed max\tseed/ours\tanswers\t")
	for _, fam := range rep.results {
		o, c, s := statsOf(fam.inputs, oursRun), statsOf(fam.inputs, cbcRun), statsOf(fam.inputs, seedRun)
		p := statsOf(fam.inputs, cppRun)
		cbcCppTimes, cbcCppCount := ratioOf(fam.inputs, cppRun, cbcRun)
		f := statsOf(fam.inputs, floorRun)
		cbcTimes, cbcCount := ratio(fam.inputs, cbcRun)
		seedTimes, seedCount := ratio(fam.inputs, seedRun)
		bad := 0
		for _, in := range fam.inputs {
			if len(in.problems) > 0 {
				bad++
			}
		}
		answers := "agree"
		if bad > 0 {
			answers = fmt.Sprintf("WRONG on %d", bad)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n",
			fam.family.Name, len(fam.inputs),
			totalCell(o), totalCell(f), maxCell(o, rep.cfg.timeout), memoryCell(o),
			totalCell(p), maxCell(p, rep.cfg.timeout), memoryCell(p),
			totalCell(c), maxCell(c, rep.cfg.timeout), ratioCell(cbcTimes, cbcCount, len(fam.inputs)), ratioCell(cbcCppTimes, cbcCppCount, len(fam.inputs)),
			doneCell(s, len(fam.inputs)), totalCell(s), maxCell(s, rep.cfg.seedTimeout), ratioCell(seedTimes, seedCount, len(fam.inputs)),
			answers)
	}
	tw.Flush()
	fmt.Fprintln(w, "(totals and maxima over finished runs; c++ = the C++ port, solution/cpp/target.cpp; floor = the same runs of a Go program that only reads sudoku.in and writes sudoku.out, the cost of starting a process; peak = largest peak resident memory of one run; x/ours and x/c++ = how many times faster the kit's solution or the C++ port is, over the inputs both finished)")
	fmt.Fprintln(w, timingNote(rep.cfg))

	if rep.cfg.uses(ours) {
		rep.printGoals(w)
	}
	if rep.cfg.uses(cppSolver) && rep.cfg.cppBin != "" {
		rep.printCppGoals(w)
	}
	if rep.problems > 0 {
		fmt.Fprintf(w, "\n%d PROBLEMS:\n", rep.problems)
		for _, fam := range rep.results {
			for _, in := range fam.inputs {
				for _, p := range in.problems {
					fmt.Fprintf(w, "%s / %s: %s\n", fam.family.Name, in.input.Name, p)
				}
				if len(in.problems) > 0 {
					fmt.Fprint(w, in.input.Givens)
				}
			}
		}
	}
}

// goalPrinter returns a function that prints one goal as met or MISSED, and marks the report's
// goals missed when one is.
func (rep *report) goalPrinter(w io.Writer) func(met bool, text string) {
	return func(met bool, text string) {
		mark := "met   "
		if !met {
			mark = "MISSED"
			rep.goalsMet = false
		}
		fmt.Fprintf(w, "  %s %s\n", mark, text)
	}
}

// printGoals checks the performance goals against the measures.
func (rep *report) printGoals(w io.Writer) {
	fmt.Fprintf(w, "\ngoals (kit's solution, whole process, median of %d runs):\n", rep.cfg.repeat)
	goal := rep.goalPrinter(w)

	var all []inputResult
	for _, fam := range rep.results {
		all = append(all, fam.inputs...)
	}
	o := statsOf(all, oursRun)
	exact := 0
	for _, in := range all {
		if in.ours != nil && in.ours.ok() && len(in.problems) == 0 {
			exact++
		}
	}
	goal(exact == o.runs && o.max < goalAnyInput,
		fmt.Sprintf("every input answered exactly within %v: %d of %d answered exactly, slowest %s", formatDuration(goalAnyInput), exact, o.runs, formatDuration(o.max)))
	var many []inputResult
	for _, in := range all {
		if in.input.Givens.Givens() >= goalStatementGivens {
			many = append(many, in)
		}
	}
	m := statsOf(many, oursRun)
	if most, name, ok := beyondFloor(many); ok {
		goal(m.finished == len(many) && most <= goalStatementInput,
			fmt.Sprintf("every input with at least %d givens within the start-up floor plus %v: at most %.1f ms over it (%s); slowest of %d %s", goalStatementGivens, formatDuration(goalStatementInput), float64(most)/float64(time.Millisecond), name, len(many), formatDuration(m.max)))
	} else {
		goal(m.finished == len(many) && m.max < goalStatementInput,
			fmt.Sprintf("every input with at least %d givens within %v: slowest of %d %s", goalStatementGivens, formatDuration(goalStatementInput), len(many), formatDuration(m.max)))
	}
	goal(o.peakKiB*1024 < goalPeakMemoryBytes,
		fmt.Sprintf("peak memory under %d MiB: largest %s", goalPeakMemoryBytes>>20, formatMemory(o.peakKiB)))
	for _, fam := range rep.results {
		switch fam.family.Key {
		case "official":
			s := statsOf(fam.inputs, oursRun)
			goal(s.finished == len(fam.inputs) && s.total < goalOfficialTotal,
				fmt.Sprintf("official-like %d inputs under %v in all: %s", len(fam.inputs), formatDuration(goalOfficialTotal), formatDuration(s.total)))
		case "low-clue":
			if times, count := ratio(fam.inputs, seedRun); count > 0 {
				goal(times >= goalSeedRatio, fmt.Sprintf("at least %.0fx faster than the seed on the low-clue inputs it finishes: %.0fx on %d", goalSeedRatio, times, count))
			}
		}
	}
	if rep.cfg.uses(mip) {
		for _, fam := range rep.results {
			if times, count := ratio(fam.inputs, cbcRun); count > 0 {
				goal(times > 1, fmt.Sprintf("faster than CBC on %s: %.1fx", fam.family.Name, times))
			}
			if fam.family.Key == "adversarial" {
				faster, compared := fasterEach(fam.inputs, cbcRun)
				goal(faster == compared, fmt.Sprintf("faster than CBC on each adversarial input: %d of %d", faster, compared))
			}
		}
	}
}

// printCppGoals checks the C++ port's goals against the measures.
func (rep *report) printCppGoals(w io.Writer) {
	fmt.Fprintf(w, "\ngoals (C++ port, whole process, median of %d runs):\n", rep.cfg.repeat)
	goal := rep.goalPrinter(w)
	var all []inputResult
	for _, fam := range rep.results {
		all = append(all, fam.inputs...)
	}
	exact, runs := 0, 0
	for _, in := range all {
		if in.cpp == nil {
			continue
		}
		runs++
		if in.cpp.ok() && len(in.problems) == 0 {
			exact++
		}
	}
	for _, g := range []struct {
		least int
		limit time.Duration
	}{{0, cppGoalAnyInput}, {cppSomeGivens, cppGoalSome}, {cppManyGivens, cppGoalMany}} {
		var some []inputResult
		for _, in := range all {
			if in.input.Givens.Givens() >= g.least {
				some = append(some, in)
			}
		}
		s := statsOf(some, cppRun)
		slowest := ""
		for _, in := range some {
			if in.cpp != nil && in.cpp.ok() && in.cpp.elapsed == s.max {
				slowest = " (" + in.input.Name + ")"
			}
		}
		if g.least == 0 {
			goal(exact == runs && s.max < g.limit, fmt.Sprintf("every input answered exactly within %v: %d of %d answered exactly, slowest %s%s",
				formatDuration(g.limit), exact, runs, formatDuration(s.max), slowest))
			continue
		}
		goal(s.finished == s.runs && s.max < g.limit, fmt.Sprintf("every input with at least %d givens within %v: slowest of %d %s%s",
			g.least, formatDuration(g.limit), s.runs, formatDuration(s.max), slowest))
	}
	if rep.cfg.uses(mip) {
		faster, compared := fasterEachOf(all, cppRun, cbcRun)
		goal(faster == compared, fmt.Sprintf("faster than CBC on each input: %d of %d", faster, compared))
	}
}

// beyondFloor returns the most an input of inputs took beyond the start-up floor measured with
// it, and that input's name: the issue states the goal for 17 or more givens in one process,
// and a whole process adds the floor to it. ok is false when an input lacks either run.
func beyondFloor(inputs []inputResult) (most time.Duration, name string, ok bool) {
	for _, in := range inputs {
		if in.ours == nil || in.floor == nil || !in.ours.ok() || !in.floor.ok() {
			return 0, "", false
		}
		if over := in.ours.elapsed - in.floor.elapsed; name == "" || over > most {
			most, name = over, in.input.Name
		}
	}
	return most, name, name != ""
}

// timingNote says how an input's time was taken, for the legend.
func timingNote(cfg config) string {
	others := fmt.Sprintf("%d of CBC and 1 of the seed", cfg.cbcRepeat)
	if cfg.cbcRepeat == 1 {
		others = "1 of CBC and the seed"
	}
	clock := "time"
	if cfg.clock == "cpu" {
		clock = "CPU time"
	}
	note := fmt.Sprintf("(each input's "+clock+" is the median of %d runs of the kit's solution, of the C++ port and of the floor, %s; the lower middle of an even count", cfg.repeat, others)
	if cfg.verbose && cfg.repeat > 1 {
		note += "; [fastest, slowest] of the kit's runs in the lines per input"
	}
	return note + ")"
}

// printInput prints one input's runs for -v.
func printInput(w io.Writer, fam family.Set, row inputResult, cfg config) {
	cell := func(name string, r *run, kit bool) string {
		switch {
		case r == nil:
			return ""
		case r.timedOut:
			return fmt.Sprintf("  %s >%s", name, formatDuration(r.elapsed.Truncate(time.Second)))
		case r.err != nil:
			return fmt.Sprintf("  %s failed", name)
		case kit && cfg.repeat > 1:
			return fmt.Sprintf("  %s %d in %s [%s, %s], %s", name, r.answer, formatDuration(r.elapsed),
				formatDuration(r.fastest), formatDuration(r.slowest), formatMemory(r.peakKiB))
		case kit:
			return fmt.Sprintf("  %s %d in %s, %s", name, r.answer, formatDuration(r.elapsed), formatMemory(r.peakKiB))
		}
		return fmt.Sprintf("  %s %d in %s", name, r.answer, formatDuration(r.elapsed))
	}
	// Only the kit's solution gets a memory run (see runner), and its spread is what the goals hang on.
	line := fmt.Sprintf("%s / %s:%s%s%s%s", fam.Name, row.input.Name, cell(ours, row.ours, true), cell("c++", row.cpp, true), cell(mip, row.cbc, false), cell(seed, row.seed, false))
	if row.seed == nil && cfg.uses(seed) && cfg.seedBin != "" {
		line += "  seed skipped"
	}
	if len(row.problems) > 0 {
		line += "  <- " + strings.Join(row.problems, "; ")
	}
	fmt.Fprintln(w, line)
}

func totalCell(s solverStats) string {
	if s.finished == 0 {
		return "-"
	}
	return formatDuration(s.total)
}

func maxCell(s solverStats, timeout time.Duration) string {
	switch {
	case s.runs == 0:
		return "-"
	case s.timeouts > 0:
		return ">" + formatDuration(timeout)
	}
	return formatDuration(s.max)
}

func memoryCell(s solverStats) string {
	if s.runs == 0 {
		return "-"
	}
	return formatMemory(s.peakKiB)
}

func doneCell(s solverStats, inputs int) string {
	if s.runs == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d", s.finished, inputs)
}

func ratioCell(times float64, count, inputs int) string {
	switch {
	case count == 0:
		return "-"
	}
	text := fmt.Sprintf("%.1fx", times)
	if times >= 10 {
		text = fmt.Sprintf("%.0fx", times)
	}
	if count < inputs {
		text += fmt.Sprintf(" on %d", count)
	}
	return text
}

func formatDuration(d time.Duration) string {
	switch {
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= 10*time.Millisecond:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
}

func formatMemory(kib int64) string {
	return fmt.Sprintf("%.1f MiB", float64(kib)/1024)
}

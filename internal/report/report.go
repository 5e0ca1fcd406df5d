// Package report presents a judgement the way an online judge does: a table with one row per
// test, a summary with the score, the verdict counts and the slowest test, and the first failing
// test's input, expected and found output cut to a readable size; coloured on a terminal, and
// as JSON for scripts.
package report

import (
	"encoding/json"
	"io"
	"math"
	"time"

	"bullseye/internal/bounds"
	"bullseye/internal/outcome"
	"bullseye/internal/runner"
	"bullseye/internal/testlib"
	"bullseye/internal/warnings"
)

// MaxScore is what a submission that passes every test scores; each test weighs the same, so
// the 20 official-shaped tests are worth 5 points each, as at NOIP.
const MaxScore = 100

// Report is the judgement of one submission over a set of tests.
type Report struct {
	Submission string `json:"submission"`
	Language   string `json:"language"`
	Problem    string `json:"problem"`
	// Tests names the tests judged: a group of the kit, or a folder.
	Tests string `json:"tests"`
	// Bounds are the narrower statement's bounds the tests are weighed against (NOIP's, for
	// target sudoku), nil for none, which the JSON names; WithinOnly tells that only the tests
	// within them were judged (--bounds).
	Bounds     *bounds.Bounds `json:"-"`
	BoundsName string         `json:"bounds,omitempty"`
	WithinOnly bool           `json:"within_bounds_only,omitempty"`
	Limits     Limits         `json:"limits"`
	Isolated   bool           `json:"isolated"`
	// ControlGroups says which control groups kept the runs' accounts, "cpu v2, memory v1,
	// pids v1"; "" when the supervisor sampled them (see docs/sandbox.md).
	ControlGroups string `json:"control_groups,omitempty"`
	// Compile is set when the submission did not compile: the verdict CE.
	Compile *Compile `json:"compile,omitempty"`
	// Hint tells a submission that failed a test what its source does that the judge does not
	// serve, such as opening a file the judge does not give.
	Hint string `json:"hint,omitempty"`
	// Warnings are the compiler's warnings about the submission; the text and the page show
	// those of undefined behaviour beside a failure they may explain (see Explained).
	Warnings []warnings.Warning `json:"warnings,omitempty"`
	Results  []Test             `json:"results"`
	Summary  Summary            `json:"summary"`
}

// Limits are the limits of the runs.
type Limits struct {
	TimeMS    int64 `json:"time_ms"`
	WallMS    int64 `json:"wall_ms"`
	MemoryKiB int64 `json:"memory_kib"`
	OutputKiB int64 `json:"output_kib"`
}

// LimitsOf returns the report's form of a run's limits.
func LimitsOf(l runner.Limits) Limits {
	return Limits{TimeMS: l.CPU.Milliseconds(), WallMS: l.Wall.Milliseconds(), MemoryKiB: l.Memory >> 10, OutputKiB: l.Output >> 10}
}

// Compile is a compilation that failed.
type Compile struct {
	Verdict outcome.Verdict `json:"verdict"`
	Message string          `json:"message"`
}

// Test is one test's row.
type Test struct {
	Name       string          `json:"name"`
	Verdict    outcome.Verdict `json:"verdict"`
	CPUMS      float64         `json:"cpu_ms"`
	WallMS     float64         `json:"wall_ms"`
	PeakKiB    int64           `json:"peak_kib"`
	ExitCode   *int            `json:"exit_code,omitempty"`
	Signal     *int            `json:"signal,omitempty"`
	SignalName string          `json:"signal_name,omitempty"`
	Message    string          `json:"message"`
	// InputSHA256 identifies the input, whatever its file is called.
	InputSHA256 string `json:"input_sha256"`
	// ReferenceCPUMS is the reference solution's CPU time on the same input; Ratio is the
	// test's CPU time as a multiple of it.
	ReferenceCPUMS *float64 `json:"reference_cpu_ms,omitempty"`
	Ratio          *float64 `json:"ratio,omitempty"`
	// Rerun tells that a run again, alone, decided; RerunWhy says why the first did not: it
	// came near a limit when run in parallel (also when empty), or the wall clock stopped it
	// while the machine's load held it back.
	Rerun    bool   `json:"rerun,omitempty"`
	RerunWhy string `json:"rerun_why,omitempty"`
	// Beyond says why the test's input lies beyond the report's Bounds; "" when it lies within.
	Beyond string `json:"beyond,omitempty"`
	// Detail is what the failure section shows of the test; not part of the JSON.
	Detail *Detail `json:"-"`
}

// Detail is what a report shows of a failing test.
type Detail struct {
	// InputFile names the input's file, as the user knows it.
	InputFile              string
	Input, Expected, Found []byte
	FoundSource            string
	Compared               *testlib.Comparison
}

// TestOf returns a test's row from its outcome.
func TestOf(name string, o outcome.Outcome, inputSHA256 string) Test {
	t := Test{
		Name: name, Verdict: o.Verdict, Message: o.Message, InputSHA256: inputSHA256,
		CPUMS: millis(o.Run.CPU()), WallMS: millis(o.Run.Wall()), PeakKiB: o.Run.PeakKiB,
	}
	ran := o.Run != runner.Meta{}
	switch {
	case ran && o.Run.Signal != 0:
		sig := o.Run.Signal
		t.Signal, t.SignalName = &sig, signalName(sig)
	case ran && o.Run.StartError == "":
		code := o.Run.ExitCode
		t.ExitCode = &code
	}
	return t
}

// SetReference records the reference solution's CPU time on the test's input.
func (t *Test) SetReference(cpu time.Duration) {
	ref := millis(cpu)
	// Below a millisecond both times are start-up noise: compare from there.
	ratio := math.Round(math.Max(t.CPUMS, 1)/math.Max(ref, 1)*100) / 100
	t.ReferenceCPUMS, t.Ratio = &ref, &ratio
}

func millis(d time.Duration) float64 { return math.Round(float64(d.Microseconds())/10) / 100 }

// Explained returns the compiler's warnings of undefined behaviour when the report's verdict is
// one they may explain (a run-time error, a time-out, a wrong answer, a limit met), else none.
func (r *Report) Explained() []warnings.Warning {
	if r.Compile != nil || !warnings.Explains(r.Summary.Verdict) {
		return nil
	}
	return warnings.Undefined(r.Warnings)
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// Package outcome is the online judge's verdict on one test: how a run ended, under its
// limits, and what the checker said of its output, made into one of AC, WA, PE, TLE, MLE, RE,
// OLE, CE or FAIL with a line that explains it. A run-time error's line says in words what
// the signal or exit code means where it has a standard meaning (a signal's usual causes, Free
// Pascal's run-time error numbers, an uncaught C++ or Java exception, a Python traceback's
// last line), before the line of standard error that tells more.
package outcome

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"bullseye/internal/runner"
	"bullseye/internal/testlib"
)

// Verdict is an online judge's verdict on a test.
type Verdict string

// The verdicts, in the order a report lists them.
const (
	Accepted          Verdict = "AC"
	WrongAnswer       Verdict = "WA"
	PresentationError Verdict = "PE"
	TimeLimit         Verdict = "TLE"
	MemoryLimit       Verdict = "MLE"
	RuntimeError      Verdict = "RE"
	OutputLimit       Verdict = "OLE"
	CompileError      Verdict = "CE"
	// Failure blames the judge or the jury's files, never the program.
	Failure Verdict = "FAIL"
)

// Verdicts lists every verdict in report order.
var Verdicts = []Verdict{Accepted, WrongAnswer, PresentationError, TimeLimit, MemoryLimit, RuntimeError, OutputLimit, CompileError, Failure}

// Name returns the verdict in words: "accepted", "time limit exceeded".
func (v Verdict) Name() string {
	switch v {
	case Accepted:
		return "accepted"
	case WrongAnswer:
		return "wrong answer"
	case PresentationError:
		return "presentation error"
	case TimeLimit:
		return "time limit exceeded"
	case MemoryLimit:
		return "memory limit exceeded"
	case RuntimeError:
		return "run-time error"
	case OutputLimit:
		return "output limit exceeded"
	case CompileError:
		return "compilation error"
	case Failure:
		return "judge failure"
	}
	return string(v)
}

// ExcerptLimit is the most bytes of an output an outcome keeps, for a report to show.
const ExcerptLimit = 64 << 10

// Outcome is the verdict on one test and the run behind it.
type Outcome struct {
	Verdict Verdict
	// Message explains the verdict in one line.
	Message string
	// Run is the supervisor's account of the run; zero when there was no run.
	Run runner.Meta
	// Output is the start of what the program answered, OutputSource where it answered.
	Output       []byte
	OutputSource string
	// Compared holds the lines around a fault the checker found, for a diff.
	Compared *testlib.Comparison
}

// Failed returns the outcome of a test the judge could not judge.
func Failed(err error) Outcome { return Outcome{Verdict: Failure, Message: err.Error()} }

// Decide makes a finished run its verdict. The limits decide first, by one rule whatever the
// order in which the run crossed them (runner.Meta.Exceeded): time (CPU, or the wall clock for
// a program that waits), then memory, then output; a message names every limit crossed. Then
// how the program ended; then check, the checker, judges the output of a run that ended well.
func Decide(r runner.Result, lim runner.Limits, check func(output io.Reader) testlib.Judgement) Outcome {
	o := Outcome{Run: r.Meta, Output: r.Output[:min(len(r.Output), ExcerptLimit)], OutputSource: r.OutputSource}
	o.Verdict, o.Message = decideRun(r, lim)
	if o.Verdict != "" {
		return o
	}
	j := check(bytes.NewReader(r.Output))
	o.Compared = j.Compared
	o.Message = j.Message
	switch j.Result {
	case testlib.OK:
		o.Verdict = Accepted
	case testlib.WrongAnswer:
		o.Verdict = WrongAnswer
	case testlib.PresentationError:
		o.Verdict = PresentationError
	default:
		o.Verdict, o.Message = Failure, "checker: "+j.Message
	}
	return o
}

func cpuMessage(lim runner.Limits) string {
	return fmt.Sprintf("CPU time over the limit of %s", seconds(lim.CPU))
}

// decideRun returns the verdict the run alone decides, or "" when the output must be checked.
func decideRun(r runner.Result, lim runner.Limits) (Verdict, string) {
	switch r.Exceeded(lim) {
	case runner.StoppedCPU:
		return TimeLimit, cpuMessage(lim) + alsoMemory(r.Meta, lim)
	case runner.StoppedWall:
		return TimeLimit, wallMessage(r.Meta, lim) + alsoMemory(r.Meta, lim)
	case runner.StoppedMemory:
		if r.StartedOutOfMemory() {
			return MemoryLimit, fmt.Sprintf("the program does not fit in memory: %s", r.StartError)
		}
		return MemoryLimit, memoryMessage(r.Meta, lim)
	}
	switch {
	case r.OutputExceeded:
		return OutputLimit, fmt.Sprintf("output over the limit of %s", mebibytes(lim.Output))
	case r.StartError != "":
		return RuntimeError, "cannot start: " + r.StartError
	case r.Unsupervised != "":
		return RuntimeError, "the run ended abnormally: " + r.Unsupervised
	case r.Signal != 0 || r.ExitCode != 0:
		return RuntimeError, crashMessage(r.Meta, r.Stderr)
	case r.OutputFault != "":
		return PresentationError, fmt.Sprintf("%s %s", r.OutputSource, r.OutputFault)
	}
	return "", ""
}

// alsoMemory says, for a run judged over its time limit, that it met its memory limit too:
// the rule gives time the verdict, the message does not hide the rest.
func alsoMemory(m runner.Meta, lim runner.Limits) string {
	if m.MemoryKilled || m.Stopped == runner.StoppedMemory || m.PeakKiB<<10 > lim.Memory {
		return fmt.Sprintf(" (and the memory limit of %s was reached too; time comes first)", mebibytes(lim.Memory))
	}
	return ""
}

// memoryMessage names the memory limit and, when the kernel's own memory for the program's
// processes was a large part of what the control group held, how much: a fork bomb's failed
// forks hold some until the kernel frees it, later on a busy machine, so such a program may
// meet this limit before its time limit.
func memoryMessage(m runner.Meta, lim runner.Limits) string {
	msg := fmt.Sprintf("peak memory over the limit of %s", mebibytes(lim.Memory))
	if m.MemoryKilled {
		// The kernel holds the run at the limit: it never goes over, it is stopped there.
		msg = fmt.Sprintf("memory limit of %s reached (the kernel stopped the program there)", mebibytes(lim.Memory))
	}
	if kernel := m.KernelKiB << 10; kernel >= lim.Memory/4 {
		msg += fmt.Sprintf(", %s of it the kernel's own for the program's processes (their tables, pipe buffers, memory the kernel had yet to free)", mebibytes(kernel))
	}
	return msg
}

// wallMessage says what happened to a run stopped at the wall-clock limit: how much CPU time
// it had, and why it had no more, when the supervisor could tell: the program waited for a
// processor that the machine's load took, or it waited or slept itself.
func wallMessage(m runner.Meta, lim runner.Limits) string {
	msg := fmt.Sprintf("wall-clock limit of %s reached after %s of CPU time", seconds(lim.Wall), seconds(m.CPU()))
	waited := time.Duration(m.WaitMicros+m.StallMicros) * time.Microsecond
	switch {
	case m.Unsupervised != "":
		msg += " (" + m.Unsupervised + ")"
	case m.CPU() >= lim.CPU:
	case waited >= lim.Wall/4:
		msg += fmt.Sprintf(": the machine was busy, the program waited %s for a processor, the disk or memory", seconds(waited))
	case m.CPU()+waited < lim.Wall/2:
		msg += ": the program waits or sleeps"
	}
	return msg
}

// WallBeforeCPU reports a time limit met at the wall clock while the CPU time was under the
// limit: on a busy machine, an honest program's fate; a judge runs it again before it says TLE.
func (o Outcome) WallBeforeCPU(lim runner.Limits) bool {
	return o.Verdict == TimeLimit && o.Run.Stopped == runner.StoppedWall && o.Run.CPU() < lim.CPU
}

// reasonLine returns the line of a program's standard error that says why it stopped: the
// last one naming an error, an exception, a panic or what() (Python, Java, Go, Free Pascal,
// C++ put their reason on such a line, around a stack trace), else the last non-empty one; cut
// to a readable length.
func reasonLine(stderr []byte) string {
	var last, reason string
	for _, line := range strings.Split(strings.ReplaceAll(string(stderr), "\r\n", "\n"), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		last = line
		lower := strings.ToLower(line)
		for _, word := range []string{"error", "exception", "panic", "what()"} {
			if strings.Contains(lower, word) {
				reason = line
			}
		}
	}
	if reason == "" {
		reason = last
	}
	if len(reason) > 120 {
		reason = reason[:120] + "..."
	}
	return reason
}

func seconds(d time.Duration) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", d.Seconds()), "0"), ".") + " s"
}

func mebibytes(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// NearLimit reports whether a run came within a fifth of a limit, or met one: its verdict may
// then depend on the machine's load, and a parallel judge runs it again alone.
func (o Outcome) NearLimit(lim runner.Limits) bool {
	switch o.Verdict {
	case TimeLimit, MemoryLimit:
		return true
	}
	const near = 0.8
	return float64(o.Run.CPU()) >= near*float64(lim.CPU) ||
		float64(o.Run.Wall()) >= near*float64(lim.Wall) ||
		float64(o.Run.PeakKiB<<10) >= near*float64(lim.Memory)
}

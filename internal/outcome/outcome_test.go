package outcome

import (
	"fmt"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"

	"bullseye/internal/runner"
	"bullseye/internal/testlib"
)

func limits() runner.Limits {
	return runner.Limits{CPU: 2 * time.Second, Wall: 5 * time.Second, Memory: 128 << 20, Output: 16 << 20, Processes: 64, Files: 64}
}

func TestDecide(t *testing.T) {
	accept := func(io.Reader) testlib.Judgement { return testlib.Accept("2852, the best score") }
	reject := func(io.Reader) testlib.Judgement { return testlib.Reject("expected 2852, found 2849") }
	malformed := func(io.Reader) testlib.Judgement { return testlib.Malformed("line 1, column 1: expected an integer") }
	broken := func(io.Reader) testlib.Judgement { return testlib.Failure("reading the jury's answer: empty") }
	ms := func(n int64) int64 { return n * 1000 }
	tests := []struct {
		name    string
		result  runner.Result
		check   func(io.Reader) testlib.Judgement
		verdict Verdict
		message string
	}{
		{"accepted", runner.Result{Meta: runner.Meta{CPUMicros: ms(5)}}, accept, Accepted, "2852, the best score"},
		{"wrong answer", runner.Result{}, reject, WrongAnswer, "expected 2852, found 2849"},
		{"presentation error", runner.Result{}, malformed, PresentationError, "expected an integer"},
		{"checker failure", runner.Result{}, broken, Failure, "checker: reading the jury's answer"},
		{"stopped at the cpu limit", runner.Result{Meta: runner.Meta{Stopped: runner.StoppedCPU, Signal: 9, CPUMicros: ms(2010)}}, accept, TimeLimit, "CPU time over the limit of 2 s"},
		{"over the cpu limit", runner.Result{Meta: runner.Meta{CPUMicros: ms(2001)}}, accept, TimeLimit, "limit of 2 s"},
		{"killed by RLIMIT_CPU", runner.Result{Meta: runner.Meta{Signal: int(syscall.SIGXCPU), CPUMicros: ms(3000)}}, accept, TimeLimit, "limit of 2 s"},
		{"sleeping", runner.Result{Meta: runner.Meta{Stopped: runner.StoppedWall, Signal: 9, CPUMicros: ms(1)}}, accept, TimeLimit, "wall-clock limit of 5 s reached after 0.001 s of CPU time: the program waits or sleeps"},
		{"busy machine", runner.Result{Meta: runner.Meta{Stopped: runner.StoppedWall, Signal: 9, CPUMicros: ms(1190), WaitMicros: ms(3700)}}, accept, TimeLimit, "reached after 1.19 s of CPU time: the machine was busy, the program waited 3.7 s for a processor"},
		{"slow, not sleeping", runner.Result{Meta: runner.Meta{Stopped: runner.StoppedWall, Signal: 9, CPUMicros: ms(1900), WaitMicros: ms(100)}}, accept, TimeLimit, "reached after 1.9 s of CPU time"},
		{"judged from outside, within limits", runner.Result{Meta: runner.Meta{Signal: 9, CPUMicros: ms(3), Unsupervised: "the supervisor ended without a report"}}, accept, RuntimeError, "the run ended abnormally: the supervisor ended without a report"},
		{"judged from outside, over the time", runner.Result{Meta: runner.Meta{Signal: 9, Stopped: runner.StoppedCPU, CPUMicros: ms(2600), Unsupervised: "the supervisor ended without a report"}}, accept, TimeLimit, "limit of 2 s"},
		{"stopped at the memory limit", runner.Result{Meta: runner.Meta{Stopped: runner.StoppedMemory, Signal: 9}}, accept, MemoryLimit, "limit of 128 MiB"},
		{"stopped with the kernel's memory", runner.Result{Meta: runner.Meta{Stopped: runner.StoppedMemory, Signal: 9, PeakKiB: 160 << 10, KernelKiB: 150 << 10}}, accept, MemoryLimit, "150 MiB of it the kernel's own"},
		{"over the memory limit", runner.Result{Meta: runner.Meta{PeakKiB: 128<<10 + 1}}, accept, MemoryLimit, "limit of 128 MiB"},
		{"too big to load", runner.Result{Meta: runner.Meta{StartError: "starting /prog/main: cannot allocate memory", StartErrno: int(syscall.ENOMEM)}}, accept, MemoryLimit, "does not fit in memory"},
		{"over both, time first", runner.Result{Meta: runner.Meta{Signal: 9, CPUMicros: ms(2300), PeakKiB: 1 << 20}}, accept, TimeLimit, "CPU time over the limit of 2 s (and the memory limit of 128 MiB was reached too; time comes first)"},
		{"killed by the memory group after the time limit", runner.Result{Meta: runner.Meta{Signal: 9, CPUMicros: ms(2017), PeakKiB: 128 << 10, MemoryKilled: true, KernelMemory: true}}, accept, TimeLimit, "memory limit of 128 MiB was reached too"},
		{"stopped at the time limit, memory killed first", runner.Result{Meta: runner.Meta{Stopped: runner.StoppedCPU, PeakKiB: 1 << 20, MemoryKilled: true}}, accept, TimeLimit, "time comes first"},
		{"stopped at the memory limit by the kernel", runner.Result{Meta: runner.Meta{Signal: 9, CPUMicros: ms(300), PeakKiB: 128 << 10, MemoryKilled: true, KernelMemory: true}}, accept, MemoryLimit, "memory limit of 128 MiB reached (the kernel stopped the program there)"},
		{"the kernel's own memory at the limit", runner.Result{Meta: runner.Meta{Signal: 9, PeakKiB: 128 << 10, MemoryKilled: true, KernelKiB: 100 << 10}}, accept, MemoryLimit, "reached (the kernel stopped the program there), 100 MiB of it the kernel's own"},
		{"at the memory limit, reclaimed, ended well", runner.Result{Meta: runner.Meta{CPUMicros: ms(300), PeakKiB: 128 << 10, MemoryLimitMet: true, KernelMemory: true}}, accept, Accepted, "2852"},
		{"sleeping over the memory limit", runner.Result{Meta: runner.Meta{Stopped: runner.StoppedWall, Signal: 9, CPUMicros: ms(1), MemoryKilled: true}}, accept, TimeLimit, "memory limit of 128 MiB was reached too"},
		{"output limit", runner.Result{Meta: runner.Meta{Signal: int(syscall.SIGXFSZ)}, OutputExceeded: true}, accept, OutputLimit, "limit of 16 MiB"},
		{"segmentation fault", runner.Result{Meta: runner.Meta{Signal: 11}}, accept, RuntimeError, "signal 11 (segmentation fault)"},
		{"exit code with a reason", runner.Result{Meta: runner.Meta{ExitCode: 1}, Stderr: []byte("Traceback:\n  ...\nZeroDivisionError: division by zero\n\n")}, accept, RuntimeError, "exit code 1: ZeroDivisionError: division by zero"},
		{"a Go panic", runner.Result{Meta: runner.Meta{ExitCode: 2}, Stderr: []byte("panic: runtime error: index out of range [81] with length 81\n\ngoroutine 1 [running]:\nmain.main()\n\t/prog/main.go:13 +0x1d\n")}, accept, RuntimeError, "exit code 2: panic: runtime error: index out of range"},
		{"an uncaught C++ exception", runner.Result{Meta: runner.Meta{Signal: 6}, Stderr: []byte("terminate called after throwing an instance of 'std::runtime_error'\n  what():  no completion\n")}, accept, RuntimeError, "signal 6 (aborted): SIGABRT, an uncaught C++ exception std::runtime_error: what(): no completion"},
		{"a Pascal run-time error", runner.Result{Meta: runner.Meta{ExitCode: 200}, Stderr: []byte("Runtime error 200 at $00000000004010B5\n  $00000000004010B5\n")}, accept, RuntimeError, "exit code 200: Free Pascal's run-time error 200, division by zero"},
		{"cannot start", runner.Result{Meta: runner.Meta{StartError: "starting /prog/main: exec format error", StartErrno: int(syscall.ENOEXEC)}}, accept, RuntimeError, "cannot start: starting /prog/main: exec format error"},
		{"output file is a link", runner.Result{OutputSource: "sudoku.out", OutputFault: "is a symbolic link, not a file"}, accept, PresentationError, "sudoku.out is a symbolic link, not a file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := Decide(tc.result, limits(), tc.check)
			if o.Verdict != tc.verdict {
				t.Errorf("verdict: got %s (%s), want %s", o.Verdict, o.Message, tc.verdict)
			}
			if !strings.Contains(o.Message, tc.message) {
				t.Errorf("message: got %q, want it to contain %q", o.Message, tc.message)
			}
		})
	}
}

// TestCrashMessages checks that a program that ended badly is told why in words, from how it
// ended and what its runtime printed on standard error, in each language a judge takes.
func TestCrashMessages(t *testing.T) {
	exit := func(code int, stderr string) runner.Result {
		return runner.Result{Meta: runner.Meta{ExitCode: code}, Stderr: []byte(stderr)}
	}
	signal := func(sig syscall.Signal, stderr string) runner.Result {
		return runner.Result{Meta: runner.Meta{Signal: int(sig)}, Stderr: []byte(stderr)}
	}
	pascal := func(code int) runner.Result {
		return exit(code, fmt.Sprintf("Runtime error %d at $000000000040112A\n  $000000000040112A\n\n", code))
	}
	tests := []struct {
		name   string
		result runner.Result
		want   string
	}{
		{"pascal division by zero", pascal(200), "exit code 200: Free Pascal's run-time error 200, division by zero"},
		{"pascal range check", pascal(201), "run-time error 201, range check error"},
		{"pascal stack overflow", pascal(202), "run-time error 202, stack overflow"},
		{"pascal heap overflow", pascal(203), "run-time error 203, heap overflow"},
		{"pascal invalid pointer", pascal(204), "run-time error 204, invalid pointer operation"},
		{"pascal floating-point overflow", pascal(205), "run-time error 205, floating-point overflow"},
		{"pascal floating-point underflow", pascal(206), "run-time error 206, floating-point underflow"},
		{"pascal invalid floating-point operation", pascal(207), "exit code 207: Free Pascal's run-time error 207, invalid floating-point operation (sqrt or ln of a negative number"},
		{"pascal arithmetic overflow", pascal(215), "run-time error 215, arithmetic overflow"},
		{"pascal access violation", pascal(216), "run-time error 216, general protection fault"},
		{"pascal file not found", pascal(2), "run-time error 2, file not found (the judge gives sudoku.in"},
		{"pascal file not open", pascal(103), "run-time error 103, file not open"},
		{"pascal invalid numeric format", pascal(106), "run-time error 106, invalid numeric format"},
		{"pascal, an unknown number", pascal(199), "exit code 199: Free Pascal's run-time error 199"},
		{"segmentation fault", signal(syscall.SIGSEGV, ""), "signal 11 (segmentation fault): SIGSEGV, an invalid memory access: an index outside an array"},
		{"division by zero", signal(syscall.SIGFPE, ""), "signal 8 (floating point exception): SIGFPE, an arithmetic error: an integer division or remainder by zero"},
		{"illegal instruction", signal(syscall.SIGILL, ""), "SIGILL, an illegal instruction"},
		{"bad_alloc", signal(syscall.SIGABRT, "terminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n"),
			"signal 6 (aborted): SIGABRT, an uncaught C++ exception std::bad_alloc (memory allocation failed"},
		{"at() out of range", signal(syscall.SIGABRT, "terminate called after throwing an instance of 'std::out_of_range'\n  what():  vector::_M_range_check: __n (which is 5) >= this->size() (which is 0)\n"),
			"std::out_of_range (an index out of range given to at() or substr()): what(): vector::_M_range_check: __n (which is 5)"},
		{"a vector too large", signal(syscall.SIGABRT, "terminate called after throwing an instance of 'std::length_error'\n  what():  cannot create std::vector larger than max_size()\n"),
			"std::length_error (a vector or string asked for an impossible size"},
		{"assert", signal(syscall.SIGABRT, "main: main.cpp:4: int main(): Assertion `k == 3' failed.\n"), "SIGABRT, an assert failed: main: main.cpp:4: int main(): Assertion `k == 3' failed."},
		{"double free", signal(syscall.SIGABRT, "free(): double free detected in tcache 2\n"), "the C library found its heap corrupted: a write past the end of an allocated array, or memory freed twice: free(): double free detected in tcache 2"},
		{"stack smashing", signal(syscall.SIGABRT, "*** stack smashing detected ***: terminated\n"), "a write past the end of a local array, caught by the stack protector"},
		{"abort", signal(syscall.SIGABRT, ""), "SIGABRT, the program aborted: an uncaught C++ exception, a failed assert or abort()"},
		{"java index", exit(1, "Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 9 out of bounds for length 9\n\tat Main.search(Main.java:31)\n\tat Main.main(Main.java:52)\n"),
			"exit code 1: an uncaught java.lang.ArrayIndexOutOfBoundsException (an array index out of bounds): Index 9 out of bounds for length 9"},
		{"java stack overflow", exit(1, "Exception in thread \"main\" java.lang.StackOverflowError\n\tat Main.search(Main.java:31)\n"), "an uncaught java.lang.StackOverflowError (recursion too deep for the stack)"},
		{"java, no input left", exit(1, "Exception in thread \"main\" java.util.NoSuchElementException\n\tat java.base/java.util.Scanner.throwFor(Scanner.java:937)\n"), "java.util.NoSuchElementException (more input read than there is)"},
		{"java division", exit(1, "Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n"), "(an integer division by zero): / by zero"},
		{"python recursion", exit(1, "Traceback (most recent call last):\n  File \"/prog/main.py\", line 9, in <module>\n    f(0)\n  File \"/prog/main.py\", line 3, in f\n    return f(n + 1)\n  [Previous line repeated 996 more times]\nRecursionError: maximum recursion depth exceeded\n"),
			"exit code 1: an uncaught Python RecursionError, recursion deeper than Python's limit (1000 frames unless sys.setrecursionlimit raises it): RecursionError: maximum recursion depth exceeded"},
		{"python int()", exit(1, "Traceback (most recent call last):\n  File \"/prog/main.py\", line 2, in <module>\n    grid = [int(x) for x in line.split(' ')]\nValueError: invalid literal for int() with base 10: '0\\r'\n"),
			"ValueError, a value of the wrong form, such as int() of text that is not a number: ValueError: invalid literal for int() with base 10"},
		{"python, another exception", exit(1, "Traceback (most recent call last):\n  File \"/prog/main.py\", line 2, in <module>\nStopIteration\n"), "an uncaught Python exception: StopIteration"},
		{"go panic", exit(2, "panic: runtime error: index out of range [81] with length 81\n\ngoroutine 1 [running]:\nmain.main()\n\t/prog/main.go:13 +0x1d\nexit status 2\n"), "exit code 2: panic: runtime error: index out of range [81] with length 81"},
		{"a status other than 0", exit(3, ""), "exit code 3: the program ended with a status other than 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := Decide(tc.result, limits(), func(io.Reader) testlib.Judgement { return testlib.Accept("") })
			if o.Verdict != RuntimeError {
				t.Errorf("verdict: got %s, want RE", o.Verdict)
			}
			if !strings.Contains(o.Message, tc.want) {
				t.Errorf("message:\n got %q\nwant it to contain %q", o.Message, tc.want)
			}
		})
	}
}

func TestNearLimit(t *testing.T) {
	ms := func(n int64) int64 { return n * 1000 }
	tests := []struct {
		name    string
		outcome Outcome
		want    bool
	}{
		{"fast", Outcome{Verdict: Accepted, Run: runner.Meta{CPUMicros: ms(100), WallMicros: ms(120), PeakKiB: 2048}}, false},
		{"slow", Outcome{Verdict: Accepted, Run: runner.Meta{CPUMicros: ms(1700)}}, true},
		{"waiting", Outcome{Verdict: Accepted, Run: runner.Meta{WallMicros: ms(4500)}}, true},
		{"big", Outcome{Verdict: WrongAnswer, Run: runner.Meta{PeakKiB: 110 << 10}}, true},
		{"time limit", Outcome{Verdict: TimeLimit}, true},
		{"memory limit", Outcome{Verdict: MemoryLimit}, true},
		{"run-time error", Outcome{Verdict: RuntimeError}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.outcome.NearLimit(limits()); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestVerdictNames(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range Verdicts {
		name := v.Name()
		if name == string(v) || seen[name] {
			t.Errorf("%s: name %q is missing or repeated", v, name)
		}
		seen[name] = true
	}
}

func TestWallBeforeCPU(t *testing.T) {
	ms := func(n int64) int64 { return n * 1000 }
	tests := []struct {
		name    string
		outcome Outcome
		want    bool
	}{
		{"busy machine", Outcome{Verdict: TimeLimit, Run: runner.Meta{Stopped: runner.StoppedWall, CPUMicros: ms(820)}}, true},
		{"sleeping", Outcome{Verdict: TimeLimit, Run: runner.Meta{Stopped: runner.StoppedWall, CPUMicros: ms(1)}}, true},
		{"at the cpu limit", Outcome{Verdict: TimeLimit, Run: runner.Meta{Stopped: runner.StoppedCPU, CPUMicros: ms(2010)}}, false},
		{"wall with the cpu spent", Outcome{Verdict: TimeLimit, Run: runner.Meta{Stopped: runner.StoppedWall, CPUMicros: ms(2000)}}, false},
		{"accepted", Outcome{Verdict: Accepted, Run: runner.Meta{CPUMicros: ms(100)}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.outcome.WallBeforeCPU(limits()); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func FuzzCrashMessage(f *testing.F) {
	f.Add(6, 0, []byte("terminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n"))
	f.Add(0, 1, []byte("Exception in thread \"main\" java.lang.StackOverflowError\n"))
	f.Add(0, 207, []byte("Runtime error 207 at $00000000004010B5\n"))
	f.Add(0, 1, []byte("Traceback (most recent call last):\n  File \"x\"\nValueError: x\n"))
	f.Fuzz(func(t *testing.T, signal, code int, stderr []byte) {
		msg := crashMessage(runner.Meta{Signal: signal & 63, ExitCode: code & 255}, stderr)
		if !strings.HasPrefix(msg, "signal ") && !strings.HasPrefix(msg, "exit code ") {
			t.Errorf("message %q does not say how the program ended", msg)
		}
	})
}

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bullseye/internal/outcome"
	"bullseye/internal/report"
	"bullseye/internal/runner"
	"bullseye/internal/tooltest"
)

// languageTools maps a source's extension to the program its compilation needs.
// Java is optional to the judge (a judge without a JDK calls a Java submission CE), not to its
// tests: under CI, .ci/run installs the JDK.
var languageTools = map[string][2]string{
	".c": {"gcc", "gcc"}, ".cpp": {"g++", "g++"}, ".go": {"go", "golang"}, ".py": {"python3", "python3"},
	".pas": {"fpc", "fp-compiler"}, ".java": {"javac", "default-jdk-headless"},
}

func requireCompiler(t *testing.T, file string) {
	t.Helper()
	tool := languageTools[filepath.Ext(file)]
	tooltest.Require(t, tool[0], tool[1])
}

// TestPlantedSubmissions judges every planted submission of tests/submissions and checks its
// verdict: the verdict of the report, its first test's, and the exit status. Every day it judges
// one plant of each verdict and of each guarantee of the sandbox that costs little, on one test;
// the long tier judges every plant on two, a puzzle with a completion and one without, under
// the limits of the statement's scale.
func TestPlantedSubmissions(t *testing.T) {
	requireSandbox(t)
	tests := []struct {
		file    string
		verdict outcome.Verdict
		first   outcome.Verdict // the first test's verdict, when not the report's
		// kernel is the memory limit the kernel's own memory may give instead, on a test or
		// the report, when the machine is busy: a fork bomb's failed forks hold it until the
		// kernel frees it, and the control group counts it.
		kernel bool
		// either is the other verdict the rule for several limits may give: a program near
		// both its time and memory limits meets either first, depending on the machine.
		either outcome.Verdict
		// kernelMemory marks what only a memory control group can see (a judge run as root).
		kernelMemory bool
		// cflags replace the compiler's flags.
		cflags string
		// long marks a plant judged in the long tier only (BULLSEYE_LONG=1): another instance
		// of a verdict, a language or a guarantee that the test named beside it checks every
		// day.
		long bool
		// hint is a piece of the report's note; "" wants no note. message is a piece of the
		// compiler's message or of the first test's. warning is the compiler's warning of
		// undefined behaviour the report must give, as the terminal's note says it.
		hint, message, warning string
	}{
		{file: "accepted/dfs.c", verdict: outcome.Accepted},
		{file: "accepted/dfs.cpp", verdict: outcome.Accepted, long: true},       // dfs.c; C++ builds run as C's do (compile's TestCompileAndRun)
		{file: "accepted/dfs.go", verdict: outcome.Accepted, long: true},        // dfs.c; every judging builds and runs the Go reference in the sandbox
		{file: "accepted/dfs.pas", verdict: outcome.Accepted, long: true},       // dfs.c; Pascal builds run as C's do (compile's TestCompileAndRun)
		{file: "accepted/Dfs.java", verdict: outcome.Accepted, long: true},      // TestContestJava: Java in the sandbox
		{file: "accepted/Packaged.java", verdict: outcome.Accepted, long: true}, // TestContestJava; compile's TestCompileAndRun finds a packaged class
		{file: "accepted/sudoku.java", verdict: outcome.Accepted, long: true},   // TestContestJava judges it as a contestant's sudoku.java
		{file: "wrong_answer/zero.py", verdict: outcome.WrongAnswer},
		{file: "wrong_answer/first_completion.cpp", verdict: outcome.WrongAnswer, long: true},                        // zero.py
		{file: "wrong_answer/never_minus_one.go", verdict: outcome.WrongAnswer, first: outcome.Accepted, long: true}, // report.txtar, stress.txtar judge its C twin
		{file: "wrong_answer/rim_weight.c", verdict: outcome.WrongAnswer, long: true},                                // zero.py; stress.txtar
		{file: "wrong_answer/presentation.py", verdict: outcome.PresentationError, long: true},                       // zero.py; groups.txtar: a presentation error
		{file: "wrong_answer/silent.c", verdict: outcome.PresentationError, long: true},                              // zero.py; answer's tests read empty outputs
		// zero.py; the checker's tests give the message
		{file: "wrong_answer/twice.c", verdict: outcome.PresentationError, long: true, message: "line 2, column 1: expected the end of the output after the score, or a grid's 81 digits, found \"2855\""},
		// zero.py; answer's tests give the message
		{file: "wrong_answer/grid_only.c", verdict: outcome.WrongAnswer, long: true, message: "expected 2855, found 2; the output's first line looks like a row of a grid: 2 1 4 9 3 6 5 8 7"},
		{file: "time_limit_exceeded/spin.c", verdict: outcome.TimeLimit, long: true}, // other_file.c; TestParallelRerunsNearALimit, TestContest (carol)
		{file: "time_limit_exceeded/other_file.c", verdict: outcome.TimeLimit, hint: "the source opens code.in and code.out, which the judge does not give: it gives the input as sudoku.in"},
		{file: "time_limit_exceeded/spin.pas", verdict: outcome.TimeLimit, long: true}, // other_file.c
		{file: "time_limit_exceeded/sleep.py", verdict: outcome.TimeLimit},
		{file: "memory_limit_exceeded/vector.cpp", verdict: outcome.MemoryLimit, long: true}, // bytes.py
		{file: "memory_limit_exceeded/chunks.go", verdict: outcome.MemoryLimit, long: true},  // bytes.py
		{file: "memory_limit_exceeded/bytes.py", verdict: outcome.MemoryLimit},
		{file: "run_time_error/segfault.c", verdict: outcome.RuntimeError, long: true},                         // exit3.py; runner's TestRun: a signal
		{file: "run_time_error/uncaught.cpp", verdict: outcome.RuntimeError, long: true},                       // exit3.py; runner's TestRun: a signal
		{file: "run_time_error/panic.go", verdict: outcome.RuntimeError, long: true, message: "(at panic.go:"}, // exit3.py; outcome's tests read a Go panic
		{file: "run_time_error/exit3.py", verdict: outcome.RuntimeError},
		{file: "run_time_error/divzero.pas", verdict: outcome.RuntimeError, long: true},     // exit3.py; outcome's tests read Pascal's exit statuses
		{file: "output_limit_exceeded/forever.c", verdict: outcome.OutputLimit, long: true}, // forever_file.py; runner's TestRun floods standard output
		{file: "output_limit_exceeded/forever_file.py", verdict: outcome.OutputLimit},
		{file: "compile_error/syntax.cpp", verdict: outcome.CompileError, long: true}, // syntax.py; report.txtar
		{file: "compile_error/unused.go", verdict: outcome.CompileError, long: true},  // syntax.py; compile's TestCompileError, per language
		{file: "compile_error/syntax.py", verdict: outcome.CompileError},
		{file: "compile_error/syntax.pas", verdict: outcome.CompileError, long: true}, // syntax.py; compile's TestCompileError, per language
		// compile's TestCompileError
		{file: "compile_error/cpp_in_c.c", verdict: outcome.CompileError, message: "cpp_in_c.c does not compile as C but does as C++", long: true},
		{file: "security/fork_bomb.c", verdict: outcome.TimeLimit, kernel: true, long: true}, // runner's TestRun: a fork bomb
		{file: "security/orphan.c", verdict: outcome.WrongAnswer, long: true},                // runner's TestRun: an orphan; every judging here checks that no process is left
		{file: "security/kill_supervisor.c", verdict: outcome.WrongAnswer, long: true},       // runner's TestRun: signals to the supervisor
		{file: "security/symlink_output.c", verdict: outcome.PresentationError, long: true},  // runner's TestSymbolicLinkOutput
		{file: "security/read_answers.c", verdict: outcome.WrongAnswer},
		{file: "security/write_outside.py", verdict: outcome.WrongAnswer},
		{file: "security/network.py", verdict: outcome.WrongAnswer, long: true},        // TestNetwork, with a listener
		{file: "security/forge_verdict.c", verdict: outcome.TimeLimit, long: true},     // runner's TestConfinement: ptrace and pidfd_getfd on the supervisor
		{file: "security/ptrace_supervisor.c", verdict: outcome.TimeLimit, long: true}, // runner's TestConfinement: ptrace on the supervisor
		{file: "security/shared_mapping.c", verdict: outcome.MemoryLimit, long: true},  // memfd.c: memory no process holds privately
		{file: "security/shared_hold.c", verdict: outcome.MemoryLimit, long: true},     // memfd.c: memory no process holds privately
		{file: "security/memfd.c", verdict: outcome.MemoryLimit},
		{file: "security/sysv_shm.c", verdict: outcome.MemoryLimit, long: true},     // memfd.c; runner's TestSegments: a segment counted, none left
		{file: "security/folder_files.c", verdict: outcome.MemoryLimit, long: true}, // memfd.c: files in memory
		{file: "security/static_array.c", verdict: outcome.MemoryLimit},
		{file: "security/stderr_flood.c", verdict: outcome.Accepted, long: true}, // runner's TestRun: standard error past the output limit
		{file: "security/include_secret.c", verdict: outcome.CompileError},
		{file: "security/include_secret.pas", verdict: outcome.CompileError, long: true}, // include_secret.c
		// Hostile text in every message: TestHostileText checks every output shows it escaped.
		{file: "security/hostile_compiler.c", verdict: outcome.CompileError, long: true, message: "score 100/100"},
		{file: "security/hostile_what.cpp", verdict: outcome.RuntimeError, long: true, message: "what(): \x1b]0;"},
		{file: "security/hostile_exception.py", verdict: outcome.RuntimeError, long: true, message: "ValueError: \x1b]0;"},
		{file: "security/hostile_note.c", verdict: outcome.PresentationError, long: true, hint: "the source opens \u009b2J"},
		// include_zero.c meets the memory limit a compiler runs under, the limit runs meet in
		// the memory plants.
		{file: "security/include_zero.c", verdict: outcome.CompileError, long: true},
		{file: "security/Main.java", verdict: outcome.Accepted, long: true},                                                          // TestContestJava; compile's TestMainClass
		{file: "security/many_files.c", verdict: outcome.TimeLimit, long: true},                                                      // runner's TestRun: a fork bomb, many processes and one CPU time
		{file: "security/memfd_in_flight.c", verdict: outcome.MemoryLimit, kernelMemory: true, long: true},                           // memfd.c; sized to the statement's memory limit
		{file: "security/identity.c", verdict: outcome.PresentationError, long: true},                                                // TestNothingIdentifiesATest
		{file: "security/time_and_memory.c", verdict: outcome.TimeLimit, either: outcome.MemoryLimit, long: true},                    // TestOneRuleEverywhere
		{file: "security/big_array.c", verdict: outcome.Accepted, long: true},                                                        // TestBuildCacheBound
		{file: "security/unix_buffers.c", verdict: outcome.MemoryLimit, kernelMemory: true, message: "the kernel's own", long: true}, // memfd_in_flight.c: the kernel's memory
		{file: "security/tcp_buffers.c", verdict: outcome.RuntimeError, message: "socket: Address family not supported", long: true}, // runner's TestSocketFamilies
		// Undefined behaviour: the verdict is the judge's compiler's (another g++ may spin).
		{file: "undefined_behaviour/no_return.cpp", verdict: outcome.RuntimeError, either: outcome.TimeLimit, warning: "no_return.cpp:14:1: warning: no return statement in function returning non-void [-Wreturn-type]"},
	}
	planted := map[string]bool{}
	for _, tc := range tests {
		planted[tc.file] = true
	}
	t.Run("every plant is tested", func(t *testing.T) {
		files, _ := filepath.Glob(submission("*/*"))
		for _, f := range files {
			rel, _ := filepath.Rel(submission(""), f)
			if !planted[filepath.ToSlash(rel)] {
				t.Errorf("%s has no expected verdict here", rel)
			}
		}
	})
	small := tooltest.Pick(oneTest, smallTests)(t)
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			if tc.long {
				tooltest.Long(t)
			}
			if tc.kernelMemory && !strings.Contains(controlGroups(), "memory") {
				t.Skip("only a memory control group sees this memory, and this judge has none (they need root)")
			}
			requireCompiler(t, tc.file)
			segments := sandboxSegments()
			// A program that must meet its memory limit gets a time limit no machine's page
			// faults reach first, and one that must be accepted one no load reaches; the others
			// a tight one. Every day the limits a program must meet are smaller: it spins,
			// sleeps or touches pages until it meets them, and its verdict is the same.
			timeLimit, args := "0.5s", []string{"--tests", small, "--json", "-"}
			switch tc.verdict {
			case outcome.MemoryLimit:
				timeLimit = "10s"
				args = append(args, "--memory-limit", tooltest.Pick("32MiB", "128MiB"))
			case outcome.Accepted:
				timeLimit = "10s"
			case outcome.TimeLimit:
				timeLimit = tooltest.Pick("0.2s", "0.5s")
			}
			args = append(args, "--time-limit", timeLimit)
			if tc.cflags != "" {
				args = append(args, "--cflags", tc.cflags)
			}
			r := runJudge(t, append(args, submission(tc.file))...)
			if after := sandboxSegments(); after > segments {
				t.Errorf("System V segments of the sandbox's user: %d before, %d after", segments, after)
			}
			if r.report == nil {
				t.Fatalf("no report; stderr: %s", r.stderr)
			}
			checkFigures(t, r.report)
			byKernel := func(v outcome.Verdict) bool {
				return tc.kernel && v == outcome.MemoryLimit || tc.either != "" && v == tc.either
			}
			if got := r.report.Summary.Verdict; got != tc.verdict && !byKernel(got) {
				t.Errorf("verdict: got %s, want %s (tests: %s; stderr: %s)", got, tc.verdict, verdicts(r.report), r.stderr)
			}
			first := tc.first
			if first == "" {
				first = tc.verdict
			}
			if tc.verdict != outcome.CompileError && (len(r.report.Results) == 0 || r.report.Results[0].Verdict != first && !byKernel(r.report.Results[0].Verdict)) {
				t.Errorf("first test: got %s, want %s", verdicts(r.report), first)
			}
			for _, test := range r.report.Results {
				if byKernel(test.Verdict) && !strings.Contains(test.Message, "the kernel's own") {
					t.Errorf("%s: got %s (%s), want a time limit or the kernel's memory named", test.Name, test.Verdict, test.Message)
				}
			}
			message := ""
			switch {
			case r.report.Compile != nil:
				message = r.report.Compile.Message
			case len(r.report.Results) > 0:
				message = r.report.Results[0].Message
			}
			if !strings.Contains(message, tc.message) {
				t.Errorf("message: got %q, want it to hold %q", message, tc.message)
			}
			if tc.hint == "" && r.report.Hint != "" || !strings.Contains(r.report.Hint, tc.hint) {
				t.Errorf("note: got %q, want %q", r.report.Hint, tc.hint)
			}
			var warned []string
			for _, w := range r.report.Explained() {
				warned = append(warned, w.String())
			}
			if got := strings.Join(warned, "\n"); got != tc.warning {
				t.Errorf("warnings of undefined behaviour: got %q, want %q", got, tc.warning)
			}
			want := exitRejected
			if tc.verdict == outcome.Accepted {
				want = exitAccepted
			}
			if r.code != want {
				t.Errorf("exit status: got %d, want %d", r.code, want)
			}
		})
	}
}

// checkFigures checks that a report's figures are never over a limit whose verdict the test
// did not get: a time limit by the CPU clock is at or above the limit, no other verdict is over
// it, and, where a memory control group keeps the memory limit, no peak is over it.
func checkFigures(t *testing.T, rep *report.Report) {
	t.Helper()
	kernelMemory := strings.Contains(controlGroups(), "memory")
	for _, test := range rep.Results {
		overTime := test.CPUMS > float64(rep.Limits.TimeMS)
		switch {
		case test.Verdict == outcome.TimeLimit && strings.HasPrefix(test.Message, "CPU time") && test.CPUMS < float64(rep.Limits.TimeMS):
			t.Errorf("%s: a time limit with %v ms of CPU time, want at least the limit %d ms", test.Name, test.CPUMS, rep.Limits.TimeMS)
		case test.Verdict != outcome.TimeLimit && overTime:
			t.Errorf("%s: %s with %v ms of CPU time, over the limit of %d ms", test.Name, test.Verdict, test.CPUMS, rep.Limits.TimeMS)
		case kernelMemory && test.PeakKiB > rep.Limits.MemoryKiB:
			t.Errorf("%s: a peak of %d KiB, over the limit of %d KiB, which the memory group keeps", test.Name, test.PeakKiB, rep.Limits.MemoryKiB)
		case test.Verdict == outcome.MemoryLimit && overTime:
			t.Errorf("%s: a memory limit over the time limit too: time comes first", test.Name)
		}
	}
}

// controlGroups says which control groups the judge's runs have here ("" for none).
func controlGroups() string {
	groupsOnce.Do(func() {
		s, err := runner.New(runner.Options{Mode: runner.Auto, Supervisor: judgeBin})
		if err == nil {
			groups = s.ControlGroups()
			s.Close()
		}
	})
	return groups
}

var (
	groupsOnce sync.Once
	groups     string
)

// sandboxSegments counts the host's System V shared memory segments that belong to nobody, the
// user a root judge runs programs as: a program's segment must not outlive its run.
func sandboxSegments() int {
	data, err := os.ReadFile("/proc/sysvipc/shm")
	if err != nil {
		return 0
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	n := 0
	for _, line := range lines[1:] {
		if f := strings.Fields(line); len(f) > 7 && f[7] == "65534" {
			n++
		}
	}
	return n
}

// TestCheatersWithoutSandbox shows that the security plants do cheat when nothing stops them:
// unisolated, the one that searches the file system finds the answers, and the one that asks
// the network gets them.
func TestCheatersWithoutSandbox(t *testing.T) {
	tooltest.Long(t) // TestNetwork: a cheater unisolated gets the answers, and the warning
	tooltest.Require(t, "gcc", "gcc")
	small := smallTests(t)
	r := runJudge(t, "--sandbox", "none", "--tests", small, "--json", "-", submission("security/read_answers.c"))
	if r.report == nil || r.report.Summary.Verdict != outcome.Accepted {
		t.Errorf("read_answers unisolated: got %v, want AC: the plant should find the answers", r.report)
	}
	if !strings.Contains(r.stderr, "warning: runs are not isolated") {
		t.Errorf("stderr %q lacks the warning that runs are not isolated", r.stderr)
	}
}

// TestNetwork listens on the ports security/network.py tries and answers with the jury's
// answer: sandboxed, the program cannot connect, and the listener sees nobody; unisolated, it
// connects and is accepted.
func TestNetwork(t *testing.T) {
	requireSandbox(t)
	tooltest.Require(t, "python3", "python3")
	small := oneTest(t)
	answers := map[string]string{}
	for _, name := range []string{"01"} {
		in, _ := os.ReadFile(filepath.Join(small, name+".in"))
		ans, _ := os.ReadFile(filepath.Join(small, name+".ans"))
		answers[string(in)] = string(ans)
	}
	var listener net.Listener
	for port := 47011; port <= 47019 && listener == nil; port++ {
		listener, _ = net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	}
	if listener == nil {
		t.Skip("no free port from 47011 to 47019")
	}
	defer listener.Close()
	var connections atomic.Int64
	go func() {
		for {
			conn, err := listener.Accept()
			if err != nil {
				return
			}
			connections.Add(1)
			input, _ := io.ReadAll(conn)
			io.WriteString(conn, answers[string(input)])
			conn.Close()
		}
	}()

	r := runJudge(t, "--tests", small, "--json", "-", submission("security/network.py"))
	if r.report == nil || r.report.Summary.Verdict != outcome.WrongAnswer || connections.Load() != 0 {
		t.Errorf("sandboxed: got %s with %d connections, want WA and none", verdicts(r.report), connections.Load())
	}
	r = runJudge(t, "--sandbox", "none", "--tests", small, "--json", "-", submission("security/network.py"))
	if r.report == nil || r.report.Summary.Verdict != outcome.Accepted || connections.Load() != 1 {
		t.Errorf("unisolated: got %s with %d connections, want AC and 1: the plant should reach the listener", verdicts(r.report), connections.Load())
	}
	if !strings.Contains(r.stderr, "warning: runs are not isolated") {
		t.Errorf("unisolated: stderr %q lacks the warning that runs are not isolated", r.stderr)
	}
}

// TestReport checks the JSON report of an accepted submission over a group, judged two at a
// time: every field of every test. Every day the group is the samples; the long tier judges the
// default group, the official one (TestDefaults checks the default every day).
func TestReport(t *testing.T) {
	tooltest.Require(t, "gcc", "gcc")
	args := []string{"-j", "2", "--json", "-"}
	group, count, nameOf := "official", 20, func(i int) string { return fmt.Sprintf("%02d", i+1) }
	if !tooltest.LongTier() {
		group, count, nameOf = "sample", 2, func(i int) string { return fmt.Sprint(i + 1) }
		args = append(args, "--group", group)
	}
	r := runJudge(t, append(args, submission("accepted/dfs.c"))...)
	if r.code != exitAccepted || r.report == nil {
		t.Fatalf("exit status %d, want 0; stderr: %s", r.code, r.stderr)
	}
	rep := r.report
	if rep.Problem != "target" || rep.Tests != group || rep.Language != "c" || rep.Limits.TimeMS != 2000 || rep.Limits.MemoryKiB != 128<<10 {
		t.Errorf("header: got %+v", rep)
	}
	if len(rep.Results) != count || rep.Summary.Score != 100 || rep.Summary.Counts[outcome.Accepted] != count || rep.Summary.Slowest == nil {
		t.Errorf("summary: got %+v over %d tests, want 100 over %d", rep.Summary, len(rep.Results), count)
	}
	for i, test := range rep.Results {
		name := group + "/" + nameOf(i)
		input, err := os.ReadFile(filepath.Join(kitRoot, "tests", "target", group, nameOf(i)+".in"))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(input)
		switch {
		case test.Name != name:
			t.Errorf("test %d: name %s, want %s", i, test.Name, name)
		case test.Verdict != outcome.Accepted || !strings.HasSuffix(test.Message, "there is no solution") && !strings.HasSuffix(test.Message, "the best score"):
			t.Errorf("%s: %s %q", name, test.Verdict, test.Message)
		case test.CPUMS <= 0 || test.WallMS <= 0 || test.PeakKiB <= 0:
			t.Errorf("%s: cpu %v ms, wall %v ms, peak %d KiB: want all measured", name, test.CPUMS, test.WallMS, test.PeakKiB)
		case test.ExitCode == nil || *test.ExitCode != 0 || test.Signal != nil:
			t.Errorf("%s: exit code %v, signal %v; want 0 and none", name, test.ExitCode, test.Signal)
		case test.InputSHA256 != hex.EncodeToString(sum[:]):
			t.Errorf("%s: input sha256 %s, want %x", name, test.InputSHA256, sum)
		case test.ReferenceCPUMS == nil || test.Ratio == nil:
			t.Errorf("%s: no reference time", name)
		}
	}
}

// TestParallelRerunsNearALimit judges a program that spins, two tests at a time: both are
// stopped at the time limit, then run again alone, and the report says so.
func TestParallelRerunsNearALimit(t *testing.T) {
	tooltest.Require(t, "gcc", "gcc")
	r := runJudge(t, "-j", "2", "--time-limit", "0.1s", "--tests", smallTests(t), "--json", "-", submission("time_limit_exceeded/spin.c"))
	if r.report == nil || verdicts(r.report) != "TLE TLE" {
		t.Fatalf("got %s, want TLE TLE", verdicts(r.report))
	}
	for _, test := range r.report.Results {
		// A machine too busy to give it 100 ms of CPU time within ten wall-clock limits
		// stops it there, and says so.
		if !test.Rerun || test.CPUMS < 100 && !strings.Contains(test.Message, "the machine was busy") {
			t.Errorf("%s: rerun %v, cpu %v ms (%s); want a rerun past 100 ms", test.Name, test.Rerun, test.CPUMS, test.Message)
		}
	}
}

// TestSeeds judges the seeds' target program, when ../shared/baselines is present: it
// enumerates every completion, which the official-shaped tests allow.
func TestSeeds(t *testing.T) {
	tooltest.Long(t) // TestReport: an accepted program over a group; the seed is one program more
	seed := filepath.Join(kitRoot, "..", "shared", "baselines", "target_seed.cpp")
	if _, err := os.Stat(seed); err != nil {
		t.Skip("../shared/baselines/target_seed.cpp is not present on this machine")
	}
	tooltest.Require(t, "g++", "g++")
	r := runJudge(t, "-j", "2", "--cflags", "-O2 -w", "--json", "-", seed)
	if r.code != exitAccepted || r.report == nil || r.report.Summary.Score != 100 {
		t.Errorf("target_seed.cpp: exit status %d, %s; want 0 and AC on every official test", r.code, verdicts(r.report))
	}
}

// TestJudgeScript runs judge.sh as documented, from another folder: it runs the judge from the
// cache, builds it there on first use (in the long tier; every day the cache holds the binaries
// TestMain built, newer than every source), not again when nothing changed, and leaves nothing
// in the kit.
func TestJudgeScript(t *testing.T) {
	tooltest.Require(t, "gcc", "gcc")
	cache, cwd := privateCache(t), openTempDir(t)
	src, err := os.ReadFile(submission("accepted/dfs.c"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cwd, "mine.c"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	// The judge's cache holds the builds of the reference and of mine.c, as the shared cache
	// does: judge.sh's first run builds the judge, not them.
	seedCache(t, filepath.Join(cache, "bullseye"), filepath.Join(cwd, "mine.c"))
	bin := filepath.Join(cache, "bullseye", "bin")
	var built time.Time
	if !tooltest.LongTier() {
		for _, name := range []string{"judge", "supervisor"} {
			data, err := os.ReadFile(filepath.Join(binDir, name))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(bin, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(bin, name), data, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		info, err := os.Stat(filepath.Join(bin, "judge"))
		if err != nil {
			t.Fatal(err)
		}
		built = info.ModTime()
	}
	tests := oneTest(t)
	before := kitEntries(t)
	for i := range 2 {
		cmd := exec.Command(filepath.Join(kitRoot, "judge.sh"), "--tests", tests, "mine.c")
		cmd.Dir = cwd
		// Go's build cache defaults to one under XDG_CACHE_HOME: keep the warm one, or the
		// judge's first build compiles the standard library again.
		cmd.Env = append(withoutEnv("BULLSEYE_CACHE", "TMPDIR"), "XDG_CACHE_HOME="+cache, "GOCACHE="+goCache(t))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("run %d: %v\n%s", i+1, err, out)
		}
		if !strings.Contains(string(out), "score 100/100: 1 of 1 tests passed") {
			t.Errorf("run %d: output lacks the score:\n%s", i+1, out)
		}
		info, err := os.Stat(filepath.Join(bin, "judge"))
		if err != nil {
			t.Fatalf("run %d: the judge is not in the cache: %v", i+1, err)
		}
		if _, err := os.Stat(filepath.Join(bin, "supervisor")); err != nil {
			t.Errorf("run %d: the supervisor is not in the cache: %v", i+1, err)
		}
		if !built.IsZero() && !info.ModTime().Equal(built) {
			t.Errorf("run %d built the judge again, with nothing changed", i+1)
		}
		built = info.ModTime()
	}
	if after := kitEntries(t); after != before {
		t.Errorf("judge.sh changed the kit's folders:\nbefore %s\nafter  %s", before, after)
	}
}

// goCache returns the Go build cache the tests run with.
func goCache(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOCACHE: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// kitEntries lists the entries of the kit's root and of judge/, where a build could leave
// something.
func kitEntries(t *testing.T) string {
	t.Helper()
	var names []string
	for _, dir := range []string{kitRoot, filepath.Join(kitRoot, "judge")} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			names = append(names, e.Name())
		}
	}
	return strings.Join(names, " ")
}

// withoutEnv returns the environment without the named variables.
func withoutEnv(names ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(names, name) {
			env = append(env, kv)
		}
	}
	return env
}

// BenchmarkOverhead judges the reference solution over the official-shaped group, as
// ./judge.sh solution/main.go does, and reports what the judge costs per test beyond the
// program's own run time (wall clock, from start to exit), sandbox, checking and report
// included, with the judge's start-up spread over the tests. Run it with
// go test -run XXX -bench Overhead ./judge. With BULLSEYE_BASELINE_JUDGE naming another
// build of the judge (its supervisor beside it, as judge.sh builds them), each round judges
// with both, one after the other, and reports the other's overhead too, side by side in one
// run.
func BenchmarkOverhead(b *testing.B) {
	// One judging: its wall-clock time beyond the program's, and its CPU time, the judge's,
	// bubblewrap's and the supervisors' (which the judge reaps, with the programs, whose own
	// CPU time is taken off), both per test.
	judgeOnce := func(bin, cache string) (overheadMS, cpuMS, programMS float64) {
		cmd := exec.Command(bin, "--kit", kitRoot, "--cache", cache, "--json", "-", filepath.Join(kitRoot, "solution", "main.go"))
		cmd.Env = withoutEnv("TMPDIR")
		start := time.Now()
		out, err := cmd.Output()
		elapsed := time.Since(start)
		if err != nil {
			b.Fatalf("judging the reference with %s: %v", bin, err)
		}
		var rep report.Report
		if err := json.Unmarshal(out, &rep); err != nil {
			b.Fatal(err)
		}
		var wall, cpu float64
		for _, t := range rep.Results {
			wall += t.WallMS
			cpu += t.CPUMS
		}
		tests := float64(len(rep.Results))
		total := float64((cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Microseconds()) / 1000
		return (float64(elapsed.Microseconds())/1000 - wall) / tests, (total - cpu) / tests, wall / tests
	}
	type judgeBuild struct {
		bin, cache             string
		overhead, cpu, program float64
	}
	judges := []*judgeBuild{{bin: judgeBin, cache: cacheDir}}
	if baseline := os.Getenv("BULLSEYE_BASELINE_JUDGE"); baseline != "" {
		judges = append(judges, &judgeBuild{bin: baseline, cache: cacheDir + "-baseline"})
	}
	for _, j := range judges {
		judgeOnce(j.bin, j.cache) // compiles the reference, measures its times once
	}
	for b.Loop() {
		for _, j := range judges {
			overhead, cpu, program := judgeOnce(j.bin, j.cache)
			j.overhead += overhead
			j.cpu += cpu
			j.program += program
		}
	}
	n := float64(b.N)
	b.ReportMetric(judges[0].overhead/n, "overhead-ms/test")
	b.ReportMetric(judges[0].cpu/n, "overhead-cpu-ms/test")
	b.ReportMetric(judges[0].program/n, "program-ms/test")
	if len(judges) > 1 {
		b.ReportMetric(judges[1].overhead/n, "baseline-overhead-ms/test")
		b.ReportMetric(judges[1].cpu/n, "baseline-overhead-cpu-ms/test")
		b.ReportMetric(judges[1].program/n, "baseline-program-ms/test")
	}
}

// TestInterrupt stops the judge while a program sleeps: the judge kills the run at once, far
// from its wall-clock limit of 201 s, removes its folders and exits with status 3, leaving
// nothing running.
func TestInterrupt(t *testing.T) {
	tooltest.Require(t, "python3", "python3")
	prebuild(t)
	tmp := openTempDir(t)
	cmd := exec.Command(judgeBin, "--kit", kitRoot, "--cache", cacheDir, "--tests", smallTests(t), "--time-limit", "100s",
		submission("time_limit_exceeded/sleep.py"))
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// Wait until the program runs: a process of a run runs its sleep.py (the compiler's check
	// of the source names it too, but runs python3 -c). The bounds only guard against a hang;
	// a judge that waited for the program would take the 201 s of its wall-clock limit.
	const bound = time.Minute
	sleeping := func() bool {
		for _, pid := range leftovers(tmp) {
			cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
			args := strings.Split(strings.TrimSuffix(string(cmdline), "\x00"), "\x00")
			if len(args) > 1 && !slices.Contains(args, "-c") && strings.HasSuffix(args[len(args)-1], "sleep.py") {
				return true
			}
		}
		return false
	}
	for deadline := time.Now().Add(bound); !sleeping(); time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-exited:
			t.Fatalf("the judge ended (%v) before the program ran: %s", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the program did not start within %v", bound)
		}
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-exited:
	case <-time.After(bound):
		cmd.Process.Kill()
		<-exited
		t.Fatalf("the judge did not stop within %v of the interrupt: it waits for the program", bound)
	}
	if code := cmd.ProcessState.ExitCode(); code != exitFailed {
		t.Errorf("exit status %d (%v), want %d", code, err, exitFailed)
	}
	if !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("stderr %q does not say it was interrupted", stderr.String())
	}
	if left := leftovers(tmp); len(left) > 0 {
		t.Errorf("processes left: %v", left)
	}
	if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
		t.Errorf("the judge left %d entries in its temporary folder", len(entries))
	}
}

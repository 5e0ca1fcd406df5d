package kattistest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"bullseye/internal/tooltest"
)

// DOMjudgeTool is where DOMjudge's own judgehost programs sit, pinned (release 9.0.0: runguard,
// compile.sh, testcase_run.sh, the default compile, run and compare scripts), relative to the
// folder that holds the repository: ../shared/tools/domjudge-judge from the repository's root.
const DOMjudgeTool = "shared/tools/domjudge-judge"

// RunUser is the user DOMjudge runs submissions as.
const RunUser = "domjudge-run"

// judgeLimit bounds one judging by the tool: a hang guard, far above what a full package takes.
const judgeLimit = 30 * time.Minute

// JuryResult is DOMjudge's judging of one jury submission of a package.
type JuryResult struct {
	Folder, File string // the submission is submissions/FOLDER/FILE
	// Result is DOMjudge's: correct, wrong-answer, timelimit, run-error, no-output,
	// output-limit, compiler-error, or not-imported for a language a default DOMjudge lacks.
	Result string
	// At is the first test that was not correct (data/sample/1, data/secret/hard/01), "-" when
	// every test was, "(compile)" for a compiler error.
	At string
	// CPU is the most CPU time a test run took, as the tool prints it (cpu<=0.011s).
	CPU string
	// Expected is the result the submission's folder names, "" for a folder that names none;
	// Match is whether Result is it.
	Expected string
	Match    bool
	// Details holds, for a result other than the expected one, what DOMjudge's scripts wrote
	// on the test that decided it: program.meta, system.out, runguard.err.
	Details string
}

// Line returns the result as one line of a table.
func (r JuryResult) Line() string {
	match := "ok"
	if !r.Match {
		match = "MISMATCH"
	}
	return fmt.Sprintf("%-20s %-22s %-15s %-22s %-14s %s (expects %s)", r.Folder, r.File, r.Result, r.At, r.CPU, match, r.Expected)
}

// toolLock keeps judgings of this process apart: the tool creates DOMjudge's control groups
// and removes those it created when it ends, under another judging's feet.
var toolLock sync.Mutex

// DOMjudge judges every jury submission of the legacy package in folder pkg with DOMjudge's own
// judgehost programs, the tool at path tool, on the tests whose path matches the regular
// expression tests ("" for every test), and returns one result per submission. It skips the test
// (fails it under CI) when the tool, root, or a program or library it needs is missing; a
// judging that the tool cannot do fails the test.
func DOMjudge(t *testing.T, tool, pkg, tests string) []JuryResult {
	t.Helper()
	prefix := requireDOMjudge(t, tool)
	toolLock.Lock()
	defer toolLock.Unlock()
	unlock := lockFile(t, filepath.Join(os.TempDir(), "bullseye-domjudge-judge.lock"))
	defer unlock()

	args := append(prefix, tool)
	keep := os.Geteuid() == 0 // the kept folders are root's: only root removes them
	if keep {
		args = append(args, "-k")
	}
	if tests != "" {
		args = append(args, "-t", tests)
	}
	args = append(args, pkg)
	ctx, cancel := context.WithTimeout(context.Background(), judgeLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	kept := keptFolders(stderr.String())
	defer func() {
		for _, dir := range kept {
			// DIR is JUDGINGS/HOST/endpoint-local-PID/ID/ID: the judging's whole folder goes.
			os.RemoveAll(filepath.Dir(filepath.Dir(dir)))
		}
	}()
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("DOMjudge's judgehost did not finish %s within %v\n%s", pkg, judgeLimit, tail(stderr.String()))
	case errors.As(err, &exit) && exit.ExitCode() == 1: // a mismatch: the results say which
	case err != nil:
		t.Fatalf("DOMjudge's judgehost cannot judge %s: %v\n%s", pkg, err, tail(stderr.String()))
	}
	var results []JuryResult
	judged := 0 // submissions the tool judged, each with a kept folder
	for line := range strings.Lines(stdout.String()) {
		r, ok := parseResult(line)
		if !ok {
			t.Fatalf("DOMjudge's judgehost printed %q, not a result", line)
		}
		if r.Result != notImported {
			if !r.Match && judged < len(kept) {
				r.Details = decidingTest(kept[judged])
			}
			judged++
		}
		results = append(results, r)
	}
	if (err == nil) != allMatch(results) {
		t.Fatalf("DOMjudge's judgehost exits %v, but its results say otherwise:\n%s", err, stdout.String())
	}
	return results
}

// notImported is the tool's word for a submission in a language a default DOMjudge lacks.
const notImported = "not-imported"

// allMatch reports whether every submission the tool judged got its folder's result, as its
// exit status says.
func allMatch(results []JuryResult) bool {
	for _, r := range results {
		if !r.Match && r.Result != notImported {
			return false
		}
	}
	return true
}

// requireDOMjudge skips the test (fails it under CI) unless the tool can run here, and returns
// the command that gains root for it: none when the test runs as root, else sudo without a
// password.
func requireDOMjudge(t *testing.T, tool string) []string {
	t.Helper()
	if _, err := os.Stat(tool); err != nil {
		tooltest.Missing(t, "DOMjudge's judgehost programs are not here: "+err.Error())
	}
	var prefix []string
	if os.Geteuid() != 0 {
		if err := exec.Command("sudo", "-n", "true").Run(); err != nil {
			tooltest.Missing(t, "DOMjudge's judgehost needs root (runguard changes user, chroots and mounts): run the tests as root or with sudo that asks no password")
		}
		prefix = []string{"sudo", "-n"}
	}
	for _, p := range [][2]string{{"g++", "g++"}, {"pypy3", "pypy3"}, {"python3", "python3"}, {"unshare", "util-linux"}} {
		tooltest.Require(t, p[0], p[1])
	}
	if _, err := os.Stat("/usr/include/libcgroup.h"); err != nil {
		tooltest.Missing(t, "DOMjudge's runguard needs libcgroup.h: install the Debian package libcgroup-dev")
	}
	if out, err := exec.Command("python3", "-c", "import yaml").CombinedOutput(); err != nil {
		tooltest.Missing(t, fmt.Sprintf("DOMjudge's judgehost tool reads problem.yaml with PyYAML (Debian package python3-yaml): %v: %s", err, out))
	}
	// DOMjudge runs submissions as a user of their own, which its installation makes. Without
	// it the tool runs them as nobody, whose process count (RLIMIT_NPROC, per user) they then
	// share with every other process of nobody's: the kit's own judge runs its programs as
	// nobody, and its fork bomb, judged alongside, makes their start fail (run-error).
	if _, err := user.Lookup(RunUser); err != nil {
		tooltest.Missing(t, "DOMjudge runs submissions as the user "+RunUser+", which its installation makes: "+
			"useradd -d /nonexistent -U -M -s /bin/false "+RunUser)
	}
	_, v1 := os.Stat("/sys/fs/cgroup/memory/memory.memsw.limit_in_bytes")
	_, v2 := os.Stat("/sys/fs/cgroup/cgroup.controllers")
	if v1 != nil && v2 != nil {
		tooltest.Missing(t, "DOMjudge's runguard needs control groups: cgroup v1's memory controller with swap accounting, or cgroup v2")
	}
	return prefix
}

// lockFile holds an exclusive lock on path until the returned function is called: judgings by
// other test processes on this machine wait for it.
func lockFile(t *testing.T, path string) func() {
	t.Helper()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		t.Fatalf("the judgehost's lock: %v", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		t.Fatalf("the judgehost's lock: %v", err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}
}

// parseResult reads one line the tool prints per submission: folder, file, result, first test
// not correct, most CPU time, then "ok" or "MISMATCH" and "(expects RESULT)"; or, for a
// language a default DOMjudge lacks, folder, file, "not-imported" and why.
func parseResult(line string) (JuryResult, bool) {
	f := strings.Fields(line)
	if len(f) >= 3 && f[2] == notImported {
		return JuryResult{Folder: f[0], File: f[1], Result: f[2], At: "-", CPU: "-", Match: false}, true
	}
	if len(f) < 6 || f[5] != "ok" && f[5] != "MISMATCH" {
		return JuryResult{}, false
	}
	r := JuryResult{Folder: f[0], File: f[1], Result: f[2], At: f[3], CPU: f[4], Match: f[5] == "ok"}
	if len(f) == 8 && f[6] == "(expects" {
		r.Expected = strings.TrimSuffix(f[7], ")")
	}
	return r, true
}

// keptFolders returns the judging folders the tool kept (-k), one per submission in its order.
func keptFolders(stderr string) []string {
	var dirs []string
	scanner := bufio.NewScanner(strings.NewReader(stderr))
	for scanner.Scan() {
		if dir, ok := strings.CutPrefix(scanner.Text(), "#   files: "); ok {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

// decidingTest returns what DOMjudge's scripts wrote on the last test run in a submission's
// judging folder, the one that decided its result.
func decidingTest(dir string) string {
	runs, _ := filepath.Glob(filepath.Join(dir, "testcase*", "1"))
	if len(runs) == 0 {
		return "no test ran: " + readAll(filepath.Join(dir, "compile.out"))
	}
	last := runs[len(runs)-1]
	var b strings.Builder
	for _, name := range []string{"program.meta", "system.out", "runguard.err"} {
		fmt.Fprintf(&b, "%s %s:\n%s\n", filepath.Base(filepath.Dir(last)), name, readAll(filepath.Join(last, name)))
	}
	return b.String()
}

func readAll(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	return strings.TrimSpace(string(data))
}

// tail returns the last lines of a tool's log.
func tail(log string) string {
	lines := strings.Split(strings.TrimSpace(log), "\n")
	if len(lines) > 30 {
		lines = lines[len(lines)-30:]
	}
	return strings.Join(lines, "\n")
}

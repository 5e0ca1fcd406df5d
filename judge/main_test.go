package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"bullseye/internal/compile"
	"bullseye/internal/outcome"
	"bullseye/internal/problem"
	"bullseye/internal/report"
	"bullseye/internal/runner"
	"bullseye/internal/tooltest"
)

// The end-to-end tests run the real binaries, built once by TestMain: the judge and its
// supervisor, as judge.sh builds them.
var (
	binDir   string // holds judge and supervisor
	judgeBin string
	kitRoot  string
	cacheDir string // shared by every test: the reference solution is compiled once
)

// referenceSource is the target problem's reference solution, which every judging compiles.
func referenceSource() string {
	return filepath.Join(kitRoot, filepath.FromSlash(problem.Target.Reference))
}

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	tmp, err := os.MkdirTemp("", "judge-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	if kitRoot, err = filepath.Abs(".."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	binDir, cacheDir = binariesDir(tmp), filepath.Join(tmp, "cache")
	judgeBin = filepath.Join(binDir, "judge")
	build := exec.Command("go", "build", "-o", binDir+"/", "./judge", "./judge/supervisor")
	build.Dir, build.Env = kitRoot, append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the judge: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// binariesDir returns the folder TestMain builds the judge into: one of the user's cache for
// this kit, where go build finds the binaries up to date when nothing changed instead of
// linking both again (more than a second of CPU time on every run of the tests), else one in
// tmp.
func binariesDir(tmp string) string {
	if base, err := os.UserCacheDir(); err == nil {
		sum := sha256.Sum256([]byte(kitRoot))
		dir := filepath.Join(base, "bullseye-tests", hex.EncodeToString(sum[:8]))
		if err := os.MkdirAll(dir, 0o700); err == nil {
			return dir
		}
	}
	return filepath.Join(tmp, "bin")
}

// The programs that several tests judge are compiled once into the shared cache before any of
// them runs the judge, as the judge compiles them: parallel tests would otherwise each compile
// the reference solution, a few seconds of CPU time each, and a test whose first judging runs
// unisolated would build Go's standard library into a cache of its own.
var (
	buildsMu sync.Mutex
	builds   = map[string]*compile.Build{} // by source
)

// prebuild compiles the reference solution and sources into the shared cache, each once, and
// returns the build of the last one named.
func prebuild(t testing.TB, sources ...string) *compile.Build {
	t.Helper()
	sources = append([]string{referenceSource()}, sources...)
	buildsMu.Lock()
	defer buildsMu.Unlock()
	var sandbox *runner.Sandbox
	for _, source := range sources {
		if builds[source] != nil {
			continue
		}
		if sandbox == nil {
			s, err := runner.New(runner.Options{Mode: runner.Auto, Supervisor: filepath.Join(binDir, "supervisor")})
			if err != nil {
				t.Fatalf("preparing the sandbox: %v", err)
			}
			defer s.Close()
			sandbox = s
		}
		lang, err := compile.Detect(source)
		if err != nil {
			t.Fatal(err)
		}
		b, err := compile.Compile(context.Background(), source, lang, compile.Options{Cache: cacheDir, Memory: runner.DefaultMemory, Sandbox: sandbox})
		if err != nil {
			t.Fatalf("compiling %s: %v", source, err)
		}
		builds[source] = b
	}
	return builds[sources[len(sources)-1]]
}

// seedCache puts into the judge's cache folder dir the builds of the reference solution and of
// sources from the shared cache, so that a test with a cache of its own compiles none of them
// again.
func seedCache(t testing.TB, dir string, sources ...string) {
	t.Helper()
	for _, source := range append([]string{referenceSource()}, sources...) {
		b := prebuild(t, source)
		rel, err := filepath.Rel(cacheDir, b.Dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.CopyFS(filepath.Join(dir, rel), os.DirFS(b.Dir)); err != nil {
			t.Fatal(err)
		}
	}
}

// judged is one run of the judge: its exit status, its outputs and, when it wrote one, its JSON
// report.
type judged struct {
	code           int
	stdout, stderr string
	report         *report.Report
}

// openTempDir returns a temporary folder that the runs' user, nobody when the tests run as
// root, may enter.
func openTempDir(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// privateCache returns a fresh cache folder that only its owner may enter, as the tests' shared
// one is: a judge running as root then builds Go submissions with its machine-wide Go build
// cache, which the first Go build fills with the standard library, instead of a fresh one in
// the folder, which every test would fill again (some ten seconds of CPU time each).
func privateCache(t testing.TB) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "judge-cache-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// runJudge runs the judge binary with args and the kit's and the cache's folders, its temporary
// folder a fresh one, and checks what every run must leave: no process of the submission, no
// folder in the temporary folder. A --json - report is parsed.
func runJudge(t testing.TB, args ...string) judged {
	t.Helper()
	prebuild(t)
	tmp := openTempDir(t)
	cmd := exec.Command(judgeBin, append([]string{"--kit", kitRoot, "--cache", cacheDir}, args...)...)
	cmd.Dir = kitRoot
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "NO_COLOR=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := judged{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	case err != nil:
		t.Fatalf("running the judge: %v", err)
	}
	for i, arg := range args {
		if arg == "--json" && i+1 < len(args) && args[i+1] == "-" {
			r.report = &report.Report{}
			if err := json.Unmarshal(stdout.Bytes(), r.report); err != nil {
				t.Fatalf("reading the JSON report: %v\n%s\nstderr: %s", err, stdout.String(), stderr.String())
			}
		}
	}
	if left := leftovers(tmp); len(left) > 0 {
		t.Errorf("processes of the submission left after the judge ended: %v", left)
	}
	if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
		t.Errorf("the judge left %d entries in its temporary folder, want none: %v", len(entries), entries[0].Name())
	}
	if cmd.Process != nil {
		if left := leftBehind(cmd.Process.Pid); len(left) > 0 {
			t.Errorf("the judge left %v", left)
		}
	}
	return r
}

// leftBehind returns what a judge that has ended, process pid, left on the machine beyond its
// temporary folder: its control groups (named bullseye-PID-... under the groups of the tests,
// which it shares, or at a v2 hierarchy's root) and its sessions on /dev/shm.
func leftBehind(pid int) []string {
	var left []string
	prefix := fmt.Sprintf("bullseye-%d-", pid)
	mountinfo, _ := os.ReadFile("/proc/self/mountinfo")
	own, _ := os.ReadFile("/proc/self/cgroup")
	var places []string
	for _, line := range strings.Split(string(mountinfo), "\n") {
		f := strings.Fields(line)
		for i, field := range f {
			if field == "-" && i+1 < len(f) && strings.HasPrefix(f[i+1], "cgroup") && f[3] == "/" {
				places = append(places, f[4])
				for _, group := range strings.Split(string(own), "\n") {
					if parts := strings.SplitN(group, ":", 3); len(parts) == 3 {
						places = append(places, filepath.Join(f[4], parts[2]))
					}
				}
			}
		}
	}
	seen := map[string]bool{}
	for _, place := range places {
		found, _ := filepath.Glob(filepath.Join(place, prefix+"*"))
		for _, f := range found {
			if !seen[f] {
				seen[f] = true
				left = append(left, f)
			}
		}
	}
	sessions, _ := filepath.Glob("/dev/shm/bullseye-judge-*")
	for _, session := range sessions {
		if owner, err := os.ReadFile(filepath.Join(session, "owner")); err == nil && strings.TrimSpace(string(owner)) == strconv.Itoa(pid) {
			left = append(left, session)
		}
	}
	return left
}

// leftovers returns the processes whose environment says they are a run under folder prefix.
func leftovers(prefix string) []int {
	var pids []int
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil {
			continue
		}
		env, err := os.ReadFile("/proc/" + p.Name() + "/environ")
		if err == nil && bytes.Contains(env, []byte(runner.RunVariable+"="+prefix)) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// requireSandbox skips a test that needs bubblewrap where it does not work, except under CI.
func requireSandbox(t testing.TB) {
	t.Helper()
	tooltest.Require(t, "bwrap", "bubblewrap")
	sandboxOnce.Do(func() {
		s, err := runner.New(runner.Options{Mode: runner.Isolated, Supervisor: judgeBin})
		if err != nil {
			sandboxProblem = err.Error()
			return
		}
		s.Close()
	})
	if sandboxProblem != "" {
		tooltest.Missing(t, sandboxProblem)
	}
}

var (
	sandboxOnce    sync.Once
	sandboxProblem string
)

// submission returns the path of a planted submission.
func submission(name string) string {
	return filepath.Join(kitRoot, "tests", "submissions", filepath.FromSlash(name))
}

// smallTests returns a folder of two official-shaped tests, one with a completion and one
// without, for the planted submissions that need no more.
func smallTests(t testing.TB) string {
	t.Helper()
	return officialTests(t, "01", "08")
}

// oneTest returns a folder of one official-shaped test, with a completion, for what needs no
// second.
func oneTest(t testing.TB) string {
	t.Helper()
	return officialTests(t, "01")
}

// officialTests returns a folder of the named tests of the official group.
func officialTests(t testing.TB, names ...string) string {
	t.Helper()
	dir := openTempDir(t)
	for _, name := range names {
		for _, ext := range []string{".in", ".ans"} {
			data, err := os.ReadFile(filepath.Join(kitRoot, "tests", "target", "official", name+ext))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name+ext), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// verdicts returns the verdicts of a report's tests, in order.
func verdicts(r *report.Report) string {
	if r == nil {
		return "no report"
	}
	var v []string
	for _, t := range r.Results {
		if t.Verdict == outcome.Failure {
			v = append(v, string(t.Verdict)+" ("+t.Message+")")
		} else {
			v = append(v, string(t.Verdict))
		}
	}
	return strings.Join(v, " ")
}

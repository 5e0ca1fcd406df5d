// Package kattistest runs the programs of a Kattis problem package in tests the way the format
// prescribes: a program folder is built by copying it and running its build script in the copy,
// which must leave an executable run; an input validator reads the input on standard input and
// exits 42 for a valid one; an output validator is called as run INPUT ANSWER FEEDBACK_DIR with
// the output on standard input, exits 42 or 43 and leaves its message in
// FEEDBACK_DIR/judgemessage.txt.
package kattistest

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// Build builds the program in folder dir as the format does and returns the path of its run
// file. env, when not nil, is the whole environment of the build script.
func Build(t *testing.T, dir string, env []string) string {
	t.Helper()
	work := filepath.Join(t.TempDir(), filepath.Base(dir))
	if err := os.CopyFS(work, os.DirFS(dir)); err != nil {
		t.Fatalf("copying program %s: %v", dir, err)
	}
	build := filepath.Join(work, "build")
	info, err := os.Stat(build)
	if err != nil {
		t.Fatalf("program %s: %v", dir, err)
	}
	if info.Mode()&0o111 == 0 {
		t.Fatalf("program %s: build has mode %v, want it executable", dir, info.Mode())
	}
	cmd := exec.Command("./build")
	cmd.Dir = work
	cmd.Env = env
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building program %s: %v\n%s", dir, err, output)
	}
	run := filepath.Join(work, "run")
	info, err = os.Stat(run)
	if err != nil {
		t.Fatalf("program %s: the build left no run: %v", dir, err)
	}
	if info.Mode()&0o111 == 0 {
		t.Fatalf("program %s: run has mode %v, want it executable", dir, info.Mode())
	}
	return run
}

// Exit runs cmd and returns its exit code, failing the test when it did not run at all.
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

// ValidateInput runs input validator run, built in its program folder, on input with args and
// returns its exit code and what it printed. The format runs an input validator in its own
// program folder.
func ValidateInput(t *testing.T, run string, args []string, input []byte) (int, string) {
	t.Helper()
	var output bytes.Buffer
	cmd := exec.Command(run, args...)
	cmd.Dir = filepath.Dir(run)
	cmd.Stdin = bytes.NewReader(input)
	cmd.Stdout, cmd.Stderr = &output, &output
	return Exit(t, cmd), output.String()
}

// ValidateOutput runs output validator run on the files input and answer with output on its
// standard input, in an empty working folder as a submission's folder would be, and returns its
// exit code and the contents of judgemessage.txt ("" when it wrote none).
func ValidateOutput(t *testing.T, run, input, answer string, output []byte) (int, string) {
	t.Helper()
	feedback := t.TempDir()
	cmd := exec.Command(run, input, answer, feedback+string(filepath.Separator))
	cmd.Dir = t.TempDir()
	cmd.Stdin = bytes.NewReader(output)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	code := Exit(t, cmd)
	message, err := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return code, string(message)
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

// WarmEnv returns the environment of this process with GOCACHE set to the Go build cache, so
// that a build script reuses the packages already compiled instead of building them cold.
func WarmEnv(t *testing.T) []string {
	t.Helper()
	output, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOCACHE: %v", err)
	}
	return append(os.Environ(), "GOCACHE="+strings.TrimSpace(string(output)))
}

// Unflatten rebuilds, in a temporary folder, the Go module that the build script of the program
// in dir makes from its flat files, by following the script's cp lines, and returns the
// module's folder; tools such as go vet can then look at the sources as the build sees them.
func Unflatten(t *testing.T, dir string) string {
	t.Helper()
	script, err := os.ReadFile(filepath.Join(dir, "build"))
	if err != nil {
		t.Fatal(err)
	}
	module := t.TempDir()
	copied := 0
	for _, line := range strings.Split(string(script), "\n") {
		fields := strings.Fields(line)
		if len(fields) != 3 || fields[0] != "cp" || !strings.HasPrefix(fields[2], ".module/") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, fields[1]))
		if err != nil {
			t.Fatalf("build script of %s: %v", dir, err)
		}
		dest := filepath.Join(module, filepath.FromSlash(strings.TrimPrefix(fields[2], ".module/")))
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dest, data, 0o644); err != nil {
			t.Fatal(err)
		}
		copied++
	}
	if copied == 0 {
		t.Fatalf("the build script of %s copies no file", dir)
	}
	return module
}

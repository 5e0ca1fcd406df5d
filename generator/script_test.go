package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"bullseye/internal/scripttest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"generator": func() { os.Exit(run(os.Args, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the generator binary end to end on the scripts of testdata/script. Besides
// testscript's own commands, a script has `exits N COMMAND [ARG...]` (package scripttest), which runs the command
// and fails unless it exits with status N, and the variables SOLUTION and CLASSIC_SOLUTION,
// the built reference solutions.
func TestScripts(t *testing.T) {
	solutions := buildSolutions(t)
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("SOLUTION", solutions.target)
			env.Setenv("CLASSIC_SOLUTION", solutions.classic)
			return nil
		},
		Cmds: scripttest.Commands(),
	})
}

type builtSolutions struct{ target, classic string }

// buildSolutions builds the two reference solutions into a folder removed after the test; the
// build cache makes every build after the first cheap.
func buildSolutions(t *testing.T) builtSolutions {
	t.Helper()
	dir := t.TempDir()
	built := builtSolutions{filepath.Join(dir, "solution"), filepath.Join(dir, "classic")}
	for _, b := range []struct{ source, binary string }{
		{"solution/main.go", built.target},
		{"solution/classic/main.go", built.classic},
	} {
		cmd := exec.Command("go", "build", "-o", b.binary, filepath.FromSlash(b.source))
		cmd.Dir = ".."
		if output, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v: %s", b.source, err, output)
		}
	}
	return built
}

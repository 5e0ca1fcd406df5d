package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"bullseye/internal/scripttest"
)

func TestMain(m *testing.M) {
	testscript.Main(withBuilds{m}, map[string]func(){
		"generator": func() { os.Exit(run(os.Args, os.Stdout, os.Stderr)) },
	})
}

// withBuilds runs the tests, then removes the reference solutions they built.
type withBuilds struct{ m *testing.M }

func (w withBuilds) Run() int {
	defer func() {
		if built.dir != "" {
			os.RemoveAll(built.dir)
		}
	}()
	return w.m.Run()
}

// TestScripts runs the generator binary end to end on the scripts of testdata/script. Besides
// testscript's own commands, a script has `exits N COMMAND [ARG...]` (package scripttest), which runs the command
// and fails unless it exits with status N, and the variables SOLUTION and CLASSIC_SOLUTION,
// the built reference solutions.
func TestScripts(t *testing.T) {
	t.Parallel()
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

// built holds the reference solutions, built once per test binary by the first test that needs
// them.
var built struct {
	once      sync.Once
	dir       string
	solutions builtSolutions
	err       error
}

// buildSolutions returns the two reference solutions, built on first use into a folder removed
// after the tests.
func buildSolutions(t *testing.T) builtSolutions {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "generator-test-"); built.err != nil {
			return
		}
		s := builtSolutions{filepath.Join(built.dir, "solution"), filepath.Join(built.dir, "classic")}
		for _, b := range []struct{ source, binary string }{
			{"solution/main.go", s.target},
			{"solution/classic/main.go", s.classic},
		} {
			cmd := exec.Command("go", "build", "-o", b.binary, filepath.FromSlash(b.source))
			cmd.Dir = ".."
			if output, err := cmd.CombinedOutput(); err != nil {
				built.err = fmt.Errorf("building %s: %v: %s", b.source, err, output)
				return
			}
		}
		built.solutions = s
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.solutions
}

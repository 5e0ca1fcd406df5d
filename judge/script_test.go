package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestScripts runs the end-to-end scripts in testdata/script against the built judge. Besides
// testscript's own commands they have "exits CODE COMMAND [ARGS...]", which runs a command and
// requires its exact exit status, since the judge's status is its verdict. $KIT is the kit's
// root and $CACHE the shared cache; the judge reads them from its flags.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("PATH", binDir+string(os.PathListSeparator)+os.Getenv("PATH"))
			env.Setenv("KIT", kitRoot)
			env.Setenv("CACHE", cacheDir)
			env.Setenv("SUBMISSIONS", filepath.Join(kitRoot, "tests", "submissions"))
			env.Setenv("NO_COLOR", "1")
			// Runs as nobody must enter the work folder and the temporary one in it.
			_ = os.Chmod(filepath.Join(env.WorkDir, ".tmp"), 0o777|os.ModeSticky)
			for d := env.WorkDir; d != filepath.Dir(d) && d != os.TempDir(); d = filepath.Dir(d) {
				if err := os.Chmod(d, 0o755); err != nil {
					return err
				}
			}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"exits": exits},
	})
}

func exits(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! exits")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exits CODE COMMAND [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	var exitErr *exec.ExitError
	if err := ts.Exec(args[1], args[2:]...); errors.As(err, &exitErr) {
		got = exitErr.ExitCode()
	} else if err != nil {
		ts.Fatalf("%s: %v", args[1], err)
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

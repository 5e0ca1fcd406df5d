package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"bullseye/internal/scripttest"
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
		Cmds: scripttest.Commands(),
	})
}

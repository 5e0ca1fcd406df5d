package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"bullseye/internal/scripttest"
	"bullseye/internal/tooltest"
)

// TestScripts runs the end-to-end scripts in testdata/script against the built judge. Besides
// testscript's own commands they have "exits CODE COMMAND [ARGS...]", which runs a command and
// requires its exact exit status, since the judge's status is its verdict, and the condition
// [long], true in the long tier. $KIT is the kit's root and $CACHE the shared cache; the judge
// reads them from its flags. $NEVER_MINUS_ONE is a submission that prints 0 where the answer is
// -1: the C twin in testdata every day, the planted Go program in the long tier.
func TestScripts(t *testing.T) {
	neverMinusOne, err := filepath.Abs(filepath.Join("testdata", "plants", "never_minus_one.c"))
	if err != nil {
		t.Fatal(err)
	}
	if tooltest.LongTier() {
		neverMinusOne = submission("wrong_answer/never_minus_one.go")
	}
	// The scripts run side by side: what two of them judge is built once, before.
	prebuild(t, neverMinusOne)
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Condition: func(cond string) (bool, error) {
			if cond == "long" {
				return tooltest.LongTier(), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("PATH", binDir+string(os.PathListSeparator)+os.Getenv("PATH"))
			env.Setenv("KIT", kitRoot)
			env.Setenv("CACHE", cacheDir)
			env.Setenv("SUBMISSIONS", filepath.Join(kitRoot, "tests", "submissions"))
			env.Setenv("NEVER_MINUS_ONE", neverMinusOne)
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

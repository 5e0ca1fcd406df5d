package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"bullseye/internal/scripttest"

	"github.com/urfave/cli/v2"

	"bullseye/internal/testlib"
)

func TestMain(m *testing.M) {
	// The scripts run this test binary as the real checker command, a process of its own.
	testscript.Main(m, map[string]func(){"checker": main})
}

// TestScripts runs the end-to-end scripts in testdata/script. Besides testscript's own
// commands they have "exits CODE COMMAND [ARGS...]", which runs a command and requires its
// exact exit status, since a checker's status is its verdict.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Cmds:                scripttest.Commands(),
	})
}

func TestRunTurnsAPanicIntoAFail(t *testing.T) {
	var stderr strings.Builder
	app := newApp(strings.NewReader(""), &strings.Builder{}, &stderr)
	app.Commands = append(app.Commands, &cli.Command{Name: "boom", Action: func(*cli.Context) error { panic("index out of range") }})
	if code := run(app, []string{"checker", "boom"}, &stderr); code != testlib.ExitFail {
		t.Errorf("exit code: got %d, want %d", code, testlib.ExitFail)
	}
	if want := "FAIL the checker broke: index out of range\n"; stderr.String() != want {
		t.Errorf("stderr: got %q, want %q", stderr.String(), want)
	}
}

func TestRunMapsErrorsToExitCodes(t *testing.T) {
	tests := []struct {
		name   string
		err    error
		code   int
		stderr string
	}{
		{"verdict", testlib.Exit(testlib.Reject("expected 2852, found 2849"), testlib.ProtocolTestlib), 1, "wrong answer expected 2852, found 2849\n"},
		{"Kattis verdict", testlib.Exit(testlib.Accept("2852"), testlib.ProtocolKattis), 42, "ok 2852\n"},
		{"plain error", errors.New("disk on fire"), 3, "FAIL disk on fire\n"},
		{"no error", nil, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stderr strings.Builder
			app := newApp(strings.NewReader(""), &strings.Builder{}, &stderr)
			app.Commands = append(app.Commands, &cli.Command{Name: "try", Action: func(*cli.Context) error { return tc.err }})
			if code := run(app, []string{"checker", "try"}, &stderr); code != tc.code {
				t.Errorf("exit code: got %d, want %d", code, tc.code)
			}
			if stderr.String() != tc.stderr {
				t.Errorf("stderr: got %q, want %q", stderr.String(), tc.stderr)
			}
		})
	}
}

func TestVerdictErrorIsAnExitCoder(t *testing.T) {
	var err error = testlib.Exit(testlib.Malformed("x"), testlib.ProtocolTestlib)
	var exit cli.ExitCoder
	if !errors.As(err, &exit) || exit.ExitCode() != testlib.ExitPresentationError {
		t.Errorf("got %T, want a cli.ExitCoder with code %d", err, testlib.ExitPresentationError)
	}
}

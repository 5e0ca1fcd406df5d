package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"golang.org/x/term"

	"bullseye/internal/compile"
	"bullseye/internal/runner"
	"bullseye/internal/warnings"
)

// session is what judging and stress testing share: a sandbox and the programs installed in
// it, the submission and the reference solution.
type session struct {
	sandbox      *runner.Sandbox
	submission   runner.Program
	reference    runner.Program
	referenceKey string // the reference build's content key
	// warnings are the compiler's warnings about the submission; rename names its source as
	// the contestant does in a run's message (javac's Main.java is their sudoku.java).
	warnings []warnings.Warning
	rename   func(string) string
}

// openSession compiles the submission and the reference solution and prepares the sandbox. A
// submission that does not compile returns its *compile.Error and no session.
func openSession(ctx context.Context, cfg *config, stderr io.Writer) (*session, *compile.Error, error) {
	if source, err := os.ReadFile(cfg.submission); err == nil && len(bytes.TrimSpace(source)) == 0 {
		// A compiler's complaint about an empty file (a linker's missing main) says less.
		return nil, &compile.Error{Message: fmt.Sprintf("%s is empty: there is no program to compile", cfg.submission)}, nil
	}
	sandbox, err := newSandbox(cfg, stderr)
	if err != nil {
		return nil, nil, err
	}
	s, ce, err := compileInto(ctx, cfg, sandbox)
	if s == nil {
		sandbox.Close()
		return nil, ce, err
	}
	return s, nil, nil
}

// compileInto compiles the submission and the reference solution, the compilers confined as
// the runs are, and installs both in the sandbox.
func compileInto(ctx context.Context, cfg *config, sandbox *runner.Sandbox) (*session, *compile.Error, error) {
	build, err := compile.Compile(ctx, cfg.submission, cfg.lang, compile.Options{Flags: cfg.cflags, Cache: cfg.cache, Memory: cfg.limits.Memory, Sandbox: sandbox})
	if ce, ok := compile.IsError(err); ok {
		return nil, ce, nil
	}
	if err != nil {
		return nil, nil, failure(fmt.Errorf("compiling the submission: %w", err))
	}
	goLang, err := compile.Lookup("go")
	if err != nil {
		return nil, nil, failure(err)
	}
	refBuild, err := compile.Compile(ctx, filepath.Join(cfg.kit, cfg.problem.Reference), goLang, compile.Options{Cache: cfg.cache, Memory: cfg.limits.Memory, Sandbox: sandbox})
	if err != nil {
		return nil, nil, failure(fmt.Errorf("compiling the reference solution %s: %w", cfg.problem.Reference, err))
	}
	s := &session{sandbox: sandbox, referenceKey: refBuild.Key, warnings: build.Warnings, rename: build.Rename}
	if s.submission, err = sandbox.Install(build.Dir, build.Argv); err == nil {
		s.reference, err = sandbox.Install(refBuild.Dir, refBuild.Argv)
	}
	if err != nil {
		return nil, nil, failure(err)
	}
	return s, nil, nil
}

// newSandbox prepares the sandbox and warns on stderr when its runs are not isolated.
func newSandbox(cfg *config, stderr io.Writer) (*runner.Sandbox, error) {
	supervisor, err := supervisorBinary()
	if err != nil {
		return nil, failure(err)
	}
	sandbox, err := runner.New(runner.Options{Mode: cfg.mode, Supervisor: supervisor})
	if err != nil {
		return nil, failure(fmt.Errorf("preparing the sandbox: %w", err))
	}
	switch {
	case cfg.mode == runner.Unisolated:
		fmt.Fprintln(stderr, "judge: warning: runs are not isolated (--sandbox none): a program can read the expected answers and anything else its user can")
	case !sandbox.Isolated():
		fmt.Fprintf(stderr, "judge: warning: runs are not isolated: %s; a program can read the expected answers and anything else its user can\n", sandbox.Warning())
	}
	return sandbox, nil
}

// supervisorBinary returns the supervisor built beside the judge's binary, which starts fast,
// or else the judge's binary itself, which supervises too.
func supervisorBinary() (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("finding the judge's own binary: %w", err)
	}
	beside := filepath.Join(filepath.Dir(self), "supervisor")
	if info, err := os.Stat(beside); err == nil && info.Mode().IsRegular() && info.Mode().Perm()&0o111 != 0 {
		return beside, nil
	}
	return self, nil
}

// close removes the session's folder, the runs' folders with it.
func (s *session) close(stderr io.Writer) {
	if err := s.sandbox.Close(); err != nil {
		fmt.Fprintln(stderr, "judge: warning:", err)
	}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	if u, ok := w.(interface{ Unwrap() io.Writer }); ok {
		w = u.Unwrap()
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// colorFor reports whether output to w is coloured: on a terminal, unless NO_COLOR is set to
// anything but "" (no-color.org).
func colorFor(w io.Writer) bool { return isTerminal(w) && os.Getenv("NO_COLOR") == "" }

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"bullseye/internal/scripttest"
)

func TestMain(m *testing.M) {
	// The commands take the reference solutions of the kit's repository from the tests' cache.
	buildSolution = func(root, source, dir string) (string, error) {
		if abs, err := filepath.Abs(root); err != nil || abs != repositoryRoot {
			return goBuild(root, source, dir)
		}
		return cachedBuild(source)
	}
	testscript.Main(m, map[string]func(){
		"generator": func() { os.Exit(run(os.Args, os.Stdout, os.Stderr)) },
	})
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

// built holds the reference solutions, found or built once per test binary by the first test
// that needs them.
var built struct {
	once      sync.Once
	solutions builtSolutions
	err       error
}

// buildSolutions returns the two reference solutions, built once per test binary into the
// machine's cache of them (solutionCache).
func buildSolutions(t *testing.T) builtSolutions {
	t.Helper()
	built.once.Do(func() {
		var s builtSolutions
		if s.target, built.err = cachedBuild("solution/main.go"); built.err != nil {
			return
		}
		if s.classic, built.err = cachedBuild("solution/classic/main.go"); built.err != nil {
			return
		}
		built.solutions = s
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.solutions
}

// repositoryRoot is the kit's repository, the package's parent folder.
var repositoryRoot, _ = filepath.Abs("..")

// solutionCache is where the tests keep the reference solutions they build, between runs, as
// Go keeps its build cache: each reference is one file of the standard library alone, so its
// source, go.mod and the Go release decide its binary, which lies under their hash. A run whose
// sources are unchanged builds nothing.
var solutionCache = filepath.Join(os.TempDir(), fmt.Sprintf("bullseye-test-solutions-%d", os.Geteuid()))

// staleSolutions is how long a build of the cache may go unused before a new build removes it.
const staleSolutions = 7 * 24 * time.Hour

// cachedBuild returns the binary of the reference solution at source (relative to the
// repository's root) from solutionCache, building it there first when it is not. The binary is
// named after the source's folder: solution, classic.
func cachedBuild(source string) (string, error) {
	name := path.Base(path.Dir(source))
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", runtime.Version(), source)
	for _, file := range []string{source, "go.mod"} {
		data, err := os.ReadFile(filepath.Join(repositoryRoot, filepath.FromSlash(file)))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%d\x00", len(data))
		h.Write(data)
	}
	dir := filepath.Join(solutionCache, hex.EncodeToString(h.Sum(nil))[:24])
	binary := filepath.Join(dir, name)
	if info, err := os.Stat(binary); err == nil && info.Mode().IsRegular() {
		now := time.Now()
		os.Chtimes(dir, now, now) // in use: not stale
		return binary, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// Built beside its place and renamed into it, so that a test binary running at the same
	// time finds the whole binary or none.
	staging, err := os.MkdirTemp(dir, ".build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(staging)
	cmd := exec.Command("go", "build", "-o", filepath.Join(staging, name), filepath.FromSlash(source))
	cmd.Dir = repositoryRoot
	if output, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building %s: %v: %s", source, err, output)
	}
	if err := os.Rename(filepath.Join(staging, name), binary); err != nil {
		return "", err
	}
	// Builds of sources long gone go.
	if entries, err := os.ReadDir(solutionCache); err == nil {
		for _, e := range entries {
			if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > staleSolutions {
				os.RemoveAll(filepath.Join(solutionCache, e.Name()))
			}
		}
	}
	return binary, nil
}

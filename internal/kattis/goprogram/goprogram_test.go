package goprogram

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bullseye/internal/kattis"
	"bullseye/internal/kattis/kattistest"
)

// kit is the kit's module, from this package's folder.
var kit = Module{Path: "bullseye", Root: filepath.Join("..", "..", ".."), GoVersion: "1.22"}

const verdictMain = `package main

import (
	"fmt"

	"bullseye/internal/verdict"
)

func main() { fmt.Println(verdict.Accept("%d folders", 1)) }
`

func write(t *testing.T, files []kattis.File) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "program")
	if err := kattis.WriteDir(dir, files); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestFolder(t *testing.T) {
	files, err := kit.Folder([]byte(verdictMain), "A test program.")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Path)
		if f.Executable != (f.Path == "build") {
			t.Errorf("%s: executable %v, want only build executable", f.Path, f.Executable)
		}
	}
	want := []string{"README", "build", "go.mod", "internal.verdict.error.go", "internal.verdict.judgement.go",
		"internal.verdict.protocol.go", "internal.verdict.verdict.go", "main.go"}
	if !slices.Equal(names, want) {
		t.Errorf("got files %q, want %q", names, want)
	}
	dir := write(t, files)
	goMod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil || string(goMod) != "module bullseye\n\ngo 1.22\n" {
		t.Errorf("go.mod: got %q (%v), want the module at go 1.22", goMod, err)
	}
	readme, err := os.ReadFile(filepath.Join(dir, "README"))
	if err != nil || !strings.HasPrefix(string(readme), "A test program.\n\n") || !strings.Contains(string(readme), "version 1.22 or later") {
		t.Errorf("README: got %q (%v), want it to say what the program is and the Go it needs", readme, err)
	}

	run := kattistest.Build(t, dir, kattistest.WarmEnv(t))
	output, err := exec.Command(run).Output()
	if err != nil || string(output) != "ok: 1 folders\n" {
		t.Errorf("the built program: got %q (%v), want %q", output, err, "ok: 1 folders\n")
	}
	module := kattistest.Unflatten(t, dir)
	for _, name := range []string{"go.mod", "main.go", "internal/verdict/verdict.go"} {
		if _, err := os.Stat(filepath.Join(module, filepath.FromSlash(name))); err != nil {
			t.Errorf("the module the build script makes: %v", err)
		}
	}
}

func TestFolderRefuses(t *testing.T) {
	tests := []struct {
		name  string
		main  string
		fault string
	}{
		{"a downloaded module", "package main\n\nimport _ \"github.com/sergi/go-diff/diffmatchpatch\"\n\nfunc main() {}\n",
			"imports github.com/sergi/go-diff/diffmatchpatch, which is neither the standard library nor module bullseye"},
		{"a package that imports one", "package main\n\nimport _ \"bullseye/internal/textdiff\"\n\nfunc main() {}\n",
			"imports github.com/sergi/go-diff/diffmatchpatch"},
		{"a package that is not there", "package main\n\nimport _ \"bullseye/internal/nowhere\"\n\nfunc main() {}\n",
			"reading package bullseye/internal/nowhere"},
		{"source that does not parse", "package main\n\nimport (\n", "reading the program's main.go"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := kit.Folder([]byte(tc.main), "A test program.")
			if err == nil || !strings.Contains(err.Error(), tc.fault) {
				t.Errorf("got %v, want an error saying %q", err, tc.fault)
			}
		})
	}
}

// TestBuildWithoutGo checks that the build script says what is missing when there is no Go.
func TestBuildWithoutGo(t *testing.T) {
	files, err := kit.Folder([]byte(verdictMain), "A test program.")
	if err != nil {
		t.Fatal(err)
	}
	dir := write(t, files)
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh on this machine")
	}
	cmd := exec.Command(sh, "./build")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + t.TempDir()}
	output, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(output), "the Go toolchain (go 1.22 or later) is not on the search path") {
		t.Errorf("got %v and %q, want a failure that names the missing toolchain", err, output)
	}
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCommandsStayLight keeps the kit's programs off heavy standard packages: every package a
// command links is compiled at a newcomer's first build, and an HTTP stack (which a progress-bar
// library once brought in) doubles it.
func TestCommandsStayLight(t *testing.T) {
	heavy := []string{"net/http", "crypto/tls"}
	cmd := exec.Command("go", "list", "-deps", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, pkg := range heavy {
		for _, dep := range deps {
			if dep == pkg {
				t.Errorf("the kit's packages link %s, want none of %v", pkg, heavy)
			}
		}
	}
}

// TestReadmeNamesTheGoVersion keeps the README's Go version the one go.mod asks for.
func TestReadmeNamesTheGoVersion(t *testing.T) {
	goMod, err := os.ReadFile(filepath.Join("..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\d+\.\d+)(\.\d+)?$`).FindSubmatch(goMod)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "Go " + string(m[1]) + " or later"; !strings.Contains(string(readme), want) {
		t.Errorf("README.md does not say %q, as go.mod's go line asks", want)
	}
}

// TestReadmeMapsTheTree keeps the README's "What is here" table true to the tree: every folder at
// the root and every package under internal/ is named there, and nothing it names is gone.
func TestReadmeMapsTheTree(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	start := strings.Index(text, "## What is here")
	if start < 0 {
		t.Fatal(`README.md has no "What is here" section`)
	}
	table := text[start:]
	if end := strings.Index(table[3:], "\n## "); end >= 0 {
		table = table[:end+3]
	}
	named := map[string]bool{}
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 {
			continue
		}
		// The first cell names paths: `internal/grid`, `classic` (a sibling under internal/).
		prefix := ""
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cells[1], -1) {
			name := strings.TrimSuffix(m[1], "/")
			if dir := filepath.Dir(name); dir != "." {
				prefix = dir + "/"
			} else if prefix != "" && !strings.Contains(name, ".") {
				name = prefix + name
			}
			named[name] = true
		}
	}
	var want []string
	roots, _ := os.ReadDir("..")
	for _, e := range roots {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") && e.Name() != "export" && e.Name() != "internal" {
			want = append(want, e.Name())
		}
	}
	internal, _ := os.ReadDir(filepath.Join("..", "internal"))
	for _, e := range internal {
		if e.IsDir() {
			want = append(want, "internal/"+e.Name())
		}
	}
	for _, name := range want {
		if !named[name] {
			t.Errorf("README.md's What is here does not name %s", name)
		}
	}
	for name := range named {
		if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(name))); err != nil {
			t.Errorf("README.md's What is here names %s, not in the tree: %v", name, err)
		}
	}
}

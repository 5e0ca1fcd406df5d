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

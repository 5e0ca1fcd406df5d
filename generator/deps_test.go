package main

import (
	"os/exec"
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

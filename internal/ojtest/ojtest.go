// Package ojtest runs, for the tests, the judging systems' own code that reads a checker's run
// and a package's configuration: ojcheck (Hydro's, LemonLime's, LibreOJ's and UOJ's result
// readers, Codeforces' and DOMjudge's rules, Kattis problemtools' reader; Hydro's config reading)
// and lemonlime-judge (LemonLime's judging core, headless). Both are pinned beside the
// repository, in ../shared/tools; each says in its header what it needs.
package ojtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bullseye/internal/tooltest"
)

// The tools, relative to the folder that holds the repository.
const (
	OJCheckTool   = "shared/tools/ojcheck/ojcheck"
	LemonLimeTool = "shared/tools/lemonlime-judge"
)

// Tool returns the absolute path of a tool for a test run in a folder depth levels below the
// repository's root, and skips the test (fails it under CI) when the tool or what it needs is
// missing.
func Tool(t testing.TB, depth int, rel string) string {
	t.Helper()
	up := strings.Repeat("../", depth+1)
	path, err := filepath.Abs(filepath.Join(filepath.FromSlash(up), filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		tooltest.Missing(t, "the judging systems' pinned code is not here: "+err.Error())
	}
	tooltest.Require(t, "g++", "g++")
	tooltest.Require(t, "pkg-config", "pkg-config")
	if rel == OJCheckTool {
		tooltest.Require(t, "node", "nodejs")
		tooltest.Require(t, "npm", "npm")
	} else {
		tooltest.Require(t, "cmake", "cmake")
		tooltest.Require(t, "bwrap", "bubblewrap")
	}
	if err := exec.Command("pkg-config", "--exists", "Qt6Core").Run(); err != nil {
		tooltest.Missing(t, "the LemonLime code needs Qt 6 Core: install the Debian package qt6-base-dev")
	}
	return path
}

// Verdict is one platform's reading of a checker's run, one line of ojcheck's output.
type Verdict struct {
	Platform string // hydro/testlib, hydro/kattis, lemonlime/testlib, libreoj, uoj, codeforces/polygon, domjudge, kattis/problemtools
	Verdict  string // accepted, wrong answer, presentation error, judgement failed, partial N, points X
	Score    string // "100/100", "-"
	Status   string // the platform's own name for it
	Message  string // as the platform shows it
}

var verdictLine = regexp.MustCompile(`^(\S+)\s+(accepted|wrong answer|presentation error|judgement failed|partial \S+|points \S+)\s+(\S+)\s+\[(.*?)\] ("(?:[^"\\]|\\.)*")`)

// Run gives ojcheck one run of a checker, its exit code and standard error, and the Kattis
// feedback folder when there is one (""), and returns each platform's verdict by platform.
func Run(tool string, exit int, stderr []byte, feedbackDir string) (map[string]Verdict, error) {
	dir, err := os.MkdirTemp("", "ojcheck-run-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	errFile := filepath.Join(dir, "stderr")
	if err := os.WriteFile(errFile, stderr, 0o644); err != nil {
		return nil, err
	}
	args := []string{"--exit", fmt.Sprint(exit), "--stderr", errFile}
	if feedbackDir != "" {
		args = append(args, "--feedback-dir", feedbackDir)
	}
	var out, errOut bytes.Buffer
	cmd := exec.Command(tool, args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("ojcheck %s: %v\n%s", strings.Join(args, " "), err, errOut.String())
	}
	return ParseVerdicts(out.String())
}

// ParseVerdicts reads ojcheck's lines.
func ParseVerdicts(out string) (map[string]Verdict, error) {
	verdicts := map[string]Verdict{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		m := verdictLine.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("ojcheck printed a line it should not: %q", line)
		}
		var message string
		if err := jsonUnquote(m[5], &message); err != nil {
			return nil, fmt.Errorf("ojcheck's message %s: %v", m[5], err)
		}
		verdicts[m[1]] = Verdict{Platform: m[1], Verdict: m[2], Score: m[3], Status: m[4], Message: message}
	}
	if len(verdicts) == 0 {
		return nil, errors.New("ojcheck printed nothing")
	}
	return verdicts, nil
}

// jsonUnquote reads ojcheck's JSON-quoted message.
func jsonUnquote(quoted string, s *string) error { return json.Unmarshal([]byte(quoted), s) }

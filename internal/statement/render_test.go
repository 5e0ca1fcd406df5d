package statement

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var names = map[string]string{"en": "Target <Sudoku>", "zh": "靶形数独"}

func TestHTML(t *testing.T) {
	samples := []Sample{{Input: []byte("7 0 0\n"), Answer: []byte("2829\n")}, {Input: []byte("0 < 1\n"), Answer: []byte("2852\n")}}
	page, err := HTML("target", names, samples)
	if err != nil {
		t.Fatal(err)
	}
	got := string(page)
	for _, want := range []string{
		"<title>Target &lt;Sudoku&gt;</title>", "<h1>靶形数独</h1>", "<h2>Input</h2>", "<h2>输入</h2>",
		"<h2>Sample 2</h2>", "<h2>样例 1</h2>", "<pre>2829\n</pre>", "<pre>0 &lt; 1\n</pre>",
		"<em>givens</em>", "<i>w(r, c) = 10 - max(|r - 5|, |c - 5|).</i>", "<i>-1</i>",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(got, "$") {
		t.Error("the page shows a dollar sign: a formula was left as TeX")
	}
	if n := strings.Count(got, "<h2>Sample"); n != 2 {
		t.Errorf("got %d English samples, want 2", n)
	}
	if _, err := HTML("killer", names, nil); err == nil {
		t.Error("an unknown problem: got no error")
	}
}

func TestTeX(t *testing.T) {
	for _, problem := range Problems() {
		for _, lang := range Languages {
			t.Run(problem+"."+lang, func(t *testing.T) {
				tex, err := TeX(problem, lang, "A_B & C")
				if err != nil {
					t.Fatal(err)
				}
				got := string(tex)
				if !strings.HasPrefix(got, "\\problemname{A\\_B \\& C}\n\n") {
					t.Errorf("got %q..., want it to start with the escaped name", got[:min(40, len(got))])
				}
				if strings.Count(got, "\\begin{verbatim}") != strings.Count(got, "\\end{verbatim}") {
					t.Error("unbalanced verbatim")
				}
				// Outside formulas and verbatim, no character TeX treats specially is left bare.
				outside := got
				for _, block := range strings.Split(got, "\\begin{verbatim}")[1:] {
					body, _, _ := strings.Cut(block, "\\end{verbatim}")
					outside = strings.Replace(outside, body, "", 1)
				}
				parts := strings.Split(outside, "$")
				if len(parts)%2 == 0 {
					t.Fatalf("an odd number of dollar signs")
				}
				for i := 0; i < len(parts); i += 2 {
					for _, bare := range []string{" _", " &", " %", " #"} {
						if strings.Contains(parts[i], bare) {
							t.Errorf("text outside formulas holds a bare %q", bare[1:])
						}
					}
				}
			})
		}
	}
	tex, err := TeX("target", "en", "Target Sudoku")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"$$w(r, c) = 10 - \\max(|r - 5|, |c - 5|).$$", "\\section*{Input}", "\\emph{givens}", "$-1$"} {
		if !strings.Contains(string(tex), want) {
			t.Errorf("the TeX lacks %q", want)
		}
	}
}

// TestTeXCompiles compiles each TeX statement with LuaLaTeX, where it is installed, in a small
// document standing in for problemtools' class (which defines \problemname). The Chinese ones
// need luatexja.
func TestTeXCompiles(t *testing.T) {
	if _, err := exec.LookPath("lualatex"); err != nil {
		t.Skip("lualatex is not installed: the TeX statements are checked by TestTeX alone")
	}
	for _, problem := range Problems() {
		for _, lang := range Languages {
			preamble := "\\documentclass{article}\n\\newcommand{\\problemname}[1]{\\section*{#1}}\n"
			if lang == "zh" {
				if err := exec.Command("kpsewhich", "luatexja.sty").Run(); err != nil {
					t.Logf("%s.%s: not compiled, luatexja is not installed", problem, lang)
					continue
				}
				preamble += "\\usepackage{luatexja}\n"
			}
			body, err := TeX(problem, lang, "Name")
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			doc := preamble + "\\begin{document}\n" + string(body) + "\n\\end{document}\n"
			if err := os.WriteFile(filepath.Join(dir, "problem.tex"), []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("lualatex", "-interaction=nonstopmode", "-halt-on-error", "problem.tex")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s.%s: lualatex: %v\n%s", problem, lang, err, out)
			} else {
				t.Logf("%s.%s: compiled", problem, lang)
			}
		}
	}
}

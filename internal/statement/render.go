package statement

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Sample is one sample test shown with a statement.
type Sample struct {
	Input, Answer []byte
}

// Titles are the headings the rendered statements add, by language.
var titles = map[string]struct{ sample, input, output string }{
	"en": {"Sample", "Input", "Output"},
	"zh": {"样例", "输入", "输出"},
}

// HTML renders the problem's statement as one HTML page for judging systems that show a page
// (DOMjudge reads problem_statement/problem.html): the title and statement in every language,
// each followed by the samples. names gives the title by language. The page needs no script:
// the statements' formulas, which are small, are written as italic text (see formulasAsHTML).
func HTML(problem string, names map[string]string, samples []Sample) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(names["en"]))
	b.WriteString("<style>body{max-width:48em;margin:auto;font-family:sans-serif;line-height:1.5}" +
		"pre{background:#f4f4f4;padding:.5em}table.sample td{vertical-align:top;padding-right:2em}</style>\n")
	b.WriteString("</head>\n<body>\n")
	for _, lang := range Languages {
		source, err := Markdown(problem, lang)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "<section lang=\"%s\">\n<h1>%s</h1>\n", lang, html.EscapeString(names[lang]))
		var body bytes.Buffer
		if err := goldmark.Convert(source, &body); err != nil {
			return nil, fmt.Errorf("rendering the %s statement of %s: %w", lang, problem, err)
		}
		b.Write(formulasAsHTML(body.Bytes()))
		t := titles[lang]
		for i, s := range samples {
			fmt.Fprintf(&b, "<h2>%s %d</h2>\n<table class=\"sample\"><tr><th>%s</th><th>%s</th></tr>\n"+
				"<tr><td><pre>%s</pre></td><td><pre>%s</pre></td></tr></table>\n",
				t.sample, i+1, t.input, t.output, html.EscapeString(string(s.Input)), html.EscapeString(string(s.Answer)))
		}
		b.WriteString("</section>\n")
	}
	b.WriteString("</body>\n</html>\n")
	return b.Bytes(), nil
}

var (
	displayFormula = regexp.MustCompile(`\$\$(.+?)\$\$`)
	inlineFormula  = regexp.MustCompile(`\$(.+?)\$`)
	texSymbols     = strings.NewReplacer(`\max`, "max", `\min`, "min", `\times`, "×", `\cdot`, "·",
		`\le`, "≤", `\ge`, "≥", `\ne`, "≠", `\ldots`, "…", `\,`, " ", `\`, "")
)

// formulasAsHTML turns the TeX formulas of a rendered statement into italic text, a display
// formula into a paragraph of its own: the statements use only letters, digits, operators and
// a few named symbols, which read well as plain text.
func formulasAsHTML(page []byte) []byte {
	page = displayFormula.ReplaceAllFunc(page, func(m []byte) []byte {
		return []byte("<span style=\"display:block;text-align:center\"><i>" + texSymbols.Replace(string(m[2:len(m)-2])) + "</i></span>")
	})
	return inlineFormula.ReplaceAllFunc(page, func(m []byte) []byte {
		return []byte("<i>" + texSymbols.Replace(string(m[1:len(m)-1])) + "</i>")
	})
}

// TeX renders the statement of problem in language lang as the body of a problemtools
// problem.LANG.tex: \problemname, then the text, with headings as sections and code blocks as
// verbatim. Text between dollar signs is TeX already and is kept as it is; everywhere else the
// characters TeX treats specially are escaped. The format appends the samples itself.
func TeX(problem, lang, name string) ([]byte, error) {
	source, err := Markdown(problem, lang)
	if err != nil {
		return nil, err
	}
	doc := goldmark.DefaultParser().Parse(text.NewReader(source))
	r := texRenderer{source: source}
	fmt.Fprintf(&r.out, "\\problemname{%s}\n\n", escapeTeX(name))
	if err := r.block(doc); err != nil {
		return nil, fmt.Errorf("%s statement of %s: %w", lang, problem, err)
	}
	return bytes.TrimRight(r.out.Bytes(), "\n"), nil
}

// texRenderer walks a Markdown tree and writes LaTeX; inMath tracks dollar signs across the
// pieces of text of one paragraph.
type texRenderer struct {
	source []byte
	out    bytes.Buffer
	inMath bool
}

func (r *texRenderer) block(n ast.Node) error {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Heading:
			if c.Level <= 2 {
				r.out.WriteString("\\section*{")
			} else {
				r.out.WriteString("\\subsection*{")
			}
			if err := r.inline(c); err != nil {
				return err
			}
			r.out.WriteString("}\n\n")
		case *ast.Paragraph:
			if err := r.inline(c); err != nil {
				return err
			}
			r.out.WriteString("\n\n")
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			r.out.WriteString("\\begin{verbatim}\n")
			lines := c.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				r.out.Write(seg.Value(r.source))
			}
			r.out.WriteString("\\end{verbatim}\n\n")
		case *ast.List:
			env := "itemize"
			if c.IsOrdered() {
				env = "enumerate"
			}
			fmt.Fprintf(&r.out, "\\begin{%s}\n", env)
			for item := c.FirstChild(); item != nil; item = item.NextSibling() {
				r.out.WriteString("\\item ")
				var inner texRenderer
				inner.source = r.source
				if err := inner.block(item); err != nil {
					return err
				}
				r.out.Write(bytes.TrimRight(inner.out.Bytes(), "\n"))
				r.out.WriteString("\n")
			}
			fmt.Fprintf(&r.out, "\\end{%s}\n\n", env)
		case *ast.TextBlock:
			if err := r.inline(c); err != nil {
				return err
			}
			r.out.WriteString("\n")
		default:
			return fmt.Errorf("line %d: Markdown %s has no TeX rendering here", lineOf(r.source, c), c.Kind())
		}
	}
	return nil
}

func (r *texRenderer) inline(n ast.Node) error {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			r.text(string(c.Segment.Value(r.source)))
			if c.SoftLineBreak() || c.HardLineBreak() {
				r.out.WriteString("\n")
			}
		case *ast.String:
			r.text(string(c.Value))
		case *ast.Emphasis:
			cmd := "\\emph{"
			if c.Level == 2 {
				cmd = "\\textbf{"
			}
			r.out.WriteString(cmd)
			if err := r.inline(c); err != nil {
				return err
			}
			r.out.WriteString("}")
		case *ast.CodeSpan:
			var code strings.Builder
			for t := c.FirstChild(); t != nil; t = t.NextSibling() {
				if s, ok := t.(*ast.Text); ok {
					code.Write(s.Segment.Value(r.source))
				}
			}
			r.out.WriteString("\\texttt{" + escapeTeX(code.String()) + "}")
		default:
			return fmt.Errorf("Markdown %s has no TeX rendering here", c.Kind())
		}
	}
	r.inMath = false // a formula never spans paragraphs
	return nil
}

// text writes plain text, keeping what lies between dollar signs as TeX. A formula may come in
// several pieces, since the Markdown parser splits text at backslashes.
func (r *texRenderer) text(s string) {
	for {
		i := strings.IndexByte(s, '$')
		if i < 0 {
			break
		}
		r.piece(s[:i])
		delimiter := "$"
		if strings.HasPrefix(s[i:], "$$") {
			delimiter = "$$" // display math: one delimiter, not two
		}
		r.out.WriteString(delimiter)
		r.inMath = !r.inMath
		s = s[i+len(delimiter):]
	}
	r.piece(s)
}

func (r *texRenderer) piece(s string) {
	if r.inMath {
		r.out.WriteString(s)
	} else {
		r.out.WriteString(escapeTeX(s))
	}
}

// escapeTeX escapes the characters TeX treats specially in running text.
func escapeTeX(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch c {
		case '\\':
			b.WriteString("\\textbackslash{}")
		case '&', '%', '#', '_', '{', '}':
			b.WriteString("\\" + string(c))
		case '~':
			b.WriteString("\\textasciitilde{}")
		case '^':
			b.WriteString("\\textasciicircum{}")
		case '$':
			b.WriteString("\\$")
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

func lineOf(source []byte, n ast.Node) int {
	if lines := n.Lines(); lines != nil && lines.Len() > 0 {
		return 1 + bytes.Count(source[:lines.At(0).Start], []byte("\n"))
	}
	return 0
}

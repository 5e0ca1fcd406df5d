package testlib

import (
	"fmt"
	"strings"
)

// Name returns the words testlib's quitf prints before a checker's message, as every judging
// system that reads a testlib checker matches them: "ok", "wrong answer", "wrong output format"
// (a presentation error) and "FAIL".
func (v Result) Name() string {
	switch v {
	case OK:
		return "ok"
	case WrongAnswer:
		return "wrong answer"
	case PresentationError:
		return "wrong output format"
	case Fail:
		return "FAIL"
	}
	return fmt.Sprintf("Result(%d)", uint8(v))
}

// Outcome returns the outcome attribute of testlib's XML result file (-appes).
func (v Result) Outcome() string {
	switch v {
	case OK:
		return "accepted"
	case WrongAnswer:
		return "wrong-answer"
	case PresentationError:
		return "presentation-error"
	}
	return "fail"
}

// Line renders the judgement's line exactly as testlib's quitf writes it to standard error: the
// result's name, a space, the message: "wrong answer expected 2852, found 2849". Hydro wants "ok "
// with its space and UOJ the first word "ok"; the line has no colon for either to stumble on.
func (j Judgement) Line() string { return j.Result.Name() + " " + j.Message }

// XML renders testlib's result file in -appes mode (Codeforces' and PCMS2's format): a verdict
// element whose text is the message, with &, <, >, " escaped and control bytes made dots, as
// testlib's xmlSafeWrite does.
func (j Judgement) XML() string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="windows-1251"?>`)
	fmt.Fprintf(&b, `<result outcome = "%s">`, j.Result.Outcome())
	for i := 0; i < len(j.Message); i++ {
		switch c := j.Message[i]; {
		case c == '&':
			b.WriteString("&amp;")
		case c == '<':
			b.WriteString("&lt;")
		case c == '>':
			b.WriteString("&gt;")
		case c == '"':
			b.WriteString("&quot;")
		case c <= 31:
			b.WriteByte('.')
		default:
			b.WriteByte(c)
		}
	}
	b.WriteString("</result>\n")
	return b.String()
}

package compile

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// encodingNote says, for a source that did not compile, when its encoding may be the cause: a
// source that is not UTF-8 (most often GBK, which editors on Chinese Windows save, with Chinese
// comments), UTF-16, or UTF-8 behind a byte-order mark, which javac refuses. "" when the
// source is plain UTF-8.
func encodingNote(lang *Language, name string, code []byte) string {
	switch {
	case bytes.HasPrefix(code, []byte{0xFF, 0xFE}) || bytes.HasPrefix(code, []byte{0xFE, 0xFF}):
		return fmt.Sprintf("%s is UTF-16 text (it begins with a byte-order mark), which compilers do not read: save it as UTF-8", name)
	case lang.Name == "java" && bytes.HasPrefix(code, []byte{0xEF, 0xBB, 0xBF}):
		return fmt.Sprintf("%s begins with a UTF-8 byte-order mark (EF BB BF), which javac refuses: save it as UTF-8 without one", name)
	case utf8.Valid(code):
		return ""
	}
	line := 1 + bytes.Count(code[:firstInvalid(code)], []byte("\n"))
	encoding := "an encoding other than UTF-8"
	if looksGBK(code) {
		encoding = "GBK (GB18030), as editors on Chinese Windows save Chinese text"
	}
	return fmt.Sprintf("%s is not UTF-8 text: from line %d it looks like %s; save it as UTF-8 (the compiler's message follows)", name, line, encoding)
}

// firstInvalid returns the offset of the first byte of code that is not UTF-8.
func firstInvalid(code []byte) int {
	for i := 0; i < len(code); {
		r, size := utf8.DecodeRune(code[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(code)
}

// looksGBK reports whether code reads as GBK or GB18030 text with Chinese in it: every byte
// above ASCII is part of a two-byte character (a lead byte 0x81-0xFE, a trail byte 0x40-0xFE
// but 0x7F) or of a four-byte GB18030 one, and most two-byte characters lie where GB2312
// puts its Chinese characters and punctuation (both bytes 0xA1-0xFE), as a Chinese comment's
// do. Text in a Latin encoding, whose accented letters stand alone among ASCII, fails it.
func looksGBK(code []byte) bool {
	pairs, chinese := 0, 0
	for i := 0; i < len(code); {
		c := code[i]
		switch {
		case c < 0x80:
			i++
			continue
		case c == 0x80 || c == 0xFF || i+1 >= len(code):
			return false
		}
		t := code[i+1]
		switch {
		case t >= 0x30 && t <= 0x39: // a four-byte GB18030 character
			if i+3 >= len(code) || code[i+2] < 0x81 || code[i+2] > 0xFE || code[i+3] < 0x30 || code[i+3] > 0x39 {
				return false
			}
			i += 4
		case t >= 0x40 && t <= 0xFE && t != 0x7F:
			pairs++
			if c >= 0xA1 && t >= 0xA1 {
				chinese++
			}
			i += 2
		default:
			return false
		}
	}
	return pairs > 0 && 2*chinese >= pairs
}

// encodingCause reports whether a compiler's message about a source that is not plain UTF-8
// may come from its encoding: a note for a UTF-16 source or one behind a byte-order mark, or a
// message that speaks of bytes or encodings (g++'s "stray '\262' in program", javac's
// "unmappable character", Python's "Non-UTF-8 code", Go's "invalid UTF-8 encoding"), or one
// that names a line holding a byte that is not UTF-8 (shown:LINE: or shown(LINE,). g++ and
// Free Pascal take a GBK comment as it is: a GBK source that fails for another reason is not
// told about its encoding.
func encodingCause(message, shown string, code []byte) bool {
	if bytes.HasPrefix(code, []byte{0xFF, 0xFE}) || bytes.HasPrefix(code, []byte{0xFE, 0xFF}) || bytes.HasPrefix(code, []byte{0xEF, 0xBB, 0xBF}) {
		return true
	}
	lower := strings.ToLower(message)
	for _, word := range []string{"stray", "unmappable", "utf-8", "utf8", "encoding", "codec", "illegal character", "invalid character", "non-ascii"} {
		if strings.Contains(lower, word) {
			return true
		}
	}
	for i, line := range bytes.Split(code, []byte("\n")) {
		if utf8.Valid(line) {
			continue
		}
		n := strconv.Itoa(i + 1)
		for _, mention := range []string{shown + ":" + n + ":", shown + "(" + n + ",", "line " + n + "\n", "line " + n + ","} {
			if strings.Contains(message, mention) {
				return true
			}
		}
	}
	return false
}

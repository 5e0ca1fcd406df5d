package compile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// mainClass returns the class of a Java build that has a public static void main(String[]),
// found the way DOMjudge finds it: in every class file the compiler wrote, those of a package's
// folders included, whatever the source file's name. When several have one, the one named like
// the source wins (with or without its package), else the first by path.
func mainClass(dir, preferred string) (string, error) {
	files, err := classFiles(dir)
	if err != nil {
		return "", err
	}
	var found []string
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			return "", err
		}
		name, hasMain, err := parseClass(data)
		if err != nil {
			return "", fmt.Errorf("%s: %w", f, err)
		}
		if hasMain {
			found = append(found, name)
		}
	}
	if len(found) == 0 {
		return "", errors.New("no class has a public static void main(String[])")
	}
	for _, name := range found {
		if name == preferred || strings.HasSuffix(name, "."+preferred) {
			return name, nil
		}
	}
	return found[0], nil
}

// classFiles returns the class files below dir, slash-separated paths relative to it, sorted:
// javac puts a package's classes in the package's folders.
func classFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && strings.HasSuffix(d.Name(), ".class") {
			rel, err := filepath.Rel(dir, path)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.Sort(files)
	return files, err
}

// javaSourceName returns the name javac wants for a Java source: NAME.java for a source
// whose top-level public class (or interface, enum, record) is NAME, else the file's own
// name. A contestant's sudoku.java holding public class Main compiles as Main.java.
func javaSourceName(source string, code []byte) string {
	if name := publicClass(code); name != "" {
		return name + ".java"
	}
	return filepath.Base(source)
}

// publicClass returns the name of the first top-level type declared public in Java source
// code, or "" when there is none. It reads the tokens outside comments, string, text-block
// and character literals, at brace depth 0.
func publicClass(code []byte) string {
	s := string(code)
	depth := 0
	public := false // the declaration under way at depth 0 is public
	wantName := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case strings.HasPrefix(s[i:], "/*"):
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return ""
			}
			i += end + 4
		case strings.HasPrefix(s[i:], `"""`):
			end := strings.Index(s[i+3:], `"""`)
			if end < 0 {
				return ""
			}
			i += end + 6
		case c == '"' || c == '\'':
			i++
			for i < len(s) && s[i] != c && s[i] != '\n' {
				if s[i] == '\\' {
					i++
				}
				i++
			}
			i++
		case c == '{':
			depth++
			public, wantName = false, false
			i++
		case c == '}':
			depth = max(depth-1, 0)
			i++
		case c == ';':
			if depth == 0 {
				public, wantName = false, false
			}
			i++
		case isJavaLetter(c):
			start := i
			for i < len(s) && (isJavaLetter(s[i]) || s[i] >= '0' && s[i] <= '9') {
				i++
			}
			if depth > 0 {
				continue
			}
			word := s[start:i]
			switch {
			case wantName:
				if public {
					return word
				}
				wantName = false
			case word == "public":
				public = true
			case word == "class" || word == "interface" || word == "enum" || word == "record":
				wantName = true
			}
		default:
			i++
		}
	}
	return ""
}

func isJavaLetter(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c >= 0x80
}

// classReader reads a class file's big-endian fields, remembering the first fault.
type classReader struct {
	data []byte
	err  error
}

func (r *classReader) take(n int) []byte {
	if r.err != nil || n > len(r.data) {
		r.err = errors.New("truncated class file")
		return make([]byte, min(n, 8)) // enough for u2 and u4, whatever size the file claims
	}
	b := r.data[:n]
	r.data = r.data[n:]
	return b
}

func (r *classReader) u2() int { return int(binary.BigEndian.Uint16(r.take(2))) }
func (r *classReader) u4() int { return int(binary.BigEndian.Uint32(r.take(4))) }

// Access flags of a method.
const (
	accPublic = 0x0001
	accStatic = 0x0008
)

// parseClass returns a class file's class name, dots between packages, and whether it has a
// public static void main(String[]).
func parseClass(data []byte) (string, bool, error) {
	r := &classReader{data: data}
	if r.u4() != 0xCAFEBABE {
		return "", false, errors.New("not a class file")
	}
	r.take(4) // versions
	count := r.u2()
	utf8 := make(map[int]string)
	classNames := make(map[int]int)
	for i := 1; i < count && r.err == nil; i++ {
		switch tag := r.take(1)[0]; tag {
		case 1:
			utf8[i] = string(r.take(r.u2()))
		case 7:
			classNames[i] = r.u2()
		case 8, 16, 19, 20:
			r.take(2)
		case 15:
			r.take(3)
		case 3, 4, 9, 10, 11, 12, 17, 18:
			r.take(4)
		case 5, 6:
			r.take(8)
			i++ // a long or a double takes two slots
		default:
			return "", false, fmt.Errorf("constant pool tag %d", tag)
		}
	}
	r.take(2) // access flags
	this := r.u2()
	r.take(2) // super class
	r.take(2 * r.u2())
	skipMembers := func(check func(flags int, name, descriptor string)) {
		for n := r.u2(); n > 0 && r.err == nil; n-- {
			flags, name, descriptor := r.u2(), r.u2(), r.u2()
			check(flags, utf8[name], utf8[descriptor])
			for a := r.u2(); a > 0 && r.err == nil; a-- {
				r.take(2)
				r.take(r.u4())
			}
		}
	}
	skipMembers(func(int, string, string) {})
	hasMain := false
	skipMembers(func(flags int, name, descriptor string) {
		if name == "main" && descriptor == "([Ljava/lang/String;)V" && flags&(accPublic|accStatic) == accPublic|accStatic {
			hasMain = true
		}
	})
	if r.err != nil {
		return "", false, r.err
	}
	name, ok := utf8[classNames[this]]
	if !ok {
		return "", false, errors.New("no class name")
	}
	return strings.ReplaceAll(name, "/", "."), hasMain, nil
}

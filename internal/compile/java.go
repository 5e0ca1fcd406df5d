package compile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// mainClass returns the class of a Java build that has a public static void main(String[]),
// found the way DOMjudge finds it: in the class files, whatever the source file's name. When
// several have one, the one named like the source wins, else the first by name.
func mainClass(dir, preferred string) (string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.class"))
	if err != nil {
		return "", err
	}
	slices.Sort(files)
	var found []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		name, hasMain, err := parseClass(data)
		if err != nil {
			return "", fmt.Errorf("%s: %w", filepath.Base(f), err)
		}
		if hasMain {
			found = append(found, name)
		}
	}
	switch {
	case len(found) == 0:
		return "", errors.New("no class has a public static void main(String[])")
	case slices.Contains(found, preferred):
		return preferred, nil
	}
	return found[0], nil
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

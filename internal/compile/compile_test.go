package compile

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"bullseye/internal/tooltest"
)

// tools maps each language to the program its test needs and that program's Debian package.
// Java is optional to the judge (a judge without a JDK calls a Java submission CE), not to its
// tests: under CI, .ci/run installs the JDK.
var tools = map[string][2]string{
	"c": {"gcc", "gcc"}, "cpp": {"g++", "g++"}, "go": {"go", "golang"}, "python": {"python3", "python3"},
	"pascal": {"fpc", "fp-compiler"}, "java": {"javac", "default-jdk-headless"},
}

func requireLanguage(t *testing.T, lang string) {
	t.Helper()
	if tool, ok := tools[lang]; ok {
		tooltest.Require(t, tool[0], tool[1])
	}
}

func TestCompileAndRun(t *testing.T) {
	tests := []struct {
		source string
		lang   string
		files  []string
		long   bool // in the long tier only: a second source of a language
	}{
		{source: "hello.c", lang: "c", files: []string{"main"}},
		{source: "hello.cpp", lang: "cpp", files: []string{"main"}},
		{source: "hello.go", lang: "go", files: []string{"main"}},
		{source: "hello.py", lang: "python", files: []string{"hello.py"}},
		{source: "hello.pas", lang: "pascal", files: []string{"main"}},
		// Every day packaged/sudoku.java builds and runs Java, a class in a package in a file
		// named otherwise: the plain case is the long tier's.
		{source: "Hello.java", lang: "java", files: []string{"Hello.class"}, long: true},
		{source: "packaged/sudoku.java", lang: "java", files: []string{"contest"}},
		{source: "hello.sh", lang: "exe", files: []string{"main"}},
	}
	cache := t.TempDir()
	for _, tc := range tests {
		t.Run(tc.source, func(t *testing.T) {
			if tc.long {
				tooltest.Long(t)
			}
			requireLanguage(t, tc.lang)
			source := filepath.Join("testdata", tc.source)
			lang, err := Detect(source)
			if err != nil {
				t.Fatalf("Detect: %v", err)
			}
			if lang.Name != tc.lang {
				t.Fatalf("language: got %s, want %s", lang.Name, tc.lang)
			}
			b, err := Compile(context.Background(), source, lang, Options{Cache: cache, Memory: 64 << 20})
			if err != nil {
				t.Fatalf("Compile: %v", err)
			}
			entries, err := os.ReadDir(b.Dir)
			if err != nil {
				t.Fatal(err)
			}
			var files []string
			for _, e := range entries {
				files = append(files, e.Name())
			}
			if strings.Join(files, " ") != strings.Join(tc.files, " ") {
				t.Errorf("build files: got %v, want %v", files, tc.files)
			}
			argv := b.Argv(b.Dir)
			out, err := exec.Command(argv[0], argv[1:]...).Output()
			if err != nil {
				t.Fatalf("running %v: %v", argv, err)
			}
			if string(out) != "2906\n" {
				t.Errorf("output: got %q, want %q", out, "2906\n")
			}

			// Compiling again is a hit by the build's key: the same folder, left as it was,
			// with a file the compiler would not have kept.
			built := folderState(t, b.Dir)
			marker := filepath.Join(b.Dir, "kept-from-the-first-build")
			if err := os.WriteFile(marker, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			again, err := Compile(context.Background(), source, lang, Options{Cache: cache, Memory: 64 << 20})
			if err != nil {
				t.Fatalf("Compile again: %v", err)
			}
			if _, err := os.Stat(marker); err != nil || again.Key != b.Key || again.Dir != b.Dir {
				t.Errorf("compiling again: got key %s in %s (marker: %v), want the cached build %s in %s", again.Key, again.Dir, err, b.Key, b.Dir)
			}
			os.Remove(marker)
			if now := folderState(t, b.Dir); now != built {
				t.Errorf("compiling again changed the build's files:\nbefore %s\nafter  %s", built, now)
			}
		})
	}
	if leftovers, _ := filepath.Glob(filepath.Join(cache, "build", "work-*")); len(leftovers) > 0 {
		t.Errorf("build folders left in the cache: %v", leftovers)
	}
}

// folderState describes the files of dir: name, size, time and inode of each.
func folderState(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %d %d %d; ", e.Name(), info.Size(), info.ModTime().UnixNano(), info.Sys().(*syscall.Stat_t).Ino)
	}
	return b.String()
}

func TestCompileError(t *testing.T) {
	tests := []struct {
		source string
		lang   string
		want   string // a piece of the compiler's message, which names the contestant's file
		not    string // a piece the message must not hold
		long   bool   // in the long tier only: the same path as an everyday case
	}{
		{source: "broken.c", lang: "c", want: "broken.c:2:16: error: ‘missing’ undeclared", not: "main.c"},
		{source: "broken.cpp", lang: "cpp", want: "broken.cpp:1:21: error: ‘missing’ was not declared", not: "main.cpp"},
		// A compiler's message as a compilation error, as broken.c's and broken.cpp's every day.
		{source: "broken.go", lang: "go", want: "./broken.go:3:8: \"fmt\" imported and not used", not: "main.go", long: true},
		{source: "broken.py", lang: "python", want: "broken.py\", line 1", not: "main.py"},
		{source: "broken.pas", lang: "pascal", want: "broken.pas(3,11) Error: Identifier not found \"missing\"", not: "main.pas"},
		{source: "cpp_in_c.c", lang: "c", want: "cpp_in_c.c does not compile as C but does as C++: a .c file is compiled as C (gcc), as on contest judges; name it cpp_in_c.cpp to have it compiled as C++\ncpp_in_c.c:6:22: error"},
		// A GBK comment, which g++ takes as it is, in a source that fails for another reason:
		// no word of the encoding.
		{source: "gbk.cpp", lang: "cpp", want: "gbk.cpp:2:21: error: ‘missing’ was not declared", not: "UTF-8"},
		// GBK in the code: the cause comes first.
		{source: "gbk_stray.cpp", lang: "cpp", want: "gbk_stray.cpp is not UTF-8 text: from line 2 it looks like GBK (GB18030), as editors on Chinese Windows save Chinese text; save it as UTF-8 (the compiler's message follows)\ngbk_stray.cpp:2:16: error: stray"},
		// javac reads UTF-8: a GBK comment alone is a compilation error. The note before the
		// compiler's message is gbk_stray.cpp's every day; javac's message names the
		// contestant's file, not the class's, as go build's (broken.go) does every day.
		{source: "gbk.java", lang: "java", want: "gbk.java is not UTF-8 text: from line 1 it looks like GBK (GB18030), as editors on Chinese Windows save Chinese text; save it as UTF-8 (the compiler's message follows)\ngbk.java:1: error: unmappable character", not: "Gbk.java", long: true},
	}
	for _, tc := range tests {
		t.Run(tc.source, func(t *testing.T) {
			if tc.long {
				tooltest.Long(t)
			}
			requireLanguage(t, tc.lang)
			source := filepath.Join("testdata", tc.source)
			lang, err := Detect(source)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Compile(context.Background(), source, lang, Options{Cache: t.TempDir()})
			ce, ok := IsError(err)
			if !ok {
				t.Fatalf("got %v, want a compilation error", err)
			}
			if !strings.Contains(ce.Message, tc.want) {
				t.Errorf("message %q does not contain %q", ce.Message, tc.want)
			}
			if tc.not != "" && strings.Contains(ce.Message, tc.not) {
				t.Errorf("message %q contains %q", ce.Message, tc.not)
			}
			if strings.Contains(ce.Message, "Free Pascal Compiler version") {
				t.Errorf("message %q keeps the compiler's banner", ce.Message)
			}
		})
	}
}

func TestEncodingNote(t *testing.T) {
	java, _ := Lookup("java")
	cpp, _ := Lookup("cpp")
	gbk := []byte("int main() {}\n// \xb0\xd0\xd0\xce\xca\xfd\xb6\xc0\n") // 靶形数独 in GBK
	gb18030 := []byte("// \xb0\xd0 \x81\x30\x81\x30\n")                   // 靶 and U+0080 in GB18030
	tests := []struct {
		name string
		lang *Language
		code []byte
		want string
	}{
		{"utf-8", java, []byte("// 靶形数独\nclass A {}\n"), ""},
		{"gbk", java, gbk, "a.src is not UTF-8 text: from line 2 it looks like GBK (GB18030)"},
		{"gb18030's four-byte characters", cpp, gb18030, "it looks like GBK (GB18030)"},
		{"latin-1", cpp, []byte("// caf\xe9 cr\xe8me\n"), "from line 1 it looks like an encoding other than UTF-8"},
		{"a lone lead byte at the end", cpp, []byte("int x; // \xb0"), "an encoding other than UTF-8"},
		{"utf-16", cpp, []byte("\xff\xfei\x00n\x00t\x00"), "a.src is UTF-16 text"},
		{"a byte-order mark, java", java, []byte("\xef\xbb\xbfclass A {}"), "byte-order mark (EF BB BF), which javac refuses"},
		{"a byte-order mark, c++", cpp, []byte("\xef\xbb\xbfint main() {}"), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := encodingNote(tc.lang, "a.src", tc.code)
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func FuzzLooksGBK(f *testing.F) {
	f.Add([]byte("// \xb0\xd0\xd0\xce\n"))
	f.Add([]byte("\x81\x30\x81\x30"))
	f.Fuzz(func(t *testing.T, code []byte) {
		java, _ := Lookup("java")
		_ = encodingNote(java, "a.java", code) // never panics, whatever the bytes
	})
}

func TestMissingCompiler(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	lang, err := Lookup("cpp")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Compile(context.Background(), filepath.Join("testdata", "hello.cpp"), lang, Options{Cache: t.TempDir()})
	ce, ok := IsError(err)
	if !ok {
		t.Fatalf("got %v, want a compilation error", err)
	}
	if want := "g++ is not installed (Debian package g++)"; ce.Message != want {
		t.Errorf("got %q, want %q", ce.Message, want)
	}
}

func TestFlagsReplaceTheDefaults(t *testing.T) {
	requireLanguage(t, "cpp")
	lang, err := Lookup("cpp")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Compile(context.Background(), filepath.Join("testdata", "hello.cpp"), lang, Options{Cache: t.TempDir(), Flags: []string{"-std=c++98"}})
	if _, ok := IsError(err); !ok {
		t.Errorf("got %v, want a compilation error: C++98 has no auto or braced initialisers", err)
	}
}

func TestDetect(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(plain, []byte("2906"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		source string
		want   string // language, or a piece of the error
	}{
		{"a.c", "c"}, {"a.cc", "cpp"}, {"a.CPP", "cpp"}, {"a.cxx", "cpp"}, {"a.go", "go"},
		{"a.py", "python"}, {"a.pas", "pascal"}, {"a.pp", "pascal"}, {"Main.java", "java"},
		{filepath.Join("testdata", "hello.sh"), "exe"},
		{plain, "cannot tell the language"},
	}
	for _, tc := range tests {
		t.Run(tc.source, func(t *testing.T) {
			lang, err := Detect(tc.source)
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				got = lang.Name
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLookup(t *testing.T) {
	if _, err := Lookup("cobol"); err == nil || !strings.Contains(err.Error(), "c, cpp, go, python, pascal, java, exe") {
		t.Errorf("got %v, want an error listing the languages", err)
	}
}

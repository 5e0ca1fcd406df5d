package compile

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestMainClass(t *testing.T) {
	requireLanguage(t, "java")
	tests := []struct {
		name, file, source, want, err string
	}{
		{"public class named like the file", "Main.java", "public class Main { public static void main(String[] a) {} }", "Main", ""},
		{"a class not named like the file", "Main.java", "class Solution { public static void main(String[] a) {} }", "Solution", ""},
		{"a helper before the main class", "Main.java", "class A { static void main(int x) {} } class B { public static void main(String[] a) {} }", "B", ""},
		{"the file's name wins", "Main.java", "class A { public static void main(String[] a) {} } class Main { public static void main(String[] a) {} }", "Main", ""},
		{"in a package", "Main.java", "package p; class Q { public static void main(String[] a) {} }", "p.Q", ""},
		{"no main", "Main.java", "class A { void main(String[] a) {} }", "", "no class has a public static void main"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.source), 0o644); err != nil {
				t.Fatal(err)
			}
			// The class files are the test's fixtures: javac's own compiler alone (C1) and
			// one garbage collector thread make them in half the CPU time.
			cmd := exec.Command("javac", "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-d", dir, tc.file)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("javac: %v\n%s", err, out)
			}
			// javac puts a package's classes in its folder; the judge runs from the top.
			classes, _ := filepath.Glob(filepath.Join(dir, "*", "*.class"))
			for _, c := range classes {
				os.Rename(c, filepath.Join(dir, filepath.Base(c)))
			}
			got, err := mainClass(dir, strings.TrimSuffix(tc.file, ".java"))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("got %q, %v; want an error containing %q", got, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func FuzzParseClass(f *testing.F) {
	f.Add([]byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _, _ = parseClass(data) // never panics, whatever the file holds
	})
}

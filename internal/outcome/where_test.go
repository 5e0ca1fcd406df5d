package outcome

import "testing"

func TestSourceLine(t *testing.T) {
	tests := []struct{ name, stderr, want string }{
		{"java", "Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 9 out of bounds for length 9\n\tat Main.search(Main.java:31)\n\tat Main.main(Main.java:52)\n", "Main.java:31"},
		{"java, in the library first", "Exception in thread \"main\" java.util.NoSuchElementException\n\tat java.base/java.util.Scanner.throwFor(Scanner.java:937)\n\tat java.base/java.util.Scanner.nextInt(Scanner.java:2258)\n\tat Main.main(Main.java:7)\n", "Main.java:7"},
		{"java, the library alone", "Exception in thread \"main\" java.util.NoSuchElementException\n\tat java.base/java.util.Scanner.throwFor(Scanner.java:937)\n", ""},
		{"python", "Traceback (most recent call last):\n  File \"/prog/sudoku.py\", line 9, in <module>\n    f(0)\n  File \"/prog/sudoku.py\", line 3, in f\n    return f(n + 1)\n  File \"/usr/lib/python3.11/x.py\", line 1, in g\nRecursionError: maximum recursion depth exceeded\n", "sudoku.py:3"},
		{"go", "panic: runtime error: index out of range [81] with length 81\n\ngoroutine 1 [running]:\nmain.search(...)\n\t/prog/main.go:13 +0x1d\nmain.main()\n\t/prog/main.go:40 +0x2f\nexit status 2\n", "main.go:13"},
		{"no trace", "Segmentation fault\n", ""},
	}
	for _, tc := range tests {
		if got := sourceLine(tc.stderr); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

func FuzzSourceLine(f *testing.F) {
	f.Add("Exception in thread \"main\" java.lang.X\n\tat Main.main(Main.java:7)\n")
	f.Add("Traceback (most recent call last):\n  File \"/prog/a.py\", line 3, in f\n")
	f.Add("panic: x\n\ngoroutine 1 [running]:\nmain.main()\n\t/prog/main.go:13 +0x1d\n")
	f.Fuzz(func(t *testing.T, stderr string) {
		if got := sourceLine(stderr); len(got) > len(stderr) {
			t.Errorf("sourceLine(%q) = %q, longer than its input", stderr, got)
		}
	})
}

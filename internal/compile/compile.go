package compile

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"bullseye/internal/runner"
	"bullseye/internal/warnings"
)

// errorLines is how many lines of the compiler's output a compilation error shows.
const errorLines = 20

// systemPath lists the folders, in order, where a tool that runs inside the sandbox is looked
// for: the ones the sandbox sees.
var systemPath = []string{"/usr/local/bin", "/usr/bin", "/bin"}

// Options configure a compilation.
type Options struct {
	// Flags replace the language's default flags when not nil.
	Flags []string
	// Source, when not nil, is the source's content, already read: the source file is then
	// not read again (a contest's submissions are read once, with care), only its name used.
	Source []byte
	// Cache is the folder of built programs, reused when the source, flags and compiler are
	// the same.
	Cache string
	// Memory is the memory limit of the runs, to which Java's heap is sized.
	Memory int64
	// Sandbox, when not nil, runs the compiler as it runs programs: seeing the system's
	// folders, its build folder and nothing else of the host, with an environment of its own,
	// under runner.ToolLimits. Without one the compiler runs as the judge's user, with the
	// same environment and only a time limit.
	Sandbox *runner.Sandbox
}

// Build is a built program: the folder holding its files and how to run them.
type Build struct {
	Language *Language
	// Dir holds the program's files, inside the cache.
	Dir string
	// Key identifies the build by its content: the same key, the same program.
	Key string
	// Argv returns the command line that runs the program from folder dir.
	Argv func(dir string) []string
	// Warnings are the compiler's warnings about the source, naming the contestant's file.
	Warnings []warnings.Warning
	// built is the source's name in the build folder, shown the contestant's own.
	built, shown string
}

// Rename returns a message about the program, such as a run's stack trace's line
// ("Main.java:31", "main.go:13"), with the source's name in the build folder replaced by the
// contestant's own ("sudoku.java:31").
func (b *Build) Rename(message string) string { return renamed(message, b.built, b.shown) }

// warningsFile holds the compiler's output, when it warned of anything, in the build's folder:
// the warnings of a build taken from the cache.
const warningsFile = ".compiler-output"

// Error is a compilation that failed, or a compiler that is missing: the verdict CE. Its
// message is the compiler's first lines.
type Error struct {
	Message string
}

// Error returns the compiler's message after "compilation error: ".
func (e *Error) Error() string { return "compilation error: " + e.Message }

// Compile builds source, a file in language lang. A compilation error is an *Error; any other
// error is the judge's.
func Compile(ctx context.Context, source string, lang *Language, opts Options) (*Build, error) {
	code := opts.Source
	if code == nil {
		var err error
		if code, err = os.ReadFile(source); err != nil {
			return nil, fmt.Errorf("reading the source: %w", err)
		}
	}
	for _, file := range lang.requires {
		if _, err := os.Stat(file); err != nil {
			return nil, &Error{Message: fmt.Sprintf("%s is not installed (Debian package %s)", file, lang.Package)}
		}
	}
	tool, err := findTool(lang)
	if err != nil {
		return nil, err
	}
	flags := lang.Flags
	if opts.Flags != nil {
		flags = opts.Flags
	}
	flags = concat(lang.Warn, flags)
	name := lang.sourceName(source, code)
	shown := filepath.Base(source)
	key, err := buildKey(lang, tool, flags, name, code)
	if err != nil {
		return nil, err
	}
	b := &Build{Language: lang, Key: key, Dir: filepath.Join(opts.Cache, buildsFolder, key), built: name, shown: shown}
	if _, err := os.Stat(b.Dir); err == nil {
		markUsed(b.Dir)
		if output, err := os.ReadFile(filepath.Join(b.Dir, warningsFile)); err == nil {
			b.Warnings = warnings.Parse(string(output), name, shown)
		}
		return b, b.setArgv(tool, name, opts.Memory)
	}
	if err := os.MkdirAll(filepath.Dir(b.Dir), 0o755); err != nil {
		return nil, fmt.Errorf("making the build cache: %w", err)
	}
	work, err := os.MkdirTemp(filepath.Dir(b.Dir), "work-")
	if err != nil {
		return nil, fmt.Errorf("making a build folder: %w", err)
	}
	defer os.RemoveAll(work)
	if err := os.WriteFile(filepath.Join(work, name), code, 0o644); err != nil {
		return nil, fmt.Errorf("writing the source: %w", err)
	}
	if lang.Name == "exe" {
		if err := os.Chmod(filepath.Join(work, name), 0o755); err != nil {
			return nil, err
		}
	}
	var output string
	if lang.command != nil {
		if output, err = compileIn(ctx, work, lang, tool, flags, name, opts); err != nil {
			if ce, ok := IsError(err); ok {
				ce.Message = renamed(ce.Message, name, shown)
				if asCpp(ctx, source, code, lang, opts) {
					ce.Message = fmt.Sprintf("%s does not compile as C but does as C++: a .c file is compiled as C (gcc), as on contest judges; name it %s.cpp to have it compiled as C++\n",
						filepath.Base(source), strings.TrimSuffix(filepath.Base(source), filepath.Ext(source))) + ce.Message
				}
				if note := encodingNote(lang, shown, code); note != "" && encodingCause(ce.Message, shown, code) {
					ce.Message = note + "\n" + ce.Message
				}
			}
			return nil, err
		}
	}
	b.Warnings = warnings.Parse(output, name, shown)
	if len(b.Warnings) > 0 {
		if err := os.WriteFile(filepath.Join(work, warningsFile), []byte(output), 0o644); err != nil {
			return nil, fmt.Errorf("keeping the compiler's output: %w", err)
		}
	}
	if err := keep(lang, work, name, b.Dir); err != nil {
		return nil, err
	}
	markUsed(b.Dir)
	if err := b.setArgv(tool, name, opts.Memory); err != nil {
		return nil, err
	}
	return b, nil
}

// asCpp reports whether a C source that does not compile compiles as C++, with the C++
// compiler's default flags: a student who wrote C++ in a .c file (a struct's name without
// struct, bool without stdbool.h) is told so. Flags of the student's own leave it alone.
func asCpp(ctx context.Context, source string, code []byte, lang *Language, opts Options) bool {
	if lang.Name != "c" || opts.Flags != nil {
		return false
	}
	cpp, err := Lookup("cpp")
	if err != nil {
		return false
	}
	_, err = Compile(ctx, source, cpp, Options{Source: code, Cache: opts.Cache, Memory: opts.Memory, Sandbox: opts.Sandbox})
	return err == nil
}

// compileIn runs the compiler on the source in folder work, where the program's files must
// end up. A sandbox's user that cannot reach work (a cache in root's home) compiles in a
// scratch folder of the sandbox's instead, whose files are then copied to work.
func compileIn(ctx context.Context, work string, lang *Language, tool string, flags []string, name string, opts Options) (string, error) {
	argv := lang.command(tool, flags, name)
	if opts.Sandbox == nil || opts.Sandbox.Reaches(work) {
		return run(ctx, work, lang, tool, argv, opts)
	}
	scratch, err := opts.Sandbox.ScratchDir()
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(scratch)
	if err := copyFile(filepath.Join(work, name), filepath.Join(scratch, name)); err != nil {
		return "", fmt.Errorf("writing the source: %w", err)
	}
	output, err := run(ctx, scratch, lang, tool, argv, opts)
	if err != nil {
		return "", err
	}
	outputs, err := lang.outputs(scratch, name)
	if err != nil {
		return "", fmt.Errorf("listing the build's files: %w", err)
	}
	for _, file := range outputs {
		if file == name {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(work, file)), 0o755); err != nil {
			return "", err
		}
		if err := copyFile(filepath.Join(scratch, file), filepath.Join(work, file)); err != nil {
			return "", fmt.Errorf("keeping %s: %w", file, err)
		}
	}
	return output, nil
}

// copyFile copies file src to dst, with its permissions, not following a link src may be.
func copyFile(src, dst string) error {
	info, err := os.Lstat(src)
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", filepath.Base(src))
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, info.Mode().Perm())
}

// setArgv sets the command line that runs the build. Java's names the class with a main
// method, whatever the source file's name.
func (b *Build) setArgv(tool, name string, memory int64) error {
	if b.Language.Name == "java" {
		class, err := mainClass(b.Dir, strings.TrimSuffix(name, ".java"))
		if err != nil {
			return &Error{Message: err.Error()}
		}
		name = class
	}
	b.Argv = func(dir string) []string { return b.Language.argv(tool, dir, name, memory) }
	return nil
}

// findTool returns the path of the language's compiler; a missing one is a compilation error,
// as on a judge that lacks the language.
func findTool(lang *Language) (string, error) {
	if lang.Tool == "" {
		return "", nil
	}
	if lang.inSystem {
		for _, dir := range systemPath {
			path := filepath.Join(dir, lang.Tool)
			if info, err := os.Stat(path); err == nil && info.Mode().Perm()&0o111 != 0 {
				return path, nil
			}
		}
		return "", &Error{Message: fmt.Sprintf("%s is not installed in %s (Debian package %s)", lang.Tool, strings.Join(systemPath, ", "), lang.Package)}
	}
	path, err := exec.LookPath(lang.Tool)
	if err != nil {
		return "", &Error{Message: fmt.Sprintf("%s is not installed (Debian package %s)", lang.Tool, lang.Package)}
	}
	return path, nil
}

// buildKey hashes everything a build depends on: the language, the compiler (its path, size
// and time, which change with its version), the flags, and the source.
func buildKey(lang *Language, tool string, flags []string, name string, code []byte) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", lang.Name, tool)
	if tool != "" {
		info, err := os.Stat(tool)
		if err != nil {
			return "", fmt.Errorf("reading the compiler: %w", err)
		}
		fmt.Fprintf(h, "%d\x00%d\x00", info.Size(), info.ModTime().UnixNano())
	}
	fmt.Fprintf(h, "%q\x00%s\x00", flags, name)
	h.Write(code)
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}

// run runs the compiler in folder dir and returns what it said, its warnings; its failure is a
// compilation error.
func run(ctx context.Context, dir string, lang *Language, tool string, argv []string, opts Options) (string, error) {
	env := []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + dir, "TMPDIR=" + dir, "LANG=C.UTF-8"}
	env = append(env, lang.env...)
	var writable, readOnly []string
	if lang.Name == "go" {
		// A build cache of the judge's own, which the first build fills with the standard
		// library, and the toolchain where it lies.
		goCache := filepath.Join(opts.Cache, "go-build")
		switch {
		case opts.Sandbox == nil:
			// Unconfined, the compiler runs as the user, whose own cache is warm.
			if user, err := userGoCache(); err == nil {
				goCache = user
			}
		case !opts.Sandbox.Reaches(opts.Cache):
			// The sandbox's user cannot reach the judge's cache: one of its own, where
			// caches that outlive a reboot go.
			goCache = fmt.Sprintf("/var/tmp/bullseye-go-build-%d", os.Geteuid())
		}
		if err := os.MkdirAll(goCache, 0o755); err != nil {
			return "", fmt.Errorf("making the Go build cache: %w", err)
		}
		if info, err := os.Lstat(goCache); err != nil || !info.IsDir() {
			return "", fmt.Errorf("the Go build cache %s is not a folder", goCache)
		}
		env = append(env, "GOCACHE="+goCache, "GOPATH="+filepath.Join(dir, ".go"))
		writable = append(writable, goCache)
		if real, err := filepath.EvalSymlinks(tool); err == nil {
			readOnly = append(readOnly, filepath.Dir(filepath.Dir(real)))
		}
	}
	limits := runner.ToolLimits()
	if lang.Name == "go" {
		limits.CPU, limits.Wall = goBuildTime, goBuildTime
	}
	if opts.Sandbox == nil {
		return runUnconfined(ctx, dir, lang, argv, env, limits.Wall)
	}
	r, err := opts.Sandbox.RunTool(ctx, runner.Tool{Dir: dir, Argv: argv, Env: env, Writable: writable, ReadOnly: readOnly, Limits: limits})
	if err != nil {
		return "", fmt.Errorf("running %s: %w", lang.Tool, err)
	}
	switch {
	case r.Stopped == runner.StoppedCPU || r.Stopped == runner.StoppedWall || r.CPU() > limits.CPU:
		return "", &Error{Message: fmt.Sprintf("%s took longer than %v", lang.Tool, limits.Wall)}
	case r.Stopped == runner.StoppedMemory || r.PeakKiB<<10 > limits.Memory:
		return "", &Error{Message: fmt.Sprintf("%s used more than %d MiB of memory", lang.Tool, limits.Memory>>20)}
	case r.StartError != "":
		return "", &Error{Message: r.StartError}
	case r.Signal != 0 || r.ExitCode != 0:
		return "", &Error{Message: firstLines(string(r.Output), errors.New(lang.Tool+" ended with "+r.Ended()))}
	}
	return string(r.Output), nil
}

// userGoCache returns the user's Go build cache, where the go command puts it: GOCACHE, else
// go-build in the user's cache folder.
func userGoCache() (string, error) {
	if dir := os.Getenv("GOCACHE"); dir != "" && dir != "off" {
		return dir, nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "go-build"), nil
}

// goBuildTime bounds a Go build, longer than other compilers': the first one in a cache
// compiles the standard library, some ten seconds of CPU time.
const goBuildTime = 2 * time.Minute

// runUnconfined runs the compiler in folder dir as the judge's user, with only a time limit.
func runUnconfined(ctx context.Context, dir string, lang *Language, argv, env []string, timeout time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout = &limitedWriter{w: &out, n: 64 << 10}
	cmd.Stderr = cmd.Stdout
	err := cmd.Run()
	switch {
	case ctx.Err() != nil:
		return "", &Error{Message: fmt.Sprintf("%s took longer than %v", lang.Tool, timeout)}
	case err != nil:
		return "", &Error{Message: firstLines(out.String(), err)}
	}
	return out.String(), nil
}

// firstLines returns the first lines of a compiler's output, the banners left out.
func firstLines(output string, err error) string {
	var lines []string
	for _, line := range strings.Split(strings.ReplaceAll(output, "\r\n", "\n"), "\n") {
		if strings.HasPrefix(line, "Free Pascal Compiler version") || strings.HasPrefix(line, "Copyright (c)") {
			continue
		}
		if strings.TrimSpace(line) != "" {
			lines = append(lines, line)
		}
	}
	if len(lines) == 0 {
		return err.Error()
	}
	if len(lines) > errorLines {
		lines = append(lines[:errorLines], fmt.Sprintf("... (%d more lines)", len(lines)-errorLines))
	}
	for i, line := range lines {
		if len(line) > 200 {
			lines[i] = line[:200] + "..."
		}
	}
	return strings.Join(lines, "\n")
}

// keep moves the program's files from the build folder to the cache, atomically: a
// concurrent build of the same key leaves one of the two, both the same.
func keep(lang *Language, work, name, dir string) error {
	outputs, err := lang.outputs(work, name)
	if err != nil {
		return fmt.Errorf("listing the build's files: %w", err)
	}
	if len(outputs) == 0 {
		return &Error{Message: fmt.Sprintf("%s made no program", lang.Tool)}
	}
	// A name no Java package has: a package's name begins with a letter.
	staged := filepath.Join(work, ".program")
	if err := os.Mkdir(staged, 0o755); err != nil {
		return err
	}
	for _, file := range outputs {
		// A Java package's classes lie in its folders.
		if err := os.MkdirAll(filepath.Dir(filepath.Join(staged, file)), 0o755); err != nil {
			return err
		}
		if err := os.Rename(filepath.Join(work, file), filepath.Join(staged, file)); err != nil {
			return fmt.Errorf("keeping %s: %w", file, err)
		}
	}
	if err := os.Rename(filepath.Join(work, warningsFile), filepath.Join(staged, warningsFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("keeping the compiler's output: %w", err)
	}
	if err := os.Rename(staged, dir); err != nil {
		if _, statErr := os.Stat(dir); statErr == nil {
			return nil
		}
		return fmt.Errorf("storing the build: %w", err)
	}
	return nil
}

// renamed returns a compiler's message with the name the source had in the build folder,
// built, replaced by the contestant's own, shown, wherever it stands as a file's name: javac
// compiles a contestant's sudoku.java as Main.java, and go build names ./main.go.
func renamed(message, built, shown string) string {
	if built == shown {
		return message
	}
	nameByte := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
	}
	var b strings.Builder
	for {
		i := strings.Index(message, built)
		if i < 0 {
			b.WriteString(message)
			return b.String()
		}
		end := i + len(built)
		if (i > 0 && nameByte(message[i-1])) || (end < len(message) && nameByte(message[end]) && message[end] != '.') {
			b.WriteString(message[:end])
		} else {
			b.WriteString(message[:i])
			b.WriteString(shown)
		}
		message = message[end:]
	}
}

// limitedWriter keeps the first n bytes written to it and drops the rest.
type limitedWriter struct {
	w io.Writer
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if l.n > 0 {
		k := min(len(p), l.n)
		if _, err := l.w.Write(p[:k]); err != nil {
			return 0, err
		}
		l.n -= k
	}
	return len(p), nil
}

// IsError reports whether err is a compilation error, and returns it.
func IsError(err error) (*Error, bool) {
	var ce *Error
	ok := errors.As(err, &ce)
	return ce, ok
}

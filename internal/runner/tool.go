package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/sys/unix"
)

// Tool is a run of a trusted program on untrusted input, a compiler on a contestant's source:
// in the same sandbox as the runs, seeing the system's folders read-only, its folder Dir
// read-write at the same path, and nothing else of the host; with an environment of Env
// alone, as the runs' user, under Limits.
type Tool struct {
	// Dir is the scratch folder: the source in, the program out.
	Dir string
	// Argv is the command line, its program where the sandbox sees it.
	Argv []string
	// Env is the whole environment.
	Env []string
	// Writable are more folders the tool may write, at the same path, a build cache.
	Writable []string
	// ReadOnly are more folders the tool may read, at the same path: a toolchain outside the
	// system's folders.
	ReadOnly []string
	Limits   Limits
}

// ToolLimits are the limits of a compilation: half a minute of CPU and wall-clock time, a
// gibibyte of memory, 256 MiB per file written, 256 processes and threads (compilers start
// several, and Go's and Java's are many-threaded), 1024 open files each.
func ToolLimits() Limits {
	return Limits{CPU: 30 * time.Second, Wall: 30 * time.Second, Memory: 1 << 30, Output: 256 << 20, Processes: 256, Files: 1024}
}

// ToolOutputLimit is the most bytes of a tool's output kept, its first and last halves.
const ToolOutputLimit = 64 << 10

// ToolResult is a finished tool run: the supervisor's account and what it wrote to standard
// output and error, together, cut to ToolOutputLimit.
type ToolResult struct {
	Meta
	Output []byte
}

// RunTool runs a tool. An error means the judge could not run it.
func (s *Sandbox) RunTool(ctx context.Context, t Tool) (ToolResult, error) {
	if err := t.Limits.Check(); err != nil {
		return ToolResult{}, err
	}
	if len(t.Argv) == 0 {
		return ToolResult{}, fmt.Errorf("running a tool: no command")
	}
	runDir := filepath.Join(s.runsDir, randomName()) // names the run; never made
	// Unisolated, the tool runs as the judge's user, who can reach the folders.
	runAs := s.runAs
	if !s.Isolated() {
		runAs = nil
	}
	if runAs != nil {
		for _, dir := range append([]string{t.Dir}, t.Writable...) {
			if err := chownTree(dir, int(s.runAs.Uid), int(s.runAs.Gid)); err != nil {
				return ToolResult{}, fmt.Errorf("giving %s to the tool's user: %w", dir, err)
			}
		}
	}
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		return ToolResult{}, err
	}
	defer devNull.Close()
	outRead, outWrite, err := os.Pipe()
	if err != nil {
		return ToolResult{}, fmt.Errorf("making the output pipe: %w", err)
	}
	defer outRead.Close()
	defer outWrite.Close()
	group, err := s.takeGroup(t.Limits)
	if err != nil {
		return ToolResult{}, err
	}
	defer group.close()
	brief := supervision{
		CPUMicros: t.Limits.CPU.Microseconds(), WallMicros: t.Limits.Wall.Microseconds(),
		Memory: t.Limits.Memory, Data: dataLimit(t.Limits), Output: t.Limits.Output,
		Stack: 64 << 20, Files: t.Limits.Files, Processes: t.Limits.Processes, TasksBefore: s.tasksBefore,
		Namespace: s.Isolated(), Env: t.Env, Dir: t.Dir,
	}
	var fds descriptors
	var argv []string
	dir := t.Dir // where the supervisor starts; in bubblewrap, it moves to t.Dir itself
	if s.Isolated() {
		// Every folder is reachable by the runs' user: the caller sees to it (Reaches,
		// ScratchDir).
		var mounts []string
		for _, dir := range append([]string{t.Dir}, t.Writable...) {
			mounts = append(mounts, "--bind", dir, dir)
		}
		for _, dir := range t.ReadOnly {
			mounts = append(mounts, "--ro-bind", dir, dir)
		}
		dir = s.session
		s.joinGroup(group, &brief, &fds)
		command := append([]string{mountedSupervisor, SuperviseCommand}, t.Argv...)
		argv = append([]string{s.bwrap}, bwrapArgs(s.unshare, s.system, mounts, t.Dir, s.supervisor, supervisorEnvironment(runDir), command)...)
	} else {
		s.joinGroup(group, &brief, &fds)
		argv = append([]string{s.supervisor, SuperviseCommand}, t.Argv...)
	}
	// Standard output and error go to one pipe, in the order written.
	m, out, err := s.launch(ctx, launch{
		argv: argv, dir: dir, env: supervisorEnvironment(runDir), stdin: devNull, stdout: outWrite,
		stderrRead: outRead, stderrWrite: outWrite, brief: brief, fds: fds, limits: t.Limits,
		stderrLimit: ToolOutputLimit, runAs: runAs, group: group,
	})
	if err != nil {
		return ToolResult{}, err
	}
	return ToolResult{Meta: m, Output: out}, nil
}

// chownTree gives folder dir and everything in it to user uid; a folder that is the user's
// already is taken to hold only the user's files, which the user made.
func chownTree(dir string, uid, gid int) error {
	var st unix.Stat_t
	if err := unix.Stat(dir, &st); err == nil && int(st.Uid) == uid {
		return nil
	}
	return filepath.WalkDir(dir, func(path string, _ os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, uid, gid)
	})
}

// Reaches reports whether a tool's user can reach folder dir: the judge's user, or, for a
// judge running as root, nobody, who must be let through every folder above it.
func (s *Sandbox) Reaches(dir string) bool {
	return s.runAs == nil || !s.Isolated() || reachableByOthers(dir) == nil
}

// ScratchDir makes a folder for a tool that every run's user can reach, in the sandbox's runs'
// folder: Close removes it if its caller does not.
func (s *Sandbox) ScratchDir() (string, error) {
	dir := filepath.Join(s.runsDir, "tool-"+randomName())
	if err := os.Mkdir(dir, 0o755); err != nil {
		return "", fmt.Errorf("making a scratch folder: %w", err)
	}
	return dir, nil
}

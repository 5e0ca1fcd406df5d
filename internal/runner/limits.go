package runner

import (
	"fmt"
	"time"
)

// Limits bound one run of a program. Every limit applies to the whole process tree the program
// starts, not to its first process alone.
type Limits struct {
	// CPU is the CPU time, user and system, of the tree; it decides a time-limit verdict.
	CPU time.Duration
	// Wall is the wall-clock backstop: a program that sleeps or waits uses no CPU, yet is
	// stopped here. One that is ready to run but waits for a processor on a busy machine
	// goes on, up to BusyWallFactor times Wall.
	Wall time.Duration
	// Memory is the peak resident memory of the tree, in bytes; it decides a memory verdict.
	Memory int64
	// Output is the largest file the program may write, in bytes: standard output and error
	// and any file in its folder.
	Output int64
	// Processes is the most processes and threads the tree may hold at once.
	Processes int
	// Files is the most descriptors each process may hold open (RLIMIT_NOFILE, as isolate's
	// --open-files).
	Files int
}

// minFiles is the lowest open-file limit: standard input, output and error, and room for a
// runtime's own (Go's, Java's) and a program's files.
const minFiles = 16

// Defaults of the judge, as at NOIP and on the judges that serve this problem.
const (
	DefaultCPU       = 2 * time.Second
	DefaultMemory    = 128 << 20
	DefaultOutput    = 16 << 20
	DefaultProcesses = 64
	DefaultFiles     = 64
)

// WallFor returns the wall-clock backstop of a CPU limit: twice the limit and a second, room
// for a loaded machine, yet short enough that a sleeping program costs little.
func WallFor(cpu time.Duration) time.Duration { return 2*cpu + time.Second }

// DefaultLimits returns the judge's default limits.
func DefaultLimits() Limits {
	return Limits{CPU: DefaultCPU, Wall: WallFor(DefaultCPU), Memory: DefaultMemory, Output: DefaultOutput, Processes: DefaultProcesses, Files: DefaultFiles}
}

// Check reports a limit that cannot work.
func (l Limits) Check() error {
	switch {
	case l.CPU <= 0:
		return fmt.Errorf("time limit %v: want more than zero", l.CPU)
	case l.Wall < l.CPU:
		return fmt.Errorf("wall-clock limit %v is below the time limit %v", l.Wall, l.CPU)
	case l.Memory < 4<<20:
		return fmt.Errorf("memory limit %d bytes: want at least 4 MiB", l.Memory)
	case l.Output < 1<<10:
		return fmt.Errorf("output limit %d bytes: want at least 1 KiB", l.Output)
	case l.Processes < 1:
		return fmt.Errorf("process limit %d: want at least 1", l.Processes)
	case l.Files < minFiles:
		return fmt.Errorf("open-file limit %d: want at least %d", l.Files, minFiles)
	}
	return nil
}

// Stop names the limit that made the supervisor stop a run.
type Stop string

// The limits a run can be stopped at. An output limit never stops a run from outside: the
// kernel refuses the write and signals the writer (SIGXFSZ).
const (
	NotStopped    Stop = ""
	StoppedCPU    Stop = "time"
	StoppedWall   Stop = "wall"
	StoppedMemory Stop = "memory"
)

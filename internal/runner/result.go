package runner

import (
	"fmt"
	"syscall"
	"time"
)

// Meta is the supervisor's account of one run, sent to the judge as JSON when the run is over,
// like the meta file of isolate or runguard.
type Meta struct {
	// ExitCode is the program's exit status when it exited; 0 when a signal ended it.
	ExitCode int `json:"exit_code"`
	// Signal is the signal that ended the program, 0 when it exited.
	Signal int `json:"signal,omitempty"`
	// CPUMicros is the user and system time of the whole tree.
	CPUMicros int64 `json:"cpu_us"`
	// WallMicros runs from the program's start to its end.
	WallMicros int64 `json:"wall_us"`
	// PeakKiB is the peak memory: the run's memory control group's, everything it was charged
	// for; without one, the largest of the tree's processes, or the tree's sum as sampled while
	// it ran, whichever is larger.
	PeakKiB int64 `json:"peak_kib"`
	// KernelCPU and KernelMemory tell that the CPU time and the peak memory are the run's
	// control groups' accounts, not the supervisor's samples.
	KernelCPU    bool `json:"kernel_cpu,omitempty"`
	KernelMemory bool `json:"kernel_memory,omitempty"`
	// MemoryKilled tells that the memory control group's limit killed a process of the run:
	// the kernel could reclaim nothing more under the memory limit.
	MemoryKilled bool `json:"memory_killed,omitempty"`
	// MemoryLimitMet tells that the run's memory met the group's limit at least once, which
	// the kernel then made room under, by reclaiming or killing.
	MemoryLimitMet bool `json:"memory_limit_met,omitempty"`
	// KernelKiB is the kernel's own memory for the run's processes at the control group's
	// peak (their tables and stacks, pipe buffers, what it frees late), when the group's limit
	// killed a process of the run; 0 otherwise, and where the kernel does not tell (v2).
	KernelKiB int64 `json:"kernel_kib,omitempty"`
	// Stopped names the limit the supervisor stopped the run at.
	Stopped Stop `json:"stopped,omitempty"`
	// StartError says why the program could not be started.
	StartError string `json:"start_error,omitempty"`
	// StartErrno is the errno behind StartError, 0 when none.
	StartErrno int `json:"start_errno,omitempty"`
	// Fault says what went wrong in the supervisor itself: the judge's fault, not the
	// program's.
	Fault string `json:"fault,omitempty"`
	// Leftover counts processes still alive after the cleanup gave up; it should stay 0.
	Leftover int `json:"leftover,omitempty"`
	// WaitMicros is how long the tree's live processes had waited for a processor, ready to
	// run, when the wall-clock limit stopped them: the share of the wall clock that load took.
	WaitMicros int64 `json:"wait_us,omitempty"`
	// StallMicros is how long, by then, the run had been stalled on the disk or on memory the
	// machine reclaimed (not on its own memory limit), and StallsKnown tells that the kernel
	// counts such stalls for it (a cgroup v2 group with pressure stall information); without
	// them the supervisor sees the waits for a processor alone.
	StallMicros int64 `json:"stall_us,omitempty"`
	StallsKnown bool  `json:"stalls_known,omitempty"`
	// Starved tells that the run was stopped at BusyWallFactor times its wall-clock limit
	// while held back by the machine most of the time: the load decided, not the program.
	Starved bool `json:"starved,omitempty"`
	// SelfMicros is the supervisor's own CPU time.
	SelfMicros int64 `json:"self_us,omitempty"`
	// Filtered tells that the seccomp filter was in force.
	Filtered bool `json:"filtered,omitempty"`
	// OutputFileFound, OutputFileBytes and OutputFileFault describe the output file the
	// supervisor copied out of a sandbox's own folder.
	OutputFileFound bool   `json:"output_file_found,omitempty"`
	OutputFileBytes int64  `json:"output_file_bytes,omitempty"`
	OutputFileFault string `json:"output_file_fault,omitempty"`
	// Unsupervised says why the run was judged from outside: its supervisor did not end with a
	// report, or its report did not match what the judge measured. The CPU time, wall-clock
	// time and peak memory then come from the kernel's accounting of the whole sandbox, and the
	// program never gets more than a run-time error, a time limit or a memory limit.
	Unsupervised string `json:"unsupervised,omitempty"`
}

// CPU returns the CPU time of the tree.
func (m Meta) CPU() time.Duration { return time.Duration(m.CPUMicros) * time.Microsecond }

// Wall returns the wall-clock time of the run.
func (m Meta) Wall() time.Duration { return time.Duration(m.WallMicros) * time.Microsecond }

// Exceeded names the limit a run is judged over, by one rule, whatever the order in which
// it crossed them and whoever stopped it: time first (the CPU time, then the wall clock for a
// program that waits), then memory. A run over both is a time limit: with a memory control
// group its memory never goes past the limit, only its CPU time can, and the verdict is the
// one of the limit its figures show it over. NotStopped when it is within both.
func (m Meta) Exceeded(lim Limits) Stop {
	switch {
	case m.Stopped == StoppedCPU || m.CPU() > lim.CPU:
		return StoppedCPU
	case m.Stopped == StoppedWall:
		return StoppedWall
	case m.StartedOutOfMemory() || m.Stopped == StoppedMemory || m.MemoryKilled || m.PeakKiB<<10 > lim.Memory:
		return StoppedMemory
	}
	return NotStopped
}

// StartedOutOfMemory reports a program the kernel refused to load within the memory limit, as
// a program whose static arrays exceed it.
func (m Meta) StartedOutOfMemory() bool { return m.StartErrno == int(syscall.ENOMEM) }

// Result is a finished run: the supervisor's account and what the program wrote.
type Result struct {
	Meta
	// Output is the program's answer: the output file when it wrote one, else its standard
	// output; at most ReadLimit bytes of it.
	Output []byte
	// OutputSource names where Output comes from: the output file's name or "standard output".
	OutputSource string
	// OutputFault says why the output file could not be taken (a symbolic link, a folder); ""
	// when it was fine or absent.
	OutputFault string
	// OutputBytes is the size of the larger of the output file and standard output.
	OutputBytes int64
	// OutputExceeded reports a file that reached the output limit, or a write the kernel
	// refused for it.
	OutputExceeded bool
	// Stderr is the start of the program's standard error, at most StderrLimit bytes.
	Stderr []byte
}

// ReadLimit is the most bytes of an output kept for the checker, well above any answer.
const ReadLimit = 4 << 20

// StderrLimit is the most bytes of standard error kept for messages.
const StderrLimit = 4 << 10

// Ended describes how the program ended: "exit code 3", "signal 11 (segmentation fault)".
func (m Meta) Ended() string {
	if m.Signal != 0 {
		return fmt.Sprintf("signal %d (%s)", m.Signal, syscall.Signal(m.Signal))
	}
	return fmt.Sprintf("exit code %d", m.ExitCode)
}

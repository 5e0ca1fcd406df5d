package runner

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// supervisorHeap is the heap at which the supervisor collects its garbage.
const supervisorHeap = 24 << 20

// SuperviseCommand is the first argument that makes the judge's binary the supervisor of one
// run: its main calls Supervise with the arguments after it. The supervisor sits between the
// sandbox and the program, the way isolate's proxy process does: it sets the limits, starts
// the program, watches it, stops it at a limit, kills whatever it leaves behind and reports.
const SuperviseCommand = "__supervise"

// metaFD is the descriptor the supervisor writes its Meta to: the judge's pipe. briefFD is the
// pipe the judge wrote the brief to: in a descriptor, not on the command line, where any process
// may read it (/proc/1/cmdline).
const (
	metaFD  = 3
	briefFD = 4
)

// startedLine is what the supervisor writes to the meta pipe once it is confined and about to
// start the program: from then on, a run that ends without a report is the program's doing,
// judged from outside, not a failure of the judge.
const startedLine = "started\n"

// sampleEvery is how often, at most, the supervisor samples what no control group counts for
// it: a program that allocates and touches memory as fast as a machine allows overshoots the
// memory limit by what it touches in one interval, some tens of megabytes; one that exits
// sooner is never sampled, its end is seen at once.
const sampleEvery = 5 * time.Millisecond

// sampleShare bounds the supervisor's own share of a processor when it samples /proc: it
// waits at least this many times as long as its last sample took, so that however many
// processes and descriptors the program makes, the supervisor takes at most a twentieth of the
// time it watches.
const sampleShare = 20

// counterEvery is how long, at most, the supervisor waits between two reads of a control
// group's counters: one read of a small file each, whatever the program does.
const counterEvery = 10 * time.Millisecond

// supervision is the supervisor's brief, JSON read from briefFD.
type supervision struct {
	CPUMicros  int64 `json:"cpu_us"`
	WallMicros int64 `json:"wall_us"`
	Memory     int64 `json:"memory"`
	// Data is the RLIMIT_DATA backstop, far above Memory: it stops an allocation faster than
	// the sampling, and leaves runtimes that reserve address space (Go, Java) alone.
	Data   int64 `json:"data"`
	Output int64 `json:"output"`
	Stack  int64 `json:"stack"`
	// Files is the most descriptors each process may hold (RLIMIT_NOFILE).
	Files int `json:"files"`
	// Processes is the number of tasks the program may add; TasksBefore is how many tasks the
	// user owns already where RLIMIT_NPROC counts them, outside a namespace.
	Processes   int `json:"processes"`
	TasksBefore int `json:"tasks_before"`
	// Namespace tells that the supervisor is process 1 of a PID namespace of its own.
	Namespace bool     `json:"namespace"`
	Dir       string   `json:"dir"`
	Env       []string `json:"env"`
	// OwnFolder tells that Dir is a size-limited tmpfs of the run's own, whose use counts as
	// the program's memory and which the supervisor empties of OutputFile (copied to
	// OutputFD) before it goes.
	OwnFolder  bool   `json:"own_folder"`
	OutputFile string `json:"output_file"`
	OutputFD   int    `json:"output_fd,omitempty"`
	// OwnUser tells that the run's user is the session's own (a root judge, unisolated): its
	// System V segments are the run's, counted and removed with it.
	OwnUser bool `json:"own_user,omitempty"`
	// Join are the descriptors of the run's control groups' cgroup.procs, which the supervisor
	// joins to start the program in them; Leave those of the groups it goes back to then.
	Join  []int `json:"join,omitempty"`
	Leave []int `json:"leave,omitempty"`
	// CPUCounterFD, when not 0, is the run group's CPU time counter (v2's cpu.stat when CPUv2,
	// else v1's cpuacct.usage), which stood at CPUBase before the run: the kernel counts the
	// CPU time, the supervisor only reads it.
	CPUCounterFD int   `json:"cpu_counter_fd,omitempty"`
	CPUv2        bool  `json:"cpu_v2,omitempty"`
	CPUBase      int64 `json:"cpu_base_ns,omitempty"`
	// OOMCounterFD, when not 0, is the memory group's events (oom_kill), at OOMBase before
	// the run: the kernel keeps the memory limit, and a kill there ends the run at once.
	OOMCounterFD int   `json:"oom_counter_fd,omitempty"`
	OOMBase      int64 `json:"oom_base,omitempty"`
	// LimitMetFD, when not 0, counts the times the run met its memory limit (v2's
	// memory.events, its max line, when LimitMetV2; else v1's memory.failcnt), at LimitMetBase
	// before the run.
	LimitMetFD   int   `json:"limit_met_fd,omitempty"`
	LimitMetV2   bool  `json:"limit_met_v2,omitempty"`
	LimitMetBase int64 `json:"limit_met_base,omitempty"`
	// PressureFDs are the run's v2 group's pressure files by resource (cpu, io, memory), where
	// the kernel keeps them: how long the run was held back by the machine.
	PressureFDs map[string]int `json:"pressure_fds,omitempty"`
}

// Supervise runs the supervisor with args (the program's command line) and returns its exit
// status. Its brief comes from descriptor 4, its report goes to descriptor 3 as one JSON
// Meta; a fault of the supervisor itself is a Meta with Fault set, so that the judge always
// learns why.
func Supervise(args []string) int {
	// No garbage collection until the heap reaches a few megabytes: a collection asks for a
	// thread of its own while the supervisor waits in a system call, and a fork bomb may have
	// taken every thread the process limit allows. The supervisor allocates little.
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(supervisorHeap)
	meta := os.NewFile(metaFD, "meta")
	if meta == nil {
		fmt.Fprintln(os.Stderr, "supervisor: no meta descriptor")
		return 125
	}
	// The program gets standard input, output and error, and no other descriptor of the
	// supervisor's.
	if err := unix.CloseRange(metaFD, math.MaxUint32, unix.CLOSE_RANGE_CLOEXEC); err != nil {
		for fd := metaFD; fd < 1024; fd++ {
			syscall.CloseOnExec(fd)
		}
	}
	m := supervise(args, meta)
	if err := json.NewEncoder(meta).Encode(m); err != nil {
		fmt.Fprintln(os.Stderr, "supervisor: writing the meta record:", err)
		return 125
	}
	meta.Close()
	return 0
}

// readBrief reads the brief from its descriptor.
func readBrief() (supervision, error) {
	var brief supervision
	f := os.NewFile(briefFD, "brief")
	if f == nil {
		return brief, errors.New("no brief descriptor")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 1<<20))
	if err != nil {
		return brief, err
	}
	return brief, json.Unmarshal(data, &brief)
}

func supervise(args []string, meta *os.File) Meta {
	if len(args) < 1 {
		return Meta{Fault: "want a command"}
	}
	brief, err := readBrief()
	if err != nil {
		return Meta{Fault: fmt.Sprintf("reading the brief: %v", err)}
	}
	if brief.Namespace {
		// kill(-1) cleans a namespace up; anywhere else it would reach every process the user
		// may signal, so a supervisor that is not process 1 refuses to start.
		if os.Getpid() != 1 {
			return Meta{Fault: "the brief says process 1 of a PID namespace, but this is process " + fmt.Sprint(os.Getpid())}
		}
		shieldFromSignals()
	} else {
		// Orphans of the program come back to the supervisor, which can then kill them.
		if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
			return Meta{Fault: fmt.Sprintf("becoming a subreaper: %v", err)}
		}
	}
	filtered, err := confine(brief.Namespace)
	if err != nil {
		return Meta{Fault: err.Error()}
	}
	reserveThreads(spareThreads)
	if err := setLimits(brief); err != nil {
		return Meta{Fault: err.Error()}
	}
	if _, err := meta.WriteString(startedLine); err != nil {
		return Meta{Fault: fmt.Sprintf("writing to the judge: %v", err)}
	}
	m := watch(brief, args)
	m.Filtered = filtered
	if brief.OwnFolder && brief.OutputFile != "" {
		copyOutput(&m, filepath.Join(brief.Dir, brief.OutputFile), brief.OutputFD)
	}
	var self unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &self); err == nil {
		m.SelfMicros = self.Utime.Sec*1_000_000 + self.Utime.Usec + self.Stime.Sec*1_000_000 + self.Stime.Usec
	}
	return m
}

// BusyWallFactor bounds how far past its wall-clock limit a run goes on while it is ready
// to run and waits only for a processor.
const BusyWallFactor = 10

// spareThreads is how many idle threads the supervisor keeps for its runtime.
const spareThreads = 2

// reserveThreads makes the Go runtime start n threads now and keep them idle. The process limit
// counts the supervisor's threads with the program's, and a fork bomb takes every free slot:
// when the runtime then wants a thread, to run something while the supervisor waits in a
// system call, it must find an idle one, since it cannot make one and dies trying. A goroutine
// locked to its thread forces a thread of its own; unlocked, the thread goes to the idle pool.
func reserveThreads(n int) {
	var started sync.WaitGroup
	release := make(chan struct{})
	var done sync.WaitGroup
	for range n {
		started.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			runtime.LockOSThread()
			started.Done()
			<-release
			runtime.UnlockOSThread()
		}()
	}
	started.Wait()
	close(release)
	done.Wait()
}

// fatalSignals are the signals whose Go handler ends the supervisor when another process sends
// them: SIGHUP, SIGINT and SIGTERM exit, the others crash; the runtime ignores the rest.
var fatalSignals = []syscall.Signal{
	syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGILL, syscall.SIGTRAP, syscall.SIGABRT,
	syscall.SIGBUS, syscall.SIGFPE, syscall.SIGSEGV, syscall.SIGSTKFLT, syscall.SIGTERM, syscall.SIGSYS,
}

// shieldFromSignals makes the supervisor deaf to the program's signals. As process 1 of its
// PID namespace it receives no signal from inside the namespace that it has no handler for,
// SIGKILL and SIGSTOP included; but the Go runtime handles every signal, and its handler ends
// the supervisor for the fatal ones. Catching them instead queues them on a channel no one
// reads. Not SIG_DFL set behind the runtime's back: that did not hold, now and then such a
// signal still ended the supervisor. Not SIG_IGN: the program would inherit it across exec,
// where a caught signal goes back to its default. Outside a namespace nothing shields the
// supervisor from a program of the same user, which can SIGKILL it anyway.
func shieldFromSignals() {
	sigs := make([]os.Signal, len(fatalSignals))
	for i, sig := range fatalSignals {
		sigs[i] = sig
	}
	signal.Notify(make(chan os.Signal, 1), sigs...)
}

// setLimits sets the supervisor's own resource limits, which the program inherits. The
// supervisor itself stays far below them: it uses milliseconds of CPU and a few megabytes, and
// its threads exist before the process limit is set.
func setLimits(b supervision) error {
	cpuSeconds := uint64((b.CPUMicros+999_999)/1_000_000) + 1
	threads, err := ownThreads()
	if err != nil {
		return err
	}
	// Room for a thread the runtime might still start; reserveThreads made the ones it needs.
	const spare = 2
	limits := []struct {
		name     string
		resource int
		soft     uint64
		hard     uint64
	}{
		{"cpu", unix.RLIMIT_CPU, cpuSeconds, cpuSeconds + 1},
		{"data", unix.RLIMIT_DATA, uint64(b.Data), uint64(b.Data)},
		{"file size", unix.RLIMIT_FSIZE, uint64(b.Output), uint64(b.Output)},
		{"stack", unix.RLIMIT_STACK, uint64(b.Stack), uint64(b.Stack)},
		{"core", unix.RLIMIT_CORE, 0, 0},
		{"locked memory", unix.RLIMIT_MEMLOCK, 0, 0},
		{"open files", unix.RLIMIT_NOFILE, uint64(b.Files), uint64(b.Files)},
		{"processes", unix.RLIMIT_NPROC, uint64(b.TasksBefore + threads + spare + b.Processes), uint64(b.TasksBefore + threads + spare + b.Processes)},
	}
	for _, l := range limits {
		var old unix.Rlimit
		if err := unix.Getrlimit(l.resource, &old); err != nil {
			return fmt.Errorf("reading the %s limit: %w", l.name, err)
		}
		// An unprivileged process cannot raise a hard limit: keep the lower one.
		r := unix.Rlimit{Cur: min(l.soft, old.Max), Max: min(l.hard, old.Max)}
		if err := unix.Setrlimit(l.resource, &r); err != nil {
			return fmt.Errorf("setting the %s limit: %w", l.name, err)
		}
	}
	return nil
}

// ownThreads returns the supervisor's thread count, from /proc/self/status.
func ownThreads() (int, error) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, fmt.Errorf("counting threads: %w", err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "Threads:"); ok {
			var n int
			if _, err := fmt.Sscan(rest, &n); err != nil {
				return 0, fmt.Errorf("counting threads: %q: %w", line, err)
			}
			return n, nil
		}
	}
	return 0, errors.New("counting threads: no Threads line in /proc/self/status")
}

// watch starts the program, samples it until it ends or meets a limit, then kills the rest of
// the tree, reaps everything and accounts for it.
func watch(b supervision, command []string) Meta {
	stalls := newStallCounters(b)
	start := time.Now()
	proc, err := startInGroups(b, command)
	if err != nil {
		m := Meta{StartError: fmt.Sprintf("starting %s: %v", command[0], err)}
		var errno syscall.Errno
		if errors.As(err, &errno) {
			m.StartErrno = int(errno)
		}
		var fault *groupFault
		if errors.As(err, &fault) {
			m = Meta{Fault: fault.Error()}
		}
		return m
	}
	pid := proc.Pid
	pidfd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		pidfd = -1 // an old kernel: the loop then wakes on its timer alone
	}
	counters := newGroupCounters(b)

	cpuLimit := time.Duration(b.CPUMicros) * time.Microsecond
	wallLimit := time.Duration(b.WallMicros) * time.Microsecond
	var (
		m       Meta
		status  unix.WaitStatus
		ended   bool
		peakSum int64
		wait    = min(sampleEvery, counterEvery)
	)
	for !ended {
		wait = min(wait, max(wallLimit-time.Since(start), time.Millisecond))
		if pidfd >= 0 {
			rawPoll(pidfd, max(wait, time.Millisecond)) // EINTR only shortens the wait
		} else {
			time.Sleep(wait)
		}
		if ended = reapAvailable(pid, &status); ended {
			break
		}
		sampled := time.Now()
		cpu, mem, killed := counters.sample(b)
		peakSum = max(peakSum, mem)
		switch {
		case cpu >= cpuLimit:
			m.Stopped = StoppedCPU
		case killed || mem > b.Memory:
			m.Stopped = StoppedMemory
		case time.Since(start) > wallLimit:
			// The wall clock stops a program that waits or sleeps. One that was held back
			// most of the time, waiting for a processor, the disk or memory that a busy machine
			// gave to others, goes on towards its CPU limit, up to BusyWallFactor times the
			// wall-clock limit; stopped there, it was starved, and the judge must not call it
			// a time limit.
			elapsed := time.Since(start)
			held := stalls.read(treeRunDelay)
			if !held.starved(cpu, elapsed) {
				m.Stopped = StoppedWall
			} else if elapsed >= BusyWallFactor*wallLimit {
				m.Stopped, m.Starved = StoppedWall, true
			}
			if m.Stopped != NotStopped {
				held.note(&m)
			}
		}
		if m.Stopped != NotStopped {
			break
		}
		wait = counters.next(cpuLimit-cpu, time.Since(sampled))
	}
	wall := time.Since(start)
	if pidfd >= 0 {
		unix.Close(pidfd)
	}
	if left := killTree(b.Namespace, pid); left > 0 {
		m.Leftover = left
	}
	if !ended {
		ended = reapAll(pid, &status)
	} else {
		reapAll(pid, nil)
	}
	if b.OwnUser {
		// Outside a namespace of its own, nothing else removes them.
		removeSegments(os.Getuid())
	}
	if b.OwnFolder && !counters.kernelMemory {
		// What the program left in its folder is memory it still holds.
		peakSum = max(peakSum, folderBytes(b.Dir))
	}

	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_CHILDREN, &ru); err == nil {
		m.CPUMicros = ru.Utime.Sec*1_000_000 + ru.Utime.Usec + ru.Stime.Sec*1_000_000 + ru.Stime.Usec
		m.PeakKiB = max(ru.Maxrss, peakSum>>10)
	}
	if cpu, ok := counters.cpu(); ok {
		m.CPUMicros = cpu.Microseconds()
	}
	m.WallMicros = wall.Microseconds()
	switch {
	case !ended:
		m.Fault = "the program was never reaped"
	case status.Signaled():
		m.Signal = int(status.Signal())
	default:
		m.ExitCode = status.ExitStatus()
	}
	return m
}

// groupFault is a control group the supervisor could not join or leave: the judge's fault.
type groupFault struct{ err error }

func (f *groupFault) Error() string { return f.err.Error() }

// startInGroups starts the program in the run's control groups: the supervisor joins them, so
// that the program is born there, and goes back to its own once the program has started, so
// that nothing the supervisor does is charged to the program. Without groups it just starts
// the program.
func startInGroups(b supervision, command []string) (*os.Process, error) {
	move := func(fds []int, what string) error {
		for _, fd := range fds {
			if _, err := unix.Write(fd, []byte("0")); err != nil {
				return &groupFault{fmt.Errorf("%s the run's control group: %w", what, err)}
			}
		}
		return nil
	}
	if err := move(b.Join, "joining"); err != nil {
		return nil, err
	}
	proc, startErr := os.StartProcess(command[0], command, &os.ProcAttr{
		Dir:   b.Dir,
		Env:   b.Env,
		Files: []*os.File{os.Stdin, os.Stdout, os.Stderr},
		Sys:   &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL},
	})
	if err := move(b.Leave, "leaving"); err != nil {
		if proc != nil {
			_ = proc.Kill()
		}
		return nil, err
	}
	return proc, startErr
}

// groupCounters are what the supervisor reads of the run's control groups, or, for what they
// do not count, samples of /proc.
type groupCounters struct {
	cpuCounter, oomCounter *os.File
	cpuV2                  bool
	cpuBase                time.Duration
	oomBase                int64
	kernelMemory           bool // the memory group keeps the memory limit
	processors             int  // how many processors the program may run on at once
	sampleCost             time.Duration
}

func newGroupCounters(b supervision) *groupCounters {
	c := &groupCounters{cpuV2: b.CPUv2, cpuBase: time.Duration(b.CPUBase), oomBase: b.OOMBase, processors: max(runtime.NumCPU(), 1)}
	if b.CPUCounterFD != 0 {
		c.cpuCounter = os.NewFile(uintptr(b.CPUCounterFD), "cpu counter")
	}
	if b.OOMCounterFD != 0 {
		c.oomCounter = os.NewFile(uintptr(b.OOMCounterFD), "memory events")
		c.kernelMemory = true
	}
	return c
}

// cpu returns the run's CPU time from its group's counter, when it has one.
func (c *groupCounters) cpu() (time.Duration, bool) {
	if c.cpuCounter == nil {
		return 0, false
	}
	cpu, err := readCPUCounter(c.cpuCounter, c.cpuV2)
	if err != nil {
		return 0, false
	}
	return cpu - c.cpuBase, true
}

// sample returns the run's CPU time and memory so far, and whether the memory group's limit
// killed a process of it. What the control groups count is read there, at the same small cost
// however many processes and descriptors the program has; the rest is sampled from /proc,
// memory -1 when the memory group keeps the limit.
func (c *groupCounters) sample(b supervision) (cpu time.Duration, memory int64, killed bool) {
	begin := time.Now()
	cpu, kernelCPU := c.cpu()
	memory = -1
	if c.oomCounter != nil {
		if n, err := readKeyed(c.oomCounter, "oom_kill"); err == nil && n > c.oomBase {
			killed = true
		}
	}
	if !kernelCPU || !c.kernelMemory {
		sampledCPU, sampledMemory := sampleTree(b, !c.kernelMemory)
		if !kernelCPU {
			cpu = sampledCPU
		}
		if !c.kernelMemory {
			memory = sampledMemory
		}
		c.sampleCost = time.Since(begin)
	}
	return cpu, memory, killed
}

// next returns how long to wait before the next sample: with the CPU time kept by the kernel,
// as long as the program needs to reach its limit on every processor at once, within
// counterEvery; when /proc is sampled, sampleEvery, and at least sampleShare times what the
// last sample took.
func (c *groupCounters) next(cpuLeft, took time.Duration) time.Duration {
	if c.sampleCost > 0 {
		return max(sampleEvery, sampleShare*c.sampleCost)
	}
	return min(max(cpuLeft/time.Duration(c.processors), time.Millisecond), counterEvery)
}

// sampleTree returns the CPU time of the tree so far, reaped processes included, and the
// memory the run holds however it holds it: its live processes' private pages, the memory
// files they hold open, the files in its folder when that is a tmpfs of its own, and the
// System V segments of its IPC namespace that no one maps. When shared pages could put it over
// the limit (the sum of resident memory is), they are counted once, by PSS.
func sampleTree(b supervision, withMemory bool) (cpu time.Duration, memory int64) {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_CHILDREN, &ru); err == nil {
		cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	pids := descendants(os.Getpid())
	var anon, resident, held int64
	seen := map[uint64]bool{}
	for _, pid := range pids {
		if u, err := readUsage(pid); err == nil {
			cpu += u.cpu
			anon += u.anon
			resident += u.resident
		}
		if withMemory {
			held += memfdBytes(pid, seen)
		}
	}
	if !withMemory {
		return cpu, 0
	}
	if b.OwnFolder {
		held += folderBytes(b.Dir)
	}
	switch {
	case b.Namespace:
		held += detachedSharedMemory(-1)
	case b.OwnUser:
		held += detachedSharedMemory(os.Getuid())
	}
	memory = anon + held
	if resident+held > b.Memory {
		var shared int64
		for _, pid := range pids {
			if n, err := readShared(pid); err == nil {
				shared += n
			}
		}
		memory = shared + held
	}
	return cpu, memory
}

// stallCounters read how long the run was held back by the machine: its v2 group's pressure
// stall totals where the kernel keeps them, else its processes' run delay alone.
type stallCounters struct {
	pressure map[string]*os.File
	base     map[string]time.Duration
	// limitMet counts the times the run met its memory limit, at limitBase before it.
	limitMet  *os.File
	limitV2   bool
	limitBase int64
}

func newStallCounters(b supervision) *stallCounters {
	c := &stallCounters{limitV2: b.LimitMetV2, limitBase: b.LimitMetBase}
	if b.LimitMetFD != 0 {
		c.limitMet = os.NewFile(uintptr(b.LimitMetFD), "memory limit met")
	}
	if len(b.PressureFDs) == len(pressureResources) {
		c.pressure, c.base = map[string]*os.File{}, map[string]time.Duration{}
		for res, fd := range b.PressureFDs {
			f := os.NewFile(uintptr(fd), res+" pressure")
			total, err := readPressure(f)
			if err != nil {
				c.pressure = nil
				break
			}
			c.pressure[res], c.base[res] = f, total
		}
	}
	return c
}

// heldBack is how long a run was held back by the machine, as far as the kernel tells.
type heldBack struct {
	// cpu is the time it waited for a processor, ready to run; stalled the time it was
	// stalled on the disk or on memory the machine reclaimed (not on its own memory limit).
	cpu, stalled time.Duration
	// known tells that the kernel's pressure stall counts saw disk and memory stalls too.
	known bool
}

// read returns how long the run was held back so far; runDelay reads its threads' waits for a
// processor, all the supervisor sees without pressure stall counts.
func (c *stallCounters) read(runDelay func() time.Duration) heldBack {
	if c.pressure == nil {
		return heldBack{cpu: runDelay()}
	}
	var h heldBack
	total := func(res string) time.Duration {
		t, err := readPressure(c.pressure[res])
		if err != nil {
			return 0
		}
		return max(t-c.base[res], 0)
	}
	// The larger of the group's wait for a processor and its threads' run delay: either
	// counts a processor the machine gave to others, and the run delay a group's CPU quota
	// held it back too (an ancestor's cpu.max, v1's cfs quota).
	h.cpu, h.stalled, h.known = max(total("cpu"), runDelay()), total("io"), true
	if !c.metOwnLimit() {
		h.stalled += total("memory")
	}
	return h
}

// metOwnLimit reports whether the run met its memory limit: its memory stalls are then the
// reclaim its own limit made, not the machine's.
func (c *stallCounters) metOwnLimit() bool {
	if c.limitMet == nil {
		return false
	}
	var n int64
	var err error
	if c.limitV2 {
		n, err = readKeyed(c.limitMet, "max")
	} else {
		n, err = preadInt(c.limitMet)
	}
	return err == nil && n > c.limitBase
}

// starved reports whether a run with cpu of CPU time in elapsed of wall-clock time was held
// back, not waiting of its own accord, most of the time: its CPU time and the time it was
// held back are at least half the wall clock.
func (h heldBack) starved(cpu, elapsed time.Duration) bool {
	return cpu+h.cpu+h.stalled >= elapsed/2
}

// note records the time held back in the run's account.
func (h heldBack) note(m *Meta) {
	m.WaitMicros, m.StallMicros, m.StallsKnown = h.cpu.Microseconds(), h.stalled.Microseconds(), h.known
}

// treeRunDelay returns how long the live threads of the tree's processes have waited for a
// processor while ready to run (/proc/PID/task/TID/schedstat): time a loaded machine took from
// them. Every thread: a process's own schedstat is its first thread's alone, which in a JVM
// waits for the main thread and is never ready to run.
func treeRunDelay() time.Duration {
	var sum time.Duration
	for _, pid := range descendants(os.Getpid()) {
		dir := "/proc/" + strconv.Itoa(pid) + "/task"
		threads, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, tid := range threads {
			sum += runDelay(dir + "/" + tid.Name() + "/schedstat")
		}
	}
	return sum
}

// runDelay reads the time waiting for a processor from a schedstat file: its second field.
func runDelay(name string) time.Duration {
	data, err := os.ReadFile(name)
	if err != nil {
		return 0
	}
	if f := strings.Fields(string(data)); len(f) >= 2 {
		if ns, err := strconv.ParseInt(f[1], 10, 64); err == nil && ns > 0 {
			return time.Duration(ns)
		}
	}
	return 0
}

// copyOutput copies the output file, at most ReadLimit bytes, to the judge's file at
// outputFD, and notes its size or why it cannot be taken. The program controls what lies at
// that name, so it is opened without following a link or blocking on a pipe.
func copyOutput(m *Meta, name string, outputFD int) {
	fd, err := unix.Open(name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	switch {
	case errors.Is(err, unix.ENOENT):
		return
	case errors.Is(err, unix.ELOOP):
		m.OutputFileFault = "is a symbolic link, not a file"
		return
	case err != nil:
		m.OutputFileFault = fmt.Sprintf("cannot be opened: %v", err)
		return
	}
	f := os.NewFile(uintptr(fd), name)
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		m.OutputFileFault = "is not a regular file"
		return
	}
	out := os.NewFile(uintptr(outputFD), "output")
	if out == nil {
		m.Fault = "no descriptor for the output file"
		return
	}
	defer out.Close()
	if _, err := io.Copy(out, io.LimitReader(f, ReadLimit)); err != nil {
		m.Fault = fmt.Sprintf("copying the output file: %v", err)
		return
	}
	m.OutputFileFound, m.OutputFileBytes = true, info.Size()
}

// The supervisor's long waits are raw system calls, which the Go scheduler does not see: it
// then never hands the processor to another thread, which it might have to start, while the
// program has taken every process the limit allows, and a runtime that cannot start a thread
// dies. The supervisor has one goroutine of its own, which may hold the processor that long.

// rawPoll waits until descriptor fd is readable, or for d.
func rawPoll(fd int, d time.Duration) {
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	ts := unix.NsecToTimespec(d.Nanoseconds())
	_, _, _ = unix.RawSyscall6(unix.SYS_PPOLL, uintptr(unsafe.Pointer(&fds[0])), 1, uintptr(unsafe.Pointer(&ts)), 0, 0, 0)
	runtime.KeepAlive(fds)
}

// rawWait4 waits for any child to end and reaps it.
func rawWait4(ws *unix.WaitStatus) (int, error) {
	pid, _, errno := unix.RawSyscall6(unix.SYS_WAIT4, ^uintptr(0), uintptr(unsafe.Pointer(ws)), unix.WALL, 0, 0, 0)
	if errno != 0 {
		return -1, errno
	}
	return int(pid), nil
}

// reapAvailable reaps every child that has ended, without waiting, and reports whether the
// program, pid, was among them; its status goes to status.
func reapAvailable(pid int, status *unix.WaitStatus) bool {
	ended := false
	for {
		var ws unix.WaitStatus
		got, err := unix.Wait4(-1, &ws, unix.WNOHANG|unix.WALL, nil)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil || got <= 0 {
			return ended
		}
		if got == pid {
			*status, ended = ws, true
		}
	}
}

// reapAll waits for every child to end. It reports whether the program, pid, was reaped, and
// stores its status when status is not nil.
func reapAll(pid int, status *unix.WaitStatus) bool {
	ended := false
	for {
		var ws unix.WaitStatus
		got, err := rawWait4(&ws)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return ended
		}
		if got == pid {
			ended = true
			if status != nil {
				*status = ws
			}
		}
	}
}

// killTree kills every descendant of the supervisor and returns how many it could not. In
// its own PID namespace one kill(-1) reaches them all at once; outside, the descendants are
// found in /proc (orphans included, the supervisor being their subreaper) and killed until
// none is left, since a fork bomb adds processes while they are being killed.
func killTree(namespace bool, pid int) int {
	if namespace && os.Getpid() == 1 {
		_ = unix.Kill(-1, unix.SIGKILL)
	}
	_ = unix.Kill(-pid, unix.SIGKILL)
	for round := 0; round < 1000; round++ {
		left := descendants(os.Getpid())
		alive := 0
		for _, p := range left {
			if isZombie(p) {
				continue
			}
			alive++
			_ = unix.Kill(p, unix.SIGKILL)
		}
		if alive == 0 {
			return 0
		}
		// The dead stay as zombies, skipped above, until reapAll collects them with the
		// program's status.
		time.Sleep(time.Millisecond)
	}
	return len(descendants(os.Getpid()))
}

// isZombie reports whether process pid has ended and waits to be reaped.
func isZombie(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true // gone already
	}
	end := strings.LastIndexByte(string(stat), ')')
	return end >= 0 && end+2 < len(stat) && (stat[end+2] == 'Z' || stat[end+2] == 'X')
}

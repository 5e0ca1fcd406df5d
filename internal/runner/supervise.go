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

// metaFD is the descriptor the supervisor writes its Meta to: the judge's pipe. outputFD is
// the judge's file the supervisor copies the output file to, when the run's folder is a tmpfs
// of the sandbox's own, which ends with it.
const (
	metaFD   = 3
	outputFD = 4
)

// startedLine is what the supervisor writes to the meta pipe once it is confined and about to
// start the program: from then on, a run that ends without a report is the program's doing,
// judged from outside, not a failure of the judge.
const startedLine = "started\n"

// sampleEvery is how often the supervisor samples the tree's CPU time and memory. A program
// that allocates and touches memory as fast as a machine allows overshoots the memory limit by
// what it touches in one interval, some tens of megabytes; one that exits sooner is never
// sampled, its end is seen at once.
const sampleEvery = 5 * time.Millisecond

// supervision is the supervisor's brief, JSON in its first argument.
type supervision struct {
	CPUMicros  int64 `json:"cpu_us"`
	WallMicros int64 `json:"wall_us"`
	Memory     int64 `json:"memory"`
	// Data is the RLIMIT_DATA backstop, far above Memory: it stops an allocation faster than
	// the sampling, and leaves runtimes that reserve address space (Go, Java) alone.
	Data   int64 `json:"data"`
	Output int64 `json:"output"`
	Stack  int64 `json:"stack"`
	// Processes is the number of tasks the program may add; TasksBefore is how many tasks the
	// user owns already where RLIMIT_NPROC counts them, outside a namespace.
	Processes   int `json:"processes"`
	TasksBefore int `json:"tasks_before"`
	// Namespace tells that the supervisor is process 1 of a PID namespace of its own.
	Namespace bool     `json:"namespace"`
	Dir       string   `json:"dir"`
	Env       []string `json:"env"`
	// OwnFolder tells that Dir is a size-limited tmpfs of the run's own, whose use counts as
	// the program's memory and which the supervisor empties of OutputFile (copied to outputFD)
	// before it goes.
	OwnFolder  bool   `json:"own_folder"`
	OutputFile string `json:"output_file"`
	// OwnUser tells that the run's user is the session's own (a root judge, unisolated): its
	// System V segments are the run's, counted and removed with it.
	OwnUser bool `json:"own_user,omitempty"`
	// CgroupFD, when not 0, is the descriptor of a memory control group's cgroup.procs,
	// which the supervisor joins before it starts the program.
	CgroupFD int `json:"cgroup_fd,omitempty"`
}

// Supervise runs the supervisor with args (the brief, then the program's command line) and
// returns its exit status. Its report goes to descriptor 3 as one JSON Meta; a fault of the
// supervisor itself is a Meta with Fault set, so that the judge always learns why.
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

func supervise(args []string, meta *os.File) Meta {
	if len(args) < 2 {
		return Meta{Fault: "want a brief and a command"}
	}
	var brief supervision
	if err := json.Unmarshal([]byte(args[0]), &brief); err != nil {
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
	if brief.CgroupFD != 0 {
		procs := os.NewFile(uintptr(brief.CgroupFD), "cgroup.procs")
		_, err := procs.WriteString("0")
		procs.Close()
		if err != nil {
			return Meta{Fault: fmt.Sprintf("joining the run's control group: %v", err)}
		}
	}
	filtered, err := confine()
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
	m := watch(brief, args[1:])
	m.Filtered = filtered
	if brief.OwnFolder && brief.OutputFile != "" {
		copyOutput(&m, filepath.Join(brief.Dir, brief.OutputFile))
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
	start := time.Now()
	proc, err := os.StartProcess(command[0], command, &os.ProcAttr{
		Dir:   b.Dir,
		Env:   b.Env,
		Files: []*os.File{os.Stdin, os.Stdout, os.Stderr},
		Sys:   &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL},
	})
	if err != nil {
		m := Meta{StartError: fmt.Sprintf("starting %s: %v", command[0], err)}
		var errno syscall.Errno
		if errors.As(err, &errno) {
			m.StartErrno = int(errno)
		}
		return m
	}
	pid := proc.Pid
	pidfd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		pidfd = -1 // an old kernel: the loop then wakes on its timer alone
	}

	cpuLimit := time.Duration(b.CPUMicros) * time.Microsecond
	wallLimit := time.Duration(b.WallMicros) * time.Microsecond
	var (
		m       Meta
		status  unix.WaitStatus
		ended   bool
		peakSum int64
	)
	for !ended {
		wait := min(sampleEvery, max(wallLimit-time.Since(start), time.Millisecond))
		if pidfd >= 0 {
			rawPoll(pidfd, max(wait, time.Millisecond)) // EINTR only shortens the wait
		} else {
			time.Sleep(wait)
		}
		if ended = reapAvailable(pid, &status); ended {
			break
		}
		cpu, mem := sampleTree(b)
		peakSum = max(peakSum, mem)
		switch {
		// Memory first: filling memory at the limit makes the kernel reclaim, and the time it
		// spends reclaiming is the program's CPU time, so one sample can see both over.
		case mem > b.Memory:
			m.Stopped = StoppedMemory
		case cpu > cpuLimit:
			m.Stopped = StoppedCPU
		case time.Since(start) > wallLimit:
			// The wall clock stops a program that waits or sleeps. One that was ready to run
			// most of the time, and waited for a processor a busy machine gave to others, goes
			// on towards its CPU limit, up to BusyWallFactor times the wall-clock limit.
			elapsed, waited := time.Since(start), treeRunDelay()
			if elapsed < BusyWallFactor*wallLimit && cpu+waited >= elapsed/2 {
				break
			}
			m.Stopped = StoppedWall
			m.WaitMicros = waited.Microseconds()
		}
		if m.Stopped != NotStopped {
			break
		}
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
	if b.OwnFolder {
		// What the program left in its folder is memory it still holds.
		peakSum = max(peakSum, folderBytes(b.Dir))
	}

	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_CHILDREN, &ru); err == nil {
		m.CPUMicros = ru.Utime.Sec*1_000_000 + ru.Utime.Usec + ru.Stime.Sec*1_000_000 + ru.Stime.Usec
		m.PeakKiB = max(ru.Maxrss, peakSum>>10)
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

// sampleTree returns the CPU time of the tree so far, reaped processes included, and the
// memory the run holds however it holds it: its live processes' private pages, the memory
// files they hold open, the files in its folder when that is a tmpfs of its own, and the
// System V segments of its IPC namespace that no one maps. When shared pages could put it over
// the limit (the sum of resident memory is), they are counted once, by PSS.
func sampleTree(b supervision) (cpu time.Duration, memory int64) {
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
		held += memfdBytes(pid, seen)
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

// treeRunDelay returns how long the live processes of the tree have waited for a processor
// while ready to run (/proc/PID/schedstat): time a loaded machine took from them.
func treeRunDelay() time.Duration {
	var sum time.Duration
	for _, pid := range descendants(os.Getpid()) {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/schedstat")
		if err != nil {
			continue
		}
		if f := strings.Fields(string(data)); len(f) >= 2 {
			ns, _ := strconv.ParseInt(f[1], 10, 64)
			sum += time.Duration(ns)
		}
	}
	return sum
}

// copyOutput copies the output file, at most ReadLimit bytes, to the judge's file at
// outputFD, and notes its size or why it cannot be taken. The program controls what lies at
// that name, so it is opened without following a link or blocking on a pipe.
func copyOutput(m *Meta, name string) {
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
	out := os.NewFile(outputFD, "output")
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

package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"bullseye/internal/tooltest"
)

// programCommand makes the test binary a program to run: the behaviours below stand for the
// programs a judge meets.
const programCommand = "__program"

func TestMain(m *testing.M) {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case SuperviseCommand:
			os.Exit(Supervise(os.Args[2:]))
		case programCommand:
			os.Exit(behave(os.Args[2:]))
		}
	}
	os.Exit(m.Run())
}

// behave acts out one program and returns its exit status.
func behave(args []string) int {
	switch args[0] {
	case "answer": // print the rest, or write it to a file when asked
		if len(args) > 2 {
			if err := os.WriteFile(args[2], []byte(args[1]+"\n"), 0o644); err != nil {
				return 9
			}
			return 0
		}
		fmt.Println(args[1])
	case "echo": // copy standard input to standard output
		data, _ := os.ReadFile("/dev/stdin")
		os.Stdout.Write(data)
	case "exit":
		n, _ := strconv.Atoi(args[1])
		return n
	case "terminate":
		signal.Reset(syscall.SIGTERM)
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
		time.Sleep(time.Second)
	case "spin":
		for i := 0; ; i++ {
			_ = i
		}
	case "sleep":
		time.Sleep(time.Hour)
	case "hoard": // N processes, each holding every descriptor it may open, all spinning
		n, _ := strconv.Atoi(args[1])
		for range n - 1 {
			_ = exec.Command(os.Args[0], programCommand, "hoard", "1").Start()
		}
		var held []int
		for {
			fd, err := unix.Open("/dev/null", unix.O_RDONLY, 0)
			if err != nil {
				break
			}
			held = append(held, fd)
		}
		for i := 0; ; i++ {
			_ = i
		}
	case "files": // count the descriptors it may open
		n := 0
		for {
			if _, err := unix.Open("/dev/null", unix.O_RDONLY, 0); err != nil {
				break
			}
			n++
		}
		fmt.Println(n)
	case "inflight": // hold ANON MiB touched, and FILES memory files of MiB each whose only references are in flight in a socket
		anon, _ := strconv.Atoi(args[1])
		files, _ := strconv.Atoi(args[2])
		mib, _ := strconv.Atoi(args[3])
		keep := make([]byte, anon<<20)
		touch(keep)
		pair, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0)
		if err != nil {
			return 6
		}
		chunk := bytes.Repeat([]byte{7}, 1<<20)
		for range files {
			fd, err := unix.MemfdCreate("hidden", 0)
			if err != nil {
				return 4
			}
			for range mib {
				if _, err := unix.Write(fd, chunk); err != nil {
					return 5
				}
			}
			if err := unix.Sendmsg(pair[0], []byte{0}, unix.UnixRights(fd), nil, 0); err != nil {
				return 7
			}
			unix.Close(fd)
		}
		time.Sleep(time.Second)
		fmt.Println(len(keep) >> 20)
	case "whoami": // print where its descriptors lead, its supervisor's command line, its groups
		for _, fd := range []string{"0", "1", "2"} {
			target, _ := os.Readlink("/proc/self/fd/" + fd)
			// A pipe's number is the machine's count of pipes, not the judge's of runs.
			if strings.HasPrefix(target, "pipe:[") {
				target = "pipe"
			}
			fmt.Println("fd", fd, target)
		}
		for _, who := range []string{"1", strconv.Itoa(os.Getppid())} {
			cmdline, _ := os.ReadFile("/proc/" + who + "/cmdline")
			if who != "1" {
				who = "the parent"
			}
			fmt.Printf("cmdline of %s: %q\n", who, cmdline)
		}
		cgroup, _ := os.ReadFile("/proc/self/cgroup")
		fmt.Printf("cgroup: %q\n", cgroup)
		mounts, _ := os.ReadFile("/proc/self/mountinfo")
		fmt.Printf("mounts: %q\n", mounts)
		wd, _ := os.Getwd()
		fmt.Println("cwd", wd)
	case "hold": // touch MiB megabytes, then spin
		mib, _ := strconv.Atoi(args[1])
		keep := make([]byte, mib<<20)
		touch(keep)
		for i := 0; ; i++ {
			keep[i%len(keep)]++
		}
	case "both": // a child goes over the memory limit, then the program over the time limit
		// Only a child the memory limit killed makes the case; one that could not start or
		// ended otherwise is told on standard error, tried again, and at last the program
		// exits 3 instead of spinning, so that the test says why rather than "time".
		for range 3 {
			err := exec.Command(os.Args[0], programCommand, "allocate", "4096").Run()
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
					for i := 0; ; i++ {
						_ = i
					}
				}
			}
			fmt.Fprintf(os.Stderr, "the child that allocates did not meet the memory limit: %v\n", err)
		}
		return 3
	case "spinners": // spin in N processes
		n, _ := strconv.Atoi(args[1])
		for range n - 1 {
			_ = exec.Command(os.Args[0], programCommand, "spin").Start()
		}
		for i := 0; ; i++ {
			_ = i
		}
	case "allocate": // touch MiB megabytes, one at a time
		mib, _ := strconv.Atoi(args[1])
		var keep [][]byte
		for range mib {
			chunk := make([]byte, 1<<20)
			touch(chunk)
			keep = append(keep, chunk)
		}
		fmt.Println(len(keep))
	case "flood":
		line := bytes.Repeat([]byte("2906\n"), 1000)
		for {
			if _, err := os.Stdout.Write(line); err != nil {
				return 3
			}
		}
	case "forkbomb": // start copies of itself without end, each doing the same
		for {
			cmd := exec.Command(os.Args[0], programCommand, "forkbomb")
			_ = cmd.Start()
		}
	case "pipes": // fill pipes with MiB megabytes, the kernel's memory, then spin
		mib, _ := strconv.Atoi(args[1])
		chunk := make([]byte, 64<<10)
		var held [][2]int
		for filled := 0; filled < mib<<20; {
			var fds [2]int
			if err := unix.Pipe2(fds[:], unix.O_NONBLOCK); err != nil {
				return 4
			}
			held = append(held, fds)
			_, _ = unix.FcntlInt(uintptr(fds[1]), unix.F_SETPIPE_SZ, 1<<20)
			for {
				n, err := unix.Write(fds[1], chunk)
				if n <= 0 || err != nil {
					break
				}
				filled += n
			}
		}
		fmt.Println(len(held))
		for {
		}
	case "shout": // answer, then write MiB megabytes to standard error
		fmt.Println("2906")
		mib, _ := strconv.Atoi(args[1])
		chunk := bytes.Repeat([]byte("#"), 1<<20)
		for range mib {
			os.Stderr.Write(chunk)
		}
	case "env": // print the environment
		for _, kv := range os.Environ() {
			fmt.Println(kv)
		}
	case "reach": // try to reach into the parent, the supervisor
		parent := os.Getppid()
		_, _, errno := syscall.RawSyscall6(syscall.SYS_PTRACE, syscall.PTRACE_ATTACH, uintptr(parent), 0, 0, 0, 0)
		fmt.Println("ptrace:", errno)
		pidfd, _, errno := syscall.RawSyscall(unix.SYS_PIDFD_OPEN, uintptr(parent), 0, 0)
		if errno == 0 {
			_, _, errno = syscall.RawSyscall(unix.SYS_PIDFD_GETFD, pidfd, 0, 0)
		}
		fmt.Println("pidfd_getfd:", errno)
		_, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", parent))
		fmt.Println("environ:", err != nil)
		_, _, errno = syscall.RawSyscall(syscall.SYS_UNSHARE, syscall.CLONE_NEWUSER, 0, 0)
		fmt.Println("unshare:", errno)
	case "threads": // hold N threads of its own a while, then say how many
		n, _ := strconv.Atoi(args[1])
		var ready sync.WaitGroup
		for range n {
			ready.Add(1)
			go func() {
				runtime.LockOSThread() // the thread is this goroutine's alone
				ready.Done()
				time.Sleep(time.Hour)
			}()
		}
		ready.Wait()
		time.Sleep(500 * time.Millisecond)
		fmt.Println(n)
	case "sockets": // try a socket of each family
		for _, f := range []struct {
			name   string
			family int
			kind   int
		}{
			{"unix", unix.AF_UNIX, unix.SOCK_STREAM}, {"inet", unix.AF_INET, unix.SOCK_STREAM},
			{"inet udp", unix.AF_INET, unix.SOCK_DGRAM}, {"inet6", unix.AF_INET6, unix.SOCK_STREAM},
			{"netlink", unix.AF_NETLINK, unix.SOCK_RAW}, {"packet", unix.AF_PACKET, unix.SOCK_DGRAM},
		} {
			fd, err := unix.Socket(f.family, f.kind, 0)
			if err == nil {
				unix.Close(fd)
				fmt.Println(f.name, "made")
			} else {
				fmt.Println(f.name, err)
			}
		}
	case "segment": // leave a System V segment of MiB megabytes, touched and detached
		mib, _ := strconv.Atoi(args[1])
		id, err := unix.SysvShmGet(unix.IPC_PRIVATE, mib<<20, unix.IPC_CREAT|0o600)
		if err != nil {
			return 4
		}
		mem, err := unix.SysvShmAttach(id, 0, 0)
		if err != nil {
			return 5
		}
		touch(mem)
		_ = unix.SysvShmDetach(mem)
		fmt.Println(id)
	case "look": // report whether each path can be read
		for _, path := range args[1:] {
			if _, err := os.ReadFile(path); err == nil {
				fmt.Println("read", path)
			} else {
				fmt.Println("cannot read", path)
			}
		}
	}
	return 0
}

// touch writes a byte in every page of memory, which makes the whole of it resident: a byte a
// page is all the kernel needs, whose page faults are the cost.
func touch(memory []byte) {
	for i := 0; i < len(memory); i += os.Getpagesize() {
		memory[i] = 1
	}
}

// modes returns the sandbox modes this machine can test: unisolated always, isolated when
// bubblewrap works here.
func modes(t *testing.T) []Mode {
	t.Helper()
	s := newSandbox(t, Auto)
	if s.Isolated() {
		return []Mode{Isolated, Unisolated}
	}
	t.Logf("only unisolated runs are tested: %s", s.Warning())
	return []Mode{Unisolated}
}

// newSandbox makes a sandbox whose session lives in a temporary folder of the test.
func newSandbox(t *testing.T, mode Mode) *Sandbox {
	t.Helper()
	return newSandboxOf(t, mode, cgroupsAuto)
}

// newSandboxOf makes a sandbox of a mode with the control groups of a preference.
func newSandboxOf(t *testing.T, mode Mode, prefer string) *Sandbox {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	temp := t.TempDir()
	// Runs as nobody must enter it; t.TempDir makes it and its parent private.
	for _, dir := range []string{filepath.Dir(temp), temp} {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New(Options{Mode: mode, Supervisor: self, TempDir: temp, cgroups: prefer})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(func() {
		forgetInstall(s)
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		if entries, _ := os.ReadDir(temp); len(entries) > 0 {
			t.Errorf("the temporary folder holds %d entries after Close, want none", len(entries))
		}
	})
	return s
}

// install returns the test binary as a program of s acting out behaviour args. The binary is
// installed once per sandbox: every behaviour is the same program with other arguments.
func install(t *testing.T, s *Sandbox, args ...string) Program {
	t.Helper()
	installs.Lock()
	defer installs.Unlock()
	dir, ok := installs.dirs[s]
	if !ok {
		self, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		copied := t.TempDir()
		if err := copyFile(self, filepath.Join(copied, "main"), 0o755); err != nil {
			t.Fatal(err)
		}
		p, err := s.Install(copied, nil)
		if err != nil {
			t.Fatal(err)
		}
		dir = p.Dir
		installs.dirs[s] = dir
	}
	return Program{Dir: dir, Argv: func(dir string) []string {
		return append([]string{filepath.Join(dir, "main"), programCommand}, args...)
	}}
}

// installs holds the folder of the test binary installed in each open sandbox.
var installs = struct {
	sync.Mutex
	dirs map[*Sandbox]string
}{dirs: map[*Sandbox]string{}}

// forgetInstall forgets the test binary installed in a sandbox being closed.
func forgetInstall(s *Sandbox) {
	installs.Lock()
	defer installs.Unlock()
	delete(installs.dirs, s)
}

// shell returns a program that runs a shell command.
func shell(command string) Program {
	return Program{Dir: "/", Argv: func(string) []string { return []string{"/bin/sh", "-c", command} }}
}

// memoryLimits are the limits of a run that must meet its memory limit: a CPU limit so far
// above that no machine, however slow its page faults, reaches it first, and a small memory
// limit, as every page a program touches costs a page fault (some microseconds each in a
// virtual machine).
func memoryLimits() Limits {
	l := testLimits()
	l.CPU, l.Wall, l.Memory = 30*time.Second, 60*time.Second, 16<<20
	return l
}

// busyLimits are the limits of a run that must meet its time limit: a short one, and a
// wall-clock limit so far above that a loaded machine, which gives the program a fraction of a
// processor, cannot stop it there first.
func busyLimits() Limits {
	l := testLimits()
	l.CPU, l.Wall = 100*time.Millisecond, 30*time.Second
	return l
}

// sleepLimit is the time and wall-clock limit of a run that must meet its wall-clock limit: it
// sleeps, far below the time limit.
const sleepLimit = 200 * time.Millisecond

func testLimits() Limits {
	return Limits{CPU: 300 * time.Millisecond, Wall: time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 16, Files: 64}
}

// leftovers returns the processes of a run of session: a supervisor or bubblewrap, whose
// environment names the run, or an unisolated program, which works in the run's folder. An
// isolated program cannot outlive its supervisor, process 1 of its namespace.
func leftovers(session string) []int {
	var pids []int
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile("/proc/" + p.Name() + "/environ")
		cwd, _ := os.Readlink("/proc/" + p.Name() + "/cwd")
		if err == nil && bytes.Contains(env, []byte(RunVariable+"="+session)) || strings.HasPrefix(cwd, session) {
			pids = append(pids, pid)
		}
	}
	return pids
}

func TestRun(t *testing.T) {
	tests := []struct {
		name      string
		args      []string // behaviour of the test binary; nil for shell
		shell     string
		stopped   Stop
		exitCode  int
		signal    syscall.Signal
		output    string
		source    string
		exceeded  bool
		minPeakMB int64
		// busy marks a program that must reach the CPU limit: its wall-clock limit is far
		// above, so that a loaded machine, which gives it a fraction of a processor, cannot
		// stop it at the wall clock first.
		busy bool
		// memory marks a program that must reach the memory limit: its CPU limit is far above.
		memory bool
		// sleeps marks a program that must reach the wall-clock limit: a short one, as its
		// time limit, which it stays far below.
		sleeps bool
		// isolatedOnly marks what only a sandbox guarantees.
		isolatedOnly bool
		// eachSandbox marks what each sandbox keeps its own way, the limits (by control group
		// or by sampling), and eachMode what an unisolated run keeps otherwise than an
		// isolated one (the output file, a process left behind): every day in every sandbox
		// that differs so. The rest runs every day in the first sandbox (isolated where
		// bubblewrap works, with the control groups the machine has), in the others in the
		// long tier.
		eachSandbox, eachMode bool
	}{
		{name: "answer on standard output", args: []string{"answer", "2852"}, output: "2852\n", source: "standard output"},
		{name: "answer in the output file", args: []string{"answer", "2829", "sudoku.out"}, output: "2829\n", source: "sudoku.out", eachMode: true},
		{name: "input on standard input", args: []string{"echo"}, output: "1 2 3\n", source: "standard output"},
		{name: "exit code", args: []string{"exit", "3"}, exitCode: 3, source: "standard output"},
		{name: "signal", args: []string{"terminate"}, signal: syscall.SIGTERM, source: "standard output"},
		{name: "spinning", args: []string{"spin"}, busy: true, stopped: StoppedCPU, signal: syscall.SIGKILL, source: "standard output", eachSandbox: true},
		{name: "sleeping", args: []string{"sleep"}, sleeps: true, stopped: StoppedWall, signal: syscall.SIGKILL, source: "standard output", eachSandbox: true},
		{name: "allocating", args: []string{"allocate", "1024"}, memory: true, stopped: StoppedMemory, signal: syscall.SIGKILL, source: "standard output", minPeakMB: 16, eachSandbox: true},
		{name: "within memory", args: []string{"allocate", "4"}, memory: true, output: "4\n", source: "standard output", minPeakMB: 4, eachSandbox: true},
		// Go ignores SIGXFSZ, so the write fails instead, and the program exits.
		{name: "flooding", args: []string{"flood"}, exitCode: 3, exceeded: true, source: "standard output"},
		{name: "flooding C", shell: "exec yes 2906", signal: syscall.SIGXFSZ, exceeded: true, source: "standard output"},
		{name: "fork bomb", args: []string{"forkbomb"}, busy: true, stopped: StoppedCPU, signal: syscall.SIGKILL, source: "standard output", eachSandbox: true},
		{name: "signals to the supervisor", isolatedOnly: true, shell: "for s in HUP INT QUIT TERM USR1 USR2 PIPE ALRM SEGV BUS FPE ILL TRAP ABRT XCPU XFSZ; do echo $s >&2; kill -$s $PPID; done; echo alive", output: "alive\n", source: "standard output"},
		{name: "standard error past the output limit", args: []string{"shout", "3"}, output: "2906\n", source: "standard output"},
		{name: "writing to /dev/stdout", shell: "echo 2906 > /dev/stdout", output: "2906\n", source: "standard output"},
		{name: "orphan", shell: "setsid sleep 100 </dev/null >/dev/null 2>&1 & echo -1", output: "-1\n", source: "standard output", eachMode: true},
	}
	// Each mode with the control groups this machine offers, and, isolated, without: the
	// supervisor's sampling then keeps every limit.
	var sandboxes []*Sandbox
	for _, mode := range modes(t) {
		sandboxes = append(sandboxes, newSandbox(t, mode))
	}
	if sandboxes[0].ControlGroup() {
		sandboxes = append(sandboxes, newSandboxOf(t, modes(t)[0], cgroupsNone))
	}
	for i, s := range sandboxes {
		for _, tc := range tests {
			otherMode := s.Isolated() != sandboxes[0].Isolated()
			if i > 0 && !tc.eachSandbox && !(tc.eachMode && otherMode) && !tooltest.LongTier() {
				continue
			}
			t.Run(fmt.Sprintf("%s/isolated=%v/cgroups=%v", tc.name, s.Isolated(), s.ControlGroup()), func(t *testing.T) {
				if tc.isolatedOnly && !s.Isolated() {
					t.Skip("only a sandbox shields the supervisor")
				}
				program := shell(tc.shell)
				if tc.args != nil {
					program = install(t, s, tc.args...)
				}
				req := Request{Program: program, Input: []byte("1 2 3\n"), InputFile: "sudoku.in", OutputFile: "sudoku.out", Limits: testLimits()}
				switch {
				case tc.busy:
					req.Limits = busyLimits()
				case tc.sleeps:
					req.Limits.CPU, req.Limits.Wall = sleepLimit, sleepLimit
				case tc.memory:
					req.Limits = memoryLimits()
				}
				r, err := s.Run(context.Background(), req)
				if err != nil {
					t.Fatalf("Run: %v", err)
				}
				if got := r.Exceeded(req.Limits); got != tc.stopped {
					t.Errorf("over the limit: got %q, want %q (%+v)", got, tc.stopped, r.Meta)
				}
				if r.ExitCode != tc.exitCode || syscall.Signal(r.Signal) != tc.signal {
					t.Errorf("ended with %s, want exit code %d, signal %d (stderr %q)", r.Ended(), tc.exitCode, tc.signal, r.Stderr)
				}
				if tc.output != "" && string(r.Output) != tc.output {
					t.Errorf("output: got %q, want %q", cut(string(r.Output), 100), tc.output)
				}
				if r.OutputSource != tc.source {
					t.Errorf("output source: got %q, want %q", r.OutputSource, tc.source)
				}
				if r.OutputExceeded != tc.exceeded {
					t.Errorf("output exceeded: got %v, want %v (%d bytes)", r.OutputExceeded, tc.exceeded, r.OutputBytes)
				}
				if r.PeakKiB < tc.minPeakMB<<10 {
					t.Errorf("peak: got %d KiB, want at least %d MiB", r.PeakKiB, tc.minPeakMB)
				}
				if tc.stopped == StoppedCPU && r.CPU() < req.Limits.CPU {
					t.Errorf("cpu: got %v, want at least the limit %v", r.CPU(), req.Limits.CPU)
				}
				if left := leftovers(s.Session()); len(left) > 0 {
					t.Errorf("processes left after the run: %v", left)
				}
				if runs, _ := os.ReadDir(s.RunsDir()); len(runs) > 0 {
					t.Errorf("run folders left: %d", len(runs))
				}
				if s.ControlGroup() && (!r.KernelCPU || !r.KernelMemory && s.cgroups.keeps(memoryResource)) {
					t.Errorf("the control groups did not keep the accounts: %+v", r.Meta)
				}
			})
		}
	}
}

// TestIsolation checks what an isolated run can see: its own folder, not the rest of the host.
func TestIsolation(t *testing.T) {
	s := newSandbox(t, Auto)
	if !s.Isolated() {
		t.Skipf("bubblewrap does not work here: %s", s.Warning())
	}
	secret := filepath.Join(filepath.Dir(s.Session()), "secret.ans")
	if err := os.WriteFile(secret, []byte("2906\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(secret)
	p := install(t, s, "look", "sudoku.in", secret, "/proc/1/environ")
	r, err := s.Run(context.Background(), Request{Program: p, Input: []byte("0\n"), InputFile: "sudoku.in", Limits: testLimits()})
	if err != nil {
		t.Fatal(err)
	}
	// Process 1 is the supervisor, which the program may not look into.
	want := "read sudoku.in\ncannot read " + secret + "\ncannot read /proc/1/environ\n"
	if string(r.Output) != want {
		t.Errorf("got %q, want %q", r.Output, want)
	}
}

// TestConfinement checks that a program cannot reach into its supervisor (ptrace, its
// descriptors, its memory and environment) nor make namespaces, and that its environment names
// no host path.
func TestConfinement(t *testing.T) {
	for _, mode := range modes(t) {
		s := newSandbox(t, mode)
		t.Run(fmt.Sprintf("isolated=%v", s.Isolated()), func(t *testing.T) {
			r, err := s.Run(context.Background(), Request{Program: install(t, s, "reach"), Input: []byte("0\n"), Limits: testLimits()})
			if err != nil {
				t.Fatal(err)
			}
			want := "ptrace: operation not permitted\npidfd_getfd: operation not permitted\nenviron: true\nunshare: operation not permitted\n"
			if string(r.Output) != want {
				t.Errorf("got %q, want %q", r.Output, want)
			}
			r, err = s.Run(context.Background(), Request{Program: install(t, s, "env"), Input: []byte("0\n"), Limits: testLimits()})
			if err != nil {
				t.Fatal(err)
			}
			if env := string(r.Output); strings.Contains(env, s.Session()) || strings.Contains(env, RunVariable) || strings.Contains(env, os.TempDir()) {
				t.Errorf("the environment reveals the host: %q", env)
			}
		})
	}
}

// TestSocketFamilies checks that a sandboxed program may make Unix sockets and no other: no
// TCP or UDP buffers, which no cgroup v1 memory group charges, and no other network.
func TestSocketFamilies(t *testing.T) {
	s := newSandbox(t, Auto)
	if !s.Isolated() {
		t.Skipf("bubblewrap does not work here: %s", s.Warning())
	}
	r, err := s.Run(context.Background(), Request{Program: install(t, s, "sockets"), Input: []byte("0\n"), Limits: testLimits()})
	if err != nil {
		t.Fatal(err)
	}
	refused := unix.EAFNOSUPPORT.Error()
	want := "unix made\ninet " + refused + "\ninet udp " + refused + "\ninet6 " + refused + "\nnetlink " + refused + "\npacket " + refused + "\n"
	if !r.Filtered {
		t.Skip("no seccomp filter on this architecture")
	}
	if string(r.Output) != want {
		t.Errorf("got %q, want %q", r.Output, want)
	}
}

// TestRunsSideBySide runs three programs at once, unisolated, each holding ten threads of its
// own: a root judge runs each as a user of its own, so that the process limit, which counts a
// user's threads, is each run's, and no run keeps another from starting a thread.
func TestRunsSideBySide(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: a judge of another user runs every program as itself")
	}
	s := newSandbox(t, Unisolated)
	p := install(t, s, "threads", "10")
	lim := testLimits()
	lim.Wall = 10 * time.Second
	var wg sync.WaitGroup
	results := make([]Result, 3)
	errs := make([]error, 3)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = s.Run(context.Background(), Request{Program: p, Input: []byte("0\n"), Limits: lim})
		}()
	}
	wg.Wait()
	for i, r := range results {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if r.ExitCode != 0 || string(r.Output) != "10\n" {
			t.Errorf("run %d: got %s, %q (%s); want exit code 0 and 10 threads held", i, r.Ended(), r.Output, firstLine(string(r.Stderr)))
		}
	}
}

// TestReducedEtc checks that an isolated program sees the loader's files of /etc, and not the
// users, the host's name or its secrets.
func TestReducedEtc(t *testing.T) {
	s := newSandbox(t, Auto)
	if !s.Isolated() {
		t.Skipf("bubblewrap does not work here: %s", s.Warning())
	}
	p := install(t, s, "look", "/etc/ld.so.cache", "/etc/passwd", "/etc/shadow", "/etc/hostname")
	r, err := s.Run(context.Background(), Request{Program: p, Input: []byte("0\n"), Limits: testLimits()})
	if err != nil {
		t.Fatal(err)
	}
	want := "read /etc/ld.so.cache\ncannot read /etc/passwd\ncannot read /etc/shadow\ncannot read /etc/hostname\n"
	if _, err := os.Stat("/etc/ld.so.cache"); err != nil {
		want = strings.Replace(want, "read /etc/ld.so.cache", "cannot read /etc/ld.so.cache", 1)
	}
	if string(r.Output) != want {
		t.Errorf("got %q, want %q", r.Output, want)
	}
}

// TestRunTool runs the test binary as a compiler would run: it sees its folder and writes
// there, sees nothing else of the host, has only the environment given, and is stopped at its
// memory limit.
func TestRunTool(t *testing.T) {
	s := newSandbox(t, Auto)
	if !s.Isolated() {
		t.Skipf("bubblewrap does not work here: %s", s.Warning())
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if err := copyFile(self, filepath.Join(dir, "tool"), 0o755); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(filepath.Dir(s.Session()), "secret.ans")
	if err := os.WriteFile(secret, []byte("2906\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(secret)
	tool := filepath.Join(dir, "tool")
	run := func(limits Limits, args ...string) ToolResult {
		t.Helper()
		r, err := s.RunTool(context.Background(), Tool{Dir: dir, Argv: append([]string{tool, programCommand}, args...), Env: []string{"ONLY=this"}, Limits: limits})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := run(ToolLimits(), "env")
	if got := string(r.Output); got != "ONLY=this\n" {
		t.Errorf("environment: got %q, want only ONLY=this", got)
	}
	r = run(ToolLimits(), "look", secret, filepath.Join(dir, "tool"))
	if got, want := string(r.Output), "cannot read "+secret+"\nread "+filepath.Join(dir, "tool")+"\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	r = run(ToolLimits(), "answer", "7", filepath.Join(dir, "out.txt"))
	if data, err := os.ReadFile(filepath.Join(dir, "out.txt")); err != nil || string(data) != "7\n" {
		t.Errorf("the tool's file: got %q, %v; want \"7\\n\"", data, err)
	}
	small := ToolLimits()
	small.Memory = 16 << 20
	if r = run(small, "allocate", "1024"); r.Exceeded(small) != StoppedMemory {
		t.Errorf("allocating: got %+v, want the memory limit", r.Meta)
	}
}

// TestSegments checks that a System V segment counts as the run's memory and does not outlive
// the run: its IPC namespace ends with it, or, unisolated with a user of the session's own,
// the supervisor removes it.
func TestSegments(t *testing.T) {
	for _, mode := range modes(t) {
		s := newSandbox(t, mode)
		t.Run(fmt.Sprintf("isolated=%v", s.Isolated()), func(t *testing.T) {
			if !s.Isolated() && s.runAs == nil {
				t.Skip("unisolated as the judge's own user, the run's segments are not told from the user's")
			}
			before := len(segments())
			r, err := s.Run(context.Background(), Request{Program: install(t, s, "segment", "24"), Input: []byte("0\n"), Limits: memoryLimits()})
			if err != nil {
				t.Fatal(err)
			}
			if r.Exceeded(memoryLimits()) != StoppedMemory {
				t.Errorf("a 24 MiB segment under a 16 MiB limit: got %+v, want the memory limit", r.Meta)
			}
			if after := len(segments()); after > before {
				t.Errorf("System V segments: %d before the run, %d after", before, after)
			}
		})
	}
}

func TestSymbolicLinkOutput(t *testing.T) {
	for _, mode := range modes(t) {
		s := newSandbox(t, mode)
		t.Run(fmt.Sprintf("isolated=%v", s.Isolated()), func(t *testing.T) {
			r, err := s.Run(context.Background(), Request{
				Program: shell("ln -s /etc/passwd sudoku.out; echo 1"), Input: []byte("0"),
				InputFile: "sudoku.in", OutputFile: "sudoku.out", Limits: testLimits(),
			})
			if err != nil {
				t.Fatal(err)
			}
			if r.OutputFault == "" || len(r.Output) != 0 {
				t.Errorf("got fault %q and output %q, want a fault and no output", r.OutputFault, r.Output)
			}
		})
	}
}

func TestLimitsCheck(t *testing.T) {
	good := testLimits()
	tests := []struct {
		name   string
		change func(*Limits)
		want   string
	}{
		{"good", func(*Limits) {}, ""},
		{"no time", func(l *Limits) { l.CPU = 0 }, "time limit"},
		{"wall below cpu", func(l *Limits) { l.Wall = l.CPU / 2 }, "wall-clock limit"},
		{"tiny memory", func(l *Limits) { l.Memory = 1 << 20 }, "memory limit"},
		{"tiny output", func(l *Limits) { l.Output = 10 }, "output limit"},
		{"no processes", func(l *Limits) { l.Processes = 0 }, "process limit"},
		{"too few files", func(l *Limits) { l.Files = 3 }, "open-file limit"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := good
			tc.change(&l)
			err := l.Check()
			if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// BenchmarkRun measures a whole run of a program that does nothing, placed as the judge places
// it (on /dev/shm when there is one): the time per run beyond the program's own is the runner's
// cost per test, sandbox included. The supervisor here is the test binary, which starts about
// a millisecond slower than judge/supervisor; BenchmarkOverhead in package judge measures the
// real thing.
func BenchmarkRun(b *testing.B) {
	b.Setenv("TMPDIR", "")
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []Mode{Isolated, Unisolated} {
		s, err := New(Options{Mode: mode, Supervisor: self})
		if err != nil {
			b.Logf("mode %d: %v", mode, err)
			continue
		}
		b.Run(fmt.Sprintf("isolated=%v", s.Isolated()), func(b *testing.B) {
			req := Request{Program: shell(""), Input: []byte("0\n"), InputFile: "sudoku.in", OutputFile: "sudoku.out", Limits: testLimits()}
			req.Program.Argv = func(string) []string { return []string{"/bin/true"} }
			var program time.Duration
			for b.Loop() {
				r, err := s.Run(context.Background(), req)
				if err != nil {
					b.Fatal(err)
				}
				program += r.Wall()
			}
			b.ReportMetric(float64(program.Microseconds())/float64(b.N), "program-us/op")
		})
		if err := s.Close(); err != nil {
			b.Error(err)
		}
	}
}

func TestRunsOnSharedMemory(t *testing.T) {
	t.Setenv("TMPDIR", "")
	session, runs := places("")
	if session != sharedMemory && runs != sharedMemory {
		t.Skip("no usable /dev/shm here")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Options{Mode: Unisolated, Supervisor: self})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.RunsDir(), sharedMemory+"/bullseye-") {
		t.Errorf("runs folder: got %s, want one on /dev/shm", s.RunsDir())
	}
	r, err := s.Run(context.Background(), Request{Program: shell("cat sudoku.in"), Input: []byte("7\n"), InputFile: "sudoku.in", Limits: testLimits()})
	if err != nil || string(r.Output) != "7\n" {
		t.Errorf("got %q, %v; want \"7\\n\"", r.Output, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{s.RunsDir(), s.Session()} {
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%s is left after Close", dir)
		}
	}
}

func TestSweepStale(t *testing.T) {
	parent := t.TempDir()
	dead, alive := filepath.Join(parent, sessionPrefix+"dead"), filepath.Join(parent, sessionPrefix+"alive")
	other := filepath.Join(parent, "keep-me")
	for _, dir := range []string{dead, alive, other} {
		if err := os.MkdirAll(filepath.Join(dir, "runs"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// A pid that no process has: a child that has been reaped.
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	owners := map[string]int{dead: gone.Process.Pid, alive: os.Getpid()}
	for dir, pid := range owners {
		if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(strconv.Itoa(pid)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sweepStale(parent)
	for dir, want := range map[string]bool{dead: false, alive: true, other: true} {
		if _, err := os.Stat(dir); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(dir), err == nil, want)
		}
	}
}

// TestControlGroup checks, where the machine offers a memory control group, that a run over
// the limit is stopped there too and that no group is left behind.
func TestControlGroup(t *testing.T) {
	s := newSandbox(t, Auto)
	if !s.cgroups.keeps(memoryResource) {
		t.Skip("no memory control group here (they need root)")
	}
	group := s.cgroups.trees[0].session
	r, err := s.Run(context.Background(), Request{Program: install(t, s, "allocate", "1024"), Input: []byte("0\n"), Limits: memoryLimits()})
	if err != nil {
		t.Fatal(err)
	}
	if !r.MemoryKilled || r.Exceeded(memoryLimits()) != StoppedMemory {
		t.Errorf("got %+v, want a process killed at the memory limit", r.Meta)
	}
	if r.PeakKiB<<10 > memoryLimits().Memory {
		t.Errorf("peak %d KiB, want at most the limit: the kernel keeps it", r.PeakKiB)
	}
	// Run groups are kept for the next runs, until Close.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(group); err == nil {
		t.Errorf("the session's group %s is left after Close", group)
	}
}

// TestControlGroupKernelMemory checks that a run whose kernel memory (here pipe buffers, which
// no sample of the program's own memory sees) passes the limit is stopped by the
// control group, and that the kernel's share is told.
func TestControlGroupKernelMemory(t *testing.T) {
	s := newSandbox(t, Auto)
	if !s.cgroups.keeps(memoryResource) {
		t.Skip("no memory control group here (they need root)")
	}
	lim := memoryLimits()
	r, err := s.Run(context.Background(), Request{Program: install(t, s, "pipes", "64"), Input: []byte("0\n"), Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	if r.Exceeded(lim) != StoppedMemory {
		t.Errorf("got %+v, want the memory limit", r.Meta)
	}
	if r.KernelKiB<<10 < lim.Memory/2 {
		t.Errorf("kernel memory: got %d KiB, want most of the limit of %d KiB (%+v)", r.KernelKiB, lim.Memory>>10, r.Meta)
	}
}

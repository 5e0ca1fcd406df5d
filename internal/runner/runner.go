// Package runner runs an untrusted program on one input, as an online judge does: in a fresh
// folder holding only its input, under limits on CPU time, wall-clock time, memory, output,
// processes and open files, and with bubblewrap in a sandbox of its own. It reports what
// happened as a meta record, as isolate and DOMjudge's runguard do. It runs compilers the same
// way (RunTool).
//
// The kernel keeps the accounts where it can. A judge running as root gives each run control
// groups (cgroup.go): the run's CPU time is its group's CPU counter (cgroup v2's cpu.stat, or
// v1's cpuacct), read when the run is over, whatever the program did; its memory limit is the
// memory controller's, set at the limit itself, which charges every page the run holds however
// it holds it, and the kernel's own memory for it; its processes are limited by the pids
// controller too. A supervisor, Supervise in a binary of the judge's, runs as process 1 of the
// sandbox's PID namespace, not dumpable and under a seccomp filter that the program inherits
// (see seccomp.go), so that the program cannot reach into it. It sets resource limits the
// program inherits (RLIMIT_CPU and RLIMIT_DATA as backstops, RLIMIT_FSIZE for the output,
// RLIMIT_NPROC, which the kernel counts per user namespace, RLIMIT_NOFILE), joins the run's
// groups just long enough to start the program in them, and watches: it reads the groups'
// counters, a small file each, as rarely as the time left allows, and stops the run at a limit.
// Its own CPU time and memory are never charged to the program, and what it does costs the same
// however many processes and descriptors the program makes. When the program ends it kills
// whatever is left, reaps everything and reports. The judge trusts the report for how the
// program ended; the CPU time and memory are the groups'.
//
// Without control groups (a judge not run as root, or a machine that offers none) the
// supervisor samples the tree's CPU time and memory in /proc every few milliseconds (shared
// pages once, memory files, System V segments, the files of its folder), taking at most a
// twentieth of the time it watches, and the judge checks its report against the kernel's
// accounting of the whole sandbox. What that cannot promise is in docs/sandbox.md.
//
// A run over more than one limit is judged by one rule (Meta.Exceeded): time first, then
// memory. A judge running as root runs the sandbox as nobody, since the kernel does not enforce
// RLIMIT_NPROC for root.
//
// Nothing a run can read tells it which test it runs: its standard input and output are memory
// files named alike in every run, its supervisor's brief comes through a descriptor, not its
// command line, and every folder and group of the session has a random name.
//
// Without bubblewrap runs still have every limit, but not the isolation: the program then sees
// the file system as its user does, and only a process group and the supervisor as subreaper
// keep track of its processes.
//
// A session lives on /dev/shm when it can: a run makes a folder and a few files, which a tmpfs
// makes in microseconds and a disk can take milliseconds over. The program's own folder is
// never there when it runs isolated.
package runner

import (
	"bytes"
	"context"
	"debug/elf"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Mode chooses how runs are isolated.
type Mode int

// The modes of a Sandbox.
const (
	// Auto isolates runs with bubblewrap when it works here, and runs them unisolated, with a
	// warning, when it does not.
	Auto Mode = iota
	// Isolated requires bubblewrap.
	Isolated
	// Unisolated never uses bubblewrap.
	Unisolated
)

// nobody is the user a root judge runs sandboxed programs as, Debian's nobody and nogroup. In
// its own user namespace a run's processes count against the process limit apart from every
// other process of nobody.
var nobody = &syscall.Credential{Uid: 65534, Gid: 65534}

// sessionUser returns the user a root judge runs unisolated programs as: one of its own, as
// isolate gives each box one, since outside a namespace the process limit counts every process
// of the user, and the runs of another judge, or a sandboxed fork bomb of nobody, must not eat
// this session's share. The range is isolate's, below 65536 for containers that map no more.
//
// Each run at once has a user of its own among the session's sessionUsers: RLIMIT_NPROC counts
// the processes and threads of a user, and runs side by side under one user would share one
// process limit, so that one run's threads could keep another's runtime from starting a thread
// (a Go or Java program then dies at random, RE).
func sessionUser(slot int) *syscall.Credential {
	id := uint32(60000 + os.Getpid()%(5000/sessionUsers)*sessionUsers + slot%sessionUsers)
	return &syscall.Credential{Uid: id, Gid: id}
}

// sessionUsers is how many users of its own a root judge's session runs unisolated programs
// as: as many runs at once, at most.
const sessionUsers = 8

// runUser is the user one run's processes are, and how many tasks it owned before the run.
type runUser struct {
	cred        *syscall.Credential // nil: the judge's own user
	tasksBefore int
}

// Options configure a Sandbox.
type Options struct {
	Mode Mode
	// Supervisor is the executable that supervises runs when started with SuperviseCommand:
	// the judge's own binary.
	Supervisor string
	// TempDir holds the session's folder, runs included; "" lets New choose (see places).
	TempDir string
	// cgroups chooses the control groups, for the tests: cgroupsAuto (the judge's), v1
	// first, v2 alone, or none.
	cgroups string
}

// Program is an executable installed for runs: a folder of files and its command line.
type Program struct {
	// Dir is the folder holding the program's files.
	Dir string
	// Argv returns the command line that runs the program from folder dir, where the run
	// sees Dir.
	Argv func(dir string) []string
}

// Request is one run.
type Request struct {
	Program Program
	// Input is the test's input, given on standard input and, when InputFile is not "", as
	// that file in the run's folder.
	Input     []byte
	InputFile string
	// OutputFile is the file the program may answer in instead of standard output; "" when
	// only standard output counts.
	OutputFile string
	Limits     Limits
}

// Sandbox runs programs. It owns a session folder under the temporary folder that holds the
// supervisor, the installed programs and the runs' folders; Close removes it.
type Sandbox struct {
	session    string
	runsDir    string // the runs' folders: in the session, or on a tmpfs of their own
	supervisor string
	bwrap      string   // "" when runs are unisolated
	system     []string // bubblewrap options for the system folders
	warning    string
	runAs      *syscall.Credential // nil: the judge's own user
	// tasksBefore is how many tasks the runs' user owns already, which RLIMIT_NPROC counts
	// when runs share the host's user namespace.
	tasksBefore int
	// users are the session's own users that unisolated runs of a root judge take one each,
	// and give back; nil otherwise.
	users      chan runUser
	cgroups    *cgroups // the session's control groups; nil when there are none
	unshare    []string // the bubblewrap options of the namespaces a sandbox makes
	sizedTmpfs bool     // bubblewrap can limit a tmpfs's size (0.8 and later)
}

// New prepares a sandbox: a session folder, a copy of the supervisor in it, and bubblewrap if
// the mode allows and it works here.
func New(opts Options) (*Sandbox, error) {
	s := &Sandbox{}
	sessionParent, runsParent := places(opts.TempDir)
	for _, parent := range []string{sessionParent, runsParent} {
		if parent != "" {
			sweepStale(parent)
		}
	}
	session, err := os.MkdirTemp(sessionParent, sessionPrefix)
	if err != nil {
		return nil, fmt.Errorf("making the session folder: %w", err)
	}
	s.session = session
	if err := s.setUp(opts, runsParent); err != nil {
		s.Close()
		return nil, err
	}
	s.cgroups = openCgroups(opts.cgroups)
	s.unshare = unshareFor(s.cgroups, kernelRelease())
	return s, nil
}

// sharedMemory is a tmpfs nearly every Linux has, where making a folder and a few files costs
// microseconds, not the milliseconds a disk can take: runs, which each make some, go there.
const sharedMemory = "/dev/shm"

// places returns where the session's folder goes, and where the runs' folders go when not in
// the session (""). An explicit tempDir, or TMPDIR, decides for both; else both go to
// /dev/shm, or only the runs when /dev/shm forbids executing programs.
func places(tempDir string) (session, runs string) {
	if tempDir != "" {
		return tempDir, ""
	}
	if os.Getenv("TMPDIR") != "" {
		return os.TempDir(), ""
	}
	info, err := os.Stat(sharedMemory)
	if err != nil || !info.IsDir() || info.Mode().Perm()&0o002 == 0 || info.Mode()&os.ModeSticky == 0 {
		return os.TempDir(), ""
	}
	var fs unix.Statfs_t
	if err := unix.Statfs(sharedMemory, &fs); err == nil && fs.Flags&unix.ST_NOEXEC != 0 {
		return os.TempDir(), sharedMemory
	}
	return sharedMemory, ""
}

func (s *Sandbox) setUp(opts Options, runsParent string) error {
	if os.Geteuid() == 0 {
		s.runAs = nobody // decided again below when bubblewrap is not used
	}
	if err := os.Chmod(s.session, 0o755); err != nil {
		return fmt.Errorf("opening the session folder: %w", err)
	}
	if err := os.WriteFile(filepath.Join(s.session, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return fmt.Errorf("marking the session folder: %w", err)
	}
	if s.runAs != nil {
		if err := reachableByOthers(s.session); err != nil {
			return err
		}
	}
	if err := os.Mkdir(filepath.Join(s.session, "programs"), 0o755); err != nil {
		return fmt.Errorf("making the session folder: %w", err)
	}
	if err := s.makeRunsDir(runsParent); err != nil {
		return err
	}
	s.supervisor = filepath.Join(s.session, "supervisor")
	if err := copyFile(opts.Supervisor, s.supervisor, 0o755); err != nil {
		return fmt.Errorf("installing the supervisor: %w", err)
	}
	if opts.Mode != Unisolated {
		s.findBwrap(opts.Mode)
		if s.bwrap == "" && opts.Mode == Isolated {
			return errors.New(s.warning)
		}
	}
	if s.bwrap == "" {
		if s.runAs == nil {
			s.tasksBefore = tasksOf(os.Getuid())[os.Getuid()]
			return nil
		}
		creds := make([]*syscall.Credential, sessionUsers)
		uids := make([]int, sessionUsers)
		for slot := range creds {
			creds[slot] = sessionUser(slot)
			uids[slot] = int(creds[slot].Uid)
		}
		tasks := tasksOf(uids...)
		s.users = make(chan runUser, sessionUsers)
		for _, cred := range creds {
			s.users <- runUser{cred: cred, tasksBefore: tasks[int(cred.Uid)]}
		}
		s.runAs = sessionUser(0)
	}
	return nil
}

// makeRunsDir makes the folder of the runs' folders, in parent, or in the session when parent
// is "".
func (s *Sandbox) makeRunsDir(parent string) error {
	if parent != "" {
		dir, err := os.MkdirTemp(parent, runsPrefix)
		if err != nil {
			return fmt.Errorf("making the runs' folder: %w", err)
		}
		s.runsDir = dir
		return os.Chmod(dir, 0o755)
	}
	s.runsDir = filepath.Join(s.session, "runs")
	if err := os.Mkdir(s.runsDir, 0o755); err != nil {
		return fmt.Errorf("making the runs' folder: %w", err)
	}
	return nil
}

// findBwrap sets s.bwrap when bubblewrap works here, else the warning that says why not.
func (s *Sandbox) findBwrap(mode Mode) {
	bwrap, err := exec.LookPath("bwrap")
	if err != nil {
		s.warning = "bubblewrap is not installed (Debian package bubblewrap)"
		return
	}
	s.system = systemMounts()
	if err := probeBwrap(bwrap, s.system, nil, s.runAs); err != nil {
		s.warning = probeFailure(err)
		return
	}
	s.sizedTmpfs = probeBwrap(bwrap, s.system, sizedTmpfs(true, 1<<20, "/tmp"), s.runAs) == nil
	s.bwrap = bwrap
}

// Isolated reports whether runs are sandboxed by bubblewrap.
func (s *Sandbox) Isolated() bool { return s.bwrap != "" }

// Warning says why runs are not isolated; "" when they are, or when isolation was not asked
// for.
func (s *Sandbox) Warning() string { return s.warning }

// Session returns the session folder.
func (s *Sandbox) Session() string { return s.session }

// RunsDir returns the folder that holds the runs' folders while they run.
func (s *Sandbox) RunsDir() string { return s.runsDir }

// ControlGroup reports whether runs have control groups, which keep their accounts.
func (s *Sandbox) ControlGroup() bool { return s.cgroups != nil }

// ControlGroups says which cgroup version keeps each resource's accounts, "cpu v2, memory v1,
// pids v1"; "" when the supervisor samples everything.
func (s *Sandbox) ControlGroups() string { return s.cgroups.versions() }

// Close removes the session folder and the runs' folder.
func (s *Sandbox) Close() error {
	var errs []error
	if s.cgroups != nil {
		s.cgroups.close()
	}
	if s.runsDir != "" && !strings.HasPrefix(s.runsDir, s.session+string(filepath.Separator)) {
		errs = append(errs, removeTree(s.runsDir))
	}
	return errors.Join(append(errs, removeTree(s.session))...)
}

// Install copies the files of folder dir into the session, where every run's user can read
// them, and returns the program that runs them with argv. The copy's folder has a random name:
// a program that reads its mounts learns nothing of which it is.
func (s *Sandbox) Install(dir string, argv func(dir string) []string) (Program, error) {
	target := filepath.Join(s.session, "programs", randomName())
	if err := copyTree(dir, target); err != nil {
		removeTree(target)
		return Program{}, fmt.Errorf("installing the program: %w", err)
	}
	return Program{Dir: target, Argv: argv}, nil
}

// Uninstall removes a program Install installed: a session keeps the copies of the programs
// it still runs, not of every program it ran.
func (s *Sandbox) Uninstall(p Program) error {
	if filepath.Dir(p.Dir) != filepath.Join(s.session, "programs") {
		return fmt.Errorf("uninstalling %s: not a program of the session", p.Dir)
	}
	return removeTree(p.Dir)
}

// randomName returns a name no run can tell from another's: 16 random hexadecimal digits.
func randomName() string {
	var b [8]byte
	if _, err := unix.Getrandom(b[:], 0); err != nil {
		panic(fmt.Sprintf("runner: reading random bytes: %v", err)) // never fails on Linux
	}
	return hex.EncodeToString(b[:])
}

// Run runs one request. An error means the judge could not run it, never a fault of the
// program: the caller's verdict is then a failure of the judge.
func (s *Sandbox) Run(ctx context.Context, req Request) (Result, error) {
	if err := req.Limits.Check(); err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("the run was cancelled: %w", err)
	}
	if r, tooBig := staticMemory(req); tooBig {
		return r, nil
	}
	user := runUser{cred: s.runAs, tasksBefore: s.tasksBefore}
	if s.users != nil {
		select {
		case user = <-s.users:
		case <-ctx.Done():
			return Result{}, fmt.Errorf("the run was cancelled: %w", ctx.Err())
		}
		defer func() { s.users <- user }()
	}
	// The run's control groups outlive its memory files, which were charged to it.
	group, err := s.takeGroup(req.Limits)
	if err != nil {
		return Result{}, err
	}
	defer group.close()
	// Standard input and output are memory files, named alike in every run: a program that
	// reads where its descriptors lead learns nothing of which test it runs.
	files, err := newRunFiles(req.Input, s.Isolated() && req.OutputFile != "")
	if err != nil {
		return Result{}, err
	}
	defer files.close()
	// Isolated, the program's folder is a tmpfs of the sandbox's own; else a folder here.
	runDir := filepath.Join(s.runsDir, randomName())
	box := ""
	if !s.Isolated() {
		box = filepath.Join(runDir, "box")
		if err := os.Mkdir(runDir, 0o711); err != nil {
			return Result{}, fmt.Errorf("making the run folder: %w", err)
		}
		defer removeTree(runDir)
		if err := s.makeBox(box, req, user.cred); err != nil {
			return Result{}, err
		}
	}
	meta, stderr, err := s.supervise(ctx, req, runDir, box, files, group, user)
	if err != nil {
		return Result{}, err
	}
	return collect(meta, stderr, files, box, req)
}

// runFiles are a run's memory files: its input, its standard output, and, isolated, the judge's
// copy of its output file.
type runFiles struct {
	stdin, inputCopy *os.File // two readers of one sealed memory file
	stdout, output   *os.File
}

// newRunFiles makes a run's memory files. The input is sealed: no one can change it.
func newRunFiles(input []byte, withOutput bool) (*runFiles, error) {
	f := &runFiles{}
	sealed, err := memoryFile("stdin", unix.MFD_ALLOW_SEALING)
	if err != nil {
		return nil, err
	}
	defer sealed.Close()
	if _, err := sealed.Write(input); err != nil {
		return nil, fmt.Errorf("writing the input: %w", err)
	}
	seals := unix.F_SEAL_SEAL | unix.F_SEAL_SHRINK | unix.F_SEAL_GROW | unix.F_SEAL_WRITE
	if _, err := unix.FcntlInt(sealed.Fd(), unix.F_ADD_SEALS, seals); err != nil {
		return nil, fmt.Errorf("sealing the input: %w", err)
	}
	// Each reader its own offset: bubblewrap reads one to its end to copy the input file.
	for _, r := range []**os.File{&f.stdin, &f.inputCopy} {
		if *r, err = os.Open(fmt.Sprintf("/proc/self/fd/%d", sealed.Fd())); err != nil {
			f.close()
			return nil, fmt.Errorf("opening the input: %w", err)
		}
	}
	if f.stdout, err = memoryFile("stdout", 0); err != nil {
		f.close()
		return nil, err
	}
	if withOutput {
		if f.output, err = memoryFile("output", 0); err != nil {
			f.close()
			return nil, err
		}
	}
	return f, nil
}

// memoryFile makes an empty memory file (memfd_create).
func memoryFile(name string, flags int) (*os.File, error) {
	fd, err := unix.MemfdCreate(name, unix.MFD_CLOEXEC|flags)
	if err != nil {
		return nil, fmt.Errorf("making the %s memory file: %w", name, err)
	}
	return os.NewFile(uintptr(fd), name), nil
}

func (f *runFiles) close() {
	for _, file := range []*os.File{f.stdin, f.inputCopy, f.stdout, f.output} {
		if file != nil {
			file.Close()
		}
	}
}

// staticMemory returns the result of a native program whose static data the kernel cannot
// load under the data limit a run gets (a 1.5 GiB array under a 128 MiB limit): a memory
// limit, as the judges whose control group would stop it report it, where the loader would
// only end it with SIGSEGV.
func staticMemory(req Request) (Result, bool) {
	argv := req.Program.Argv(req.Program.Dir)
	if len(argv) == 0 || !strings.HasPrefix(argv[0], req.Program.Dir+string(filepath.Separator)) {
		return Result{}, false
	}
	f, err := elf.Open(argv[0])
	if err != nil {
		return Result{}, false
	}
	defer f.Close()
	var size uint64
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD {
			size += p.Memsz
		}
	}
	if size <= uint64(dataLimit(req.Limits)) {
		return Result{}, false
	}
	return Result{Meta: Meta{
		StartError: fmt.Sprintf("its static data take %d MiB, more than a run of a %d MiB limit can load", size>>20, req.Limits.Memory>>20),
		StartErrno: int(syscall.ENOMEM),
	}, OutputSource: "standard output"}, true
}

// dataLimit is the RLIMIT_DATA backstop of a run, far above the memory limit: it stops an
// allocation faster than the sampling, and leaves runtimes that reserve address space (Go,
// Java) alone.
func dataLimit(l Limits) int64 { return l.Memory + 1<<30 }

// makeBox makes the run's folder, where an unisolated program works, holding its input file.
func (s *Sandbox) makeBox(box string, req Request, owner *syscall.Credential) error {
	if err := os.Mkdir(box, 0o755); err != nil {
		return fmt.Errorf("making the run folder: %w", err)
	}
	if req.InputFile != "" {
		if err := os.WriteFile(filepath.Join(box, req.InputFile), req.Input, 0o644); err != nil {
			return fmt.Errorf("writing the input: %w", err)
		}
	}
	if owner != nil {
		if err := os.Chown(box, int(owner.Uid), int(owner.Gid)); err != nil {
			return fmt.Errorf("giving the run folder to its user: %w", err)
		}
	}
	return nil
}

// judgeGrace is how long past the wall-clock limit, as a busy machine stretches it, the judge
// waits for the supervisor's report before it kills the sandbox itself.
const judgeGrace = 5 * time.Second

// takeGroup returns the run's control groups, limited to lim; nil when the session has none.
// A session that has them and cannot make a run's is at fault: the run would go without the
// kernel's accounts.
func (s *Sandbox) takeGroup(lim Limits) (*runGroup, error) {
	if s.cgroups == nil {
		return nil, nil
	}
	return s.cgroups.take(lim)
}

// supervise starts the supervisor, in bubblewrap or not, and returns its report and the kept
// part of the program's standard error. A run whose supervisor started the program but did
// not end with a report that matches the judge's own accounting is judged from outside.
func (s *Sandbox) supervise(ctx context.Context, req Request, runDir, box string, files *runFiles, group *runGroup, user runUser) (Meta, []byte, error) {
	brief := supervision{
		CPUMicros: req.Limits.CPU.Microseconds(), WallMicros: req.Limits.Wall.Microseconds(),
		Memory: req.Limits.Memory, Data: dataLimit(req.Limits), Output: req.Limits.Output,
		Stack: req.Limits.Memory, Files: req.Limits.Files, Processes: req.Limits.Processes, TasksBefore: user.tasksBefore,
		Namespace: s.Isolated(), Env: environment(), OutputFile: req.OutputFile,
		OwnUser: !s.Isolated() && user.cred != nil,
	}
	var fds descriptors
	var argv []string
	dir := s.session
	if s.Isolated() {
		brief.Dir, brief.OwnFolder = mountedBox, true
		// The program's folder is memory: a tmpfs of the sandbox's own, no bigger than the
		// memory limit, which every byte written in it counts against too.
		mounts := []string{"--ro-bind", req.Program.Dir, mountedProgram}
		mounts = append(mounts, sizedTmpfs(s.sizedTmpfs, req.Limits.Memory+folderSlack, mountedBox)...)
		if req.InputFile != "" {
			mounts = append(mounts, "--file", strconv.Itoa(fds.add(files.inputCopy)), path.Join(mountedBox, req.InputFile))
		}
		if files.output != nil {
			brief.OutputFD = fds.add(files.output)
		}
		s.joinGroup(group, &brief, &fds)
		command := append([]string{mountedSupervisor, SuperviseCommand}, req.Program.Argv(mountedProgram)...)
		argv = append([]string{s.bwrap}, bwrapArgs(s.unshare, s.system, mounts, mountedBox, s.supervisor, supervisorEnvironment(runDir), command)...)
	} else {
		brief.Dir, dir = box, box
		s.joinGroup(group, &brief, &fds)
		argv = append([]string{s.supervisor, SuperviseCommand}, req.Program.Argv(req.Program.Dir)...)
	}
	return s.launch(ctx, launch{
		argv: argv, dir: dir, env: supervisorEnvironment(runDir), stdin: files.stdin, stdout: files.stdout,
		brief: brief, fds: fds, limits: req.Limits, stderrLimit: StderrLimit, runAs: user.cred, group: group,
	})
}

// descriptors are the descriptors the supervisor gets besides its meta and brief pipes, from
// descriptor 5 on.
type descriptors []*os.File

// firstExtraFD is the descriptor of the first of descriptors: 3 and 4 are the meta and brief
// pipes.
const firstExtraFD = 5

// add adds f and returns its number in the supervisor.
func (d *descriptors) add(f *os.File) int {
	*d = append(*d, f)
	return firstExtraFD + len(*d) - 1
}

// joinGroup gives the supervisor the descriptors of the run's control groups: to join them,
// to go back to the judge's, and the counters it watches.
func (s *Sandbox) joinGroup(g *runGroup, brief *supervision, fds *descriptors) {
	if g == nil {
		return
	}
	for i, t := range g.pool.trees {
		brief.Join = append(brief.Join, fds.add(g.procs[i]))
		brief.Leave = append(brief.Leave, fds.add(t.homeProcs))
		if t.cpu {
			brief.CPUCounterFD, brief.CPUv2, brief.CPUBase = fds.add(g.cpuCounter), t.v2, int64(g.base.cpu)
		}
		if t.memory {
			brief.OOMCounterFD, brief.OOMBase = fds.add(g.oomCounter), g.base.ooms
			brief.LimitMetFD, brief.LimitMetV2, brief.LimitMetBase = fds.add(g.limitMet), t.v2, g.base.limitMets
		}
	}
	if g.pressure != nil {
		brief.PressureFDs = map[string]int{}
		for res, f := range g.pressure {
			brief.PressureFDs[res] = fds.add(f)
		}
	}
}

// folderSlack is how far past the memory limit the program's folder may grow: a program that
// fills it is then over the limit on its folder alone, also when it ends between two samples.
const folderSlack = 1 << 20

// launch is one start of the supervisor: its command line, folder and environment, the
// descriptors it gets, its brief, and the limits it enforces.
type launch struct {
	argv          []string
	dir           string
	env           []string
	stdin, stdout *os.File
	// stderrRead and stderrWrite are a pipe for standard error, which launch makes when they
	// are nil; stdout may be the same pipe. The write end is closed once the supervisor starts.
	stderrRead, stderrWrite *os.File
	brief                   supervision
	fds                     descriptors
	limits                  Limits
	stderrLimit             int
	runAs                   *syscall.Credential
	group                   *runGroup
}

// launch starts the supervisor and returns its report and the kept part of standard error. A
// run whose supervisor started the program but did not end with a report that matches the
// judge's own accounting is judged from outside. The run's control groups, when it has them,
// give its CPU time and memory, whatever its supervisor reports.
func (s *Sandbox) launch(ctx context.Context, l launch) (Meta, []byte, error) {
	var closeAfterStart []*os.File
	defer func() {
		for _, f := range closeAfterStart {
			f.Close()
		}
	}()
	stderrRead, stderrWrite := l.stderrRead, l.stderrWrite
	if stderrRead == nil {
		var err error
		if stderrRead, stderrWrite, err = os.Pipe(); err != nil {
			return Meta{}, nil, fmt.Errorf("making the stderr pipe: %w", err)
		}
	}
	defer stderrRead.Close()
	closeAfterStart = append(closeAfterStart, stderrWrite)
	metaRead, metaWrite, err := os.Pipe()
	if err != nil {
		return Meta{}, nil, fmt.Errorf("making the meta pipe: %w", err)
	}
	defer metaRead.Close()
	closeAfterStart = append(closeAfterStart, metaWrite)
	briefRead, briefWrite, err := os.Pipe()
	if err != nil {
		return Meta{}, nil, fmt.Errorf("making the brief pipe: %w", err)
	}
	closeAfterStart = append(closeAfterStart, briefRead)
	// The brief is small, far below a pipe's buffer: written whole before the start.
	_, err = briefWrite.WriteString(mustJSON(l.brief))
	briefWrite.Close()
	if err != nil {
		return Meta{}, nil, fmt.Errorf("writing the brief: %w", err)
	}
	extra := append([]*os.File{metaWrite, briefRead}, l.fds...)
	// Bubblewrap tells which process of the host is the sandbox's first, whose end is the
	// end of every process in the sandbox: a run stopped from here is over when it is gone.
	var infoRead *os.File
	if s.Isolated() {
		var infoWrite *os.File
		if infoRead, infoWrite, err = os.Pipe(); err != nil {
			return Meta{}, nil, fmt.Errorf("making the info pipe: %w", err)
		}
		defer infoRead.Close()
		closeAfterStart = append(closeAfterStart, infoWrite)
		extra = append(extra, infoWrite)
		l.argv = slices.Concat(l.argv[:1], []string{"--info-fd", strconv.Itoa(3 + len(extra) - 1)}, l.argv[1:])
	}
	cmd := &exec.Cmd{
		Path: l.argv[0], Args: l.argv, Dir: l.dir, Env: l.env,
		Stdin: l.stdin, Stdout: l.stdout, Stderr: stderrWrite,
		ExtraFiles:  extra,
		SysProcAttr: &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL, Credential: l.runAs},
	}
	start := time.Now()
	err = cmd.Start()
	for _, f := range closeAfterStart {
		f.Close()
	}
	closeAfterStart = nil
	if err != nil {
		return Meta{}, nil, fmt.Errorf("starting the supervisor: %w", err)
	}
	first := make(chan int, 1) // a pidfd of the sandbox's first process, -1 when unknown
	go func() { first <- sandboxFirst(infoRead) }()
	record := make(chan []byte, 1)
	go func() {
		data, _ := io.ReadAll(io.LimitReader(metaRead, 1<<16))
		record <- data
	}()
	errTail := make(chan []byte, 1)
	go func() { errTail <- keepEnds(stderrRead, l.stderrLimit) }()
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()

	backstop := time.NewTimer(BusyWallFactor*l.limits.Wall + judgeGrace)
	defer backstop.Stop()
	var cancelled, late bool
	select {
	case err = <-waited:
	case <-backstop.C:
		late = true
	case <-ctx.Done():
		cancelled = true
	}
	pidfd := <-first
	if pidfd >= 0 {
		defer unix.Close(pidfd)
	}
	if cancelled || late {
		// The namespace ends with its first process, which is killed, then waited for, so
		// that nothing of the run is left when this returns.
		if pidfd >= 0 {
			_ = unix.PidfdSendSignal(pidfd, unix.SIGKILL, nil, 0)
		}
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		err = <-waited
		if pidfd >= 0 {
			fds := []unix.PollFd{{Fd: int32(pidfd), Events: unix.POLLIN}}
			_, _ = unix.Poll(fds, int(judgeGrace/time.Millisecond))
		}
	}
	wall := time.Since(start)
	data := <-record
	stderr := <-errTail
	if cancelled {
		return Meta{}, nil, errors.New("the run was cancelled")
	}
	rest, started := bytes.CutPrefix(data, []byte(startedLine))
	if !started {
		if late {
			return Meta{}, nil, errors.New("the supervisor did not start the program in time")
		}
		return Meta{}, nil, fmt.Errorf("the sandbox failed (%v): %s", err, lastLine(stderr))
	}
	m, parseErr := parseMeta(rest)
	switch {
	case late:
		return outside(cmd.ProcessState, wall, l.limits, "the sandbox outlived the wall-clock limit", l.group), stderr, nil
	case err != nil || parseErr != nil:
		return outside(cmd.ProcessState, wall, l.limits, fmt.Sprintf("the supervisor ended without a report (%v)", firstError(err, parseErr)), l.group), stderr, nil
	case m.Fault != "":
		return Meta{}, nil, fmt.Errorf("the supervisor failed: %s", m.Fault)
	case m.Leftover > 0:
		return Meta{}, nil, fmt.Errorf("%d processes of the program survived the cleanup", m.Leftover)
	}
	kernelCPU := l.group != nil && l.group.pool.keeps(cpuResource)
	if sandboxCPU := cpuOf(cmd.ProcessState) - time.Duration(m.SelfMicros)*time.Microsecond; !kernelCPU && sandboxCPU > m.CPU()+m.CPU()/5+reportSlack {
		return outside(cmd.ProcessState, wall, l.limits, fmt.Sprintf("the report's CPU time, %v, is below the sandbox's, %v", m.CPU(), sandboxCPU), l.group), stderr, nil
	}
	l.group.account(&m)
	return m, stderr, nil
}

// sandboxFirst reads bubblewrap's info (JSON with "child-pid") and returns a pidfd of the
// sandbox's first process, or -1.
func sandboxFirst(info *os.File) int {
	if info == nil {
		return -1
	}
	var v struct {
		ChildPid int `json:"child-pid"`
	}
	if err := json.NewDecoder(io.LimitReader(info, 1<<12)).Decode(&v); err != nil || v.ChildPid <= 0 {
		return -1
	}
	fd, err := unix.PidfdOpen(v.ChildPid, 0)
	if err != nil {
		return -1
	}
	return fd
}

// reportSlack is how much more CPU time the judge may count for the sandbox than the
// supervisor reports for the program: bubblewrap's own, and the supervisor's since its last
// count of itself.
const reportSlack = 100 * time.Millisecond

// parseMeta reads the supervisor's report: exactly one Meta.
func parseMeta(data []byte) (Meta, error) {
	var m Meta
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return Meta{}, fmt.Errorf("reading the report: %w", err)
	}
	if rest, _ := io.ReadAll(dec.Buffered()); len(bytes.TrimSpace(rest)) > 0 || dec.More() {
		return Meta{}, errors.New("more than one report")
	}
	return m, nil
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// cpuOf returns the user and system time of a finished process and of the descendants it
// reaped: for bubblewrap, the whole sandbox.
func cpuOf(ps *os.ProcessState) time.Duration {
	if ps == nil {
		return 0
	}
	return ps.UserTime() + ps.SystemTime()
}

// outside returns the account of a run judged from outside: its control groups' when it has
// them, else the kernel's accounting of the sandbox (its CPU time, the largest process's peak
// memory); the wall clock, and a kill. The limit it went over is named, so that the program
// gets a time or memory limit when it earned one and a run-time error otherwise, never an
// accepted answer.
func outside(ps *os.ProcessState, wall time.Duration, lim Limits, why string, group *runGroup) Meta {
	m := Meta{Signal: int(syscall.SIGKILL), WallMicros: wall.Microseconds(), CPUMicros: cpuOf(ps).Microseconds(), Unsupervised: why}
	if ps != nil {
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			m.PeakKiB = ru.Maxrss
		}
	}
	group.account(&m)
	switch {
	case m.CPU() > lim.CPU:
		m.Stopped = StoppedCPU
	case wall > lim.Wall:
		m.Stopped = StoppedWall
	case m.MemoryKilled || m.PeakKiB<<10 > lim.Memory:
		m.Stopped = StoppedMemory
	}
	return m
}

// keepEnds reads r to its end and returns its first and last n/2 bytes, marking a cut: what
// a program wrote to standard error, which is not held against the output limit (a real
// judge keeps a bounded part of it for the report) and may run to gigabytes.
func keepEnds(r io.Reader, n int) []byte {
	head := make([]byte, 0, n/2)
	tail := make([]byte, 0, n)
	var total int64
	buf := make([]byte, 64<<10)
	for {
		k, err := r.Read(buf)
		chunk := buf[:k]
		total += int64(k)
		if room := n/2 - len(head); room > 0 {
			take := min(room, len(chunk))
			head = append(head, chunk[:take]...)
			chunk = chunk[take:]
		}
		tail = append(tail, chunk...)
		if len(tail) > n/2 {
			tail = append(tail[:0], tail[len(tail)-n/2:]...)
		}
		if err != nil {
			break
		}
	}
	if total > int64(len(head)+len(tail)) {
		return slices.Concat(head, []byte(fmt.Sprintf("\n[... %d bytes left out ...]\n", total-int64(len(head)+len(tail)))), tail)
	}
	return append(head, tail...)
}

// RunVariable names the environment variable that carries a run's folder into the
// supervisor's environment, never the program's, so that the judge's tests can tell the
// processes of a run from every other.
const RunVariable = "BULLSEYE_RUN"

// environment returns the program's environment: a minimal one, the same on every machine,
// naming no host path and no test.
func environment() []string {
	return []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/box", "LANG=C.UTF-8"}
}

// supervisorEnvironment returns the environment of bubblewrap and the supervisor.
func supervisorEnvironment(runDir string) []string {
	return []string{supervisorEnv[0] + "=" + supervisorEnv[1], RunVariable + "=" + runDir}
}

func mustJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("runner: encoding %T: %v", v, err)) // plain structs always encode
	}
	return string(data)
}

// collect reads what the program wrote and completes its result.
func collect(meta Meta, stderr []byte, files *runFiles, box string, req Request) (Result, error) {
	r := Result{Meta: meta, Stderr: stderr}
	stdout, stdoutSize, err := readMemoryFile(files.stdout)
	if err != nil {
		return Result{}, fmt.Errorf("reading standard output: %w", err)
	}
	r.Output, r.OutputSource, r.OutputBytes = stdout, "standard output", stdoutSize
	if req.OutputFile != "" {
		var (
			file  []byte
			size  int64
			fault string
			err   error
		)
		if box == "" {
			// The supervisor copied the file out of the sandbox's own folder.
			fault, size = meta.OutputFileFault, meta.OutputFileBytes
			if fault == "" && !meta.OutputFileFound {
				err = fs.ErrNotExist
			} else if fault == "" {
				file, _, err = readMemoryFile(files.output)
			}
		} else {
			file, size, fault, err = readOutput(filepath.Join(box, req.OutputFile))
		}
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return Result{}, fmt.Errorf("reading %s: %w", req.OutputFile, err)
		case fault != "":
			r.Output, r.OutputSource, r.OutputFault = nil, req.OutputFile, fault
		default:
			r.Output, r.OutputSource, r.OutputBytes = file, req.OutputFile, max(size, stdoutSize)
		}
	}
	r.OutputExceeded = r.Signal == int(syscall.SIGXFSZ) || stdoutSize >= req.Limits.Output ||
		r.OutputBytes >= req.Limits.Output
	return r, nil
}

// readMemoryFile reads at most ReadLimit bytes of a memory file from its start and returns
// its size.
func readMemoryFile(f *os.File) ([]byte, int64, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	data, err := io.ReadAll(io.NewSectionReader(f, 0, ReadLimit))
	return data, info.Size(), err
}

// readOutput reads at most ReadLimit bytes of a file the program wrote and returns its size.
// The program controls what lies at that name, so the file is opened without following a
// symbolic link or blocking on a pipe; anything but a regular file is a fault of the program.
func readOutput(name string) (data []byte, size int64, fault string, err error) {
	fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if errors.Is(err, syscall.ELOOP) {
		return nil, 0, "is a symbolic link, not a file", nil
	}
	if err != nil {
		return nil, 0, "", &fs.PathError{Op: "open", Path: name, Err: err}
	}
	f := os.NewFile(uintptr(fd), name)
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, 0, "", err
	}
	if !info.Mode().IsRegular() {
		return nil, 0, "is not a regular file", nil
	}
	data, err = io.ReadAll(io.LimitReader(f, ReadLimit))
	return data, info.Size(), "", err
}

// lastLine returns the last non-empty line of what a process wrote, cut to a readable
// length.
func lastLine(data []byte) string {
	lines := splitLines(string(data))
	for i := len(lines) - 1; i >= 0; i-- {
		if lines[i] != "" {
			return cut(lines[i], 200)
		}
	}
	return ""
}

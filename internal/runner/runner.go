// Package runner runs an untrusted program on one input, as an online judge does: in a fresh
// folder holding only its input, under limits on CPU time, wall-clock time, memory, output and
// processes, and with bubblewrap in a sandbox of its own. It reports what happened as a meta
// record, as isolate and DOMjudge's runguard do.
//
// How the limits hold without control groups (a kit's judge cannot count on a delegated cgroup
// tree): a supervisor, Supervise in a binary of the judge's, runs as process 1 of the sandbox's
// PID namespace. It sets resource limits the program inherits (RLIMIT_CPU and RLIMIT_DATA as
// backstops, RLIMIT_FSIZE for the output, RLIMIT_NPROC, which the kernel counts per user
// namespace, against fork bombs), starts the program, samples the CPU time and private memory
// of the whole tree from /proc every few milliseconds, and kills the tree at a limit. When the
// program ends it kills whatever is left, which the end of process 1 would do anyway, reaps
// everything and reports the tree's CPU time and peak memory from the kernel's accounting. A
// judge running as root runs the sandbox as nobody, since the kernel does not enforce
// RLIMIT_NPROC for root.
//
// Without bubblewrap runs still have every limit, but not the isolation: the program then sees
// the file system as its user does, and only a process group and the supervisor as subreaper
// keep track of its processes.
//
// A session lives on /dev/shm when it can: a run makes a folder and a few files, which a tmpfs
// makes in microseconds and a disk can take milliseconds over.
package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
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
func sessionUser() *syscall.Credential {
	id := uint32(60000 + os.Getpid()%5000)
	return &syscall.Credential{Uid: id, Gid: id}
}

// Options configure a Sandbox.
type Options struct {
	Mode Mode
	// Supervisor is the executable that supervises runs when started with SuperviseCommand:
	// the judge's own binary.
	Supervisor string
	// TempDir holds the session's folder, runs included; "" lets New choose (see places).
	TempDir string
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
	programs    atomic.Int64
	runs        atomic.Int64
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
		uid := os.Getuid()
		if s.runAs != nil {
			s.runAs = sessionUser()
			uid = int(s.runAs.Uid)
		}
		s.tasksBefore = tasksOf(uid)
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
	if err := probeBwrap(bwrap, s.system, s.runAs); err != nil {
		s.warning = probeFailure(err)
		return
	}
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

// Close removes the session folder and the runs' folder.
func (s *Sandbox) Close() error {
	var errs []error
	if s.runsDir != "" && !strings.HasPrefix(s.runsDir, s.session+string(filepath.Separator)) {
		errs = append(errs, removeTree(s.runsDir))
	}
	return errors.Join(append(errs, removeTree(s.session))...)
}

// Install copies the files of folder dir into the session, where every run's user can read
// them, and returns the program that runs them with argv.
func (s *Sandbox) Install(dir string, argv func(dir string) []string) (Program, error) {
	target := filepath.Join(s.session, "programs", strconv.FormatInt(s.programs.Add(1), 10))
	if err := copyTree(dir, target); err != nil {
		return Program{}, fmt.Errorf("installing the program: %w", err)
	}
	return Program{Dir: target, Argv: argv}, nil
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
	runDir := filepath.Join(s.runsDir, strconv.FormatInt(s.runs.Add(1), 10))
	if err := os.Mkdir(runDir, 0o711); err != nil {
		return Result{}, fmt.Errorf("making the run folder: %w", err)
	}
	defer removeTree(runDir)
	box := filepath.Join(runDir, "box")
	if err := s.makeBox(box, req); err != nil {
		return Result{}, err
	}
	stdinName := filepath.Join(box, req.InputFile)
	if req.InputFile == "" {
		stdinName = filepath.Join(runDir, "stdin")
		if err := os.WriteFile(stdinName, req.Input, 0o600); err != nil {
			return Result{}, fmt.Errorf("writing the input: %w", err)
		}
	}
	meta, err := s.supervise(ctx, req, runDir, box, stdinName)
	if err != nil {
		return Result{}, err
	}
	return collect(meta, runDir, box, req)
}

// makeBox makes the run's folder, where the program works, holding its input file.
func (s *Sandbox) makeBox(box string, req Request) error {
	if err := os.Mkdir(box, 0o755); err != nil {
		return fmt.Errorf("making the run folder: %w", err)
	}
	if req.InputFile != "" {
		if err := os.WriteFile(filepath.Join(box, req.InputFile), req.Input, 0o644); err != nil {
			return fmt.Errorf("writing the input: %w", err)
		}
	}
	if s.runAs != nil {
		if err := os.Chown(box, int(s.runAs.Uid), int(s.runAs.Gid)); err != nil {
			return fmt.Errorf("giving the run folder to its user: %w", err)
		}
	}
	return nil
}

// judgeGrace is how long past the wall-clock limit the judge waits for the supervisor's
// report before it kills the sandbox itself.
const judgeGrace = 5 * time.Second

// supervise starts the supervisor, in bubblewrap or not, and returns its report.
func (s *Sandbox) supervise(ctx context.Context, req Request, runDir, box, stdinName string) (Meta, error) {
	files := map[string]*os.File{}
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	var err error
	if files["stdin"], err = os.Open(stdinName); err != nil {
		return Meta{}, fmt.Errorf("opening the input: %w", err)
	}
	for _, name := range []string{"stdout", "stderr"} {
		if files[name], err = os.OpenFile(filepath.Join(runDir, name), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600); err != nil {
			return Meta{}, fmt.Errorf("making the %s file: %w", name, err)
		}
		// A program may open /dev/stdout again, which opens this file anew as its user.
		if s.runAs != nil {
			if err := files[name].Chown(int(s.runAs.Uid), int(s.runAs.Gid)); err != nil {
				return Meta{}, fmt.Errorf("giving the %s file to the run's user: %w", name, err)
			}
		}
	}
	metaRead, metaWrite, err := os.Pipe()
	if err != nil {
		return Meta{}, fmt.Errorf("making the meta pipe: %w", err)
	}
	defer metaRead.Close()

	brief := supervision{
		CPUMicros: req.Limits.CPU.Microseconds(), WallMicros: req.Limits.Wall.Microseconds(),
		Memory: req.Limits.Memory, Data: req.Limits.Memory + 1<<30, Output: req.Limits.Output,
		Stack: req.Limits.Memory, Processes: req.Limits.Processes, TasksBefore: s.tasksBefore,
		Namespace: s.Isolated(),
	}
	var argv []string
	if s.Isolated() {
		brief.Dir = mountedBox
		brief.Env = environment(mountedBox, runDir)
		command := append([]string{mountedSupervisor, SuperviseCommand, mustJSON(brief)}, req.Program.Argv(mountedProgram)...)
		argv = append([]string{s.bwrap}, bwrapArgs(s.system, box, req.Program.Dir, s.supervisor, command)...)
	} else {
		brief.Dir = box
		brief.Env = environment(box, runDir)
		argv = append([]string{s.supervisor, SuperviseCommand, mustJSON(brief)}, req.Program.Argv(req.Program.Dir)...)
	}
	cmd := &exec.Cmd{
		Path: argv[0], Args: argv, Dir: box, Env: []string{supervisorEnv[0] + "=" + supervisorEnv[1]},
		Stdin: files["stdin"], Stdout: files["stdout"], Stderr: files["stderr"],
		ExtraFiles:  []*os.File{metaWrite},
		SysProcAttr: &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL, Credential: s.runAs},
	}
	err = cmd.Start()
	metaWrite.Close()
	if err != nil {
		return Meta{}, fmt.Errorf("starting the supervisor: %w", err)
	}
	record := make(chan []byte, 1)
	go func() {
		data, _ := io.ReadAll(io.LimitReader(metaRead, 1<<16))
		record <- data
	}()
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()

	backstop := time.NewTimer(req.Limits.Wall + judgeGrace)
	defer backstop.Stop()
	var killedBy string
	select {
	case err = <-waited:
	case <-backstop.C:
		killedBy = "the supervisor did not report in time"
	case <-ctx.Done():
		killedBy = "the run was cancelled"
	}
	if killedBy != "" {
		// The supervisor dies with bubblewrap, and the namespace with the supervisor.
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		err = <-waited
	}
	data := <-record
	if killedBy != "" {
		return Meta{}, errors.New(killedBy)
	}
	var m Meta
	if jsonErr := json.Unmarshal(data, &m); jsonErr != nil || len(data) == 0 {
		return Meta{}, fmt.Errorf("the sandbox failed (%v): %s", err, lastLine(filepath.Join(runDir, "stderr")))
	}
	if m.Fault != "" {
		return Meta{}, fmt.Errorf("the supervisor failed: %s", m.Fault)
	}
	if m.Leftover > 0 {
		return Meta{}, fmt.Errorf("%d processes of the program survived the cleanup", m.Leftover)
	}
	return m, nil
}

// RunVariable names the environment variable that carries a run's folder into the program's
// environment, so that the run's processes can be told apart from every other.
const RunVariable = "BULLSEYE_RUN"

// environment returns the program's environment: a minimal one, the same on every machine.
func environment(home, runDir string) []string {
	return []string{
		"PATH=/usr/local/bin:/usr/bin:/bin",
		"HOME=" + home,
		"LANG=C.UTF-8",
		RunVariable + "=" + runDir,
	}
}

func mustJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("runner: encoding %T: %v", v, err)) // plain structs always encode
	}
	return string(data)
}

// collect reads what the program wrote and completes its result.
func collect(meta Meta, runDir, box string, req Request) (Result, error) {
	r := Result{Meta: meta}
	stdout, stdoutSize, _, err := readOutput(filepath.Join(runDir, "stdout"))
	if err != nil {
		return Result{}, fmt.Errorf("reading standard output: %w", err)
	}
	stderr, stderrSize, _, err := readOutput(filepath.Join(runDir, "stderr"))
	if err != nil {
		return Result{}, fmt.Errorf("reading standard error: %w", err)
	}
	r.Stderr = stderr[:min(len(stderr), StderrLimit)]
	r.Output, r.OutputSource, r.OutputBytes = stdout, "standard output", stdoutSize
	if req.OutputFile != "" {
		file, size, fault, err := readOutput(filepath.Join(box, req.OutputFile))
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
		stderrSize >= req.Limits.Output || r.OutputBytes >= req.Limits.Output
	return r, nil
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

// lastLine returns the last non-empty line of a file, cut to a readable length.
func lastLine(name string) string {
	data, _, _, err := readOutput(name)
	if err != nil {
		return ""
	}
	lines := splitLines(string(data))
	for i := len(lines) - 1; i >= 0; i-- {
		if lines[i] != "" {
			return cut(lines[i], 200)
		}
	}
	return ""
}

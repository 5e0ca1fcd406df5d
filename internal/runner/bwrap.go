package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Where a run sees its files inside the sandbox.
const (
	mountedBox        = "/box"
	mountedProgram    = "/prog"
	mountedSupervisor = "/supervisor"
)

// systemDirs are the folders of the host a sandbox sees, read-only: programs, libraries and
// interpreters. A merged-/usr system has some of them as symbolic links, which the sandbox
// copies as links.
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}

// etcEntries are the entries of /etc a sandbox sees (shell patterns), no more: the dynamic
// loader's cache, the links Debian's alternatives make (java, javac), the JDK's and Free
// Pascal's settings, the time zone. Not the users, the host's name, its network or its
// secrets.
var etcEntries = []string{
	"ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "localtime", "java-*",
	"fpc.cfg", "fpc-*.cfg",
}

// devices are the sandbox's /dev: the few device files programs use, and the links to a
// process's own descriptors, not bubblewrap's full --dev, which costs half a millisecond a run
// and brings a writable /dev/shm that a program could leave files in.
var devices = []string{
	"--dev-bind", "/dev/null", "/dev/null", "--dev-bind", "/dev/zero", "/dev/zero",
	"--dev-bind", "/dev/full", "/dev/full", "--dev-bind", "/dev/random", "/dev/random",
	"--dev-bind", "/dev/urandom", "/dev/urandom",
	"--symlink", "/proc/self/fd", "/dev/fd", "--symlink", "/proc/self/fd/0", "/dev/stdin",
	"--symlink", "/proc/self/fd/1", "/dev/stdout", "--symlink", "/proc/self/fd/2", "/dev/stderr",
}

// supervisorEnv is the supervisor's environment (the program gets its own): one processor for
// the Go runtime, so that it starts few threads and needs no new one once the program has used
// up the process limit.
var supervisorEnv = [2]string{"GOMAXPROCS", "1"}

// systemMounts returns the bubblewrap options that give a sandbox the host's system folders.
func systemMounts() []string {
	var args []string
	for _, dir := range systemDirs {
		info, err := os.Lstat(dir)
		switch {
		case err != nil:
			continue
		case info.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(dir)
			if err != nil {
				continue
			}
			args = append(args, "--symlink", target, dir)
		case info.IsDir():
			args = append(args, "--ro-bind", dir, dir)
		}
	}
	args = append(args, "--dir", "/etc")
	for _, pattern := range etcEntries {
		matches, _ := filepath.Glob(filepath.Join("/etc", pattern))
		for _, m := range matches {
			args = append(args, "--ro-bind", m, m)
		}
	}
	return args
}

// bwrapArgs returns the bubblewrap command line of one run, the supervisor's environment env: every namespace of its own (no
// network but its own loopback, no view of the host's processes), the system read-only, the
// mounts of the run (its program and folder), the supervisor as process 1, which the kernel
// then shields from the program's signals and whose end kills every process of the
// namespace, and dir its working folder.
func bwrapArgs(unshare, system, mounts []string, dir, supervisor string, env, command []string) []string {
	args := append(slices.Clone(unshare), "--die-with-parent", "--new-session", "--as-pid-1", "--hostname", "judge", "--clearenv")
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		args = append(args, "--setenv", name, value)
	}
	args = append(args, system...)
	args = append(args, "--proc", "/proc")
	args = append(args, devices...)
	args = append(args, "--ro-bind", supervisor, mountedSupervisor)
	args = append(args, mounts...)
	args = append(args, "--chdir", dir, "--remount-ro", "/", "--")
	return append(args, command...)
}

// unshareAll makes every namespace bubblewrap can.
var unshareAll = []string{"--unshare-all"}

// unshareAllButCgroup makes every namespace but the cgroup namespace: a kernel older than 5.16
// checks a move into a cgroup v2 group against the cgroup namespace of the process that moves,
// not of the judge that opened the group's file, and a supervisor in a namespace of its own
// could not join a run's group at the hierarchy's root. The program then sees its groups' full
// paths, of random names.
var unshareAllButCgroup = []string{"--unshare-user-try", "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts"}

// unshareFor returns the namespaces a sandbox makes, for control groups c on kernel release
// (uname -r).
func unshareFor(c *cgroups, release string) []string {
	usesV2 := false
	if c != nil {
		for _, t := range c.trees {
			usesV2 = usesV2 || t.v2
		}
	}
	if usesV2 && !kernelAtLeast(release, 5, 16) {
		return unshareAllButCgroup
	}
	return unshareAll
}

// kernelAtLeast reports whether a kernel release ("6.1.0-18-amd64") is major.minor or later;
// false when it cannot be read.
func kernelAtLeast(release string, major, minor int) bool {
	parts := strings.SplitN(release, ".", 3)
	if len(parts) < 2 {
		return false
	}
	gotMajor, err1 := strconv.Atoi(parts[0])
	digits := strings.IndexFunc(parts[1], func(r rune) bool { return r < '0' || r > '9' })
	if digits >= 0 {
		parts[1] = parts[1][:digits]
	}
	gotMinor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return false
	}
	return gotMajor > major || gotMajor == major && gotMinor >= minor
}

// kernelRelease returns the running kernel's release, uname -r.
func kernelRelease() string {
	var u unix.Utsname
	if err := unix.Uname(&u); err != nil {
		return ""
	}
	return unix.ByteSliceToString(u.Release[:])
}

// sizedTmpfs returns the bubblewrap options of a tmpfs at dir of size bytes; without the size
// where bubblewrap is older than 0.8, which has no --size: the supervisor's count of the
// folder's use then limits it alone.
func sizedTmpfs(sized bool, size int64, dir string) []string {
	if !sized {
		return []string{"--tmpfs", dir}
	}
	return []string{"--size", strconv.FormatInt(size, 10), "--tmpfs", dir}
}

// probeBwrap checks that bubblewrap can build a sandbox here, as the runs' user: it may be
// missing, or the kernel may refuse the user namespaces it needs.
func probeBwrap(bwrap string, system, extra []string, runAs *syscall.Credential) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	args := []string{"--unshare-all", "--die-with-parent", "--new-session", "--as-pid-1", "--clearenv"}
	args = append(args, system...)
	args = append(args, "--proc", "/proc")
	args = append(args, devices...)
	args = append(args, extra...)
	args = append(args, "--remount-ro", "/", "--", "/bin/sh", "-c", "exit 0")
	cmd := exec.CommandContext(ctx, bwrap, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL, Credential: runAs}
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return errors.New(firstLine(msg))
	}
	return nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// probeFailure explains why bubblewrap could not be used.
func probeFailure(err error) string {
	return fmt.Sprintf("bubblewrap cannot build a sandbox here (%v)", err)
}

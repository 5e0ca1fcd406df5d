package runner

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The supervisor is out of the program's reach twice over. It is not dumpable, so the kernel
// refuses another process of its user its memory, its descriptors (/proc/PID/fd, pidfd_getfd)
// and ptrace; and a seccomp filter, which the program inherits and cannot lift, denies the
// calls that reach into another process or change what the sandbox is: ptrace, reading or
// writing another's memory, taking its descriptors, the kernel's keyrings, BPF and perf
// events, new namespaces and mounts, io_uring (whose requests no filter sees). Runguard and
// isolate rely on a control group and another user instead; a kit's judge has neither
// everywhere, and the filter holds without them.
//
// In a sandbox the filter also refuses every socket but a Unix one (socket(2) of any other
// family fails with EAFNOSUPPORT): a contest program has no use for a network, and the
// kernel's TCP and UDP buffers are charged to no cgroup v1 memory group, nor to the run at
// all on some kernels, so that loopback connections written and never read could hold memory
// past the limit on the host's account.

// deniedCalls fail with EPERM in the sandbox.
var deniedCalls = []uintptr{
	unix.SYS_PTRACE, unix.SYS_PROCESS_VM_READV, unix.SYS_PROCESS_VM_WRITEV, unix.SYS_PIDFD_GETFD,
	unix.SYS_KCMP, unix.SYS_KEYCTL, unix.SYS_ADD_KEY, unix.SYS_REQUEST_KEY, unix.SYS_BPF,
	unix.SYS_PERF_EVENT_OPEN, unix.SYS_USERFAULTFD, unix.SYS_MOUNT, unix.SYS_UMOUNT2,
	unix.SYS_PIVOT_ROOT, unix.SYS_CHROOT, unix.SYS_UNSHARE, unix.SYS_SETNS, unix.SYS_FSOPEN,
	unix.SYS_FSCONFIG, unix.SYS_FSMOUNT, unix.SYS_FSPICK, unix.SYS_OPEN_TREE, unix.SYS_MOVE_MOUNT,
	unix.SYS_MOUNT_SETATTR, unix.SYS_IO_URING_SETUP, unix.SYS_IO_URING_ENTER,
	unix.SYS_IO_URING_REGISTER,
}

// unknownCalls fail with ENOSYS, which makes the C library fall back to an older call:
// clone3, whose flags lie in memory that a filter cannot read, falls back to clone.
var unknownCalls = []uintptr{unix.SYS_CLONE3}

// unixSockets is the one socket family a sandboxed program may make.
const unixSockets = unix.AF_UNIX

// namespaceFlags are the clone flags that make a namespace.
const namespaceFlags = unix.CLONE_NEWNS | unix.CLONE_NEWUTS | unix.CLONE_NEWIPC | unix.CLONE_NEWUSER |
	unix.CLONE_NEWPID | unix.CLONE_NEWNET | unix.CLONE_NEWCGROUP | unix.CLONE_NEWTIME

// auditArch returns the architecture a seccomp filter checks calls against, and false where
// the filter is not built (an architecture other than amd64 and arm64).
func auditArch() (uint32, bool) {
	switch runtime.GOARCH {
	case "amd64":
		return unix.AUDIT_ARCH_X86_64, true
	case "arm64":
		return unix.AUDIT_ARCH_AARCH64, true
	}
	return 0, false
}

// Offsets in struct seccomp_data.
const (
	seccompNr   = 0
	seccompArch = 4
	seccompArg0 = 16 // the low half of the first argument on a little-endian machine
)

// x32Bit marks the x32 ABI's calls on amd64, which reach the same kernel code under other
// numbers.
const x32Bit = 0x40000000

func stmt(code uint16, k uint32) unix.SockFilter { return unix.SockFilter{Code: code, K: k} }

func jump(code uint16, k uint32, jt, jf uint8) unix.SockFilter {
	return unix.SockFilter{Code: code, Jt: jt, Jf: jf, K: k}
}

// seccompFilter returns the filter's program; with unixOnly, socket(2) of a family other than
// AF_UNIX fails with EAFNOSUPPORT.
func seccompFilter(arch uint32, unixOnly bool) []unix.SockFilter {
	const (
		ld    = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
		jeq   = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
		jge   = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
		jset  = unix.BPF_JMP | unix.BPF_JSET | unix.BPF_K
		ret   = unix.BPF_RET | unix.BPF_K
		allow = unix.SECCOMP_RET_ALLOW
		eperm = unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)
		enosy = unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)
		eafns = unix.SECCOMP_RET_ERRNO | uint32(unix.EAFNOSUPPORT)
	)
	// A call of another ABI (i386's int 0x80 on amd64, x32) would pass under other numbers.
	p := []unix.SockFilter{
		stmt(ld, seccompArch),
		jump(jeq, arch, 1, 0),
		stmt(ret, enosy),
		stmt(ld, seccompNr),
	}
	if arch == unix.AUDIT_ARCH_X86_64 {
		p = append(p, jump(jge, x32Bit, 0, 1), stmt(ret, enosy))
	}
	for _, nr := range deniedCalls {
		p = append(p, jump(jeq, uint32(nr), 0, 1), stmt(ret, eperm))
	}
	for _, nr := range unknownCalls {
		p = append(p, jump(jeq, uint32(nr), 0, 1), stmt(ret, enosy))
	}
	if unixOnly {
		// The family is the first argument, an int: its low half on a little-endian machine.
		p = append(p,
			jump(jeq, uint32(unix.SYS_SOCKET), 0, 4),
			stmt(ld, seccompArg0),
			jump(jeq, unixSockets, 0, 1),
			stmt(ret, allow),
			stmt(ret, eafns),
			stmt(ld, seccompNr), // the clone check below reads the call's number again
		)
	}
	p = append(p,
		jump(jeq, uint32(unix.SYS_CLONE), 0, 3),
		stmt(ld, seccompArg0),
		jump(jset, namespaceFlags, 0, 1),
		stmt(ret, eperm),
		stmt(ret, allow),
	)
	return p
}

// confine makes the calling process what the program may not reach: not dumpable, and under
// the seccomp filter, on every thread, which every process it starts inherits. It reports
// whether the filter is in force. With unixOnly the program may make no socket but a Unix one.
func confine(unixOnly bool) (bool, error) {
	// no_new_privs is a thread's, and the filter's TSYNC spreads it from this one.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return false, fmt.Errorf("making the supervisor not dumpable: %w", err)
	}
	arch, ok := auditArch()
	if !ok {
		return false, nil
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return false, fmt.Errorf("setting no_new_privs: %w", err)
	}
	filter := seccompFilter(arch, unixOnly)
	prog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	_, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_TSYNC, uintptr(unsafe.Pointer(&prog)))
	runtime.KeepAlive(filter)
	if errno != 0 {
		return false, fmt.Errorf("installing the seccomp filter: %w", errno)
	}
	return true, nil
}

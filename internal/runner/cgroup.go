package runner

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// A memory control group, where the machine offers one (cgroup v1's memory controller, to a
// judge running as root), backs the supervisor's sampling up as isolate and runguard use it:
// the kernel charges the run's every page to it, those of the kernel itself included (page
// tables, pipe buffers), and stops the run when it holds more than the limit and a margin,
// between two samples too. The supervisor joins the group through a descriptor the judge
// opened, before it starts the program. A run the group's limit killed is a memory limit.

// cgroupMemoryRoot is where cgroup v1 mounts its memory controller.
const cgroupMemoryRoot = "/sys/fs/cgroup/memory"

// kernelMargin is how far above the memory limit the group stops a run: the supervisor's
// sampling decides at the limit, the kernel only catches what the sampling missed.
const kernelMargin = 32 << 20

// reuseMost is the most an idle run group may still hold charged to be given to the next run:
// half the margin, so that what a run leaves takes at most that from the next one's.
const reuseMost = kernelMargin / 2

// openCgroup makes the session's memory control group, under the judge's own, and returns
// its folder; "" when the machine offers none to this judge.
func openCgroup() string {
	if os.Geteuid() != 0 {
		return ""
	}
	own, err := ownMemoryCgroup()
	if err != nil {
		return ""
	}
	parent := filepath.Join(cgroupMemoryRoot, own)
	sweepStaleCgroups(parent)
	dir := filepath.Join(parent, fmt.Sprintf("bullseye-%d-%d", os.Getpid(), time.Now().UnixNano()))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return ""
	}
	// Children count in their parents' usage, where the kernel lets them.
	_ = os.WriteFile(filepath.Join(dir, "memory.use_hierarchy"), []byte("1"), 0o644)
	return dir
}

// ownMemoryCgroup returns the judge's memory control group, from /proc/self/cgroup.
func ownMemoryCgroup() (string, error) {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) == 3 && strings.Contains(","+parts[1]+",", ",memory,") {
			return parts[2], nil
		}
	}
	return "", errors.New("no memory controller")
}

// cgroups is a session's memory control group and the run groups it keeps for reuse: making
// and removing a group costs tens of milliseconds of the kernel's time, resetting one a few
// microseconds.
type cgroups struct {
	dir  string      // the session's group; "" when there is none
	idle chan string // run groups free for the next run
	made atomic.Int64
}

// cgroupsIdle is how many run groups a session keeps, more than it runs at once.
const cgroupsIdle = 64

func newCgroups(dir string) *cgroups {
	return &cgroups{dir: dir, idle: make(chan string, cgroupsIdle)}
}

// runCgroup is one run's control group.
type runCgroup struct {
	pool     *cgroups
	dir      string
	procs    *os.File // cgroup.procs, opened by the judge for the supervisor to join
	oomsSeen int64    // the group's OOM kills before the run
}

// take returns a run group limited to limit and the margin, its peak reset: an idle one, or
// a new one.
func (c *cgroups) take(limit int64) (*runCgroup, error) {
	bytes := []byte(strconv.FormatInt(limit+kernelMargin, 10))
	for {
		var dir string
		select {
		case dir = <-c.idle:
			if held, err := readInt(filepath.Join(dir, "memory.usage_in_bytes")); err == nil && held > reuseMost {
				// What the last run left charged, memory the kernel frees late after a fork
				// bomb on a busy machine, would count against this run: up to the limit itself,
				// where every later run in the group would be killed as it starts.
				(&runCgroup{dir: dir}).remove()
				continue
			}
		default:
			dir = filepath.Join(c.dir, "run-"+strconv.FormatInt(c.made.Add(1), 10))
			if err := os.Mkdir(dir, 0o755); err != nil {
				return nil, fmt.Errorf("making the run's control group: %w", err)
			}
		}
		cg := &runCgroup{pool: c, dir: dir}
		// Swap first, which must stay above memory: lowered after it, raised before it.
		_ = os.WriteFile(filepath.Join(dir, "memory.memsw.limit_in_bytes"), bytes, 0o644)
		err := os.WriteFile(filepath.Join(dir, "memory.limit_in_bytes"), bytes, 0o644)
		_ = os.WriteFile(filepath.Join(dir, "memory.memsw.limit_in_bytes"), bytes, 0o644)
		if err != nil {
			// A group that still holds more than the new limit (a cache) is not reused.
			cg.remove()
			if strings.HasPrefix(filepath.Base(dir), "run-") && errors.Is(err, syscall.EBUSY) {
				continue
			}
			return nil, fmt.Errorf("limiting the run's control group: %w", err)
		}
		_ = os.WriteFile(filepath.Join(dir, "memory.max_usage_in_bytes"), []byte("0"), 0o644)
		_ = os.WriteFile(filepath.Join(dir, "memory.kmem.max_usage_in_bytes"), []byte("0"), 0o644)
		cg.oomsSeen = oomKills(dir)
		procs, err := os.OpenFile(filepath.Join(dir, "cgroup.procs"), os.O_WRONLY, 0)
		if err != nil {
			cg.remove()
			return nil, fmt.Errorf("opening the run's control group: %w", err)
		}
		cg.procs = procs
		return cg, nil
	}
}

// close removes every group.
func (c *cgroups) close() {
	for {
		select {
		case dir := <-c.idle:
			(&runCgroup{dir: dir}).remove()
		default:
			(&runCgroup{dir: c.dir}).remove()
			return
		}
	}
}

// finish reads what the group saw into m. A nil group has nothing to tell.
func (cg *runCgroup) finish(m *Meta) {
	if cg == nil {
		return
	}
	if oomKills(cg.dir) > cg.oomsSeen {
		if peak, err := readInt(filepath.Join(cg.dir, "memory.max_usage_in_bytes")); err == nil {
			m.PeakKiB = max(m.PeakKiB, peak>>10)
		}
		if kernel, err := readInt(filepath.Join(cg.dir, "memory.kmem.max_usage_in_bytes")); err == nil {
			m.KernelKiB = kernel >> 10
		}
		m.Stopped = StoppedMemory
	}
}

// close gives the group back for the next run, or removes it; a nil group is nothing.
func (cg *runCgroup) close() {
	if cg == nil {
		return
	}
	if cg.procs != nil {
		cg.procs.Close()
	}
	select {
	case cg.pool.idle <- cg.dir:
	default:
		cg.remove()
	}
}

// remove removes the group, once the last of its processes has left it.
func (cg *runCgroup) remove() {
	for try := 0; try < 200; try++ {
		if err := os.Remove(cg.dir); err == nil || errors.Is(err, os.ErrNotExist) {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// oomKills returns how many processes the group's limit killed: the oom_kill line of
// memory.oom_control, or, on a kernel without it, whether the group is under OOM or hit its
// limit.
func oomKills(dir string) int64 {
	data, err := os.ReadFile(filepath.Join(dir, "memory.oom_control"))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "oom_kill "); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(rest), 10, 64)
			return n
		}
	}
	failed, _ := readInt(filepath.Join(dir, "memory.failcnt"))
	return failed
}

func readInt(name string) (int64, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
}

// sweepStaleCgroups removes the groups of judges that died without removing them (SIGKILL):
// those whose process is gone. A group holds no process then, only its empty run groups.
func sweepStaleCgroups(parent string) {
	groups, _ := filepath.Glob(filepath.Join(parent, "bullseye-*-*"))
	for _, g := range groups {
		fields := strings.Split(filepath.Base(g), "-")
		pid, err := strconv.Atoi(fields[1])
		if err != nil || pid <= 0 || syscall.Kill(pid, 0) != syscall.ESRCH {
			continue
		}
		runs, _ := filepath.Glob(filepath.Join(g, "run-*"))
		for _, r := range runs {
			_ = os.Remove(r)
		}
		_ = os.Remove(g)
	}
}

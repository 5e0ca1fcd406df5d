package runner

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Control groups keep a run's accounts where the machine offers them to the judge (as root),
// as they do for isolate and DOMjudge's runguard. Each run has a group in every hierarchy the
// session uses; the kernel charges to it everything the run's processes do, whatever they do
// to the supervisor:
//
//   - CPU time: the group's counter (cgroup v2's cpu.stat, which every v2 group has, with or
//     without the cpu controller; else cgroup v1's cpuacct.usage), read when the run is over.
//   - Memory: the memory controller's limit, set at the memory limit itself, on every page the
//     processes hold however they hold it (shared, in memory files, in descriptors in flight
//     in a socket, in System V segments, in the run's tmpfs) and on the kernel's own memory for
//     them (page tables, pipe and socket buffers). At the limit the kernel reclaims what it can
//     and then kills: a run the group's limit killed a process of is a memory limit. The peak
//     is the group's (memory.peak, memory.max_usage_in_bytes). Swap is shut off for the group.
//   - Processes: the pids controller's limit.
//
// The supervisor joins the run's groups, starts the program, which is born in them, and goes
// back to the judge's own groups: its own CPU time and memory are never the program's, and
// what the program makes it do costs the program nothing.
//
// cgroup v2 is used where it serves (every distribution of recent years mounts it alone); v1
// where v2 lacks a controller (a hybrid machine mounts v1's controllers and a v2 hierarchy
// without them, whose cpu.stat still counts CPU time). Without a group for a resource the
// supervisor samples it instead (see supervise.go).

// hierarchy is one mounted cgroup hierarchy as this process sees it.
type hierarchy struct {
	v2 bool
	// mount is where it is mounted, root the group mounted there, home the judge's own group,
	// as a folder.
	mount, root, home string
	// controllers are v1's controllers of the mount; v2's that its root hands down.
	controllers map[string]bool
}

// hierarchies reads the cgroup hierarchies mounted here (from /proc/self/mountinfo) and the
// judge's group in each (from /proc/self/cgroup). One whose judge's group lies outside what is
// mounted is left out.
func hierarchies(mountinfo, procCgroup []byte) []hierarchy {
	v1Own, v2Own, hasV2 := ownGroups(procCgroup)
	var found []hierarchy
	seen := map[string]bool{}
	for _, line := range strings.Split(string(mountinfo), "\n") {
		fields := strings.Fields(line)
		dash := -1
		for i, f := range fields {
			if f == "-" {
				dash = i
				break
			}
		}
		if dash < 6 || dash+3 >= len(fields) {
			continue
		}
		root, mount, fstype := unescapeMount(fields[3]), unescapeMount(fields[4]), fields[dash+1]
		h := hierarchy{mount: mount, root: root, controllers: map[string]bool{}}
		var own string
		switch fstype {
		case "cgroup2":
			if !hasV2 {
				continue
			}
			h.v2, own = true, v2Own
		case "cgroup":
			for _, opt := range strings.Split(fields[dash+3], ",") {
				if path, ok := v1Own[opt]; ok && !strings.HasPrefix(opt, "name=") {
					h.controllers[opt] = true
					own = path
				}
			}
			if len(h.controllers) == 0 {
				continue
			}
		default:
			continue
		}
		rel, ok := within(root, own)
		if !ok || seen[mount] {
			continue
		}
		seen[mount] = true
		h.home = filepath.Join(mount, rel)
		found = append(found, h)
	}
	return found
}

// within returns path relative to root, both absolute paths of a hierarchy, when it lies there.
func within(root, path string) (string, bool) {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return "", false
	}
	return rel, true
}

// ownGroups reads /proc/self/cgroup: the group of each v1 controller, and the v2 group.
func ownGroups(data []byte) (v1 map[string]string, v2 string, hasV2 bool) {
	v1 = map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[0] == "0" && parts[1] == "" {
			v2, hasV2 = parts[2], true
			continue
		}
		for _, c := range strings.Split(parts[1], ",") {
			v1[c] = parts[2]
		}
	}
	return v1, v2, hasV2
}

// unescapeMount undoes mountinfo's octal escapes (\040 for a space).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// The resources a tree may keep the accounts of.
const (
	cpuResource    = "cpu"
	memoryResource = "memory"
	pidsResource   = "pids"
)

// v1Controller names the v1 controller that keeps a resource's accounts.
var v1Controller = map[string]string{cpuResource: "cpuacct", memoryResource: "memory", pidsResource: "pids"}

// tree is a hierarchy in which the session made a group of its own, whose children are the
// runs' groups.
type tree struct {
	v2      bool
	session string // the session's group
	// home is the judge's own group, to which a supervisor goes back once the program has
	// started; homeProcs its cgroup.procs, opened once for every run.
	home      string
	homeProcs *os.File
	// What the tree keeps the accounts of.
	cpu, memory, pids bool
	// memsw tells that v1's memory controller counts swap (memory.memsw.*).
	memsw bool
}

// cgroups are a session's control groups: a tree per hierarchy used, and the run groups kept
// for the next runs, since resetting a group costs less than making one.
type cgroups struct {
	trees []*tree
	idle  chan *runGroup
}

// cgroupsIdle is how many run groups a session keeps, more than it runs at once.
const cgroupsIdle = 64

// Cgroup preferences of Options.cgroups: the judge's is auto; the tests choose.
const (
	cgroupsAuto   = ""     // v2 where it serves, else v1
	cgroupsV1     = "v1"   // v1 where it serves, else v2
	cgroupsV2Only = "v2"   // v2 alone
	cgroupsNone   = "none" // no control group: the supervisor samples everything
)

// openCgroups makes the session's groups and returns them, or nil when the machine offers none
// to this judge (not root, no writable hierarchy).
func openCgroups(prefer string) *cgroups {
	if prefer == cgroupsNone || os.Geteuid() != 0 {
		return nil
	}
	mountinfo, err1 := os.ReadFile("/proc/self/mountinfo")
	own, err2 := os.ReadFile("/proc/self/cgroup")
	if err1 != nil || err2 != nil {
		return nil
	}
	return cgroupsFrom(hierarchies(mountinfo, own), prefer)
}

// cgroupsFrom makes the session's groups in the hierarchies, each resource kept by the first
// hierarchy in the order of preference that serves it.
func cgroupsFrom(hs []hierarchy, prefer string) *cgroups {
	var ordered []hierarchy
	for _, pass := range []bool{prefer != cgroupsV1, prefer == cgroupsV1} {
		for _, h := range hs {
			if h.v2 == pass && (prefer != cgroupsV2Only || h.v2) {
				ordered = append(ordered, h)
			}
		}
	}
	c := &cgroups{idle: make(chan *runGroup, cgroupsIdle)}
	trees := map[string]*tree{}
	for _, res := range []string{cpuResource, memoryResource, pidsResource} {
		for _, h := range ordered {
			if !h.v2 && !h.controllers[v1Controller[res]] {
				continue
			}
			t := trees[h.mount]
			if t == nil {
				if t = openTree(h); t == nil {
					continue
				}
				trees[h.mount] = t
				c.trees = append(c.trees, t)
			}
			if t.serve(res) {
				break
			}
		}
	}
	var used []*tree
	for _, t := range c.trees {
		if t.cpu || t.memory || t.pids {
			used = append(used, t)
		} else {
			t.remove()
		}
	}
	c.trees = used
	if len(used) == 0 {
		return nil
	}
	return c
}

// sessionGroupPrefix starts the name of a session's group, which goes on with the judge's
// process id and a time: bullseye-PID-NANOS.
const sessionGroupPrefix = "bullseye-"

// openTree makes the session's group in a hierarchy: under the judge's own group in v1; at the
// root in v2, where a group may hand controllers down (a v2 group with processes, as the
// judge's own, may not).
func openTree(h hierarchy) *tree {
	parent := h.home
	if h.v2 {
		parent = h.mount
	}
	sweepStaleCgroups(parent)
	homeProcs, err := os.OpenFile(filepath.Join(h.home, "cgroup.procs"), os.O_WRONLY, 0)
	if err != nil {
		return nil
	}
	dir := filepath.Join(parent, fmt.Sprintf("%s%d-%d", sessionGroupPrefix, os.Getpid(), time.Now().UnixNano()))
	if err := os.Mkdir(dir, 0o755); err != nil {
		homeProcs.Close()
		return nil
	}
	t := &tree{v2: h.v2, session: dir, home: h.home, homeProcs: homeProcs}
	if !h.v2 {
		// Children count in their parents' usage, where the kernel lets them.
		_ = os.WriteFile(filepath.Join(dir, "memory.use_hierarchy"), []byte("1"), 0o644)
		_, err := os.Stat(filepath.Join(dir, "memory.memsw.limit_in_bytes"))
		t.memsw = err == nil
	}
	return t
}

// serve makes the tree keep a resource's accounts, and reports whether it can: in v2 the
// session's group must hand the controller down to the runs' groups (CPU time needs none).
func (t *tree) serve(res string) bool {
	if t.v2 && res != cpuResource {
		if err := os.WriteFile(filepath.Join(t.session, "cgroup.subtree_control"), []byte("+"+res), 0o644); err != nil {
			return false
		}
	}
	switch res {
	case cpuResource:
		t.cpu = true
	case memoryResource:
		t.memory = true
	case pidsResource:
		t.pids = true
	}
	return true
}

// remove removes the session's group, once its runs' groups are gone.
func (t *tree) remove() {
	removeGroup(t.session)
	if t.homeProcs != nil {
		t.homeProcs.Close()
	}
}

// Versions says which hierarchy keeps each resource, "cpu v2, memory v1, pids v1"; "" for none.
func (c *cgroups) versions() string {
	if c == nil {
		return ""
	}
	var parts []string
	for _, res := range []string{cpuResource, memoryResource, pidsResource} {
		for _, t := range c.trees {
			if t.keeps(res) {
				v := "v1"
				if t.v2 {
					v = "v2"
				}
				parts = append(parts, res+" "+v)
			}
		}
	}
	return strings.Join(parts, ", ")
}

func (t *tree) keeps(res string) bool {
	switch res {
	case cpuResource:
		return t.cpu
	case memoryResource:
		return t.memory
	}
	return t.pids
}

// keeps reports whether a tree of the session keeps a resource's accounts.
func (c *cgroups) keeps(res string) bool {
	if c == nil {
		return false
	}
	for _, t := range c.trees {
		if t.keeps(res) {
			return true
		}
	}
	return false
}

// close removes every group of the session.
func (c *cgroups) close() {
	for {
		select {
		case g := <-c.idle:
			g.remove()
		default:
			for _, t := range c.trees {
				t.remove()
			}
			return
		}
	}
}

// runGroup is a run's group in each tree of the session, all of one name, which is random: a
// program that reads /proc/self/cgroup learns nothing of which run it is.
type runGroup struct {
	pool *cgroups
	dirs []string // one per tree, in the order of pool.trees
	// fresh tells that the group has never run a program: its peak needs no reset.
	fresh bool
	// reusable tells that the group may be given to a later run: its peak could be reset.
	reusable bool

	// Set by take for one run.
	procs      []*os.File // cgroup.procs of each group, for the supervisor to join
	cpuCounter *os.File   // the CPU time counter
	oomCounter *os.File   // memory.events, or v1's memory.oom_control
	peak       *os.File   // v2's memory.peak, reset and read through this descriptor
	// pressure are the v2 group's pressure stall files (cpu.pressure, io.pressure,
	// memory.pressure, by resource), where the kernel keeps them: how long the run's tasks
	// were held back, waiting for a processor, the disk or memory.
	pressure map[string]*os.File
	// limitMet counts the times the run met its memory limit: v2's memory.events (its max
	// line), v1's memory.failcnt. A memory stall then is the program's own doing.
	limitMet *os.File
	base     groupCounts
	swept    bool  // account made sure no process of the run is left in the groups
	memory   int64 // the memory limit the group was set at
}

// groupCounts are a group's counters, taken before a run: the run's are what they grow by.
type groupCounts struct {
	cpu       time.Duration
	ooms      int64 // processes the memory limit killed
	limitMets int64 // times usage met the memory limit
}

// reuseMost is the most an idle run group may still hold charged, after the page cache is
// dropped, to be given to the next run: what a run leaves behind (memory the kernel frees
// late after a fork bomb, a tmpfs not yet torn down) would count against the next one's limit.
const reuseMost = 1 << 20

// errStale marks a group that cannot be reused.
var errStale = errors.New("the group still holds what an earlier run charged")

// take returns a run group limited to lim, its counters read: an idle one, or a new one.
func (c *cgroups) take(lim Limits) (*runGroup, error) {
	for tries := 0; ; tries++ {
		var g *runGroup
		select {
		case g = <-c.idle:
		default:
			var err error
			if g, err = c.newRunGroup(); err != nil {
				return nil, err
			}
		}
		err := g.prepare(lim)
		if err == nil {
			return g, nil
		}
		g.closeFiles()
		g.remove()
		if g.fresh || tries > cgroupsIdle {
			return nil, fmt.Errorf("preparing the run's control group: %w", err)
		}
	}
}

// newRunGroup makes a run group in every tree.
func (c *cgroups) newRunGroup() (*runGroup, error) {
	var name [8]byte
	if _, err := unix.Getrandom(name[:], 0); err != nil {
		return nil, err
	}
	g := &runGroup{pool: c, fresh: true, reusable: true}
	for _, t := range c.trees {
		dir := filepath.Join(t.session, hex.EncodeToString(name[:]))
		if err := os.Mkdir(dir, 0o755); err != nil {
			g.remove()
			return nil, fmt.Errorf("making the run's control group: %w", err)
		}
		g.dirs = append(g.dirs, dir)
	}
	return g, nil
}

// prepare sets the group's limits, resets what a run left in it and reads its counters.
func (g *runGroup) prepare(lim Limits) error {
	g.base, g.swept, g.memory = groupCounts{}, false, lim.Memory
	for i, t := range g.pool.trees {
		dir := g.dirs[i]
		if t.memory {
			if err := g.prepareMemory(t, dir, lim.Memory); err != nil {
				return err
			}
		}
		if t.pids {
			if err := writeValue(dir, "pids.max", strconv.Itoa(lim.Processes)); err != nil {
				return err
			}
		}
		if t.cpu {
			name := "cpuacct.usage"
			if t.v2 {
				name = "cpu.stat"
			}
			f, err := os.Open(filepath.Join(dir, name))
			if err != nil {
				return err
			}
			g.cpuCounter = f
			if g.base.cpu, err = readCPUCounter(f, t.v2); err != nil {
				return err
			}
		}
		if t.v2 && g.pressure == nil {
			g.pressure = openPressure(dir)
		}
		procs, err := os.OpenFile(filepath.Join(dir, "cgroup.procs"), os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		g.procs = append(g.procs, procs)
	}
	return nil
}

// pressureResources are the resources whose stalls a v2 group counts (PSI).
var pressureResources = []string{"cpu", "io", "memory"}

// openPressure opens a v2 group's pressure files, nil where the kernel keeps none (built
// without PSI, or booted with psi=0: the files are then absent or cannot be read).
func openPressure(dir string) map[string]*os.File {
	files := map[string]*os.File{}
	for _, res := range pressureResources {
		f, err := os.Open(filepath.Join(dir, res+".pressure"))
		if err != nil {
			break
		}
		if _, err := readPressure(f); err != nil {
			f.Close()
			break
		}
		files[res] = f
	}
	if len(files) < len(pressureResources) {
		for _, f := range files {
			f.Close()
		}
		return nil
	}
	return files
}

// readPressure reads the total of a pressure file's "some" line: how long at least one task
// of the group was stalled on the resource.
func readPressure(f *os.File) (time.Duration, error) {
	var buf [256]byte
	n, err := f.ReadAt(buf[:], 0)
	if n == 0 && err != nil {
		return 0, err
	}
	return parsePressure(buf[:n])
}

// parsePressure reads the "some" line's total (microseconds) of a pressure file's text:
// "some avg10=0.00 avg60=0.00 avg300=0.00 total=12345".
func parsePressure(data []byte) (time.Duration, error) {
	for _, line := range bytes.Split(data, []byte("\n")) {
		rest, ok := bytes.CutPrefix(line, []byte("some "))
		if !ok {
			continue
		}
		for _, field := range bytes.Fields(rest) {
			if v, ok := bytes.CutPrefix(field, []byte("total=")); ok {
				us, err := strconv.ParseInt(string(v), 10, 64)
				if err != nil || us < 0 {
					return 0, fmt.Errorf("pressure total %q", v)
				}
				return time.Duration(us) * time.Microsecond, nil
			}
		}
	}
	return 0, errors.New("no some total in the pressure file")
}

// prepareMemory limits the memory at limit, swap shut off, and reads the counters.
func (g *runGroup) prepareMemory(t *tree, dir string, limit int64) error {
	value := strconv.FormatInt(limit, 10)
	if t.v2 {
		if current, err := readInt(filepath.Join(dir, "memory.current")); err == nil && current > reuseMost {
			// The page cache a run read in is charged to it: dropped here.
			_ = writeValue(dir, "memory.reclaim", strconv.FormatInt(current, 10))
			if current, err = readInt(filepath.Join(dir, "memory.current")); err == nil && current > reuseMost {
				return errStale
			}
		}
		if err := writeValue(dir, "memory.max", value); err != nil {
			return err
		}
		if err := writeValue(dir, "memory.swap.max", "0"); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		// At the limit the kernel kills the whole run at once, not one process of it.
		_ = writeValue(dir, "memory.oom.group", "1")
		peak, err := os.OpenFile(filepath.Join(dir, "memory.peak"), os.O_RDWR, 0)
		switch {
		case err == nil:
			g.peak = peak
			if _, err := peak.WriteString("reset\n"); err != nil {
				// A kernel older than 6.12 cannot reset the peak: the group serves one run.
				g.reusable = false
				if !g.fresh {
					return errStale
				}
			}
		case errors.Is(err, os.ErrNotExist):
			g.reusable = false // a kernel older than 5.19: the peak is sampled
		default:
			return err
		}
		events, err := os.Open(filepath.Join(dir, "memory.events"))
		if err != nil {
			return err
		}
		g.oomCounter, g.limitMet = events, events
		g.base.ooms, _ = readKeyed(events, "oom_kill")
		g.base.limitMets, _ = readKeyed(events, "max")
		return nil
	}
	// v1. What the last run left charged is dropped first: its page cache.
	if held, err := readInt(filepath.Join(dir, "memory.usage_in_bytes")); err == nil && held > reuseMost {
		_ = writeValue(dir, "memory.force_empty", "0")
		if held, err = readInt(filepath.Join(dir, "memory.usage_in_bytes")); err == nil && held > reuseMost {
			return errStale
		}
	}
	// Swap first, which must stay above memory: lowered after it, raised before it.
	if t.memsw {
		_ = writeValue(dir, "memory.memsw.limit_in_bytes", value)
	}
	if err := writeValue(dir, "memory.limit_in_bytes", value); err != nil {
		if errors.Is(err, syscall.EBUSY) {
			return errStale
		}
		return err
	}
	if t.memsw {
		if err := writeValue(dir, "memory.memsw.limit_in_bytes", value); err != nil {
			return err
		}
	} else {
		// Without swap accounting the group must not swap, or it would hold more than it is
		// charged.
		_ = writeValue(dir, "memory.swappiness", "0")
	}
	_ = writeValue(dir, "memory.max_usage_in_bytes", "0")
	_ = writeValue(dir, "memory.kmem.max_usage_in_bytes", "0")
	oom, err := os.Open(filepath.Join(dir, "memory.oom_control"))
	if err != nil {
		return err
	}
	g.oomCounter = oom
	g.base.ooms = v1OOMKills(oom, dir)
	if g.limitMet, err = os.Open(filepath.Join(dir, "memory.failcnt")); err != nil {
		return err
	}
	g.base.limitMets, _ = preadInt(g.limitMet)
	return nil
}

// account reads the run's accounts once it is over: its CPU time, peak memory, and whether
// the memory limit killed a process of it, into m. Any process of the run still in its groups
// is killed first. A nil group has nothing to tell.
func (g *runGroup) account(m *Meta) {
	if g == nil {
		return
	}
	for _, dir := range g.dirs {
		killGroup(dir)
	}
	g.swept = true
	for i, t := range g.pool.trees {
		dir := g.dirs[i]
		if t.cpu {
			if cpu, err := readCPUCounter(g.cpuCounter, t.v2); err == nil {
				m.CPUMicros = (cpu - g.base.cpu).Microseconds()
				m.KernelCPU = true
			}
		}
		if !t.memory {
			continue
		}
		var ooms, mets int64
		if t.v2 {
			ooms, _ = readKeyed(g.oomCounter, "oom_kill")
			mets, _ = readKeyed(g.oomCounter, "max")
			if g.peak != nil {
				if peak, err := preadInt(g.peak); err == nil {
					m.PeakKiB, m.KernelMemory = g.peakKiB(peak), true
				}
			}
		} else {
			ooms = v1OOMKills(g.oomCounter, dir)
			mets, _ = readInt(filepath.Join(dir, "memory.failcnt"))
			if peak, err := readInt(filepath.Join(dir, "memory.max_usage_in_bytes")); err == nil {
				m.PeakKiB, m.KernelMemory = g.peakKiB(peak), true
			}
		}
		m.MemoryLimitMet = mets > g.base.limitMets || ooms > g.base.ooms
		if ooms > g.base.ooms {
			m.MemoryKilled = true
			if kernel, err := readInt(filepath.Join(dir, "memory.kmem.max_usage_in_bytes")); err == nil {
				m.KernelKiB = kernel >> 10
			}
		}
	}
}

// peakKiB returns a run's peak from its group's: at most the limit. The kernel charges a
// process it has begun to kill, at the memory limit or at the time limit, for the few pages it
// takes on its way out even over the limit; those are the kernel's allowance, not the program's.
func (g *runGroup) peakKiB(peak int64) int64 { return min(peak, g.memory) >> 10 }

// killGroup kills every process still in the group, and waits a little for them to leave it:
// the end of a sandbox's PID namespace has taken them all, and an unisolated run's supervisor
// kills its tree, so this is a last resort.
func killGroup(dir string) {
	for try := 0; try < 200; try++ {
		data, err := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
		if err != nil || len(bytes.TrimSpace(data)) == 0 {
			return
		}
		if writeValue(dir, "cgroup.kill", "1") != nil {
			for _, field := range bytes.Fields(data) {
				if pid, err := strconv.Atoi(string(field)); err == nil && pid > 0 {
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// closeFiles closes the descriptors of one run.
func (g *runGroup) closeFiles() {
	files := append(g.procs, g.cpuCounter, g.oomCounter, g.peak)
	if g.limitMet != g.oomCounter {
		files = append(files, g.limitMet)
	}
	for _, f := range g.pressure {
		files = append(files, f)
	}
	for _, f := range files {
		if f != nil {
			f.Close()
		}
	}
	g.procs, g.cpuCounter, g.oomCounter, g.peak, g.limitMet, g.pressure = nil, nil, nil, nil, nil, nil
}

// close gives the group back for the next run, or removes it; a nil group is nothing.
func (g *runGroup) close() {
	if g == nil {
		return
	}
	g.closeFiles()
	g.fresh = false
	// A run the judge gave up on (cancelled, or past its backstop) may leave processes
	// dying in its groups: no later run shares a group with them.
	if !g.swept {
		for _, dir := range g.dirs {
			killGroup(dir)
		}
	}
	if !g.reusable {
		g.remove()
		return
	}
	select {
	case g.pool.idle <- g:
	default:
		g.remove()
	}
}

// remove removes the group, once the last of its processes has left it.
func (g *runGroup) remove() {
	for _, dir := range g.dirs {
		removeGroup(dir)
	}
}

// removeGroup removes a group folder, waiting a while for its last processes to leave it.
func removeGroup(dir string) {
	for try := 0; try < 200; try++ {
		if err := unix.Rmdir(dir); !errors.Is(err, unix.EBUSY) {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// v1OOMKills returns how many processes the group's limit killed: the oom_kill line of
// memory.oom_control, or, on a kernel without it, how often the group met its limit.
func v1OOMKills(oomControl *os.File, dir string) int64 {
	if n, err := readKeyed(oomControl, "oom_kill"); err == nil {
		return n
	}
	failed, _ := readInt(filepath.Join(dir, "memory.failcnt"))
	return failed
}

// readCPUCounter reads a CPU time counter: v2's cpu.stat (usage_usec) or v1's cpuacct.usage
// (nanoseconds).
func readCPUCounter(f *os.File, v2 bool) (time.Duration, error) {
	var buf [512]byte
	n, err := f.ReadAt(buf[:], 0)
	if n == 0 && err != nil {
		return 0, err
	}
	return parseCPUCounter(buf[:n], v2)
}

// parseCPUCounter reads the CPU time in a counter file's text.
func parseCPUCounter(data []byte, v2 bool) (time.Duration, error) {
	if v2 {
		us, err := keyed(data, "usage_usec")
		return time.Duration(us) * time.Microsecond, err
	}
	ns, err := strconv.ParseInt(string(bytes.TrimSpace(data)), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("cpuacct.usage: %w", err)
	}
	return time.Duration(ns), nil
}

// readKeyed reads the value of key in a flat-keyed file ("key value" lines) from its start.
func readKeyed(f *os.File, key string) (int64, error) {
	var buf [1024]byte
	n, err := f.ReadAt(buf[:], 0)
	if n == 0 && err != nil {
		return 0, err
	}
	return keyed(buf[:n], key)
}

// keyed returns the value of key in a flat-keyed file's text.
func keyed(data []byte, key string) (int64, error) {
	for _, line := range bytes.Split(data, []byte("\n")) {
		k, v, ok := bytes.Cut(line, []byte(" "))
		if ok && string(k) == key {
			return strconv.ParseInt(string(bytes.TrimSpace(v)), 10, 64)
		}
	}
	return 0, fmt.Errorf("no %s line", key)
}

// preadInt reads a number from the start of a file.
func preadInt(f *os.File) (int64, error) {
	var buf [64]byte
	n, err := f.ReadAt(buf[:], 0)
	if n == 0 && err != nil {
		return 0, err
	}
	return strconv.ParseInt(string(bytes.TrimSpace(buf[:n])), 10, 64)
}

func readInt(name string) (int64, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
}

// writeValue writes a value to a group's file, as one write, which the kernel takes whole
// (and opened as a shell's redirection opens it, truncating, which a file of the tests needs).
func writeValue(dir, name, value string) error {
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString(value)
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	return err
}

// sweepStaleCgroups removes the session groups of judges that died without removing them
// (SIGKILL): those whose process is gone. Such a group holds no process, only its empty run
// groups.
func sweepStaleCgroups(parent string) {
	groups, _ := filepath.Glob(filepath.Join(parent, sessionGroupPrefix+"*-*"))
	for _, g := range groups {
		fields := strings.Split(strings.TrimPrefix(filepath.Base(g), sessionGroupPrefix), "-")
		pid, err := strconv.Atoi(fields[0])
		if err != nil || pid <= 0 || syscall.Kill(pid, 0) != syscall.ESRCH {
			continue
		}
		runs, _ := os.ReadDir(g)
		for _, r := range runs {
			if r.IsDir() {
				_ = unix.Rmdir(filepath.Join(g, r.Name()))
			}
		}
		_ = os.Remove(g)
	}
}

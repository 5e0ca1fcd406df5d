package runner

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"bullseye/internal/tooltest"
)

func TestHierarchies(t *testing.T) {
	tests := []struct {
		name, mountinfo, cgroup string
		want                    []string // v2|v1:controllers mount -> home
	}{
		{
			name: "hybrid: v1 controllers and a v2 hierarchy without them",
			mountinfo: `30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
31 30 0:28 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct
34 30 0:31 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
38 30 0:35 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
39 30 0:36 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,name=systemd
40 30 0:37 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
`,
			cgroup: "9:name=systemd:/\n8:pids:/user.slice\n4:memory:/process_api/f39\n2:cpu,cpuacct:/\n0::/\n",
			want: []string{
				"v1:cpu,cpuacct /sys/fs/cgroup/cpu,cpuacct -> /sys/fs/cgroup/cpu,cpuacct",
				"v1:memory /sys/fs/cgroup/memory -> /sys/fs/cgroup/memory/process_api/f39",
				"v1:pids /sys/fs/cgroup/pids -> /sys/fs/cgroup/pids/user.slice",
				"v2 /sys/fs/cgroup/unified -> /sys/fs/cgroup/unified",
			},
		},
		{
			name:      "v2 alone, as systemd mounts it",
			mountinfo: "25 21 0:22 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot\n",
			cgroup:    "0::/user.slice/user-1000.slice/session-2.scope\n",
			want:      []string{"v2 /sys/fs/cgroup -> /sys/fs/cgroup/user.slice/user-1000.slice/session-2.scope"},
		},
		{
			name:      "a container: the hierarchy's root mounted, the judge's group outside it",
			mountinfo: "700 690 0:22 /docker/abc /sys/fs/cgroup ro,nosuid - cgroup2 cgroup2 rw\n",
			cgroup:    "0::/system.slice/other.service\n",
		},
		{
			name:      "a container with its own root",
			mountinfo: "700 690 0:22 /docker/abc /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw\n",
			cgroup:    "0::/docker/abc/init.scope\n",
			want:      []string{"v2 /sys/fs/cgroup -> /sys/fs/cgroup/init.scope"},
		},
		{
			name:      "a mount point with a space",
			mountinfo: `40 30 0:37 / /mnt/my\040cgroups rw,relatime - cgroup2 cgroup2 rw` + "\n",
			cgroup:    "0::/\n",
			want:      []string{"v2 /mnt/my cgroups -> /mnt/my cgroups"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, h := range hierarchies([]byte(tc.mountinfo), []byte(tc.cgroup)) {
				kind := "v2"
				if !h.v2 {
					var names []string
					for c := range h.controllers {
						names = append(names, c)
					}
					slices.Sort(names)
					kind = "v1:" + strings.Join(names, ",")
				}
				got = append(got, kind+" "+h.mount+" -> "+h.home)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestParseCPUCounter(t *testing.T) {
	tests := []struct {
		name string
		text string
		v2   bool
		want time.Duration
		ok   bool
	}{
		{"v2 cpu.stat", "usage_usec 2345678\nuser_usec 2000000\nsystem_usec 345678\nnice_usec 0\n", true, 2345678 * time.Microsecond, true},
		{"v2 with the cpu controller's lines", "usage_usec 17\nuser_usec 10\nsystem_usec 7\nnr_periods 0\nnr_throttled 0\nthrottled_usec 0\n", true, 17 * time.Microsecond, true},
		{"v2 without usage", "user_usec 10\n", true, 0, false},
		{"v1 cpuacct.usage", "1500000123\n", false, 1500000123, true},
		{"v1 garbage", "x\n", false, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseCPUCounter([]byte(tc.text), tc.v2)
			if (err == nil) != tc.ok || got != tc.want {
				t.Errorf("got %v, %v; want %v, ok %v", got, err, tc.want, tc.ok)
			}
		})
	}
}

// v2Fixture makes a folder that stands for a cgroup v2 session group with one run group, its
// files as the kernel shows them: cgroup v2's memory controller cannot be tested for real on a
// machine whose memory controller v1 holds, as this one's.
func v2Fixture(t *testing.T) (*cgroups, *runGroup, string) {
	t.Helper()
	session, home := t.TempDir(), t.TempDir()
	dir := filepath.Join(session, "0123456789abcdef")
	files := map[string]string{
		"cgroup.procs": "", "cgroup.kill": "", "cpu.stat": "usage_usec 1000000\nuser_usec 800000\nsystem_usec 200000\n",
		"memory.current": "8192\n", "memory.max": "max\n", "memory.swap.max": "max\n", "memory.oom.group": "0\n",
		"memory.peak": "90000000\n", "memory.reclaim": "",
		"memory.events": "low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\noom_group_kill 0\n",
		"pids.max":      "max\n", "pids.events": "max 0\n",
		"cpu.pressure":    "some avg10=0.00 avg60=0.00 avg300=0.00 total=10\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n",
		"io.pressure":     "some avg10=0.00 avg60=0.00 avg300=0.00 total=20\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n",
		"memory.pressure": "some avg10=0.00 avg60=0.00 avg300=0.00 total=30\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n",
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	homeProcs, err := os.Create(filepath.Join(home, "cgroup.procs"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { homeProcs.Close() })
	c := &cgroups{
		trees: []*tree{{v2: true, session: session, home: home, homeProcs: homeProcs, cpu: true, memory: true, pids: true}},
		idle:  make(chan *runGroup, cgroupsIdle),
	}
	g := &runGroup{pool: c, dirs: []string{dir}, reusable: true}
	c.idle <- g
	return c, g, dir
}

// TestCgroupV2Fixture checks a run's v2 groups on a fixture of their files: the limits
// written (memory at the limit itself, no swap, the whole run killed at once, processes), the
// counters read before the run, and the run's accounts read after it as the differences.
func TestCgroupV2Fixture(t *testing.T) {
	c, idle, dir := v2Fixture(t)
	lim := testLimits()
	g, err := c.take(lim)
	if err != nil {
		t.Fatal(err)
	}
	if g != idle {
		t.Fatal("the idle group was not reused")
	}
	for name, want := range map[string]string{
		"memory.max": strconv.FormatInt(lim.Memory, 10), "memory.swap.max": "0", "memory.oom.group": "1",
		"pids.max": strconv.Itoa(lim.Processes),
	} {
		data, _ := os.ReadFile(filepath.Join(dir, name))
		if got := strings.TrimSpace(string(data)); got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
	if peak, _ := os.ReadFile(filepath.Join(dir, "memory.peak")); !strings.HasPrefix(string(peak), "reset") {
		t.Errorf("memory.peak: got %q, want a reset written", peak)
	}
	if g.base.cpu != time.Second || g.base.ooms != 1 || g.base.limitMets != 3 {
		t.Errorf("counters before the run: got %+v, want 1s of CPU, 1 kill, 3 limits met", g.base)
	}

	// The supervisor reads the counters through the descriptors it is given.
	var brief supervision
	var fds descriptors
	(&Sandbox{}).joinGroup(g, &brief, &fds)
	if !brief.CPUv2 || brief.CPUBase != int64(time.Second) || brief.OOMBase != 1 || len(brief.Join) != 1 || len(brief.Leave) != 1 ||
		len(brief.PressureFDs) != 3 || brief.LimitMetFD == 0 || !brief.LimitMetV2 || brief.LimitMetBase != 3 {
		t.Errorf("brief: got %+v", brief)
	}

	// The run: 2.5 s of CPU time, a process killed at the memory limit, a peak at the limit.
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("cpu.stat", "usage_usec 3500000\nuser_usec 3000000\nsystem_usec 500000\n")
	write("memory.events", "low 0\nhigh 0\nmax 9\noom 2\noom_kill 2\noom_group_kill 1\n")
	write("memory.peak", strconv.FormatInt(lim.Memory, 10)+"\n")
	counters := &groupCounters{cpuCounter: g.cpuCounter, oomCounter: g.oomCounter, cpuV2: true, cpuBase: g.base.cpu, oomBase: g.base.ooms, kernelMemory: true, processors: 2}
	if cpu, mem, killed := counters.sample(brief); cpu != 2500*time.Millisecond || mem != -1 || !killed {
		t.Errorf("the supervisor's sample: got %v, %d, %v; want 2.5s, no memory sampled, killed", cpu, mem, killed)
	}
	var m Meta
	g.account(&m)
	if m.CPU() != 2500*time.Millisecond || !m.KernelCPU || m.PeakKiB != lim.Memory>>10 || !m.KernelMemory || !m.MemoryKilled || !m.MemoryLimitMet {
		t.Errorf("accounts: got %+v, want 2.5 s of CPU and the memory limit killing, from the kernel", m)
	}
	if got := m.Exceeded(lim); got != StoppedCPU {
		t.Errorf("over 2.5 s of CPU time and killed at the memory limit: got %q, want the time limit first", got)
	}
	g.close()
	if len(c.idle) != 1 {
		t.Errorf("the group was not kept for the next run")
	}
}

// TestCgroupV2FixtureStale checks that a v2 group still charged with more than a run may leave
// is not given to the next run: it is dropped and a new one is made.
func TestCgroupV2FixtureStale(t *testing.T) {
	c, idle, dir := v2Fixture(t)
	if err := os.WriteFile(filepath.Join(dir, "memory.current"), []byte("50000000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := idle.prepare(testLimits()); err != errStale {
		t.Errorf("got %v, want the group refused as stale", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "memory.reclaim")); string(data) != "50000000" {
		t.Errorf("memory.reclaim: got %q, want the page cache asked back first", data)
	}
	idle.closeFiles()
	_ = c
}

// cgroupPreferences returns the control groups this machine can test: those it offers, each
// alone where another serves too (cgroup v2's CPU counter and v1's on a hybrid machine).
func cgroupPreferences(t *testing.T) []string {
	t.Helper()
	var prefs []string
	seen := map[string]bool{}
	for _, p := range []string{cgroupsAuto, cgroupsV1, cgroupsV2Only} {
		c := openCgroups(p)
		if c == nil {
			continue
		}
		if v := c.versions(); !seen[v] {
			seen[v] = true
			prefs = append(prefs, p)
		}
		c.close()
	}
	if len(prefs) == 0 {
		t.Skip("no control group here (they need root)")
	}
	return prefs
}

// newSandboxWith makes an isolated sandbox, or unisolated where bubblewrap does not work, with
// the control groups of a preference.
func newSandboxWith(t *testing.T, prefer string) *Sandbox {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	temp := t.TempDir()
	for _, dir := range []string{filepath.Dir(temp), temp} {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New(Options{Mode: Auto, Supervisor: self, TempDir: temp, cgroups: prefer})
	if err != nil {
		t.Fatal(err)
	}
	groups := s.cgroups
	t.Cleanup(func() {
		forgetInstall(s)
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		if groups != nil {
			for _, tr := range groups.trees {
				if _, err := os.Stat(tr.session); err == nil {
					t.Errorf("the session's group %s is left after Close", tr.session)
				}
			}
		}
	})
	return s
}

// TestKernelCPU runs a program that spins in four processes under each control group's CPU
// counter this machine has: the CPU time is the kernel's, at or above the limit, and the
// supervisor's own a small part of it.
func TestKernelCPU(t *testing.T) {
	for _, prefer := range cgroupPreferences(t) {
		s := newSandboxWith(t, prefer)
		t.Run(s.ControlGroups(), func(t *testing.T) {
			lim := busyLimits()
			r, err := s.Run(context.Background(), Request{Program: install(t, s, "spinners", "4"), Input: []byte("0\n"), Limits: lim})
			if err != nil {
				t.Fatal(err)
			}
			if !r.KernelCPU || r.Exceeded(lim) != StoppedCPU || r.CPU() < lim.CPU {
				t.Errorf("got %+v, want the kernel's CPU time at or above the %v limit", r.Meta, lim.CPU)
			}
			if r.CPU() > lim.CPU+time.Second {
				t.Errorf("CPU time %v, want about the limit %v: the supervisor stops the run as soon as it sees it over", r.CPU(), lim.CPU)
			}
		})
	}
}

// TestHoarding runs 58 processes that each hold every descriptor they may open and spin, under
// a tight time limit, without the kernel's accounts and, in the long tier, with them: the time
// limit at about the limit, the open-file limit held, and a supervisor whose watching costs a
// small share of the run however many processes and descriptors there are. Every day the
// supervisor samples them all, its costliest watch; with the control groups the kernel counts
// their CPU time, as TestKernelCPU checks every day of four processes.
func TestHoarding(t *testing.T) {
	prefs := []string{cgroupsNone}
	if tooltest.LongTier() && os.Geteuid() == 0 && openCgroupsOK() {
		prefs = append(prefs, cgroupsAuto)
	}
	for _, prefer := range prefs {
		s := newSandboxWith(t, prefer)
		t.Run("cgroups="+s.ControlGroups(), func(t *testing.T) {
			lim := testLimits()
			lim.Wall, lim.Processes = 30*time.Second, 64
			r, err := s.Run(context.Background(), Request{Program: install(t, s, "hoard", "58"), Input: []byte("0\n"), Limits: lim})
			if err != nil {
				t.Fatal(err)
			}
			if r.Exceeded(lim) != StoppedCPU || r.CPU() < lim.CPU {
				t.Errorf("got %+v, want the time limit, at or above %v", r.Meta, lim.CPU)
			}
			// The kernel's count is read as often as the time left needs; sampled, the CPU time
			// is checked as often as the sampling's share allows, which depends on the machine.
			if most := lim.CPU + time.Second; r.KernelCPU && r.CPU() > most {
				t.Errorf("CPU time %v, want at most %v", r.CPU(), most)
			}
			self := time.Duration(r.SelfMicros) * time.Microsecond
			if self > r.Wall()/5+100*time.Millisecond {
				t.Errorf("the supervisor took %v of CPU time over a run of %v", self, r.Wall())
			}
			t.Logf("CPU time %v, wall %v, the supervisor's own CPU time %v", r.CPU(), r.Wall(), self)
			if left := leftovers(s.Session()); len(left) > 0 {
				t.Errorf("processes left: %v", left)
			}
		})
	}
}

func openCgroupsOK() bool {
	c := openCgroups(cgroupsAuto)
	defer func() {
		if c != nil {
			c.close()
		}
	}()
	return c != nil
}

// TestOpenFileLimit checks that a program holds no more descriptors than the limit.
func TestOpenFileLimit(t *testing.T) {
	s := newSandboxWith(t, cgroupsAuto)
	lim := testLimits()
	lim.Files = 32
	r, err := s.Run(context.Background(), Request{Program: install(t, s, "files"), Input: []byte("0\n"), Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(r.Output)))
	if err != nil || n >= lim.Files || n < lim.Files-8 {
		t.Errorf("got %q (%v) descriptors opened, want a few under the limit of %d", r.Output, err, lim.Files)
	}
}

// TestMemoryInFlight checks that memory whose only reference is a descriptor in flight in a
// socket, which no sample of the program's processes sees, is held against the limit by the
// memory control group.
func TestMemoryInFlight(t *testing.T) {
	s := newSandboxWith(t, cgroupsAuto)
	if !s.cgroups.keeps(memoryResource) {
		t.Skip("no memory control group here: sampling cannot see memory held only in flight")
	}
	lim := memoryLimits()
	// 8 MiB in the program and 10 in memory files, each of the output limit, under 16 MiB.
	files := strconv.Itoa(int(10 << 20 / lim.Output))
	r, err := s.Run(context.Background(), Request{Program: install(t, s, "inflight", "8", files, strconv.Itoa(int(lim.Output>>20))), Input: []byte("0\n"), Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	if r.Exceeded(lim) != StoppedMemory {
		t.Errorf("18 MiB, 10 of it in flight, under a 16 MiB limit: got %+v (%q), want the memory limit", r.Meta, r.Output)
	}
}

// TestOneRuleForTwoLimits checks the rule that judges a run by the limits it met. A run that
// meets its memory limit is stopped there (the kernel kills it, or the supervisor at a kill
// of one of its processes), before its time limit: the memory limit; one that holds memory
// near its limit and spins meets the time limit alone.
func TestOneRuleForTwoLimits(t *testing.T) {
	s := newSandboxWith(t, cgroupsAuto)
	lim := memoryLimits()
	// Far above the CPU time of the child's page faults up to the memory limit.
	lim.CPU = 500 * time.Millisecond
	tests := []struct {
		args []string
		want Stop
	}{
		{[]string{"both"}, StoppedMemory},
		{[]string{"hold", "8"}, StoppedCPU},
	}
	for _, tc := range tests {
		t.Run(tc.args[0], func(t *testing.T) {
			r, err := s.Run(context.Background(), Request{Program: install(t, s, tc.args...), Input: []byte("0\n"), Limits: lim})
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Exceeded(lim); got != tc.want {
				t.Errorf("got %q, want %q (%+v; standard error %q)", got, tc.want, r.Meta, r.Stderr)
			}
			if tc.want == StoppedCPU && r.CPU() < lim.CPU || r.PeakKiB<<10 > lim.Memory && s.cgroups.keeps(memoryResource) {
				t.Errorf("figures: got %+v, want the CPU time over its limit on a time limit, the memory never over it", r.Meta)
			}
		})
	}
}

// TestNothingIdentifiesARun runs a program on two inputs that reads where its descriptors
// lead, its supervisor's command line, its control groups and mounts: the same on both, and
// none of the session's paths.
func TestNothingIdentifiesARun(t *testing.T) {
	for _, mode := range modes(t) {
		s := newSandbox(t, mode)
		t.Run(fmt.Sprintf("isolated=%v", s.Isolated()), func(t *testing.T) {
			p := install(t, s, "whoami")
			var seen []string
			for _, input := range []string{"first test\n", "second test\n"} {
				r, err := s.Run(context.Background(), Request{Program: p, Input: []byte(input), InputFile: "sudoku.in", OutputFile: "sudoku.out", Limits: testLimits()})
				if err != nil {
					t.Fatal(err)
				}
				out := string(r.Output)
				if !strings.Contains(out, "fd 0 /memfd:stdin") || !strings.Contains(out, "fd 1 /memfd:stdout") {
					t.Errorf("standard input and output: got %q, want memory files named alike in every run", out)
				}
				if s.Isolated() {
					for _, secret := range []string{s.RunsDir(), "first", "second", SuperviseCommand + "\\x00{"} {
						if strings.Contains(out, secret) {
							t.Errorf("the program sees %q: %s", secret, out)
						}
					}
				}
				// Unisolated, the working folder is the run's own, of a random name.
				var lines []string
				for _, line := range strings.Split(out, "\n") {
					if !strings.HasPrefix(line, "cwd ") && !strings.HasPrefix(line, "cgroup: ") && !strings.HasPrefix(line, "mounts: ") {
						lines = append(lines, line)
					}
				}
				seen = append(seen, strings.Join(lines, "\n"))
			}
			if seen[0] != seen[1] {
				t.Errorf("two runs see different things:\n%s\n---\n%s", seen[0], seen[1])
			}
		})
	}
}

func TestUnshareFor(t *testing.T) {
	v1 := &cgroups{trees: []*tree{{v2: false, memory: true}}}
	v2 := &cgroups{trees: []*tree{{v2: true, cpu: true}, {memory: true}}}
	tests := []struct {
		name    string
		groups  *cgroups
		release string
		want    []string
	}{
		{"no groups, an old kernel", nil, "5.10.0-28-amd64", unshareAll},
		{"v1 groups, an old kernel", v1, "5.4.0-150-generic", unshareAll},
		{"v2 groups, an old kernel", v2, "5.15.0-91-generic", unshareAllButCgroup},
		{"v2 groups, 5.16", v2, "5.16.0", unshareAll},
		{"v2 groups, a recent kernel", v2, "6.18.44-fc-v782", unshareAll},
		{"v2 groups, an unreadable release", v2, "", unshareAllButCgroup},
	}
	for _, tc := range tests {
		if got := unshareFor(tc.groups, tc.release); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestWithoutCgroupNamespace runs a program in a sandbox without a cgroup namespace of its
// own, as on a kernel older than 5.16 with v2 groups: the supervisor joins the run's groups all
// the same, and the kernel keeps the accounts.
func TestWithoutCgroupNamespace(t *testing.T) {
	s := newSandboxWith(t, cgroupsAuto)
	if !s.Isolated() || s.cgroups == nil {
		t.Skip("needs bubblewrap and control groups")
	}
	s.unshare = unshareAllButCgroup
	lim := busyLimits()
	r, err := s.Run(context.Background(), Request{Program: install(t, s, "spin"), Input: []byte("0\n"), Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	if !r.KernelCPU || r.Exceeded(lim) != StoppedCPU || r.CPU() < lim.CPU {
		t.Errorf("got %+v, want the kernel's CPU time over the limit", r.Meta)
	}
}

func TestParsePressure(t *testing.T) {
	tests := []struct {
		name string
		text string
		want time.Duration
		ok   bool
	}{
		{"cpu, some alone", "some avg10=0.00 avg60=0.00 avg300=0.00 total=1234\n", 1234 * time.Microsecond, true},
		{"io, some and full", "some avg10=1.50 avg60=0.20 avg300=0.05 total=2500000\nfull avg10=1.00 avg60=0.10 avg300=0.01 total=900000\n", 2500 * time.Millisecond, true},
		{"full before some", "full avg10=0.00 total=5\nsome avg10=0.00 total=7\n", 7 * time.Microsecond, true},
		{"no total", "some avg10=0.00\n", 0, false},
		{"a negative total", "some total=-3\n", 0, false},
		{"empty", "", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parsePressure([]byte(tc.text))
			if (err == nil) != tc.ok || got != tc.want {
				t.Errorf("got %v, %v; want %v, ok %v", got, err, tc.want, tc.ok)
			}
		})
	}
}

// TestHeldBack checks what the supervisor counts as the machine holding a run back, on a
// fixture of a v2 group's pressure files: waits for a processor, stalls on the disk and on
// memory, but not the memory stalls of a run that met its own memory limit; and whether a
// run stopped at the wall clock with so much CPU time was starved or waited of its own accord.
func TestHeldBack(t *testing.T) {
	const second = time.Second
	tests := []struct {
		name            string
		cpu, io, memory time.Duration // the run's stalls, by resource
		metLimit        bool
		runDelay        time.Duration // its threads' waits for a processor
		used, elapsed   time.Duration // its CPU time, its wall-clock time
		wantHeld        time.Duration
		wantStarved     bool
	}{
		{"slept", 0, 0, 0, false, 0, 10 * time.Millisecond, 5 * second, 0, false},
		{"throttled by a quota", 0, 0, 0, false, 3 * second, 240 * time.Millisecond, 5 * second, 3 * second, true},
		{"starved of a processor", 3 * second, 0, 0, false, 0, 240 * time.Millisecond, 5 * second, 3 * second, true},
		{"page faults on a busy disk", 100 * time.Millisecond, 2 * second, 300 * time.Millisecond, false, 0, 240 * time.Millisecond, 5 * second, 2400 * time.Millisecond, true},
		{"thrashing at its own memory limit", 0, 200 * time.Millisecond, 4 * second, true, 0, 100 * time.Millisecond, 5 * second, 200 * time.Millisecond, false},
		{"the machine reclaiming its memory", 0, 200 * time.Millisecond, 4 * second, false, 0, 100 * time.Millisecond, 5 * second, 4200 * time.Millisecond, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write := func(name, text string) *os.File {
				path := filepath.Join(dir, name)
				if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				f, err := os.Open(path)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { f.Close() })
				return f
			}
			pressure := func(d time.Duration) string {
				return fmt.Sprintf("some avg10=0.00 avg60=0.00 avg300=0.00 total=%d\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n", (7*time.Second + d).Microseconds())
			}
			files := map[string]*os.File{}
			for _, res := range pressureResources {
				files[res] = write(res+".pressure", pressure(0))
			}
			events := write("memory.events", "low 0\nhigh 0\nmax 2\noom 0\noom_kill 0\n")
			c := &stallCounters{limitMet: events, limitV2: true, limitBase: 2, pressure: files, base: map[string]time.Duration{}}
			for res, f := range files {
				c.base[res], _ = readPressure(f)
			}
			// The run.
			write("cpu.pressure", pressure(tc.cpu))
			write("io.pressure", pressure(tc.io))
			write("memory.pressure", pressure(tc.memory))
			if tc.metLimit {
				write("memory.events", "low 0\nhigh 0\nmax 5\noom 0\noom_kill 0\n")
			}
			h := c.read(func() time.Duration { return tc.runDelay })
			if got := h.cpu + h.stalled; got != tc.wantHeld || !h.known {
				t.Errorf("held back: got %v (known %v), want %v", got, h.known, tc.wantHeld)
			}
			if got := h.starved(tc.used, tc.elapsed); got != tc.wantStarved {
				t.Errorf("starved: got %v, want %v", got, tc.wantStarved)
			}
		})
	}
	// Without pressure files, its threads' waits for a processor alone.
	c := &stallCounters{}
	if h := c.read(func() time.Duration { return 2 * second }); h.cpu != 2*second || h.stalled != 0 || h.known {
		t.Errorf("without pressure files: got %+v, want 2 s waiting for a processor, stalls unknown", h)
	}
}

// TestWallClockStop runs a program that sleeps: the wall clock stops it, a time limit, not a
// starved run; where the run's v2 group has pressure files the supervisor says it counted
// the stalls.
func TestWallClockStop(t *testing.T) {
	s := newSandboxWith(t, cgroupsAuto)
	lim := testLimits()
	// Starved would need the start of the program held back for half of ten times this.
	lim.CPU, lim.Wall = 500*time.Millisecond, 500*time.Millisecond
	r, err := s.Run(context.Background(), Request{Program: install(t, s, "sleep"), Input: []byte("0\n"), Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	if r.Stopped != StoppedWall || r.Starved {
		t.Errorf("got %+v, want stopped at the wall clock, not starved", r.Meta)
	}
	pressure := false
	if s.cgroups != nil {
		g, err := s.cgroups.take(lim)
		if err != nil {
			t.Fatal(err)
		}
		pressure = g.pressure != nil
		g.close()
	}
	t.Logf("pressure stall counts: %v (%+v)", pressure, r.Meta)
	if r.StallsKnown != pressure {
		t.Errorf("stalls known: got %v, want %v (the run's group has pressure files: %v)", r.StallsKnown, pressure, pressure)
	}
}

// TestRunDelayOfAThrottledChild runs a busy child in a cgroup v1 cpu group limited to 5% of a
// processor, as a judge in a container with a CPU quota runs its programs: the child's run
// delay, which the supervisor counts as time the machine held a run back, holds the time the
// quota kept it from running.
func TestRunDelayOfAThrottledChild(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	mount := ""
	mountinfo, _ := os.ReadFile("/proc/self/mountinfo")
	for _, line := range strings.Split(string(mountinfo), "\n") {
		if f := strings.Fields(line); len(f) > 9 && f[len(f)-3] == "cgroup" && slices.Contains(strings.Split(f[len(f)-1], ","), "cpu") {
			mount = unescapeMount(f[4])
		}
	}
	if mount == "" {
		t.Skip("no cgroup v1 cpu controller here")
	}
	dir := filepath.Join(mount, fmt.Sprintf("bullseye-test-%d", os.Getpid()))
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Skipf("cannot make a cpu group: %v", err)
	}
	defer removeGroup(dir)
	if writeValue(dir, "cpu.cfs_period_us", "100000") != nil || writeValue(dir, "cpu.cfs_quota_us", "5000") != nil {
		t.Skip("no CPU quota in the cpu group")
	}
	cmd := exec.Command("/bin/sh", "-c", `echo $$ > "$1/cgroup.procs" && exec /bin/sh -c 'while :; do :; done'`, "sh", dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	time.Sleep(600 * time.Millisecond)
	if got := treeRunDelay(); got < 300*time.Millisecond {
		t.Errorf("run delay of a child held to 5%% of a processor for 0.6 s: got %v, want at least 0.3 s", got)
	}
}

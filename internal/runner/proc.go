package runner

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// clockTick is the unit of the CPU times in /proc/PID/stat: USER_HZ, 100 on every Linux ABI.
const clockTick = 10 * time.Millisecond

// usage is what /proc says of one live process.
type usage struct {
	// cpu is the user and system time of the process and of the children it has reaped.
	cpu time.Duration
	// anon is its private resident memory in bytes: what a memory cgroup would charge it, and
	// what a fork does not count twice until written.
	anon int64
	// resident is all its resident memory, shared pages included: an upper bound.
	resident int64
}

// children returns the children of every thread of process pid, read from
// /proc/PID/task/TID/children; nil when the process is gone.
func children(pid int) []int {
	tasks, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	if err != nil {
		return nil
	}
	var kids []int
	for _, task := range tasks {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + task.Name() + "/children")
		if err != nil {
			continue
		}
		for _, field := range bytes.Fields(data) {
			if kid, err := strconv.Atoi(string(field)); err == nil {
				kids = append(kids, kid)
			}
		}
	}
	return kids
}

// descendants returns every live descendant of process root, root excluded.
func descendants(root int) []int {
	var all []int
	queue := children(root)
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		all = append(all, pid)
		queue = append(queue, children(pid)...)
	}
	return all
}

// readUsage reads the CPU time and private memory of process pid.
func readUsage(pid int) (usage, error) {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return usage{}, err
	}
	ticks, err := parseStatTicks(stat)
	if err != nil {
		return usage{}, fmt.Errorf("/proc/%d/stat: %w", pid, err)
	}
	statm, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return usage{}, err
	}
	anonPages, err := parseStatmAnon(statm)
	if err != nil {
		return usage{}, fmt.Errorf("/proc/%d/statm: %w", pid, err)
	}
	resident, err := parseStatmResident(statm)
	if err != nil {
		return usage{}, fmt.Errorf("/proc/%d/statm: %w", pid, err)
	}
	page := int64(os.Getpagesize())
	return usage{cpu: time.Duration(ticks) * clockTick, anon: anonPages * page, resident: resident * page}, nil
}

// parseStatTicks returns utime+stime+cutime+cstime of a /proc/PID/stat line. The command name,
// field 2, is in parentheses and may hold spaces and parentheses itself, so fields are counted
// from the last ')'.
func parseStatTicks(stat []byte) (uint64, error) {
	end := bytes.LastIndexByte(stat, ')')
	if end < 0 {
		return 0, errors.New("no command name")
	}
	fields := bytes.Fields(stat[end+1:])
	// fields[0] is field 3 (state); utime..cstime are fields 14..17.
	if len(fields) < 15 {
		return 0, fmt.Errorf("%d fields after the command name, want at least 15", len(fields))
	}
	var sum uint64
	for _, f := range fields[11:15] {
		n, err := strconv.ParseUint(string(f), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("cpu time %q: %w", f, err)
		}
		sum += n
	}
	return sum, nil
}

// parseStatmAnon returns resident minus shared pages of a /proc/PID/statm line: the private
// pages, file-backed pages such as the C library's left out.
func parseStatmAnon(statm []byte) (int64, error) {
	fields := bytes.Fields(statm)
	if len(fields) < 3 {
		return 0, fmt.Errorf("%d fields, want at least 3", len(fields))
	}
	resident, err := strconv.ParseInt(string(fields[1]), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("resident %q: %w", fields[1], err)
	}
	shared, err := strconv.ParseInt(string(fields[2]), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("shared %q: %w", fields[2], err)
	}
	return max(resident-shared, 0), nil
}

// readShared returns what process pid holds in memory, shared pages counted once over every
// process that maps them: its proportional share (PSS) of anonymous and shared-memory pages
// (MAP_SHARED, memfd and System V segments while mapped), from /proc/PID/smaps_rollup. It costs
// a walk of the process's page tables, so the supervisor reads it only when the cheap sum of
// resident memory could be over the limit.
func readShared(pid int) (int64, error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/smaps_rollup")
	if err != nil {
		return 0, err
	}
	return parseRollup(data)
}

// parseRollup returns Pss_Anon plus Pss_Shmem of a smaps_rollup, in bytes.
func parseRollup(data []byte) (int64, error) {
	var sum int64
	found := 0
	for _, line := range bytes.Split(data, []byte("\n")) {
		name, rest, ok := bytes.Cut(line, []byte(":"))
		if !ok || !bytes.Equal(name, []byte("Pss_Anon")) && !bytes.Equal(name, []byte("Pss_Shmem")) {
			continue
		}
		fields := bytes.Fields(rest)
		if len(fields) != 2 || string(fields[1]) != "kB" {
			return 0, fmt.Errorf("%s: %q, want a size in kB", name, rest)
		}
		kib, err := strconv.ParseInt(string(fields[0]), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", name, err)
		}
		sum += kib << 10
		found++
	}
	if found != 2 {
		return 0, errors.New("no Pss_Anon and Pss_Shmem lines (a kernel older than 5.7?)")
	}
	return sum, nil
}

// parseStatmResident returns the resident pages of a /proc/PID/statm line, shared ones
// included: an upper bound of what the process holds.
func parseStatmResident(statm []byte) (int64, error) {
	fields := bytes.Fields(statm)
	if len(fields) < 2 {
		return 0, fmt.Errorf("%d fields, want at least 2", len(fields))
	}
	return strconv.ParseInt(string(fields[1]), 10, 64)
}

// memfdBytes returns the size of the memory files (memfd_create) process pid holds open,
// each counted once in seen: they hold memory that no mapping may show.
func memfdBytes(pid int, seen map[uint64]bool) int64 {
	dir := "/proc/" + strconv.Itoa(pid) + "/fd/"
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	var sum int64
	for _, e := range entries {
		target, err := os.Readlink(dir + e.Name())
		if err != nil || !strings.HasPrefix(target, "/memfd:") {
			continue
		}
		var st unix.Stat_t
		if err := unix.Stat(dir+e.Name(), &st); err != nil || seen[st.Ino] {
			continue
		}
		seen[st.Ino] = true
		sum += st.Blocks * 512
	}
	return sum
}

// detachedSharedMemory returns the resident size of the System V segments of the IPC
// namespace that no process maps, from /proc/sysvipc/shm: a mapped segment is in its
// mappers' PSS already. With uid at 0 or more, only the segments of that user count.
func detachedSharedMemory(uid int) int64 {
	var sum int64
	for _, seg := range segments() {
		if seg.attached == 0 && (uid < 0 || seg.uid == uid) {
			sum += seg.rss
		}
	}
	return sum
}

// removeSegments removes the System V segments of user uid.
func removeSegments(uid int) {
	for _, seg := range segments() {
		if seg.uid == uid {
			_, _ = unix.SysvShmCtl(seg.id, unix.IPC_RMID, nil)
		}
	}
}

// segment is a System V shared memory segment, as /proc/sysvipc/shm lists it.
type segment struct {
	id, uid, attached int
	rss               int64
}

// segments lists the System V segments of the IPC namespace.
func segments() []segment {
	data, err := os.ReadFile("/proc/sysvipc/shm")
	if err != nil {
		return nil
	}
	lines := bytes.Split(data, []byte("\n"))
	column := map[string]int{}
	for i, h := range bytes.Fields(lines[0]) {
		column[string(h)] = i
	}
	names := []string{"shmid", "uid", "nattch", "rss"}
	for _, name := range names {
		if _, ok := column[name]; !ok {
			return nil
		}
	}
	var segs []segment
	for _, line := range lines[1:] {
		f := bytes.Fields(line)
		var v [4]int64
		ok := true
		for i, name := range names {
			if column[name] >= len(f) {
				ok = false
				break
			}
			n, err := strconv.ParseInt(string(f[column[name]]), 10, 64)
			ok = ok && err == nil
			v[i] = n
		}
		if ok {
			segs = append(segs, segment{id: int(v[0]), uid: int(v[1]), attached: int(v[2]), rss: v[3]})
		}
	}
	return segs
}

// folderBytes returns the bytes in use on the file system of folder dir: the run's own tmpfs.
func folderBytes(dir string) int64 {
	var fs unix.Statfs_t
	if err := unix.Statfs(dir, &fs); err != nil {
		return 0
	}
	return int64(fs.Blocks-fs.Bfree) * fs.Bsize
}

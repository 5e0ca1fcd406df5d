package runner

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"
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
	return usage{cpu: time.Duration(ticks) * clockTick, anon: anonPages * int64(os.Getpagesize())}, nil
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

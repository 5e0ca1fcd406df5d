package runner

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// copyFile copies file src to dst with permissions perm.
func copyFile(src, dst string, perm os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Chmod(dst, perm) // past the umask
}

// copyTree copies the regular files and folders under src to the new folder dst, readable by
// everyone, executables executable by everyone.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			if err := os.Mkdir(target, 0o755); err != nil {
				return err
			}
			return os.Chmod(target, 0o755)
		case d.Type().IsRegular():
			info, err := d.Info()
			if err != nil {
				return err
			}
			perm := os.FileMode(0o644)
			if info.Mode()&0o111 != 0 {
				perm = 0o755
			}
			return copyFile(path, target, perm)
		}
		return fmt.Errorf("%s: not a file or a folder", path)
	})
}

// removeTree removes a folder a program wrote in. The program may have left folders it cannot
// be read or entered, so a failed removal opens every folder up and tries again.
func removeTree(dir string) error {
	if err := os.RemoveAll(dir); err == nil {
		return nil
	}
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if d != nil && d.IsDir() {
			_ = os.Chmod(path, 0o700)
		}
		return nil
	})
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("removing %s: %w", dir, err)
	}
	return nil
}

// reachableByOthers checks that every folder from the root to dir lets other users through,
// since runs as nobody must reach the session.
func reachableByOthers(dir string) error {
	for d := dir; ; d = filepath.Dir(d) {
		info, err := os.Stat(d)
		if err != nil {
			return err
		}
		if info.Mode().Perm()&0o001 == 0 {
			return fmt.Errorf("programs run as nobody, who cannot enter %s: set TMPDIR to a folder others may enter", d)
		}
		if d == filepath.Dir(d) {
			return nil
		}
	}
}

// tasksOf counts the tasks (processes and threads) of each real user of uids, which
// RLIMIT_NPROC counts, in one pass over the machine's processes.
func tasksOf(uids ...int) map[int]int {
	n := make(map[int]int, len(uids))
	for _, uid := range uids {
		n[uid] = 0
	}
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return n
	}
	for _, p := range procs {
		if _, err := strconv.Atoi(p.Name()); err != nil {
			continue
		}
		info, err := os.Stat("/proc/" + p.Name())
		if err != nil {
			continue
		}
		st, ok := info.Sys().(*syscall.Stat_t)
		if !ok {
			continue
		}
		uid := int(st.Uid)
		if _, counted := n[uid]; !counted {
			continue
		}
		tasks, err := os.ReadDir("/proc/" + p.Name() + "/task")
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			n[uid]++
			continue
		}
		n[uid] += len(tasks)
	}
	return n
}

func splitLines(s string) []string {
	return strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
}

// cut shortens s to at most n bytes, marking the cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// The names of the folders a Sandbox makes, and of the file in a session that names the
// process that owns it.
const (
	sessionPrefix = "bullseye-judge-"
	runsPrefix    = "bullseye-runs-"
	ownerFile     = "owner"
)

// sweepStale removes the session folders in parent whose judge died without removing them,
// killed where it could not clean up (SIGKILL, the machine's memory killer): those whose owner
// process is gone, or, for a runs' folder, whose session is gone. Only the user's own folders
// are touched.
func sweepStale(parent string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || !strings.HasPrefix(name, sessionPrefix) && !strings.HasPrefix(name, runsPrefix) {
			continue
		}
		dir := filepath.Join(parent, name)
		info, err := e.Info()
		if st, ok := info.Sys().(*syscall.Stat_t); err != nil || !ok || int(st.Uid) != os.Geteuid() {
			continue
		}
		if strings.HasPrefix(name, runsPrefix) {
			// A runs' folder is as old as its session: sweep it once it has sat a day.
			if time.Since(info.ModTime()) > 24*time.Hour {
				_ = removeTree(dir)
			}
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if err != nil {
			continue // being made, or not ours
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
		if err == nil && pid > 0 && syscall.Kill(pid, 0) == syscall.ESRCH {
			_ = removeTree(dir)
		}
	}
}

// Package safefile writes the files the judge leaves for its user (reports, saved inputs,
// cache entries) so that no one else can make it write anywhere else. The judge may run as
// root, in folders a contestant's submission or a classmate could have prepared: a symbolic
// link planted where a report goes would otherwise have root write the report, or a
// submission's output, into whatever file the link names.
//
// A file is written only into a folder that the judge created or that the user owns, reached
// through no link that someone else owns: each folder of its path that exists must belong to
// the user (the effective user, the one sudo ran it for, or root), and the folder itself is
// opened without following a link. The file is written to a new temporary file in that folder
// (O_CREAT|O_EXCL|O_NOFOLLOW) that is then renamed over the name: a link planted at the name is
// replaced, never followed.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// Dir is a folder opened for writing files into.
type Dir struct {
	fd   int
	path string
}

// owners returns the users whose folders the judge writes into: the effective user, root, and
// the user sudo runs the judge for.
func owners() map[int]bool {
	ok := map[int]bool{os.Geteuid(): true, 0: true}
	if os.Geteuid() == 0 {
		if uid, err := strconv.Atoi(os.Getenv("SUDO_UID")); err == nil {
			ok[uid] = true
		}
	}
	return ok
}

// OpenDir opens folder dir for writing, creating it and any missing parent (mode 0755).
func OpenDir(dir string) (*Dir, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	allowed := owners()
	// Every folder of the path that exists, down to the last: owned by the user, and a link
	// only when the user made it.
	parts := strings.Split(strings.TrimPrefix(abs, "/"), "/")
	path := "/"
	missing := -1
	for i, p := range parts {
		if p == "" {
			continue
		}
		path = filepath.Join(path, p)
		var st unix.Stat_t
		if err := unix.Lstat(path, &st); err != nil {
			if errors.Is(err, unix.ENOENT) {
				missing = i
				break
			}
			return nil, &os.PathError{Op: "lstat", Path: path, Err: err}
		}
		if !allowed[int(st.Uid)] {
			return nil, fmt.Errorf("%s belongs to another user (uid %d): the judge writes only into folders of its own user", path, st.Uid)
		}
		if i == len(parts)-1 && st.Mode&unix.S_IFMT == unix.S_IFLNK {
			return nil, fmt.Errorf("%s is a symbolic link: the judge writes into a folder, never through a link", path)
		}
	}
	fd, err := unix.Open("/", unix.O_DIRECTORY|unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: "/", Err: err}
	}
	walked := "/"
	for i, p := range parts {
		if p == "" {
			continue
		}
		walked = filepath.Join(walked, p)
		flags := unix.O_DIRECTORY | unix.O_RDONLY | unix.O_CLOEXEC
		if i == len(parts)-1 {
			flags |= unix.O_NOFOLLOW
		}
		if missing >= 0 && i >= missing {
			if err := unix.Mkdirat(fd, p, 0o755); err != nil && !errors.Is(err, unix.EEXIST) {
				unix.Close(fd)
				return nil, &os.PathError{Op: "mkdir", Path: walked, Err: err}
			}
			flags |= unix.O_NOFOLLOW // a folder the judge made, or one made meanwhile: no link
		}
		next, err := unix.Openat(fd, p, flags, 0)
		unix.Close(fd)
		if err != nil {
			if errors.Is(err, unix.ELOOP) || errors.Is(err, unix.ENOTDIR) {
				return nil, fmt.Errorf("%s is a symbolic link or not a folder: the judge writes into a folder, never through a link", walked)
			}
			return nil, &os.PathError{Op: "open", Path: walked, Err: err}
		}
		fd = next
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return nil, &os.PathError{Op: "stat", Path: abs, Err: err}
	}
	if !allowed[int(st.Uid)] {
		unix.Close(fd)
		return nil, fmt.Errorf("%s belongs to another user (uid %d): the judge writes only into folders of its own user", abs, st.Uid)
	}
	return &Dir{fd: fd, path: abs}, nil
}

// Close closes the folder.
func (d *Dir) Close() error { return unix.Close(d.fd) }

// Create writes the file name of the folder through write, in a new temporary file renamed
// over name once written: a link at name is replaced, and a failed write leaves name as it
// was.
func (d *Dir) Create(name string, write func(io.Writer) error) error {
	if name == "" || strings.Contains(name, "/") || name == "." || name == ".." {
		return fmt.Errorf("%q: not a file name", name)
	}
	var tmp string
	var fd int
	for n := 0; ; n++ {
		tmp = fmt.Sprintf(".%s.%d.%d.tmp", name, os.Getpid(), n)
		var err error
		fd, err = unix.Openat(d.fd, tmp, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o644)
		if err == nil {
			break
		}
		if !errors.Is(err, unix.EEXIST) || n > 100 {
			return &os.PathError{Op: "create", Path: filepath.Join(d.path, tmp), Err: err}
		}
	}
	f := os.NewFile(uintptr(fd), filepath.Join(d.path, tmp))
	err := write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = unix.Renameat(d.fd, tmp, d.fd, name)
		if err != nil {
			err = &os.PathError{Op: "rename", Path: filepath.Join(d.path, name), Err: err}
		}
	}
	if err != nil {
		_ = unix.Unlinkat(d.fd, tmp, 0)
	}
	return err
}

// WriteFile writes data to the file name of the folder, as Create does.
func (d *Dir) WriteFile(name string, data []byte) error {
	return d.Create(name, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Create writes file name through write, into its folder opened as OpenDir opens it.
func Create(name string, write func(io.Writer) error) error {
	d, err := OpenDir(filepath.Dir(name))
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Create(filepath.Base(name), write)
}

// WriteFile writes data to file name, into its folder opened as OpenDir opens it.
func WriteFile(name string, data []byte) error {
	return Create(name, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

package contest

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/sys/unix"
)

// A class folder is data a judge running as root must not trust: a student, or a classmate,
// may have put there a link to a file the judge can read and the student cannot (the host's
// secrets, the kit's accepted solution, /proc/self/environ), a device or a FIFO whose opening
// does something, or a "file" of hundreds of gibibytes. So Discover walks the folder one name at
// a time, never following a symbolic link; takes as a submission only a regular file with one
// name (a hard link is a second name of a file that may lie anywhere) and no bigger than the
// source limit; looks at each candidate through an O_PATH descriptor, which opens nothing,
// before it opens it for reading; and reads it once. What it refuses is a plain note.

// Entry is one contestant's folder as found: the file to judge, or why there is none.
type Entry struct {
	// Name is the contestant: the folder's name.
	Name string
	// File is the submission's path, "" when there is none or more than one.
	File string
	// Source is the submission's content, read once when it was found; nil when there is
	// none or it is refused.
	Source []byte
	// Refused says, when the contestant's only candidate file is not judged, why: "sudoku.c is
	// a link: not judged". File then names the file, and Source is nil.
	Refused string
	// Candidates lists the files that could each be the submission, when there are two or
	// more: the contestant is judged on neither.
	Candidates []string
	// Misnamed lists, when no file has the submission's name, the sources that do not: a
	// program of a known extension, or a file named as the submission but for its case, by
	// their path in the contestant's folder ("main.cpp", "sudoku/SUDOKU.CPP"). None is
	// judged: the coach is told what was found.
	Misnamed []string
}

// maxMisnamed bounds the misnamed files an entry lists.
const maxMisnamed = 5

// SourceFolder is the folder of contestants' folders in LemonLime's layout.
const SourceFolder = "source"

// DefaultSourceLimit is the largest source Discover takes, as DOMjudge's default
// (sourcesize_limit, 256 KiB): a program of this problem is some kilobytes.
const DefaultSourceLimit = 256 << 10

// Discover finds the contestants of the contest in folder dir and each one's submission for
// the problem whose files are named stem: stem.EXT in the contestant's folder, or
// stem/stem.EXT (the NOI Linux layout), where EXT is one of extensions. The contestants'
// folders are dir's, or those of dir/source when dir holds one (LemonLime's layout). Folders
// whose names start with a dot are skipped. Paths are returned as dir joined with the rest. A
// submission is read, once, only when it is a regular file of one name and at most limit
// bytes; a contestant's folder or file that is anything else is refused, with a note.
func Discover(dir, stem string, extensions []string, limit int64) ([]Entry, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("contest folder %s: %w", dir, err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("contest folder %s: not a folder", dir)
	}
	// The folder the coach names is trusted, links included; nothing below it is.
	class, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("contest folder %s: %w", dir, err)
	}
	defer unix.Close(class)
	root, rootPath := class, dir
	if fd, err := openFolder(class, SourceFolder); err == nil {
		defer unix.Close(fd)
		root, rootPath = fd, filepath.Join(dir, SourceFolder)
	}
	names, err := listFolder(root)
	if err != nil {
		return nil, fmt.Errorf("reading the contest folder: %w", err)
	}
	var entries []Entry
	for _, name := range names {
		if strings.HasPrefix(name, ".") {
			continue
		}
		kind, err := kindOf(root, name)
		switch {
		case err != nil || kind != kindFolder && kind != kindLink:
			continue // a stray file is no contestant
		case kind == kindLink:
			entries = append(entries, Entry{Name: name, Refused: fmt.Sprintf("the folder %s is %s: not judged", name, kind)})
			continue
		}
		e := discoverOne(root, rootPath, name, stem, extensions, limit)
		entries = append(entries, e)
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("contest folder %s holds no contestant's folder (want %s/NAME/%s.EXT, %s/NAME/%s/%s.EXT or %s/%s/NAME/...)",
			dir, dir, stem, dir, stem, stem, dir, SourceFolder)
	}
	slices.SortFunc(entries, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return entries, nil
}

// discoverOne finds a contestant's submission in its folder, name under root.
func discoverOne(root int, rootPath, name, stem string, extensions []string, limit int64) Entry {
	e := Entry{Name: name}
	folder, err := openFolder(root, name)
	if err != nil {
		e.Refused = fmt.Sprintf("the folder %s cannot be read: not judged", name)
		return e
	}
	defer unix.Close(folder)
	type candidate struct {
		parent int
		path   string
		name   string
		kind   fileKind
	}
	var found []candidate
	var misnamed []string
	look := func(parent int, sub string) {
		names, err := listFolder(parent)
		if err != nil {
			return
		}
		for _, file := range names {
			ext := filepath.Ext(file)
			if strings.TrimSuffix(file, ext) != stem || !slices.Contains(extensions, strings.ToLower(ext)) {
				if looksMisnamed(file, stem, extensions) && len(misnamed) < maxMisnamed {
					misnamed = append(misnamed, filepath.Join(sub, file))
				}
				continue
			}
			kind, err := kindOf(parent, file)
			if err != nil {
				continue
			}
			found = append(found, candidate{parent, filepath.Join(rootPath, name, sub, file), file, kind})
		}
	}
	look(folder, "")
	stemKind, err := kindOf(folder, stem)
	if err == nil && stemKind == kindFolder {
		if sub, err := openFolder(folder, stem); err == nil {
			defer unix.Close(sub)
			look(sub, stem)
		}
	}
	switch len(found) {
	case 0:
		if stemKind == kindLink {
			e.Refused = fmt.Sprintf("the folder %s is a link: not judged", stem)
		}
		e.Misnamed = misnamed
	case 1:
		c := found[0]
		e.File = c.path
		e.Source, e.Refused = readSource(c.parent, c.name, c.kind, limit)
	default:
		for _, c := range found {
			e.Candidates = append(e.Candidates, c.path)
		}
	}
	return e
}

// MisnamedNote says what a contestant's folder holds in place of the submission, stem.EXT:
// "found main.cpp; expected sudoku.cpp", the extension the expected name's when the files found
// share one.
func MisnamedNote(misnamed []string, stem string) string {
	ext := strings.ToLower(filepath.Ext(misnamed[0]))
	for _, m := range misnamed[1:] {
		if strings.ToLower(filepath.Ext(m)) != ext {
			ext = ".EXT"
		}
	}
	return fmt.Sprintf("found %s; expected %s%s", strings.Join(misnamed, ", "), stem, ext)
}

// looksMisnamed reports whether file, in a contestant's folder, looks like the submission under
// another name: a source of one of the extensions whatever its name, or the submission's name in
// another case ("SUDOKU.CPP", "Sudoku.cpp").
func looksMisnamed(file, stem string, extensions []string) bool {
	if strings.HasPrefix(file, ".") {
		return false
	}
	ext := filepath.Ext(file)
	return slices.Contains(extensions, ext) || strings.EqualFold(strings.TrimSuffix(file, ext), stem) && slices.Contains(extensions, strings.ToLower(ext))
}

// fileKind is what a name in a class folder is, as a note says it.
type fileKind string

const (
	kindFile   fileKind = "a file"
	kindFolder fileKind = "a folder"
	kindLink   fileKind = "a link"
	kindFIFO   fileKind = "a FIFO (a named pipe)"
	kindSocket fileKind = "a socket"
	kindDevice fileKind = "a device"
	kindOther  fileKind = "not a file"
)

// kindOf tells what name is in folder parent, without following a link.
func kindOf(parent int, name string) (fileKind, error) {
	var st unix.Stat_t
	if err := unix.Fstatat(parent, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return "", err
	}
	return kindOfMode(st.Mode), nil
}

func kindOfMode(mode uint32) fileKind {
	switch mode & unix.S_IFMT {
	case unix.S_IFREG:
		return kindFile
	case unix.S_IFDIR:
		return kindFolder
	case unix.S_IFLNK:
		return kindLink
	case unix.S_IFIFO:
		return kindFIFO
	case unix.S_IFSOCK:
		return kindSocket
	case unix.S_IFCHR, unix.S_IFBLK:
		return kindDevice
	}
	return kindOther
}

// openFolder opens folder name in folder parent for reading its names, refusing a link.
func openFolder(parent int, name string) (int, error) {
	return unix.Openat(parent, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
}

// listFolder returns the names in an open folder.
func listFolder(fd int) ([]string, error) {
	dup, err := unix.Openat(fd, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(dup), "folder")
	defer f.Close()
	names, err := f.Readdirnames(-1)
	slices.Sort(names)
	return names, err
}

// readSource reads the submission name in folder parent, of kind as listed: once, and only
// when it is a regular file of one name and at most limit bytes. Otherwise it returns why
// not, naming the file by its name alone: nothing of what a link leads to.
func readSource(parent int, name string, kind fileKind, limit int64) ([]byte, string) {
	refuse := func(why string) ([]byte, string) { return nil, fmt.Sprintf("%s %s: not judged", name, why) }
	if kind != kindFile {
		return refuse("is " + string(kind))
	}
	// An O_PATH descriptor opens nothing: a device, a FIFO, a file of /proc put in the file's
	// place since it was listed does nothing until it is opened for reading, which happens
	// only once the descriptor is seen to lead to a small regular file of one name.
	path, err := unix.Openat(parent, name, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return refuse("cannot be read")
	}
	defer unix.Close(path)
	var st unix.Stat_t
	if err := unix.Fstat(path, &st); err != nil {
		return refuse("cannot be read")
	}
	if k := kindOfMode(st.Mode); k != kindFile {
		return refuse("is " + string(k))
	}
	if st.Nlink > 1 {
		return refuse(fmt.Sprintf("is a hard link (one of %d names of one file)", st.Nlink))
	}
	if st.Size > limit {
		return refuse(fmt.Sprintf("is %s, over the source limit of %s", kibibytes(st.Size), kibibytes(limit)))
	}
	fd, err := unix.Open(fmt.Sprintf("/proc/self/fd/%d", path), unix.O_RDONLY|unix.O_NOCTTY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return refuse("cannot be read")
	}
	f := os.NewFile(uintptr(fd), name)
	defer f.Close()
	var again unix.Stat_t
	if err := unix.Fstat(fd, &again); err != nil || again.Dev != st.Dev || again.Ino != st.Ino {
		return refuse("cannot be read")
	}
	// A file whose size says little, or that grows, is cut at the limit and refused.
	source, err := io.ReadAll(io.LimitReader(f, limit+1))
	switch {
	case err != nil && !errors.Is(err, io.EOF):
		return refuse("cannot be read")
	case int64(len(source)) > limit:
		return refuse(fmt.Sprintf("is over the source limit of %s", kibibytes(limit)))
	case source == nil:
		source = []byte{}
	}
	return source, ""
}

// kibibytes writes a size for a note: "300 KiB", "1.5 GiB".
func kibibytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KiB", (n+1023)>>10)
}

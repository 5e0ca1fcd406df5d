package safefile

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlantedLink writes over a symbolic link planted at the file's name, pointing at a file
// that must not change: the link is replaced by the file, and its target is left as it was.
func TestPlantedLink(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{victim, filepath.Join(dir, "dangling")} {
		name := filepath.Join(dir, "shrunk.out")
		os.Remove(name)
		if err := os.Symlink(target, name); err != nil {
			t.Fatal(err)
		}
		if err := WriteFile(name, []byte("the submission's bytes\n")); err != nil {
			t.Fatalf("got %v, want the link replaced", err)
		}
		got, err := os.ReadFile(victim)
		if err != nil || string(got) != "secret\n" {
			t.Errorf("the link's target: got %q (%v), want it unchanged", got, err)
		}
		if _, err := os.Stat(filepath.Join(dir, "dangling")); err == nil {
			t.Errorf("a dangling link's target was created")
		}
		info, err := os.Lstat(name)
		if err != nil || !info.Mode().IsRegular() {
			t.Errorf("%s: got %v (%v), want a regular file", name, info, err)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("a temporary file is left: %s", e.Name())
		}
	}
}

// TestFolderLink refuses a folder that is a link, and creates missing folders.
func TestFolderLink(t *testing.T) {
	root := t.TempDir()
	elsewhere := t.TempDir()
	link := filepath.Join(root, "save")
	if err := os.Symlink(elsewhere, link); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(filepath.Join(link, "shrunk.out"), []byte("x"))
	if err == nil || !strings.Contains(err.Error(), "link") {
		t.Errorf("through a folder link: got %v, want a refusal naming the link", err)
	}
	if _, err := os.Stat(filepath.Join(elsewhere, "shrunk.out")); err == nil {
		t.Errorf("the file was written through the folder link")
	}
	deep := filepath.Join(root, "a", "b", "c", "report.json")
	if err := WriteFile(deep, []byte("{}\n")); err != nil {
		t.Fatalf("new folders: %v", err)
	}
	if got, err := os.ReadFile(deep); err != nil || string(got) != "{}\n" {
		t.Errorf("got %q (%v), want {}", got, err)
	}
}

// TestOtherUsersFolder refuses a folder, or a link on the way to it, that another user owns:
// as root, the judge writes nothing where a contestant could have prepared the way.
func TestOtherUsersFolder(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root, to give a folder to another user")
	}
	t.Setenv("SUDO_UID", "")
	root := t.TempDir()
	theirs := filepath.Join(root, "theirs")
	if err := os.Mkdir(theirs, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(theirs, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join(theirs, "ranking.csv"), []byte("x")); err == nil || !strings.Contains(err.Error(), "another user") {
		t.Errorf("into another user's folder: got %v, want a refusal", err)
	}
	if err := WriteFile(filepath.Join(theirs, "sub", "ranking.csv"), []byte("x")); err == nil {
		t.Errorf("below another user's folder: got nil, want a refusal")
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(t.TempDir(), link); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(link, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join(link, "x", "ranking.csv"), []byte("x")); err == nil {
		t.Errorf("through another user's link: got nil, want a refusal")
	}
	t.Setenv("SUDO_UID", "65534")
	if err := WriteFile(filepath.Join(theirs, "ranking.csv"), []byte("x")); err != nil {
		t.Errorf("into the folder of the user sudo runs for: got %v, want it written", err)
	}
}

// TestFailedWrite leaves the old file when the writer fails.
func TestFailedWrite(t *testing.T) {
	name := filepath.Join(t.TempDir(), "report.html")
	if err := WriteFile(name, []byte("old")); err != nil {
		t.Fatal(err)
	}
	err := Create(name, func(w io.Writer) error {
		io.WriteString(w, "half")
		return io.ErrShortWrite
	})
	if err == nil {
		t.Fatal("got nil, want the writer's error")
	}
	if got, _ := os.ReadFile(name); string(got) != "old" {
		t.Errorf("got %q, want the old file", got)
	}
}

package kattis

import (
	"archive/zip"
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

var writeFiles = []File{
	{Path: "a/b/run", Data: []byte("#!/bin/sh\n"), Executable: true},
	{Path: "a/c.txt", Data: []byte("c\n")},
	{Path: "problem.yaml", Data: []byte("name: x\n")},
	{Path: "z/empty", Data: nil},
}

func TestWriteZip(t *testing.T) {
	var first, second bytes.Buffer
	if err := WriteZip(&first, writeFiles); err != nil {
		t.Fatal(err)
	}
	if err := WriteZip(&second, writeFiles); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Fatalf("two zips of the same files differ")
	}
	r, err := zip.NewReader(bytes.NewReader(first.Bytes()), int64(first.Len()))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name string
		mode fs.FileMode
		data string
	}{
		{"a/", fs.ModeDir | 0o755, ""},
		{"a/b/", fs.ModeDir | 0o755, ""},
		{"a/b/run", 0o755, "#!/bin/sh\n"},
		{"a/c.txt", 0o644, "c\n"},
		{"problem.yaml", 0o644, "name: x\n"},
		{"z/", fs.ModeDir | 0o755, ""},
		{"z/empty", 0o644, ""},
	}
	if len(r.File) != len(want) {
		t.Fatalf("got %d entries, want %d", len(r.File), len(want))
	}
	for i, f := range r.File {
		w := want[i]
		if f.Name != w.name || f.Mode() != w.mode || f.Method != zip.Store || !f.Modified.Equal(zipTime) {
			t.Errorf("entry %d: got %s %v method %d at %v, want %s %v stored at %v", i, f.Name, f.Mode(), f.Method, f.Modified, w.name, w.mode, zipTime)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil || string(data) != w.data {
			t.Errorf("entry %s: got %q (%v), want %q", f.Name, data, err, w.data)
		}
	}
}

func TestWriteDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pkg")
	if err := WriteDir(dir, writeFiles); err != nil {
		t.Fatal(err)
	}
	for _, f := range writeFiles {
		info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != fileMode(f) {
			t.Errorf("%s: got mode %v, want %v", f.Path, info.Mode().Perm(), fileMode(f))
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err != nil || !bytes.Equal(data, f.Data) {
			t.Errorf("%s: got %q (%v), want %q", f.Path, data, err, f.Data)
		}
	}
	if err := WriteDir(dir, writeFiles); err == nil {
		t.Errorf("writing over an existing folder: got no error, want one")
	}
}

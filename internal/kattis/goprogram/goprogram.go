// Package goprogram lays out a Go program as a program of a Kattis problem package: one flat
// folder holding its package main, the source of every package of the module it imports, a
// go.mod, a README, and a build script that the format runs to make the program `run`.
//
// The folder is flat because judging systems copy a program's folder without its subfolders
// (DOMjudge keeps only the base name of each file), so a Go module's package folders would not
// survive; the build script puts each file back in its package's folder, then runs `go build`.
// The program may import the standard library and the module's own packages only: a judge host
// builds it without the network.
package goprogram

import (
	"bytes"
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"bullseye/internal/kattis"
)

// Module is the Go module whose packages a program imports.
type Module struct {
	// Path is the module path, as go.mod declares it.
	Path string
	// Root is the folder holding the module's go.mod.
	Root string
	// GoVersion is the go directive of the program's go.mod: the oldest Go the program builds
	// with, since a judge host's toolchain may be older than the kit's.
	GoVersion string
}

// source is one file of the program: its path in the rebuilt module and its flat name.
type source struct {
	modulePath, flatName string
	data                 []byte
}

// Folder returns the files of the program folder of the program whose package main is main;
// about, the README's first paragraph, says what the program is and how it is called. Paths are
// relative to the program folder.
func (m Module) Folder(main []byte, about string) ([]kattis.File, error) {
	imports, err := fileImports(main, "main.go")
	if err != nil {
		return nil, err
	}
	sources, err := m.packages(imports)
	if err != nil {
		return nil, err
	}
	sources = append(sources,
		source{"go.mod", "go.mod", []byte(fmt.Sprintf("module %s\n\ngo %s\n", m.Path, m.GoVersion))},
		source{"main.go", "main.go", main})
	slices.SortFunc(sources, func(a, b source) int { return strings.Compare(a.modulePath, b.modulePath) })

	files := []kattis.File{
		{Path: "build", Data: m.buildScript(sources), Executable: true},
		{Path: "README", Data: m.readme(about)},
	}
	for _, s := range sources {
		files = append(files, kattis.File{Path: s.flatName, Data: s.data})
	}
	slices.SortFunc(files, func(a, b kattis.File) int { return strings.Compare(a.Path, b.Path) })
	for i := 1; i < len(files); i++ {
		if files[i].Path == files[i-1].Path {
			return nil, fmt.Errorf("two files of the program are both named %s in its flat folder", files[i].Path)
		}
	}
	return files, nil
}

// packages returns the source files of the module's packages that imports reach, directly or
// through one another.
func (m Module) packages(imports []string) ([]source, error) {
	var sources []source
	seen := map[string]bool{}
	queue := slices.Clone(imports)
	for len(queue) > 0 {
		importPath := queue[0]
		queue = queue[1:]
		if seen[importPath] {
			continue
		}
		seen[importPath] = true
		rel, inModule := strings.CutPrefix(importPath, m.Path+"/")
		switch {
		case !inModule && isStandard(importPath):
			continue
		case !inModule:
			return nil, fmt.Errorf("the program imports %s, which is neither the standard library nor module %s: a judge host builds it without the network", importPath, m.Path)
		}
		pkg, err := build.ImportDir(filepath.Join(m.Root, filepath.FromSlash(rel)), 0)
		if err != nil {
			return nil, fmt.Errorf("reading package %s: %w", importPath, err)
		}
		if len(pkg.CgoFiles)+len(pkg.SFiles)+len(pkg.CFiles)+len(pkg.EmbedPatterns) > 0 {
			return nil, fmt.Errorf("package %s has cgo, assembly or embedded files, which a program folder does not carry", importPath)
		}
		for _, name := range pkg.GoFiles {
			data, err := os.ReadFile(filepath.Join(pkg.Dir, name))
			if err != nil {
				return nil, fmt.Errorf("reading package %s: %w", importPath, err)
			}
			sources = append(sources, source{
				modulePath: rel + "/" + name,
				flatName:   strings.ReplaceAll(rel, "/", ".") + "." + name,
				data:       data,
			})
		}
		queue = append(queue, pkg.Imports...)
	}
	return sources, nil
}

// fileImports returns the import paths of a Go source file.
func fileImports(src []byte, name string) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
	if err != nil {
		return nil, fmt.Errorf("reading the program's %s: %w", name, err)
	}
	var imports []string
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return nil, fmt.Errorf("reading the program's %s: import %s: %w", name, spec.Path.Value, err)
		}
		imports = append(imports, p)
	}
	return imports, nil
}

// isStandard reports whether an import path outside the module is of the standard library,
// whose first element, unlike a downloaded module's, has no dot.
func isStandard(importPath string) bool {
	first, _, _ := strings.Cut(importPath, "/")
	return !strings.Contains(first, ".")
}

// buildScript writes the POSIX shell script that rebuilds the module from the flat files and
// builds the program as run.
func (m Module) buildScript(sources []source) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `#!/bin/sh
# Builds this program as ./run, as the problem package format runs a program's build script.
# The Go sources lie flat beside this script, since judging systems copy a program's folder
# without its subfolders; the script puts each file back in its package's folder under .module,
# then builds with the Go toolchain, %s or later, found as go on the search path (see README).
set -eu
command -v go >/dev/null 2>&1 || {
	echo "build: the Go toolchain (go %s or later) is not on the search path; see README" >&2
	exit 1
}
here=$(pwd)
rm -rf .module
`, m.GoVersion, m.GoVersion)
	var folders []string
	for _, s := range sources {
		if dir := path.Dir(s.modulePath); dir != "." && !slices.Contains(folders, dir) {
			folders = append(folders, dir)
		}
	}
	b.WriteString("mkdir -p .module")
	for _, dir := range folders {
		b.WriteString(" \\\n\t.module/" + dir)
	}
	b.WriteString("\n")
	for _, s := range sources {
		fmt.Fprintf(&b, "cp %s .module/%s\n", s.flatName, s.modulePath)
	}
	b.WriteString(`# A judge host may give the build no home folder, hence no Go cache: keep one here then.
own_cache=
if [ -z "${GOCACHE:-}" ]; then
	GOCACHE=$here/.gocache
	own_cache=yes
fi
export GOCACHE
export GOPATH="$here/.gopath" GOFLAGS=-buildvcs=false GOTOOLCHAIN=local GOPROXY=off GOWORK=off CGO_ENABLED=0
(cd .module && go build -trimpath -o "$here/run" .)
rm -rf .module .gopath
if [ -n "$own_cache" ]; then
	rm -rf .gocache
fi
`)
	return b.Bytes()
}

// readme writes the program folder's README, which says what the build needs, as the format
// asks of a program with a build script.
func (m Module) readme(about string) []byte {
	return []byte(fmt.Sprintf(`%s

This folder holds the program as Go source. The judging system runs ./build, which makes the
program ./run. The build needs the Go toolchain, version %s or later, as go on the search path,
and nothing else: the program uses Go's standard library and packages of module %s, all of
them here, so the build needs no network. It uses GOCACHE when that is set; otherwise it keeps
a Go cache in this folder and removes it when done. From a cold cache it takes a few seconds.

main.go is the program's package main. Every other .go file is a file of a package of the
module, named after its path with dots for slashes: internal.grid.grid.go is internal/grid/grid.go.
The build script puts each one back in its folder, under .module, before it builds.
`, strings.TrimSpace(about), m.GoVersion, m.Path))
}

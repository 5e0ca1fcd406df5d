package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// coreSolverFiles are the files of internal/classic that hold its solver; this file carries
// every declaration of them, so that the kit has one solver, which the core's tests and
// benchmarks measure for the batch solver too.
var coreSolverFiles = []string{"band.go", "board.go", "singles.go", "search.go"}

// TestCarriesCoreSolver checks that every declaration of the core's solver files (with its doc
// comment) appears word for word in main.go.
func TestCarriesCoreSolver(t *testing.T) {
	carried := make(map[string]bool)
	for _, d := range declarations(t, "main.go") {
		carried[d.text] = true
	}
	for _, name := range coreSolverFiles {
		path := filepath.Join("..", "..", "internal", "classic", name)
		decls := declarations(t, path)
		if len(decls) == 0 {
			t.Fatalf("%s: got no declarations, want the solver's", path)
		}
		for _, d := range decls {
			if !carried[d.text] {
				t.Errorf("main.go lacks %s of %s, or differs from it: copy it over with its comment", d.name, path)
			}
		}
	}
}

// declaration is a top-level declaration of a Go file: what it declares and its source text, from
// its doc comment to its end.
type declaration struct{ name, text string }

// declarations returns the top-level declarations of the Go file at path, its imports aside.
func declarations(t *testing.T, path string) []declaration {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		t.Fatalf("parsing %s: %v", path, err)
	}
	var decls []declaration
	for _, decl := range file.Decls {
		if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == token.IMPORT {
			continue
		}
		start, name := decl.Pos(), ""
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Doc != nil {
				start = d.Doc.Pos()
			}
			name = "func " + d.Name.Name
		case *ast.GenDecl:
			if d.Doc != nil {
				start = d.Doc.Pos()
			}
			var names []string
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names = append(names, n.Name)
					}
				case *ast.TypeSpec:
					names = append(names, s.Name.Name)
				}
			}
			name = d.Tok.String() + " " + strings.Join(names, ", ")
		}
		text := string(src[fset.Position(start).Offset:fset.Position(decl.End()).Offset])
		decls = append(decls, declaration{name, text})
	}
	return decls
}

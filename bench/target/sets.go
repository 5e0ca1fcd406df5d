package main

import (
	"errors"
	"fmt"
	"io/fs"

	"bullseye/internal/adversary"
	"bullseye/internal/family"
)

// benchmarkSets returns the shared benchmark families, then the few-given set, then the
// adversarial family read from path; a missing file leaves that family out with a note.
func benchmarkSets(adversarialPath string) (sets []family.Set, note string, err error) {
	sets = append(family.BenchmarkSets(), family.FewGiven())
	adversarial, err := adversarialSet(adversarialPath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return sets, fmt.Sprintf("note: %s is absent: the adversarial family will not run", adversarialPath), nil
	case err != nil:
		return nil, "", err
	}
	return append(sets, adversarial), "", nil
}

// adversarialSet reads the adversarial family: inputs hill-climbed against the kit's solution
// (bench/targetclimb), with their answers.
func adversarialSet(path string) (family.Set, error) {
	cases, err := adversary.ReadFamilyFile(path)
	if err != nil {
		return family.Set{}, err
	}
	f := family.Set{Key: "adversarial", Name: "adversarial (climbed)"}
	for _, c := range cases {
		f.Inputs = append(f.Inputs, family.Input{
			Name:   fmt.Sprintf("line %d, %d givens, answer %d", c.Line, c.Givens.Givens(), c.Answer),
			Givens: c.Givens,
		})
	}
	return f, nil
}

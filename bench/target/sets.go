package main

import (
	"errors"
	"fmt"
	"io/fs"

	"bullseye/internal/adversary"
	"bullseye/internal/family"
	"bullseye/internal/rng"
)

// fewGivenSeed fixes the few-given set, beside family.BenchmarkSeed's sets.
const fewGivenSeed = family.BenchmarkSeed + 10

// benchmarkSets returns the shared benchmark families, then the few-given set, then the
// adversarial family read from path; a missing file leaves that family out with a note.
func benchmarkSets(adversarialPath string) (sets []family.Set, note string, err error) {
	sets = append(family.BenchmarkSets(), fewGiven(rng.New(fewGivenSeed)))
	adversarial, err := adversarialSet(adversarialPath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return sets, fmt.Sprintf("note: %s is absent: the adversarial family will not run", adversarialPath), nil
	case err != nil:
		return nil, "", err
	}
	return append(sets, adversarial), "", nil
}

// fewGiven has random inputs with 2 to 16 givens, below the statement's bounds: the
// completions are countless, the bound must do everything.
func fewGiven(r *rng.Rand) family.Set {
	f := family.Set{Key: "few-given", Name: "few-given 2-16"}
	for givens := 2; givens <= 16; givens++ {
		f.Inputs = append(f.Inputs, family.Input{
			Name:   fmt.Sprintf("random %d givens", givens),
			Givens: family.Random(r, givens),
		})
	}
	return f
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

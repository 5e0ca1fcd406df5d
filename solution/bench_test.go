package main

import (
	"fmt"
	"testing"
	"time"

	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// BenchmarkFamilies solves every benchmark set in one process, without process start-up; the
// whole-process comparison with the seed and CBC is bench/target.sh. Besides ns/op (one pass
// over the set) it reports the work per input: subgradient rounds and aim nodes.
func BenchmarkFamilies(b *testing.B) {
	for _, set := range family.BenchmarkSets() {
		b.Run(set.Key, func(b *testing.B) {
			var rounds, aimed int
			for b.Loop() {
				for _, in := range set.Inputs {
					s := newSolver()
					s.maximize(asInts(in.Givens))
					rounds += s.stats.rounds
					aimed += s.stats.aimed
				}
			}
			perInput := float64(b.N * len(set.Inputs))
			b.ReportMetric(float64(b.Elapsed().Microseconds())/perInput, "us/input")
			b.ReportMetric(float64(rounds)/perInput, "rounds/input")
			b.ReportMetric(float64(aimed)/perInput, "aim-nodes/input")
		})
	}
}

// BenchmarkAdversarial solves each input of the adversarial family in one process, one
// sub-benchmark per line of the file, and reports the work -stats would print.
func BenchmarkAdversarial(b *testing.B) {
	for _, c := range adversarialFamily() {
		b.Run(fmt.Sprintf("line_%d", c.Line), func(b *testing.B) {
			var work int
			for b.Loop() {
				s := newSolver()
				s.maximize(asInts(c.Givens))
				work = s.stats.work()
			}
			b.ReportMetric(float64(work), "work")
		})
	}
}

// BenchmarkShapes solves a seeded sweep of inputs in one process: random, band, stack and
// three-box givens, 0 to 27 of them, 40 inputs of each shape and count (4,480 in all). Besides
// the mean per input it reports the slowest input's time and its line in the sweep.
func BenchmarkShapes(b *testing.B) {
	type shape struct {
		name string
		make func(r *rng.Rand, givens int) grid.Grid
	}
	shapes := []shape{
		{"random", family.Random},
		{"band", family.Band},
		{"stack", family.Stack},
		{"boxes", func(r *rng.Rand, givens int) grid.Grid {
			perm := r.Perm(9)
			return family.Boxes(r, givens, [3]int{perm[0], perm[1], perm[2]})
		}},
	}
	r := rng.New(2009)
	var inputs []grid.Grid
	for _, sh := range shapes {
		for givens := 0; givens <= 27; givens++ {
			for k := 0; k < 40; k++ {
				inputs = append(inputs, sh.make(r, givens))
			}
		}
	}
	var worst time.Duration
	slowest := 0
	for b.Loop() {
		for i, in := range inputs {
			start := time.Now()
			maximize(asInts(in))
			if d := time.Since(start); d > worst {
				worst, slowest = d, i
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(inputs)), "us/input")
	b.ReportMetric(float64(worst.Microseconds()), "us-slowest")
	b.ReportMetric(float64(slowest), "slowest-index")
}

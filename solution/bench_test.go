package main

import (
	"fmt"
	"testing"

	"bullseye/internal/family"
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
					var s solver
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
				var s solver
				s.maximize(asInts(c.Givens))
				work = s.stats.work()
			}
			b.ReportMetric(float64(work), "work")
		})
	}
}

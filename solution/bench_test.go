package main

import (
	"testing"
	"time"

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

// BenchmarkAdversarial solves the adversarial family in one process, and reports the worst
// input's time beside the mean.
func BenchmarkAdversarial(b *testing.B) {
	cases := adversarialFamily()
	var worst time.Duration
	for b.Loop() {
		for _, c := range cases {
			start := time.Now()
			maximize(asInts(c.Givens))
			worst = max(worst, time.Since(start))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(cases)), "us/input")
	b.ReportMetric(float64(worst.Microseconds()), "us-worst")
}

// Package rng is the kit's own pseudo-random generator: xoshiro256**
// seeded by splitmix64. Generated tests must be reproducible from their
// seed forever, so the stream is defined here rather than borrowed from a
// standard library whose algorithms may change between releases.
package rng

import (
	"hash/fnv"
	"math/bits"
)

// Rand is a xoshiro256** generator. It is not safe for concurrent use.
type Rand struct {
	state [4]uint64
}

// New returns a generator whose stream is fixed by seed.
func New(seed uint64) *Rand {
	r := &Rand{}
	for i := range r.state {
		// Consecutive splitmix64 outputs are distinct, so the state is never
		// all zero, the one state xoshiro cannot leave.
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		r.state[i] = z ^ z>>31
	}
	return r
}

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	s := &r.state
	result := bits.RotateLeft64(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = bits.RotateLeft64(s[3], 45)
	return result
}

// IntN returns a uniform integer in [0, n). It panics if n <= 0, which is
// a caller's bug like an index out of range.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("rng: IntN needs a positive bound")
	}
	// Lemire's multiply-and-reject: the high word of x*n is uniform once
	// the few low words that would favour some results are rejected.
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		threshold := -bound % bound
		for lo < threshold {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// IntBetween returns a uniform integer in [lo, hi], both included, as
// testlib's rnd.next(lo, hi) does. It panics if hi < lo.
func (r *Rand) IntBetween(lo, hi int) int {
	if hi < lo {
		panic("rng: IntBetween needs lo <= hi")
	}
	return lo + r.IntN(hi-lo+1)
}

// Perm returns a uniform random permutation of 0..n-1.
func (r *Rand) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// Shuffle puts n elements in a uniform random order by calling swap
// (Fisher-Yates, from the last element down).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

// SeedFromArgs derives a seed from a command line, as testlib seeds its
// generators: the same arguments always give the same tests, and different
// arguments different ones. It is FNV-1a 64 of the arguments joined by NUL.
func SeedFromArgs(args []string) uint64 {
	h := fnv.New64a()
	for i, arg := range args {
		if i > 0 {
			h.Write([]byte{0})
		}
		h.Write([]byte(arg))
	}
	return h.Sum64()
}

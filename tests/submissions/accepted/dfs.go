//go:build ignore

// Target sudoku by depth-first search, as dfs.cpp, on standard input and output.
package main

import (
	"bufio"
	"fmt"
	"math/bits"
	"os"
)

var rowUsed, colUsed, boxUsed [9]uint
var weight, blank [81]int
var blanks, best = 0, -1

func boxOf(x int) int       { return x/27*3 + x%9/3 }
func candidates(x int) uint { return ^(rowUsed[x/9] | colUsed[x%9] | boxUsed[boxOf(x)]) & 0x3FE }
func toggle(x, d int) {
	rowUsed[x/9] ^= 1 << d
	colUsed[x%9] ^= 1 << d
	boxUsed[boxOf(x)] ^= 1 << d
}

func search(depth, score int) {
	if depth == blanks {
		best = max(best, score)
		return
	}
	bound, pick, fewest := score, -1, 10
	for i := depth; i < blanks; i++ {
		c := candidates(blank[i])
		n := bits.OnesCount(c)
		if n == 0 {
			return
		}
		if n < fewest {
			fewest, pick = n, i
		}
		bound += weight[blank[i]] * (bits.Len(c) - 1)
	}
	if bound <= best {
		return
	}
	blank[depth], blank[pick] = blank[pick], blank[depth]
	x := blank[depth]
	c := candidates(x)
	for d := 9; d >= 1; d-- {
		if c>>d&1 == 0 {
			continue
		}
		toggle(x, d)
		search(depth+1, score+weight[x]*d)
		toggle(x, d)
	}
	blank[depth], blank[pick] = blank[pick], blank[depth]
}

func main() {
	in := bufio.NewReader(os.Stdin)
	score, clash := 0, false
	for x := 0; x < 81; x++ {
		var d int
		if _, err := fmt.Fscan(in, &d); err != nil {
			os.Exit(1)
		}
		weight[x] = 10 - max(abs(x/9-4), abs(x%9-4))
		if d == 0 {
			blank[blanks] = x
			blanks++
			continue
		}
		if (rowUsed[x/9]|colUsed[x%9]|boxUsed[boxOf(x)])>>d&1 != 0 {
			clash = true
		}
		toggle(x, d)
		score += weight[x] * d
	}
	if !clash {
		search(0, score)
	}
	fmt.Println(best)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

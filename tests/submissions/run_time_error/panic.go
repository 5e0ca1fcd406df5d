//go:build ignore

// Indexes past the end of a slice: a Go panic, exit status 2.
package main

import (
	"fmt"
	"os"
)

func main() {
	cells := make([]int, 81)
	fmt.Println(cells[len(os.Args)+80])
}

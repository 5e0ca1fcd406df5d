//go:build ignore

// Allocates 1 GiB a mebibyte at a time, writing each: over the memory limit.
package main

import "fmt"

func main() {
	var kept [][]byte
	for range 1024 {
		chunk := make([]byte, 1<<20)
		for i := range chunk {
			chunk[i] = 1
		}
		kept = append(kept, chunk)
	}
	fmt.Println(len(kept))
}

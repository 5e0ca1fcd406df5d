//go:build ignore

// An import it never uses, which Go refuses: a compilation error.
package main

import (
	"fmt"
	"os"
)

func main() { fmt.Println(2906) }

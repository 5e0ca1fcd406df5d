package main

import "fmt"

func main() { fmt.Println(2906) }

package main

import "fmt"

func main() {}

// Package classic is the kit's fast classic-sudoku core: it solves a puzzle, counts its
// solutions up to a limit (2 answers "is it unique?") and draws a seeded random full grid, for
// the generator and the checker, whose throughput it decides. The batch solver,
// solution/classic/main.go, carries the same solver in its single file (a test keeps the two
// identical), so the kit has one implementation of it.
//
// The solver keeps, for every digit, its candidate cells as three band bitboards (three rows
// each). The band rules (the row-to-box permutations of a digit in a band, which give the locked
// candidates inside the band and the hidden singles of rows and boxes, and the columns a box of
// the band locks for the other bands) take a hash and a few table look-ups; naked singles are
// found with bit-parallel counting. It guesses on a cell with two candidates, the one that sees
// the most open cells, copying the small board instead of undoing changes. Nothing is allocated
// while solving. bench/README.md gives its speed beside tdoku's and what each choice bought.
package classic

// Package classic is the kit's fast classic-sudoku core: it solves a puzzle, counts its
// solutions up to a limit (2 answers "is it unique?") and draws a seeded random full grid, for
// the generator and the checker, whose throughput it decides.
//
// The solver keeps, for every digit, its candidate cells as three band bitboards (three rows
// each), applies the band rules with table look-ups (row-to-box permutations, which give the
// locked candidates inside a band and the hidden singles of rows and boxes), finds naked singles
// and hidden singles of columns with bit-parallel counting, applies the same matchings to the
// bands and columns of each stack, and guesses on an open cell with the fewest candidates,
// copying the small board instead of undoing changes. Nothing is allocated while solving.
package classic

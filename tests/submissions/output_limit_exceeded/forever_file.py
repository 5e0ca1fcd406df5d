# Writes sudoku.out forever: over the output limit.
with open("sudoku.out", "w") as out:
    while True:
        out.write("2906\n" * 1000)

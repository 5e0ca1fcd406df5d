#!/usr/bin/env python3
"""Solves target sudoku inputs with HiGHS, through SciPy's milp (Debian package python3-scipy).

Reads one input a line on standard input, the 81 digits in reading order (0 for a blank) and
optionally a time limit in seconds, and writes for each a line "ANSWER CPU_MS": the proven maximum
(-1 when nothing completes the givens) and the CPU time of the solve alone, in milliseconds (the
model's building and the interpreter's start-up are not counted), or "timeout" when the limit
ran out first. It flushes after each line, so that a caller can time one input at a
time. The model is bench/peers's and CBC's: one binary per cell and digit, each cell one digit,
each row, column and box each digit once, the givens fixed, the sum of weight times digit
maximized.
"""
import sys
import time

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_matrix


def weight(r, c):
    return 10 - max(abs(r - 4), abs(c - 4))


def variable(r, c, d):
    return (9 * r + c) * 9 + d


def model():
    rows, cols = [], []
    k = 0
    for r in range(9):
        for c in range(9):
            for d in range(9):
                rows.append(k)
                cols.append(variable(r, c, d))
            k += 1
    for d in range(9):
        for i in range(9):
            for j in range(9):
                rows += [k, k + 1, k + 2]
                box_r, box_c = 3 * (i // 3) + j // 3, 3 * (i % 3) + j % 3
                cols += [variable(i, j, d), variable(j, i, d), variable(box_r, box_c, d)]
            k += 3
    matrix = coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(k, 729)).tocsr()
    cost = np.array([-weight(r, c) * (d + 1) for r in range(9) for c in range(9) for d in range(9)], dtype=float)
    return LinearConstraint(matrix, np.ones(k), np.ones(k)), cost


def solve(line, limit, constraints, cost):
    lower = np.zeros(729)
    for x, ch in enumerate(line):
        if ch != "0":
            lower[9 * x + int(ch) - 1] = 1
    bounds = Bounds(lower, np.ones(729))
    start = time.process_time()
    options = {"time_limit": limit} if limit else {}
    res = milp(cost, constraints=constraints, integrality=np.ones(729), bounds=bounds, options=options)
    elapsed = time.process_time() - start
    if res.status == 2:  # infeasible
        return -1, elapsed
    if res.status == 1:  # the time limit
        return None, elapsed
    if res.status != 0:
        raise RuntimeError(f"highs: status {res.status}: {res.message}")
    return int(round(-res.fun)), elapsed


def main():
    constraints, cost = model()
    for raw in sys.stdin:
        fields = raw.split()
        if not fields:
            continue
        line, limit = fields[0], float(fields[1]) if len(fields) > 1 else None
        if len(line) != 81 or not line.isdigit():
            print(f"highs.py: got {line!r}, want 81 digits", file=sys.stderr)
            return 1
        answer, elapsed = solve(line, limit, constraints, cost)
        if answer is None:
            print("timeout", flush=True)
        else:
            print(answer, f"{elapsed * 1000:.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

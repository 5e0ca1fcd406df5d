Integer infeasible - objective value 1.00000000
      0 x                    0.5                      -0
      1 y                    0.5                      -0

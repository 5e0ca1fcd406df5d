# Answers, then exits with status 3: a run-time error, whatever it printed.
import sys

print(2906)
sys.exit(3)

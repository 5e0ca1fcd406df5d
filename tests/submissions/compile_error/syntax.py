# An unclosed parenthesis: Python's syntax check refuses it, a compilation error.
print(2906

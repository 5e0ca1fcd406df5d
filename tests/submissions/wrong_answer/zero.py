# Prints 0 whatever the input: a wrong answer on every test.
print(0)

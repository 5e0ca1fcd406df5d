# Prints the right kind of answer in the wrong form: a presentation error.
print("answer: 2852")

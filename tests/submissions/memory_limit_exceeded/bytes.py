# Builds a 1 GiB byte string: over the memory limit.
big = b"\x01" * (1 << 30)
print(len(big))

# The examples' test: the reply must define add(a, b); the gate saves it as solution.py.
from solution import add

assert add(2, 3) == 5, f"add(2, 3) returned {add(2, 3)!r}, expected 5"
assert add(-1, 1) == 0, f"add(-1, 1) returned {add(-1, 1)!r}, expected 0"
print("add: all checks passed")

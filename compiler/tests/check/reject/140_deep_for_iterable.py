# expect: error at line 12: expression is nested too deeply
# A for loop whose iterable nests deeper than the parser allows: one error
# at the nesting, and none for the loop's target (the parser could not read
# the header; the checker used to add "cannot assign to this expression").
from numba import cuda


@cuda.jit("void(float32[::1])")
def deep(a):
    # The iterable below is zip() nested 120 deep.
    total = 0.0
    for x in zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(zip(a)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))):
        total += 1.0
    a[0] = total

# seed 3798, features all, signature void(uint8[::1], float64[::1], bool_[:, ::1])
# CPython folds `~True` to -2 (truthy) before Numba sees it, so `if ~True:`
# always takes its branch; `~` of a bool held in a local is Numba's logical
# not. kernelc's pruning read the literal as NumPy's `~True` (False) while
# its typing read -2: the branch was pruned and the condition true, so the
# kernel lost the branch's assignment (and an `else` ran instead).
from numba import cuda


@cuda.jit
def kern(a0, a1, o0):
    i = cuda.grid(1)
    v2 = a1[i]
    if ~True:
        v2 = 1.5
    b = True
    c = 1
    if ~b:
        c = 0
    if ~~True:
        c = c + 1
    o0[i, 0] = 1 if -9.2e+18 < v2 < 9.2e+18 and c == 2 else 0

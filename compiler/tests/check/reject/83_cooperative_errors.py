# expect: error at line 17: sync() takes no arguments but 1 was given
# expect: error at line 19: a float64 value has no method 'sync' (grid groups, `cuda.cg.this_grid()`, have it)
# expect: error at line 20: cuda.cg.this_grid() takes 0 arguments but 1 was given
# expect: error at line 21: 'cuda.cg.sync_grid' is not supported in kernels
# expect: error at line 22: unsupported operand types for +: GridGroup and int64
# expect: error at line 23: unsupported operand types for +: function(cuda.cg.this_grid) and int64
# expect: error at line 24: an array of type array(float64, 1d, C) has no method 'sync' (grid groups, `cuda.cg.this_grid()`, have it)
# Misuse of cooperative groups: sync() takes no arguments and is a method of
# grid groups only, this_grid() takes none, cg has no other names, a grid
# group is no number, nor is this_grid, a function.
from numba import cuda


@cuda.jit("void(float64[::1])")
def misuse(a):
    g = cuda.cg.this_grid()
    g.sync(1)
    x = a[0]
    x.sync()
    cuda.cg.this_grid(0)
    cuda.cg.sync_grid()
    a[0] = g + 1
    h = cuda.cg.this_grid + 1
    a.sync()

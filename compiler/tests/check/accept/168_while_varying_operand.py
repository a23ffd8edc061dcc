# A `while` condition is tested at entry and on every back edge: an
# `and`/`or` operand reading a local the body assigns is tested each time,
# even where its entry value is known (`n = 1` makes `n > 0` true only at
# the first test). Numba prunes only its entry copy of the test.
from numba import cuda, int64


@cuda.jit("void(int64[::1], int64[::1])")
def countdown_and(result, actions):
    n = 1
    i = 0
    ct = 0
    while n > 0 and i < len(actions):
        n -= 1
        while actions[i]:
            if actions[i]:
                if actions[i]:
                    n += 10
                actions[i] -= 1
            else:
                if actions[i]:
                    n += 20
                actions[i] += 1
            ct += n
        ct += n
    result[0] = ct
    result[1] = n


@cuda.jit("void(int64[::1], int64)")
def countdown_or(result, m):
    n = 0
    k = 5
    steps = 0
    while n < 0 or k > m:
        k -= 1
        steps += 1
    result[0] = steps
    result[1] = k


@cuda.jit("void(int64[::1], int64)")
def stable_operand(result, m):
    # `limit` is not assigned in the body: its entry value holds at every
    # test.
    limit = 3
    i = 0
    while limit > 0 and i < m:
        i += 1
    result[0] = i

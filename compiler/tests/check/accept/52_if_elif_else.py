# if / elif / else chains and nested conditions.
from numba import cuda


@cuda.jit("void(float64[::1], int8[::1])")
def grade(score, letter):
    i = cuda.grid(1)
    if i < score.size:
        s = score[i]
        if s >= 90:
            letter[i] = 65
        elif s >= 80:
            letter[i] = 66
        elif s >= 70:
            letter[i] = 67
        elif s >= 60:
            letter[i] = 68
        else:
            letter[i] = 70


@cuda.jit("void(int32[:, ::1])")
def quadrant(q):
    i, j = cuda.grid(2)
    if i < q.shape[0] and j < q.shape[1]:
        ci = q.shape[0] // 2
        cj = q.shape[1] // 2
        if i < ci:
            if j < cj:
                q[i, j] = 0
            else:
                q[i, j] = 1
        else:
            if j < cj:
                q[i, j] = 2
            else:
                q[i, j] = 3

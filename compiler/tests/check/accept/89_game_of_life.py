# Conway's Game of Life on a torus (modulo wrap-around), uint8 cells.
from numba import cuda


@cuda.jit("void(uint8[:, ::1], uint8[:, ::1])")
def life_step(board, out):
    i, j = cuda.grid(2)
    rows, cols = board.shape
    if i >= rows or j >= cols:
        return
    alive = 0
    for di in range(-1, 2):
        for dj in range(-1, 2):
            if di == 0 and dj == 0:
                continue
            alive += board[(i + di) % rows, (j + dj) % cols]
    cell = board[i, j]
    if cell == 1 and (alive < 2 or alive > 3):
        out[i, j] = 0
    elif cell == 0 and alive == 3:
        out[i, j] = 1
    else:
        out[i, j] = cell

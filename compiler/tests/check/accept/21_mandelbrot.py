# Mandelbrot set: escape-time iteration with while/break, uint8 image.
from numba import cuda


@cuda.jit(device=True)
def mandel(x, y, max_iters):
    c_re = x
    c_im = y
    z_re = 0.0
    z_im = 0.0
    for i in range(max_iters):
        re2 = z_re * z_re
        im2 = z_im * z_im
        if re2 + im2 >= 4.0:
            return i
        z_im = 2.0 * z_re * z_im + c_im
        z_re = re2 - im2 + c_re
    return max_iters


@cuda.jit("void(float64, float64, float64, float64, uint8[:, ::1], int32)")
def mandel_kernel(min_x, max_x, min_y, max_y, image, iters):
    height = image.shape[0]
    width = image.shape[1]
    pixel_size_x = (max_x - min_x) / width
    pixel_size_y = (max_y - min_y) / height
    y, x = cuda.grid(2)
    if x < width and y < height:
        real = min_x + x * pixel_size_x
        imag = min_y + y * pixel_size_y
        image[y, x] = mandel(real, imag, iters)


@cuda.jit("void(float32[:, ::1], int32[:, ::1], int32)")
def mandel_while(coords, out, max_iters):
    i = cuda.grid(1)
    if i >= coords.shape[0]:
        return
    cr = coords[i, 0]
    ci = coords[i, 1]
    zr = float(0)
    zi = float(0)
    n = 0
    while True:
        if n >= max_iters or zr * zr + zi * zi > 4.0:
            break
        zr, zi = zr * zr - zi * zi + cr, 2 * zr * zi + ci
        n += 1
    out[i, 0] = n

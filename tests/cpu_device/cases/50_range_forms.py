"""50: every range() form.  ranges (thread 0 only) sums fixed ranges, fills
every step-th element, increments elements counting down by -step and stores
the total; strided_fill (one thread) writes x[k] = k over range(start, stop,
step), including negative steps and negative indices that wrap around."""
import numpy as np
from harness import Case


def ranges_ref(out, step):
    out = out.copy()
    n = out.size
    s = sum(range(10)) + sum(range(2, 10)) + sum(range(0, 20, 3)) + sum(range(10, 0, -1))
    s += sum(range(n - 1, -1, -2))
    for f in range(0, n, step):
        out[f] = s
    for g in range(n, 0, -step):
        out[g - 1] += 1
    s -= sum(range(5, 10))
    out[0] = s
    return out


def ranges_case(n, step):
    return Case("50_range_forms.py", "ranges", grid=(2,), block=(32,),
                args=lambda rng: [rng.integers(-100, 100, n).astype(np.int64), np.int32(step)],
                expect=lambda a: {0: ranges_ref(a[0], int(a[1]))}, name=f"n{n}_step{step}")


def fill_ref(x, start, stop, step):
    x = x.copy()
    for k in range(start, stop, step):
        x[k] = k
    return x


def fill_case(start, stop, step, name):
    return Case("50_range_forms.py", "strided_fill", grid=(1,), block=(1,),
                args=lambda rng: [np.full(40, -1.5, np.float32), np.int64(start), np.int64(stop), np.int64(step)],
                expect=lambda a: {0: fill_ref(a[0], start, stop, step)}, name=name)


CASES = [
    ranges_case(17, 3),
    ranges_case(17, 1),
    ranges_case(10, 4),
    fill_case(3, 37, 5, "forward"),
    fill_case(39, 2, -3, "backward"),
    fill_case(-7, 0, 2, "negative_indices"),
    fill_case(10, 5, 1, "empty"),
]

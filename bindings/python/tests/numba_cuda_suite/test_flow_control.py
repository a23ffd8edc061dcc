# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_flow_control.py. Upstream: Copyright (c) 2025
# NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.
# Left out: TestCFGraph and TestRealCodeDomFront (they test numba-cuda's
# control-flow graph classes, `numba.cuda.core.controlflow`, not kernels),
# and `try_except_usecase` (unused upstream).

import itertools

import pytest

from kernelc.cuda import jit
from kernelc import types


def for_loop_usecase1(x, y, res1, res2):
    result = 0
    for i in range(x):
        result += i
    res1 = result  # noqa: F841


def for_loop_usecase2(x, y, res1, res2):
    result = 0
    for i, j in enumerate(range(x, y, -1)):
        result += i * j
    res1 = result  # noqa: F841


def for_loop_usecase4(x, y, res1, res2):
    result = 0
    for i in range(10):
        for j in range(10):
            result += 1
    res1 = result  # noqa: F841


def for_loop_usecase5(x, y, res1, res2):
    result = 0
    for i in range(x):
        result += 1
        if result > y:
            break
    res1 = result  # noqa: F841


def for_loop_usecase6(x, y, res1, res2):
    result = 0
    for i in range(x):
        if i > y:
            continue
        result += 1
    res1 = result  # noqa: F841


def for_loop_usecase7(x, y, res1, res2):
    for i in range(x):
        x = 0
        for j in range(x):
            res1 = 1  # noqa: F841
        else:
            pass
    res1 = 0  # noqa: F841


def for_loop_usecase8(x, y, res1, res2):
    result = 0
    for i in range(x, y, y - x + 1):
        result += 1
    res1 = result  # noqa: F841


def for_loop_usecase9(x, y, res1, res2):
    z = 0
    for i in range(x):
        x = 0
        for j in range(x):
            if j == x / 2:
                z += j
                break
        else:
            z += y

    res1 = z  # noqa: F841


def for_loop_usecase10(x, y, res1, res2):
    for i in range(x):
        if i == y:
            z = y
            break
    else:
        z = i * 2
    res1 = z  # noqa: F841


def while_loop_usecase1(x, y, res1, res2):
    result = 0
    i = 0
    while i < x:
        result += i
        i += 1
    res1 = result  # noqa: F841


def while_loop_usecase2(x, y, res1, res2):
    result = 0
    while result != x:
        result += 1
    res1 = result  # noqa: F841


def while_loop_usecase3(x, y, res1, res2):
    result = 0
    i = 0
    j = 0
    while i < x:
        while j < y:
            result += i + j
            i += 1
            j += 1
    res1 = result  # noqa: F841


def while_loop_usecase4(x, y, res1, res2):
    result = 0
    while True:
        result += 1
        if result > x:
            break
    res1 = result  # noqa: F841


def while_loop_usecase5(x, y, res1, res2):
    result = 0
    while result < x:
        if result > y:
            result += 2
            continue
        result += 1
    res1 = result  # noqa: F841


def ifelse_usecase1(x, y, res1, res2):
    if x > 0:
        pass
    elif y > 0:
        pass
    else:
        pass
    res1 = True  # noqa: F841


def ifelse_usecase2(x, y, res1, res2):
    if x > y:
        res1 = 1  # noqa: F841
    elif x == 0 or y == 0:
        res1 = 2  # noqa: F841
    else:
        res1 = 3  # noqa: F841


def ifelse_usecase3(x, y, res1, res2):
    if x > 0:
        if y > 0:
            res1 = 1  # noqa: F841
        elif y < 0:
            res1 = 1  # noqa: F841
        else:
            res1 = 0  # noqa: F841
    elif x < 0:
        res1 = 1  # noqa: F841
    else:
        res1 = 0  # noqa: F841


def ifelse_usecase4(x, y, res1, res2):
    if x == y:
        res1 = 1  # noqa: F841


def ternary_ifelse_usecase1(x, y, res1, res2):
    res1 = True if x > y else False  # noqa: F841


def double_infinite_loop(x, y, res1, res2):
    L = x
    i = y

    while True:
        while True:
            if i == L - 1:
                break
            i += 1
        i += 1
        if i >= L:
            break

    res1 = i  # noqa: F841
    res2 = L  # noqa: F841


def run_test(pyfunc, x_operands, y_operands, res1_operands, res2_operands):
    cfunc = jit((types.intp, types.intp, types.intp, types.intp))(pyfunc)
    for x, y, res1, res2 in itertools.product(
        x_operands, y_operands, res1_operands, res2_operands
    ):
        pyerr = None
        cerr = None
        try:
            pyfunc(x, y, res1, res2)
        except Exception as e:
            pyerr = e

        cres1 = 0
        cres2 = 0
        try:
            cfunc[1, 1](x, y, cres1, cres2)
        except Exception as e:
            if pyerr is None:
                raise
            cerr = e
            assert type(pyerr) == type(cerr)
        else:
            if pyerr is not None:
                pytest.fail(
                    "Invalid for pure-python but numba-cuda works\n" + str(pyerr)
                )
            assert res1 == cres1
            assert res2 == cres2


def test_for_loop1():
    run_test(for_loop_usecase1, [-10, 0, 10], [0], [0], [0])


def test_for_loop1_npm():
    test_for_loop1()


def test_for_loop2():
    run_test(for_loop_usecase2, [-10, 0, 10], [-10, 0, 10], [0], [0])


def test_for_loop2_npm():
    test_for_loop2()


def test_for_loop4():
    run_test(for_loop_usecase4, [10], [10], [0], [0])


def test_for_loop4_npm():
    test_for_loop4()


def test_for_loop5():
    run_test(for_loop_usecase5, [100], [50], [0], [0])


def test_for_loop5_npm():
    test_for_loop5()


def test_for_loop6():
    run_test(for_loop_usecase6, [100], [50], [0], [0])


def test_for_loop6_npm():
    test_for_loop6()


def test_for_loop7():
    run_test(for_loop_usecase7, [5], [0], [0], [0])


def test_for_loop7_npm():
    test_for_loop7()


@pytest.mark.xfail(strict=True, reason="an expected failure upstream (Numba)")
def test_for_loop8():
    run_test(for_loop_usecase8, [0, 1], [0, 2, 10], [0], [0])


@pytest.mark.xfail(strict=True, reason="an expected failure upstream (Numba)")
def test_for_loop8_npm():
    test_for_loop8()


def test_for_loop9():
    run_test(for_loop_usecase9, [0, 1], [0, 2, 10], [0], [0])


def test_for_loop9_npm():
    test_for_loop9()


def test_for_loop10():
    run_test(for_loop_usecase10, [5], [2, 7], [0], [0])


def test_for_loop10_npm():
    test_for_loop10()


def test_while_loop1():
    run_test(while_loop_usecase1, [10], [0], [0], [0])


def test_while_loop1_npm():
    test_while_loop1()


def test_while_loop2():
    run_test(while_loop_usecase2, [10], [0], [0], [0])


def test_while_loop2_npm():
    test_while_loop2()


def test_while_loop3():
    run_test(while_loop_usecase3, [10], [10], [0], [0])


def test_while_loop3_npm():
    test_while_loop3()


def test_while_loop4():
    run_test(while_loop_usecase4, [10], [0], [0], [0])


def test_while_loop4_npm():
    test_while_loop4()


def test_while_loop5():
    run_test(while_loop_usecase5, [0, 5, 10], [0, 5, 10], [0], [0])


def test_while_loop5_npm():
    test_while_loop5()


def test_ifelse1():
    run_test(ifelse_usecase1, [-1, 0, 1], [-1, 0, 1], [0], [0])


def test_ifelse1_npm():
    test_ifelse1()


def test_ifelse2():
    run_test(ifelse_usecase2, [-1, 0, 1], [-1, 0, 1], [0], [0])


def test_ifelse2_npm():
    test_ifelse2()


def test_ifelse3():
    run_test(ifelse_usecase3, [-1, 0, 1], [-1, 0, 1], [0], [0])


def test_ifelse3_npm():
    test_ifelse3()


def test_ifelse4():
    run_test(ifelse_usecase4, [-1, 0, 1], [-1, 0, 1], [0], [0])


def test_ifelse4_npm():
    test_ifelse4()


def test_ternary_ifelse1():
    run_test(
        ternary_ifelse_usecase1,
        [-1, 0, 1],
        [-1, 0, 1],
        [0],
        [0],
    )


def test_ternary_ifelse1_npm():
    test_ternary_ifelse1()


def test_double_infinite_loop():
    run_test(double_infinite_loop, [10], [0], [0], [0])


def test_double_infinite_loop_npm():
    test_double_infinite_loop()

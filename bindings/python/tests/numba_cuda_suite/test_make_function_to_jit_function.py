# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_make_function_to_jit_function.py.
# Upstream: Copyright (c) 2024 NVIDIA CORPORATION & AFFILIATES,
# BSD-2-Clause. The import changed and the unittest scaffolding turned into
# pytest functions; `test_with_overload` and `test_basic_apply_like_case`
# are left out (Numba's `overload` extending API); see README.md.

import numpy as np
import pytest

from kernelc import TypingError, cuda


@cuda.jit
def consumer(func, *args):
    return func(*args)


@cuda.jit
def consumer2arg(func1, func2):
    return func2(func1)


def wrap_with_kernel_noarg(func):
    jitted_func = cuda.jit(func)

    @cuda.jit
    def kernel(out):
        out[0] = jitted_func()

    def runner():
        out = np.zeros(1, dtype=np.int64)
        kernel[1, 1](out)
        return out[0]

    return runner


def wrap_with_kernel_one_arg(func):
    jitted_func = cuda.jit(func)

    @cuda.jit
    def kernel(out, in1):
        out[0] = jitted_func(in1)

    def runner(in1):
        out = np.zeros(1, dtype=np.int64)
        kernel[1, 1](out, in1)
        return out[0]

    return runner


def wrap_with_kernel_two_args(func):
    jitted_func = cuda.jit(func)

    @cuda.jit
    def kernel(out, in1, in2):
        out[0] = jitted_func(in1, in2)

    def runner(in1, in2):
        out = np.zeros(1, dtype=np.int64)
        kernel[1, 1](out, in1, in2)
        return out[0]

    return runner


def wrap_with_kernel_noarg_tuple_return(func):
    jitted_func = cuda.jit(func)

    @cuda.jit
    def kernel(out):
        out[0], out[1], out[2], out[3] = jitted_func()

    def runner():
        out = np.zeros(4, dtype=np.int64)
        kernel[1, 1](out)
        return out[0], out[1], out[2], out[3]

    return runner


_global = 123


def test_escape():
    def impl_factory(consumer_func):
        def impl():
            def inner():
                return 10

            return consumer_func(inner)

        return impl

    cfunc = wrap_with_kernel_noarg(impl_factory(consumer))
    impl = impl_factory(consumer.py_func)

    assert impl() == cfunc()


def test_nested_escape():
    def impl_factory(consumer_func):
        def impl():
            def inner():
                return 10

            def innerinner(x):
                return x()

            return consumer_func(inner, innerinner)

        return impl

    cfunc = wrap_with_kernel_noarg(impl_factory(consumer2arg))
    impl = impl_factory(consumer2arg.py_func)

    assert impl() == cfunc()


def test_closure_in_escaper():
    def impl_factory(consumer_func):
        def impl():
            def callinner():
                def inner():
                    return 10

                return inner()

            return consumer_func(callinner)

        return impl

    cfunc = wrap_with_kernel_noarg(impl_factory(consumer))
    impl = impl_factory(consumer.py_func)

    assert impl() == cfunc()


def test_close_over_consts():
    def impl_factory(consumer_func):
        def impl():
            y = 10

            def callinner(z):
                return y + z + _global

            return consumer_func(callinner, 6)

        return impl

    cfunc = wrap_with_kernel_noarg(impl_factory(consumer))
    impl = impl_factory(consumer.py_func)

    assert impl() == cfunc()


def test_close_over_consts_w_args():
    def impl_factory(consumer_func):
        def impl(x):
            y = 10

            def callinner(z):
                return y + z + _global

            return consumer_func(callinner, x)

        return impl

    cfunc = wrap_with_kernel_one_arg(impl_factory(consumer))
    impl = impl_factory(consumer.py_func)

    a = 5
    assert impl(a) == cfunc(a)


def test_multiply_defined_freevar():
    def impl(c):
        if c:
            x = 3

            def inner(y):
                return y + x

            r = consumer(inner, 1)
        else:
            x = 6

            def inner(y):
                return y + x

            r = consumer(inner, 2)
        return r

    with pytest.raises(TypingError) as e:
        cuda.jit("void(int64)")(impl)

    assert "Cannot capture a constant value for variable" in str(e.value)


def test_non_const_in_escapee():
    def impl(x):
        z = np.arange(x)

        def inner(val):
            return 1 + z + val  # z is non-const freevar

        return consumer(inner, x)

    with pytest.raises(TypingError) as e:
        cuda.jit("void(int64)")(impl)

    assert "Cannot capture the non-constant value associated" in str(e.value)


def test_escape_with_kwargs():
    def impl_factory(consumer_func):
        def impl():
            t = 12

            def inner(a, b, c, mydefault1=123, mydefault2=456):
                z = 4
                return mydefault1 + mydefault2 + z + t + a + b + c

            # this is awkward, top and tail closure inlining with a escapees
            # in the middle that do/don't have defaults.
            return (
                inner(1, 2, 5, 91, 53),
                consumer_func(inner, 1, 2, 3, 73),
                consumer_func(
                    inner,
                    1,
                    2,
                    3,
                ),
                inner(1, 2, 4),
            )

        return impl

    cfunc = wrap_with_kernel_noarg_tuple_return(impl_factory(consumer))
    impl = impl_factory(consumer.py_func)

    np.testing.assert_allclose(impl(), cfunc())


def test_escape_with_kwargs_override_kwargs():
    @cuda.jit
    def specialised_consumer(func, *args):
        x, y, z = args  # unpack to avoid `CALL_FUNCTION_EX`
        a = func(x, y, z, mydefault1=1000)
        b = func(x, y, z, mydefault2=1000)
        c = func(x, y, z, mydefault1=1000, mydefault2=1000)
        return a + b + c

    def impl_factory(consumer_func):
        def impl():
            t = 12

            def inner(a, b, c, mydefault1=123, mydefault2=456):
                z = 4
                return mydefault1 + mydefault2 + z + t + a + b + c

            # this is awkward, top and tail closure inlining with a escapees
            # in the middle that get defaults specified in the consumer
            return (
                inner(1, 2, 5, 91, 53),
                consumer_func(inner, 1, 2, 11),
                consumer_func(
                    inner,
                    1,
                    2,
                    3,
                ),
                inner(1, 2, 4),
            )

        return impl

    cfunc = wrap_with_kernel_noarg_tuple_return(
        impl_factory(specialised_consumer)
    )
    impl = impl_factory(specialised_consumer.py_func)

    np.testing.assert_allclose(impl(), cfunc())

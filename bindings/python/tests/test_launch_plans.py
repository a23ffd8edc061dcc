"""Launch plans (``kernelc._launch``), the fast path of a launch: after a
launch, the next with arguments of the same Python types runs the plan;
it writes the same ``kc_arg`` bytes as the general path, and steps aside
for the general path (its typing, overload choice, copies and errors) on
anything it was not made for."""

import ctypes
import os
import signal
import threading
import time

import numpy as np
import pytest

import kernelc
from kernelc import _device_api, _runtime, cuda


@cuda.jit
def store(out, x):
    if cuda.grid(1) == 0:
        out[0] = x


@cuda.jit
def add(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]


@cuda.jit
def add2d(a, out):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        out[i, j] = a[i, j] + 1


def forget_plans(kernel):
    kernel._plans.clear()
    kernel._plans_made.clear()


def plan_for(kernel, args):
    """The newest plan for arguments of these Python types."""
    return kernel._plans.get(tuple(map(type, args)), (None,))[0]


def launch_twice_and_compare(kernel, args, config=(1, 32)):
    """Launches through the general path, then the plan; both must write
    the same kc_arg array."""
    forget_plans(kernel)
    kernel[config](*args)
    plan = plan_for(kernel, args)
    assert plan is not None, "no plan made"
    ov = kernel._overload_for(args)
    size = ctypes.sizeof(_device_api.kc_arg) * len(args)
    general = bytes(ov._marshal.argv)[:size]
    assert plan.launch(args, kernel[config]) is True
    assert bytes(plan.argv)[:size] == general


SCALARS = [1.5, -0.0, 7, -(2**63), 2**63 - 1, True, False, 1 - 2j, np.float32(2.5), np.float16(3),
           np.int8(-5), np.uint8(250), np.int32(-7), np.uint64(2**64 - 1), np.bool_(True),
           np.complex64(1 + 2j), np.float64(0.25)]


@pytest.mark.parametrize("x", SCALARS, ids=[f"{type(x).__name__}({x})" for x in SCALARS])
def test_scalars_are_written_as_the_general_path_writes_them(x):
    out = cuda.device_array(1, np.complex128 if np.iscomplexobj(x) else np.float64)
    launch_twice_and_compare(store, (out, x))


def host_arrays():
    a = np.arange(12.0).reshape(3, 4)
    ro = np.arange(12.0).reshape(3, 4)
    ro.flags.writeable = False
    return {
        "C": (a, np.ones((3, 4))),
        "F": (np.asfortranarray(a), np.ones((3, 4), order="F")),
        "A": (a[:, ::2], np.ones((3, 2))),
        "reversed": (a[::-1, ::-1], np.ones((3, 4))),
        "read-only input": (ro, np.ones((3, 4))),
        "empty": (np.ones((0, 4)), np.ones((0, 4))),
    }


@pytest.mark.parametrize("name", list(host_arrays()))
def test_arrays_are_written_as_the_general_path_writes_them(name):
    a, out = host_arrays()[name]
    launch_twice_and_compare(add2d, (a, out), ((1, 1), (4, 4)))
    np.testing.assert_array_equal(out, a + 1)
    d_a, d_out = cuda.to_device(a), cuda.to_device(out)
    launch_twice_and_compare(add2d, (d_a, d_out), ((1, 1), (4, 4)))
    np.testing.assert_array_equal(d_out.copy_to_host(), a + 1)
    if a.size:
        view = cuda.to_device(np.arange(24.0).reshape(3, 8))[:, ::2]
        launch_twice_and_compare(add2d, (view, d_out), ((1, 1), (4, 4)))


@cuda.jit
def add4d(a, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for j in range(out.shape[1]):
            for k in range(out.shape[2]):
                for m in range(out.shape[3]):
                    out[i, j, k, m] = a[i, j, k, m] + 1


@pytest.mark.parametrize("order", ["C", "F", "A"])
def test_four_d_arrays_are_written_as_the_general_path_writes_them(order):
    a = np.arange(2 * 3 * 4 * 5.0).reshape(2, 3, 4, 5)
    a = {"C": a, "F": np.asfortranarray(a), "A": a[:, ::-1, 1:, ::2]}[order]
    out = np.zeros(a.shape)
    launch_twice_and_compare(add4d, (a, out))
    np.testing.assert_array_equal(out, a + 1)
    d_out = cuda.to_device(out)
    launch_twice_and_compare(add4d, (cuda.to_device(a), d_out))
    np.testing.assert_array_equal(d_out.copy_to_host(), a + 1)


def test_records_are_written_as_the_general_path_writes_them():
    rec = np.dtype([("x", np.float32), ("y", np.int32)], align=True)

    @cuda.jit
    def bump(r):
        i = cuda.grid(1)
        if i < r.size:
            r[i].x += 1

    a = np.zeros(3, rec)
    launch_twice_and_compare(bump, (a,))
    launch_twice_and_compare(bump, (cuda.to_device(a),))


def test_a_plan_launches_and_is_reused():
    a, b = np.arange(8.0), np.ones(8)
    d_a, d_b, d_out = cuda.to_device(a), cuda.to_device(b), cuda.device_array(8)
    forget_plans(add)
    add[1, 8](d_a, d_b, d_out)
    plan = plan_for(add, (d_a, d_b, d_out))
    assert plan is not None
    for k in range(3):  # other arrays of the same types: the same plan
        d_x = cuda.to_device(a * k)
        add[1, 8](d_x, d_b, d_out)
        np.testing.assert_array_equal(d_out.copy_to_host(), a * k + 1)
    assert plan_for(add, (d_a, d_b, d_out)) is plan
    assert "def launch(args" in plan.source


def test_other_types_of_the_same_python_type_take_the_general_path():
    out = np.zeros(8)
    forget_plans(add)
    add[1, 8](np.arange(8.0), np.ones(8), out)
    # float32 input arrays: another specialisation, compiled now.
    add[1, 8](np.arange(8, dtype=np.float32), np.ones(8, np.float32), out)
    np.testing.assert_array_equal(out, np.arange(8) + 1)
    # A 2-D array where the plan has 1-D: the general path's error.
    with pytest.raises(kernelc.KernelcError):
        add[1, 8](np.ones((2, 4)), np.ones(8), out)
    # F where the plan had C (2-D): a new specialisation.
    forget_plans(add2d)
    o = np.zeros((3, 4))
    add2d[(1, 1), (4, 4)](np.ones((3, 4)), o)
    add2d[(1, 1), (4, 4)](np.ones((3, 4), order="F"), o)
    assert {t[0].layout for t in add2d.overloads} >= {"C", "F"}
    np.testing.assert_array_equal(o, 2)


def test_a_python_int_beyond_int64_is_typed_uint64():
    out = cuda.device_array(1, np.uint64)
    forget_plans(store)
    store[1, 1](out, 5)
    store[1, 1](out, 2**64 - 1)  # the plan for (DeviceNDArray, int) steps aside
    assert out.copy_to_host()[0] == 2**64 - 1
    assert any(str(t[1]) == "uint64" for t in store.overloads)
    with pytest.raises(ValueError, match="too large"):
        store[1, 1](out, 2**64)


def test_arrays_of_two_dtypes_taking_turns_keep_a_plan_each():
    forget_plans(store)
    out32, out64 = cuda.device_array(1, np.float32), cuda.device_array(1, np.float64)
    for x in (1.0, 2.0):
        store[1, 1](out32, x)
        store[1, 1](out64, x)
    plans = store._plans[(type(out32), float)]
    assert len(plans) == 2
    for x in (3.0, 4.0, 5.0):
        store[1, 1](out32, x)
        store[1, 1](out64, x)
        assert store._plans[(type(out32), float)] == plans  # no new plans
    assert out32.copy_to_host()[0] == out64.copy_to_host()[0] == 5.0


def test_more_kinds_taking_turns_than_plans_kept():
    from kernelc import _dispatcher

    forget_plans(store)
    dtypes = [np.float32, np.float64, np.int32, np.int64, np.uint32, np.uint64, np.int16,
              np.uint16, np.int8, np.uint8]
    outs = [cuda.device_array(1, dt) for dt in dtypes]
    key = (type(outs[0]), int)
    for k in range(12):  # past the number of plans made per key
        for out in outs:
            store[1, 1](out, k)
        assert len(store._plans[key]) <= _dispatcher._PLANS_PER_KEY
        assert all(out.copy_to_host()[0] == k for out in outs)
    assert store._plans_made[key] == _dispatcher._PLANS_MADE_PER_KEY


def test_no_plan_for_arguments_a_plan_would_refuse():
    out = cuda.device_array(1, np.uint64)
    forget_plans(store)
    store[1, 1](out, 2**64 - 1)
    assert plan_for(store, (out, 0)) is None
    store[1, 1](out, 1)
    plans = store._plans[(type(out), int)]
    store[1, 1](out, 2**63)
    assert store._plans[(type(out), int)] == plans
    assert out.copy_to_host()[0] == 2**63
    forget_plans(add)
    misaligned = np.zeros(4 * 8 + 1, np.uint8)[1:].view(np.float64)
    add[1, 4](np.ones(4), np.ones(4), misaligned)
    assert plan_for(add, (misaligned, misaligned, misaligned)) is None
    np.testing.assert_array_equal(misaligned, 2)


def test_read_only_arrays_the_kernel_writes_are_refused_after_a_plan():
    forget_plans(add)
    out = np.zeros(4)
    add[1, 4](np.ones(4), np.ones(4), out)
    ro = np.zeros(4)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        add[1, 4](np.ones(4), np.ones(4), ro)
    # A device array that says it is read-only (a read-only
    # __cuda_array_interface__), where the plan was made with a writeable one.
    d_out = cuda.device_array(4)
    add[1, 4](cuda.to_device(np.ones(4)), cuda.to_device(np.ones(4)), d_out)

    class ReadOnly:
        def __init__(self, d):
            cai = dict(d.__cuda_array_interface__)
            cai["data"] = (cai["data"][0], True)
            self.__cuda_array_interface__ = cai

    view = cuda.as_cuda_array(ReadOnly(d_out))
    assert type(view) is type(d_out) and view._readonly
    with pytest.raises(ValueError, match="read-only"):
        add[1, 4](cuda.to_device(np.ones(4)), cuda.to_device(np.ones(4)), view)


def test_misaligned_and_byte_swapped_host_arrays_are_copied_by_the_general_path():
    forget_plans(add)
    out = np.zeros(4)
    add[1, 4](np.ones(4), np.ones(4), out)
    raw = np.zeros(4 * 8 + 1, np.uint8)
    misaligned = raw[1:].view(np.float64)
    assert not misaligned.flags.aligned
    add[1, 4](np.arange(4.0), np.ones(4), misaligned)
    np.testing.assert_array_equal(misaligned, np.arange(4.0) + 1)
    swapped = np.zeros(4, ">f8")
    add[1, 4](np.arange(4.0), np.ones(4), swapped)
    np.testing.assert_array_equal(swapped, np.arange(4.0) + 1)


def test_explicit_signatures_keep_numbas_choice_when_one_is_added():
    @cuda.jit("void(float64[::1], float32)")
    def put(out, x):
        out[0] = x

    out = np.zeros(1)
    put[1, 1](out, 0.1)
    put[1, 1](out, 0.1)  # the plan: the float32 overload, as Numba chooses
    assert out[0] == np.float64(np.float32(0.1))
    put.compile("void(float64[::1], float64)")  # now an exact match exists
    put[1, 1](out, 0.1)
    assert out[0] == 0.1


def test_a_new_current_device_is_not_launched_through_an_old_plan(monkeypatch):
    out = cuda.device_array(1)
    forget_plans(store)
    store[1, 1](out, 1.0)
    plan = plan_for(store, (out, 1.0))
    generation = _runtime.generation
    cuda.select_device(cuda.get_current_device().id)  # the same device: plans stay
    assert _runtime.generation == generation
    assert plan.launch((out, 2.0), store[1, 1]) is True
    # What select_device (another device), close and fork do:
    monkeypatch.setattr(_runtime, "generation", generation + 1)
    assert plan.launch((out, 2.0), store[1, 1]) is False
    store[1, 1](out, 3.0)  # the general path, then a new plan
    assert out.copy_to_host()[0] == 3.0
    assert plan_for(store, (out, 1.0)) is not plan
    assert store._plans[(type(out), float)] == (plan_for(store, (out, 1.0)),)  # the old one dropped


def test_streams_and_dynamic_shared_memory():
    s = cuda.stream()
    d_a, d_b, d_out = (cuda.to_device(np.arange(8.0)) for _ in range(3))
    for _ in range(3):
        add[1, 8, s, 16](d_a, d_b, d_out)
    s.synchronize()
    np.testing.assert_array_equal(d_out.copy_to_host(), 2 * np.arange(8.0))
    with pytest.raises(TypeError, match="not a kernelc stream"):
        add[1, 8, object(), 0](d_a, d_b, d_out)


def test_launch_errors_name_the_line_through_a_plan():
    @cuda.jit
    def oob(a, i):
        a[i] = 1.0

    d = cuda.device_array(4)
    oob[1, 1](d, 0)
    if not cuda.get_current_device().is_cpu:
        return
    with pytest.raises(kernelc.LaunchError, match=r"test_launch_plans\.py:\d+"):
        oob[1, 1](d, 1000)


def test_threads_launch_through_one_plan():
    forget_plans(add)
    n = 64
    errors = []

    def work(k):
        try:
            d_a = cuda.to_device(np.full(n, float(k)))
            d_out = cuda.device_array(n)
            for _ in range(50):
                add[1, n](d_a, d_a, d_out)
                got = d_out.copy_to_host()
                if not (got == 2 * k).all():
                    errors.append((k, got[:4]))
                    return
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


@cuda.jit("void(int64, int64[::1])")
def spin(forever, a):
    i = cuda.grid(1)
    if forever != 0:
        while a[0] >= 0:
            a[0] += 1
    elif i < a.size:
        a[i] = 2 * i


@pytest.mark.skipif(os.name != "posix", reason="SIGINT wiring is POSIX only")
def test_ctrl_c_interrupts_a_launch_through_a_plan():
    if not cuda.get_current_device().is_cpu:
        pytest.skip("stopping a launch needs the CPU device")
    cuda.set_launch_timeout(30)  # a safety net
    # Python's own Ctrl-C handler: a run started in the background (`cmd &`)
    # inherits SIGINT ignored, and Python then installs none.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        d = cuda.to_device(np.zeros(64, np.int64))
        spin[2, 32](0, d)
        assert plan_for(spin, (0, d)) is not None
        timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
        start = time.monotonic()
        timer.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                spin[2, 32](1, d)
        finally:
            timer.cancel()
        assert time.monotonic() - start < 2.5
        spin[2, 32](0, d)
        np.testing.assert_array_equal(d.copy_to_host(), 2 * np.arange(64))
    finally:
        signal.signal(signal.SIGINT, previous)
        cuda.set_launch_timeout(None)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT wiring is POSIX only")
def test_a_wakeup_fd_set_before_a_planned_launch_is_kept_and_told():
    # A plan's launch leaves Python's wakeup fd (asyncio sets one) alone:
    # Python's handler, which the C API runs first, writes to it as always.
    if not cuda.get_current_device().is_cpu:
        pytest.skip("stopping a launch needs the CPU device")
    cuda.set_launch_timeout(30)  # a safety net
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    r, w = os.pipe()
    os.set_blocking(w, False)
    os.set_blocking(r, False)
    before = signal.set_wakeup_fd(w)
    try:
        d = cuda.to_device(np.zeros(64, np.int64))
        spin[2, 32](0, d)
        assert plan_for(spin, (0, d)) is not None
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                spin[2, 32](1, d)
        finally:
            timer.cancel()
        assert bytes([signal.SIGINT]) in os.read(r, 64)
        spin[2, 32](0, d)
        assert signal.set_wakeup_fd(w) == w
    finally:
        signal.set_wakeup_fd(before)
        signal.signal(signal.SIGINT, previous)
        cuda.set_launch_timeout(None)
        os.close(r)
        os.close(w)


def test_a_planned_launch_of_a_host_array_warns_once_at_the_callers_line(monkeypatch):
    import warnings

    from kernelc.errors import NumbaPerformanceWarning, performance_warning_class

    monkeypatch.setattr(cuda.config, "CUDA_LOW_OCCUPANCY_WARNINGS", 0)
    monkeypatch.setattr(cuda.config, "CUDA_WARN_ON_IMPLICIT_COPY", 1)
    forget_plans(store)
    out = np.zeros(1)
    for value in (1.0, 2.0):  # the general path, then the plan
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            store[1, 1](out, value)
        assert [w.category for w in caught] == [performance_warning_class()]
        assert caught[0].filename == __file__
        assert out[0] == value
    assert plan_for(store, (out, 1.0)) is not None
    # An error filter stops the launch before anything runs.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(NumbaPerformanceWarning):
            store[1, 1](out, 3.0)
    assert out[0] == 2.0


@pytest.mark.skipif(os.name != "posix", reason="SIGINT wiring is POSIX only")
def test_a_handler_installed_after_planned_launches_runs_and_the_launch_stops():
    # signal.signal replaces libkernelc's SIGINT handler, which the next
    # planned launch puts in front of the new one again.
    if not cuda.get_current_device().is_cpu:
        pytest.skip("stopping a launch needs the CPU device")
    cuda.set_launch_timeout(30)  # a safety net
    d = cuda.to_device(np.zeros(64, np.int64))
    spin[2, 32](0, d)
    spin[2, 32](0, d)
    assert plan_for(spin, (0, d)) is not None
    seen = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: seen.append(signum))
    try:
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        try:
            with pytest.raises(kernelc.LaunchInterrupted):
                spin[2, 32](1, d)
        finally:
            timer.cancel()
    finally:
        signal.signal(signal.SIGINT, previous)
        cuda.set_launch_timeout(None)
    assert seen == [signal.SIGINT]
    spin[2, 32](0, d)
    np.testing.assert_array_equal(d.copy_to_host(), 2 * np.arange(64))

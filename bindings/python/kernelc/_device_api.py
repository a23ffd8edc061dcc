"""Prototypes of libkernelc's device side: devices, buffers, loaded modules,
launches with tagged arguments, streams and events."""

from ctypes import (
    POINTER, Structure, Union, c_bool, c_char_p, c_double, c_float, c_int, c_int64,
    c_size_t, c_uint8, c_uint32, c_uint64, c_void_p,
)

KC_DEVICE_AUTO = 0
KC_DEVICE_CPU = 1
KC_DEVICE_GPU = 2

KC_ARG_SCALAR = 1
KC_ARG_BUFFER = 2
KC_ARG_HOST = 3
KC_ARG_DEVICE_PTR = 4

KC_HOST_MEMORY_MAPPED = 1
KC_HOST_MEMORY_MANAGED = 2

#: The most dimensions of an array argument (kc_arg's shape and strides).
KC_MAX_NDIM = 8

KC_ARG_C_CONTIGUOUS = 1
KC_ARG_F_CONTIGUOUS = 2


class kc_device_properties(Structure):
    _fields_ = [
        ("kind", c_uint32),
        ("name", c_char_p),
        ("arch", c_uint32),
        ("max_threads_per_block", c_uint32),
        ("max_block_dim", c_uint32 * 3),
        ("max_grid_dim", c_uint32 * 3),
        ("max_shared_bytes_per_block", c_uint32),
        ("warp_size", c_uint32),
        ("workers", c_uint32),
    ]


class kc_kernel_attributes(Structure):
    _fields_ = [
        ("registers_per_thread", c_uint32),
        ("max_threads_per_block", c_uint32),
        ("shared_bytes", c_uint64),
        ("const_bytes", c_uint64),
        ("local_bytes_per_thread", c_uint64),
    ]


class kc_dim3(Structure):
    _fields_ = [("x", c_uint32), ("y", c_uint32), ("z", c_uint32)]


class kc_scalar(Union):
    _fields_ = [("i", c_int64), ("u", c_uint64), ("f", c_double), ("c", c_double * 2)]


class kc_arg(Structure):
    _fields_ = [
        ("kind", c_uint32),
        ("dtype", c_uint32),
        ("value", kc_scalar),
        ("buffer", c_void_p),
        ("offset", c_size_t),
        ("host", c_void_p),
        ("host_bytes", c_size_t),
        ("address", c_uint64),
        ("ndim", c_uint32),
        ("flags", c_uint32),
        ("shape", c_int64 * KC_MAX_NDIM),
        ("strides", c_int64 * KC_MAX_NDIM),
    ]


class kc_launch_request(Structure):
    _fields_ = [
        ("loaded", c_void_p),
        ("kernel", c_char_p),
        ("grid", kc_dim3),
        ("block", kc_dim3),
        ("shared_bytes", c_uint32),
        ("stream", c_void_p),
        ("args", POINTER(kc_arg)),
        ("num_args", c_size_t),
    ]


_P = POINTER
_s = c_int

PROTOTYPES = {
    "kc_device_options_new": (_s, [_P(c_void_p)]),
    "kc_device_options_free": (None, [c_void_p]),
    "kc_device_options_set_workers": (_s, [c_void_p, c_size_t]),
    "kc_device_options_set_check": (_s, [c_void_p, c_bool]),
    "kc_device_options_set_ordinal": (_s, [c_void_p, c_uint32]),
    "kc_device_count": (_s, [c_uint32, _P(c_size_t)]),
    "kc_device_open": (_s, [c_uint32, c_void_p, _P(c_void_p)]),
    "kc_device_free": (None, [c_void_p]),
    "kc_device_get_properties": (_s, [c_void_p, _P(kc_device_properties)]),
    "kc_device_synchronize": (_s, [c_void_p]),
    "kc_device_memory_info": (_s, [c_void_p, _P(c_uint64), _P(c_uint64)]),
    "kc_device_interrupt": (_s, [c_void_p]),
    "kc_device_set_timeout": (_s, [c_void_p, c_double]),
    "kc_buffer_alloc": (_s, [c_void_p, c_size_t, _P(c_void_p)]),
    "kc_buffer_alloc_host_visible": (_s, [c_void_p, c_size_t, c_uint32, _P(c_void_p)]),
    "kc_buffer_host_pointer": (_s, [c_void_p, _P(c_void_p)]),
    "kc_buffer_free": (None, [c_void_p]),
    "kc_buffer_size": (_s, [c_void_p, _P(c_size_t)]),
    "kc_buffer_address": (_s, [c_void_p, _P(c_uint64)]),
    "kc_buffer_write": (_s, [c_void_p, c_size_t, c_void_p, c_size_t, c_void_p]),
    "kc_buffer_read": (_s, [c_void_p, c_size_t, c_void_p, c_size_t, c_void_p]),
    "kc_buffer_fill": (_s, [c_void_p, c_size_t, c_uint8, c_size_t, c_void_p]),
    "kc_buffer_copy": (_s, [c_void_p, c_size_t, c_void_p, c_size_t, c_size_t, c_void_p]),
    "kc_module_load": (_s, [c_void_p, c_void_p, _P(c_void_p)]),
    "kc_module_load_linked": (_s, [c_void_p, c_void_p, _P(c_char_p), c_size_t, _P(c_void_p)]),
    "kc_loaded_module_free": (None, [c_void_p]),
    "kc_loaded_module_set_const_array": (_s, [c_void_p, c_char_p, c_void_p, c_size_t]),
    "kc_loaded_module_kernel_cooperative": (_s, [c_void_p, c_char_p, _P(c_bool)]),
    "kc_loaded_module_kernel_attributes": (_s, [c_void_p, c_char_p, _P(kc_kernel_attributes)]),
    "kc_loaded_module_set_shared_memory_carveout": (_s, [c_void_p, c_char_p, c_int]),
    "kc_loaded_module_max_cooperative_blocks": (
        _s,
        [c_void_p, c_char_p, c_uint32, c_uint32, _P(c_uint64)],
    ),
    "kc_launch": (_s, [c_void_p, c_char_p, kc_dim3, kc_dim3, c_uint32, c_void_p, _P(kc_arg), c_size_t]),
    "kc_launch_packed": (_s, [_P(kc_launch_request), c_int]),
    "kc_stream_new": (_s, [c_void_p, _P(c_void_p)]),
    "kc_stream_free": (None, [c_void_p]),
    "kc_stream_synchronize": (_s, [c_void_p]),
    "kc_stream_wrap": (_s, [c_void_p, c_uint64, _P(c_void_p)]),
    "kc_stream_handle": (_s, [c_void_p, _P(c_uint64)]),
    "kc_event_new": (_s, [c_void_p, _P(c_void_p)]),
    "kc_event_free": (None, [c_void_p]),
    "kc_event_record": (_s, [c_void_p, c_void_p]),
    "kc_event_synchronize": (_s, [c_void_p]),
    "kc_event_query": (_s, [c_void_p, _P(c_bool)]),
    "kc_event_elapsed_ms": (_s, [c_void_p, c_void_p, _P(c_float)]),
}


def declare(lib):
    for name, (res, args) in PROTOTYPES.items():
        try:
            f = getattr(lib, name)
        except AttributeError:
            continue
        f.restype = res
        f.argtypes = args

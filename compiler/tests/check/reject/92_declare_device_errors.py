# expect: error at line 16: invalid signature: expected ')', the signature ends too early
# expect: error at line 17: the return type must be given for device declarations
# expect: error at line 18: declared device functions take scalars and pointers and return scalars in kernelc, not an array, a complex64 value
# expect: error at line 19: '3d' is not a name a linked function can have
# expect: error at line 20: unsupported ABI: `abi` is "numba" or "c"
# expect: error at line 21: cuda.declare_device() needs the function's name and signature
# expect: error at line 27: 'ok' takes 2 arguments but 1 was given
# expect: error at line 28: 'ok' takes 2 arguments but 3 were given
# expect: error at line 29: 'ok' takes float32 here, not a complex64 value
# expect: error at line 30: 'ok' is a declared device function: pass its arguments by position
# expect: error at line 31: 'ok' is a declared device function: it can be called, not used as a value
# expect: error at line 32: name 'undeclared' is not defined
# expect: error at line 33: `cuda.declare_device` declares a function at the top level of the file
from numba import cuda

bad_sig = cuda.declare_device("f1", "float32(float32")
no_ret = cuda.declare_device("f2", "(float32,)")
arr = cuda.declare_device("f3", "float32(float32[:], complex64)")
bad_name = cuda.declare_device("3d", "int32(int32)")
bad_abi = cuda.declare_device("f4", "int32(int32)", abi="cpp")
missing = cuda.declare_device("f5")
ok = cuda.declare_device("ok_f", "float32(float32, int32)")


@cuda.jit("void(float32[::1], complex64[::1])")
def k(x, z):
    x[0] = ok(x[1])
    x[1] = ok(x[0], 1, 2)
    x[2] = ok(z[0], 1)
    x[3] = ok(x[0], n=1)
    f = ok
    x[4] = undeclared(x[0])
    g = cuda.declare_device("h", "int32(int32)")
    x[5] = bad_sig(x[0])

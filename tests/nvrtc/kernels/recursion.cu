// Recursion NVRTC keeps as calls: a doubly recursive Fibonacci (no tail
// call to turn into a loop), and a function whose local array's address
// is passed down to the next call (the array lives in the call's stack
// frame, `__local_depot`, which every activation has its own of), each
// lane recursing to its own depth.

__noinline__ __device__ long long fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

__noinline__ __device__ void nest(volatile int *parent, int n)
{
    volatile int mine[2];
    mine[0] = n;
    mine[1] = 0;
    if (n > 0)
        nest(mine, n - 1);
    parent[1] = mine[0] + mine[1];
}

extern "C" __global__ void recursion(const int *x, long long *fibs, int *sums, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        fibs[i] = fib(x[i] % 20);
        volatile int top[2] = {0, 0};
        nest(top, x[i] % 12);
        sums[i] = top[1];
    }
}

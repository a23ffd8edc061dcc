//! The grid-wide barrier of cooperative groups (`cuda.cg.this_grid().sync()`),
//! written in PTX: numba-cuda links `cudaCGSynchronize` from libcudadevrt,
//! which kernelc (no CUDA toolkit) cannot, so the module carries its own.
//!
//! The barrier is one 32-bit counter in global memory,
//! `__kc_grid_barrier` (zero when the module is loaded), and the
//! algorithm of CUDA's own grid groups: after a block barrier, thread 0 of
//! every block arrives with one atomic add, block (0, 0, 0) adding
//! `0x80000000 - (blocks - 1)` and every other block 1, so that the adds of
//! one barrier sum to `0x80000000`: bit 31 of the counter flips exactly
//! when the last block arrives, and its low 31 bits are back where they
//! were (zero), ready for the next barrier without a reset. Each arriving
//! thread waits until bit 31 differs from the value its own add returned,
//! then a block barrier releases the block's other threads.
//!
//! Memory model (PTX ISA, "Memory Consistency Model"): `bar.sync` orders
//! every thread's earlier accesses before thread 0's arrival (CTA scope);
//! `membar.gl` (`fence.sc.gpu` on sm_70 and later) then the atomic add is a
//! release pattern at GPU scope; the volatile load (a strong relaxed load at
//! system scope) that sees the flip, then `membar.gl`, is an acquire
//! pattern; the add that flips the bit reads every other block's add (the
//! adds form one read-modify-write chain, which observation order follows),
//! so every block's release synchronises with every block's acquire, and
//! the closing `bar.sync` extends that to the block's other threads.
//!
//! The counter is the module's: two cooperative launches of one module
//! running at once (on two streams) would share it, as they would share any
//! module variable. A launch the CPU device stops half-way leaves it
//! mid-barrier, so the runtime zeroes it before every cooperative launch on
//! the CPU device (a GPU context that faulted is lost with its modules).
//! On sm_70 and later the waiting thread sleeps briefly between polls
//! (`nanosleep`), which spares memory bandwidth on a GPU and lets the CPU
//! device yield to the blocks that have yet to arrive.

use crate::ptx::target::Target;
use std::fmt::Write;

/// The counter's symbol.
pub const BARRIER_SYMBOL: &str = "__kc_grid_barrier";

/// The barrier function's symbol.
pub const SYNC_FUNCTION: &str = "__kc_grid_sync";

/// The module-scope declarations of the grid barrier: its counter and the
/// function every `grid_sync` calls.
pub fn text(target: Target) -> String {
    let sleep = if target.sm >= 70 {
        "\tnanosleep.u32 \t32;\n"
    } else {
        ""
    };
    let mut out = String::with_capacity(1200);
    let _ = write!(
        out,
        "\
.global .align 4 .u32 {BARRIER_SYMBOL};

.func {SYNC_FUNCTION}()
{{
\t.reg .pred \t%p<4>;
\t.reg .b32 \t%r<12>;
\t.reg .b64 \t%rd<2>;

\tbar.sync \t0;
\tmov.u32 \t%r1, %tid.x;
\tmov.u32 \t%r2, %tid.y;
\tor.b32 \t%r1, %r1, %r2;
\tmov.u32 \t%r2, %tid.z;
\tor.b32 \t%r1, %r1, %r2;
\tsetp.ne.u32 \t%p1, %r1, 0;
\t@%p1 bra \t$L__grid_sync_release;
\tmov.u32 \t%r3, %nctaid.x;
\tmov.u32 \t%r4, %nctaid.y;
\tmul.lo.u32 \t%r3, %r3, %r4;
\tmov.u32 \t%r4, %nctaid.z;
\tmul.lo.u32 \t%r3, %r3, %r4;
\tmov.u32 \t%r5, %ctaid.x;
\tmov.u32 \t%r6, %ctaid.y;
\tor.b32 \t%r5, %r5, %r6;
\tmov.u32 \t%r6, %ctaid.z;
\tor.b32 \t%r5, %r5, %r6;
\tsetp.eq.u32 \t%p2, %r5, 0;
\tmov.u32 \t%r7, 0x80000001;
\tsub.u32 \t%r7, %r7, %r3;
\tselp.b32 \t%r7, %r7, 1, %p2;
\tmov.u64 \t%rd1, {BARRIER_SYMBOL};
\tmembar.gl;
\tatom.global.add.u32 \t%r8, [%rd1], %r7;
$L__grid_sync_wait:
\tld.volatile.global.u32 \t%r9, [%rd1];
\txor.b32 \t%r10, %r9, %r8;
\tsetp.lt.s32 \t%p3, %r10, 0;
\t@%p3 bra \t$L__grid_sync_arrived;
{sleep}\tbra.uni \t$L__grid_sync_wait;
$L__grid_sync_arrived:
\tmembar.gl;
$L__grid_sync_release:
\tbar.sync \t0;
\tret;
}}

"
    );
    out
}

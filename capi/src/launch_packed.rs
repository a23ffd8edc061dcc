//! `kc_launch_packed`: `kc_launch` with its arguments in one struct, for
//! callers whose per-call cost is the call itself (a Python binding through
//! ctypes converts each argument of each call: one pointer costs less than
//! eight values). A caller keeps one `kc_launch_request` per kernel and
//! argument array, and rewrites only what changes between launches.
//!
//! Optionally the call also tells a file descriptor of each SIGINT during
//! the launch (`sigint_fd`): a thread reading it can then stop the launch
//! with `kc_device_interrupt`, which is how a Python program blocked in a
//! CPU-device launch gets Ctrl-C. The handler that was installed keeps
//! running first; the signal disposition is swapped for the call and set
//! back after it, two `sigaction` calls per launch (Python's own way, the
//! signal wakeup fd, costs two calls from Python and two more system
//! calls). Signal dispositions are process-wide: the swap is done for one
//! launch at a time (see [`sigint`]).

use crate::ffi::{deref, guard};
use crate::launch::{kc_arg, kc_dim3, launch_checked};
use crate::loaded::kc_loaded_module;
use crate::status::kc_status;
use crate::stream::kc_stream;
use std::ffi::{c_char, c_int};

/// One launch, as `kc_launch`'s arguments: the same members, with the
/// same meaning and contracts, in one struct.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct kc_launch_request {
    /// The loaded module holding the kernel.
    pub loaded: *const kc_loaded_module,
    /// The kernel's name (NUL-terminated UTF-8).
    pub kernel: *const c_char,
    /// Blocks in the grid.
    pub grid: kc_dim3,
    /// Threads in each block.
    pub block: kc_dim3,
    /// Dynamic shared memory per block, in bytes.
    pub shared_bytes: u32,
    /// The stream (NULL: the default stream).
    pub stream: *const kc_stream,
    /// `num_args` arguments (NULL when `num_args` is 0).
    pub args: *const kc_arg,
    /// The number of arguments.
    pub num_args: usize,
}

/// `kc_launch` with its arguments in `request` (see `kc_launch` for what a
/// launch checks and does, and its errors: the same statuses and messages,
/// which name `kc_launch`). `request` is only read; it may be rewritten
/// for the next launch once the call returns.
///
/// `sigint_fd` -1: nothing more. A file descriptor (POSIX only; elsewhere
/// it is ignored): while the call runs, each SIGINT the process receives
/// also writes the byte `SIGINT` to `sigint_fd` (with a non-blocking
/// write: make it the write end of a pipe in non-blocking mode), after
/// running the handler installed before the call, which is set back when
/// the call returns. A thread reading the other end can then stop the
/// launch with `kc_device_interrupt`. This is done only while a handler
/// function is installed for SIGINT (not `SIG_DFL` or `SIG_IGN`: then
/// Ctrl-C ends or leaves alone the process as before) and for one call at
/// a time in the process (a call made while another one does it runs
/// without). The handler must not be changed by another thread during
/// the call.
#[no_mangle]
pub unsafe extern "C" fn kc_launch_packed(
    request: *const kc_launch_request,
    sigint_fd: c_int,
) -> kc_status {
    guard("kc_launch", || {
        let r = *unsafe { deref(request, "request") }?;
        let _told = sigint::Told::start(sigint_fd);
        // SAFETY: `request`'s members are valid as `kc_launch` documents
        // its arguments (the contract).
        unsafe {
            launch_checked(
                r.loaded,
                r.kernel,
                r.grid,
                r.block,
                r.shared_bytes,
                r.stream,
                r.args,
                r.num_args,
            )
        }
    })
}

/// Telling a file descriptor of SIGINT for the duration of one call.
///
/// Process-wide by nature: the signal's disposition is swapped for a
/// handler ([`on_sigint`]) that reads what to chain to and where to write
/// from the atomics below, which one call at a time ([`BUSY`]) fills.
#[cfg(unix)]
mod sigint {
    use std::ffi::{c_int, c_void};
    use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};

    /// Held by the call that swapped the disposition.
    static BUSY: AtomicBool = AtomicBool::new(false);
    /// The fd [`on_sigint`] writes to.
    static FD: AtomicI32 = AtomicI32::new(-1);
    /// The handler installed before (an address), and whether it takes
    /// `SA_SIGINFO`'s three arguments.
    static PREVIOUS: AtomicUsize = AtomicUsize::new(0);
    static PREVIOUS_SIGINFO: AtomicBool = AtomicBool::new(false);

    type Handler = extern "C" fn(c_int);
    type InfoHandler = extern "C" fn(c_int, *mut libc::siginfo_t, *mut c_void);

    /// Runs the handler installed before, then writes the signal's number
    /// to [`FD`]. Only async-signal-safe work: atomic loads, a call, and
    /// `write` (errno is kept).
    extern "C" fn on_sigint(sig: c_int, info: *mut libc::siginfo_t, context: *mut c_void) {
        let previous = PREVIOUS.load(Ordering::SeqCst);
        if previous != 0 {
            if PREVIOUS_SIGINFO.load(Ordering::SeqCst) {
                // SAFETY: the address of a handler installed with
                // SA_SIGINFO, which takes these arguments.
                let f: InfoHandler = unsafe { std::mem::transmute(previous) };
                f(sig, info, context);
            } else {
                // SAFETY: the address of a one-argument handler.
                let f: Handler = unsafe { std::mem::transmute(previous) };
                f(sig);
            }
        }
        let fd = FD.load(Ordering::SeqCst);
        if fd >= 0 {
            let errno = errno_location();
            // SAFETY: `errno` is this thread's (or NULL where unknown);
            // `write` is async-signal-safe and only reads the byte given.
            unsafe {
                let saved = errno.as_ref().copied();
                let byte = sig as u8;
                libc::write(fd, std::ptr::addr_of!(byte).cast(), 1);
                if let Some(saved) = saved {
                    *errno = saved;
                }
            }
        }
    }

    /// This thread's `errno`, which a signal handler must leave as it
    /// found it.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn errno_location() -> *mut c_int {
        // SAFETY: no preconditions.
        unsafe { libc::__errno_location() }
    }

    #[cfg(any(target_os = "macos", target_os = "ios", target_os = "freebsd"))]
    fn errno_location() -> *mut c_int {
        // SAFETY: no preconditions.
        unsafe { libc::__error() }
    }

    #[cfg(not(any(
        target_os = "linux",
        target_os = "android",
        target_os = "macos",
        target_os = "ios",
        target_os = "freebsd"
    )))]
    fn errno_location() -> *mut c_int {
        std::ptr::null_mut()
    }

    /// The swap, undone when dropped.
    pub(super) struct Told {
        old: libc::sigaction,
    }

    impl Told {
        /// Swaps the disposition for `fd` (see `kc_launch_packed`), or
        /// `None` when `fd` is -1, another call holds the swap, or no
        /// handler function is installed.
        pub(super) fn start(fd: c_int) -> Option<Told> {
            if fd < 0 || BUSY.swap(true, Ordering::SeqCst) {
                return None;
            }
            FD.store(fd, Ordering::SeqCst);
            // SAFETY: zeroed is a valid `sigaction` (no handler, empty
            // mask), then filled in; `sigaction` reads `new` and writes `old`.
            let (installed, old) = unsafe {
                let mut new: libc::sigaction = std::mem::zeroed();
                new.sa_sigaction = on_sigint as *const () as usize;
                new.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
                libc::sigemptyset(&mut new.sa_mask);
                let mut old: libc::sigaction = std::mem::zeroed();
                (libc::sigaction(libc::SIGINT, &new, &mut old) == 0, old)
            };
            let handler = old.sa_sigaction;
            if !installed || handler == libc::SIG_DFL || handler == libc::SIG_IGN {
                if installed {
                    // SAFETY: puts back what was there.
                    unsafe { libc::sigaction(libc::SIGINT, &old, std::ptr::null_mut()) };
                }
                FD.store(-1, Ordering::SeqCst);
                BUSY.store(false, Ordering::SeqCst);
                return None;
            }
            // A SIGINT between the swap and these stores reaches only the
            // fd (the previous handler is the one from the last call, or
            // none): the same handler in practice (Python's C-level
            // handler serves every Python-level one).
            PREVIOUS_SIGINFO.store(old.sa_flags & libc::SA_SIGINFO != 0, Ordering::SeqCst);
            PREVIOUS.store(handler, Ordering::SeqCst);
            Some(Told { old })
        }
    }

    impl Drop for Told {
        fn drop(&mut self) {
            // SAFETY: puts back the disposition read in `start`.
            unsafe { libc::sigaction(libc::SIGINT, &self.old, std::ptr::null_mut()) };
            FD.store(-1, Ordering::SeqCst);
            BUSY.store(false, Ordering::SeqCst);
        }
    }
}

/// Where there are no POSIX signals, `sigint_fd` is ignored.
#[cfg(not(unix))]
mod sigint {
    pub(super) struct Told;

    impl Told {
        pub(super) fn start(_fd: std::ffi::c_int) -> Option<Told> {
            None
        }
    }
}

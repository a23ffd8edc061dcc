//! `kc_launch_packed`: `kc_launch` with its arguments in one struct, for
//! callers whose per-call cost is the call itself (a Python binding through
//! ctypes converts each argument of each call: one pointer costs less than
//! eight values). A caller keeps one `kc_launch_request` per kernel and
//! argument array, and rewrites only what changes between launches.
//!
//! Optionally the call also tells a file descriptor of each SIGINT during
//! the launch (`sigint_fd`): a thread reading it can then stop the launch
//! with `kc_device_interrupt`, which is how a Python program blocked in a
//! CPU-device launch gets Ctrl-C. kernelc's SIGINT handler is put in front
//! of the one installed (which it runs first) and stays there, so that a
//! launch costs one `sigaction` query (Python's own way, the signal wakeup
//! fd, costs two calls from Python and four system calls per launch).
//! Signal dispositions are process-wide: one launch at a time is told (see
//! [`sigint`]).

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
/// running the SIGINT handler that was installed. A thread reading the
/// other end can then stop the launch with `kc_device_interrupt`. This is
/// done only while a handler function is installed for SIGINT (not
/// `SIG_DFL` or `SIG_IGN`: then Ctrl-C ends or leaves alone the process as
/// before) and for one call at a time in the process (a call made while
/// another one does it runs without).
///
/// To do so the first such call installs kernelc's own SIGINT handler in
/// front of the installed one, and leaves it there: outside such calls it
/// only runs the one behind it (which is what a SIGINT then does). A
/// handler installed afterwards (`sigaction`, Python's `signal.signal`)
/// replaces it, and the next such call puts kernelc's in front of that
/// one. So: do not unload libkernelc after such a call, and do not change
/// SIGINT's handler from another thread during one.
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
/// Process-wide by nature: SIGINT's handler becomes [`on_sigint`], which
/// reads what to run first and where to write from the atomics below; one
/// call at a time ([`BUSY`]) sets [`FD`].
#[cfg(unix)]
mod sigint {
    use std::ffi::{c_int, c_void};
    use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
    use std::sync::Once;

    /// Held by the call that set [`FD`].
    static BUSY: AtomicBool = AtomicBool::new(false);
    /// The fd [`on_sigint`] writes to (-1 outside a call).
    static FD: AtomicI32 = AtomicI32::new(-1);
    /// The handler [`on_sigint`] was put in front of (an address), and
    /// whether it takes `SA_SIGINFO`'s three arguments.
    static BEHIND: AtomicUsize = AtomicUsize::new(0);
    static BEHIND_SIGINFO: AtomicBool = AtomicBool::new(false);

    type Handler = extern "C" fn(c_int);
    type InfoHandler = extern "C" fn(c_int, *mut libc::siginfo_t, *mut c_void);

    /// Runs the handler behind it, then writes the signal's number to
    /// [`FD`] during a call. Only async-signal-safe work: atomic loads, a
    /// call, and `write` (errno is kept).
    extern "C" fn on_sigint(sig: c_int, info: *mut libc::siginfo_t, context: *mut c_void) {
        let behind = BEHIND.load(Ordering::SeqCst);
        if behind != 0 {
            if BEHIND_SIGINFO.load(Ordering::SeqCst) {
                // SAFETY: the address of a handler installed with
                // SA_SIGINFO, which takes these arguments.
                let f: InfoHandler = unsafe { std::mem::transmute(behind) };
                f(sig, info, context);
            } else {
                // SAFETY: the address of a one-argument handler.
                let f: Handler = unsafe { std::mem::transmute(behind) };
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

    /// Registers [`forget_in_child`] once.
    static FORK_HOOK: Once = Once::new();

    /// In a child forked while a call held [`FD`] (from another thread):
    /// that call does not go on in the child, so nothing is told there.
    extern "C" fn forget_in_child() {
        FD.store(-1, Ordering::SeqCst);
        BUSY.store(false, Ordering::SeqCst);
    }

    /// [`FD`] set for one call, and unset when dropped.
    pub(super) struct Told(());

    impl Told {
        /// Sets [`FD`] to `fd` (see `kc_launch_packed`), with
        /// [`on_sigint`] installed in front of the installed handler if it
        /// is not there yet; `None` when `fd` is -1, another call holds
        /// [`FD`], or no handler function is installed.
        pub(super) fn start(fd: c_int) -> Option<Told> {
            if fd < 0 || BUSY.swap(true, Ordering::SeqCst) {
                return None;
            }
            FORK_HOOK.call_once(|| {
                // SAFETY: registers a plain function; failure (ENOMEM)
                // leaves a forked child without the reset below.
                unsafe { libc::pthread_atfork(None, None, Some(forget_in_child)) };
            });
            let ours = on_sigint as *const () as usize;
            // SAFETY: zeroed is a valid `sigaction`; this only reads the
            // installed one into it.
            let installed = unsafe {
                let mut now: libc::sigaction = std::mem::zeroed();
                (libc::sigaction(libc::SIGINT, std::ptr::null(), &mut now) == 0).then_some(now)
            };
            let usable = match installed {
                Some(now) if now.sa_sigaction == ours => true,
                Some(now)
                    if now.sa_sigaction != libc::SIG_DFL && now.sa_sigaction != libc::SIG_IGN =>
                {
                    // Behind ours before ours is installed: a SIGINT in
                    // between runs it once, as it would have.
                    BEHIND_SIGINFO.store(now.sa_flags & libc::SA_SIGINFO != 0, Ordering::SeqCst);
                    BEHIND.store(now.sa_sigaction, Ordering::SeqCst);
                    // SAFETY: a valid `sigaction` (as Python installs its
                    // own: empty mask, SA_ONSTACK), read by the call.
                    unsafe {
                        let mut new: libc::sigaction = std::mem::zeroed();
                        new.sa_sigaction = ours;
                        new.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
                        libc::sigemptyset(&mut new.sa_mask);
                        libc::sigaction(libc::SIGINT, &new, std::ptr::null_mut()) == 0
                    }
                }
                _ => false,
            };
            if !usable {
                BUSY.store(false, Ordering::SeqCst);
                return None;
            }
            FD.store(fd, Ordering::SeqCst);
            Some(Told(()))
        }
    }

    impl Drop for Told {
        fn drop(&mut self) {
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

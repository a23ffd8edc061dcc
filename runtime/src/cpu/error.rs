//! The CPU device's error type: every failure (bad PTX, bad launch, bad
//! pointer, a fault inside a kernel) is one [`CpuError`] with a message that
//! says what went wrong and where.

pub use super::ptx::source::SourceLine;
use std::fmt;

/// Where in a launch something happened: kernel, block, thread, PTX line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The kernel's `.entry` name.
    pub kernel: String,
    /// `%ctaid` of the block.
    pub block: [u32; 3],
    /// `%tid` of the thread.
    pub thread: [u32; 3],
    /// The PTX line of the instruction (1-based).
    pub line: u32,
    /// The source line of the instruction, when the PTX has line
    /// information (`.loc`).
    pub source: Option<SourceLine>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [bx, by, bz] = self.block;
        let [tx, ty, tz] = self.thread;
        write!(
            f,
            "kernel `{}`, block ({bx},{by},{bz}), thread ({tx},{ty},{tz}), ",
            self.kernel
        )?;
        match &self.source {
            Some(s) => write!(f, "{s} (PTX line {})", self.line),
            None => write!(f, "PTX line {}", self.line),
        }
    }
}

/// A failure of the CPU device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CpuError {
    /// The PTX text is malformed.
    Parse {
        /// 1-based PTX line.
        line: u32,
        /// What is wrong.
        message: String,
    },
    /// The PTX uses something the simulator does not implement.
    Unsupported {
        /// 1-based PTX line.
        line: u32,
        /// The instruction or directive.
        what: String,
    },
    /// PTX modules could not be linked into one (two definitions of a
    /// name, an input without `.version`).
    Link(String),
    /// The launch itself is invalid (unknown kernel, bad dimensions,
    /// too much shared memory, wrong parameters).
    InvalidLaunch(String),
    /// A host-side pointer or copy is invalid.
    InvalidPointer(String),
    /// An allocation could not be made.
    OutOfMemory {
        /// The size asked for.
        bytes: usize,
    },
    /// A kernel accessed memory it may not.
    MemoryFault {
        /// Where.
        at: Box<Location>,
        /// The state space (`global`, `shared`, `local`, `const`, `generic`).
        space: &'static str,
        /// The address accessed.
        address: u64,
        /// The access size in bytes.
        size: u32,
        /// Why it is a fault.
        reason: String,
    },
    /// Two threads touched the same shared-memory word between two
    /// barriers, at least one of them writing.
    SharedRace {
        /// The second access.
        at: Box<Location>,
        /// The thread of the first access.
        other_thread: [u32; 3],
        /// The shared-memory address.
        address: u64,
        /// `read-after-write`, `write-after-read` or `write-after-write`.
        kind: &'static str,
    },
    /// Not every thread of a block reached the same barrier.
    BarrierDivergence {
        /// A thread that waits at the barrier.
        at: Box<Location>,
        /// What the other threads did.
        detail: String,
    },
    /// Threads wait for each other forever (warp syncs, barriers).
    Deadlock {
        /// A waiting thread.
        at: Box<Location>,
        /// What it waits for.
        detail: String,
    },
    /// A thread executed `trap`.
    Trap {
        /// The trapping thread.
        at: Box<Location>,
        /// The line the thread printed right before the trap (`vprintf`
        /// then `trap`, without its newline): how kernelc reports an
        /// exception of a checked kernel (`ZeroDivisionError: division by
        /// zero`) or a failed check.
        message: Option<String>,
    },
    /// The launch was interrupted from another thread
    /// ([`CpuDevice::interrupt`](super::CpuDevice::interrupt)).
    Interrupted {
        /// A thread that was running when the launch stopped.
        at: Box<Location>,
    },
    /// The launch ran longer than the device's time limit
    /// ([`CpuDevice::set_timeout`](super::CpuDevice::set_timeout)).
    Timeout {
        /// A thread that was running when the launch stopped.
        at: Box<Location>,
        /// The limit.
        limit: std::time::Duration,
    },
    /// A thread's calls nested deeper than its call stack holds (a
    /// recursion too deep, or without end).
    StackOverflow {
        /// The thread and the call.
        at: Box<Location>,
        /// The call stack's size per thread, in bytes.
        limit: usize,
    },
    /// A block executed more warp-instructions than the step limit.
    StepLimit {
        /// The kernel.
        kernel: String,
        /// The block.
        block: [u32; 3],
        /// The limit.
        limit: u64,
    },
}

impl fmt::Display for CpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CpuError::Parse { line, message } => {
                write!(f, "PTX parse error at line {line}: {message}")
            }
            CpuError::Link(message) => write!(f, "PTX link error: {message}"),
            CpuError::Unsupported { line, what } => {
                write!(f, "unsupported PTX instruction `{what}` at line {line}")
            }
            CpuError::InvalidLaunch(m) => write!(f, "invalid launch: {m}"),
            CpuError::InvalidPointer(m) => write!(f, "invalid device pointer: {m}"),
            CpuError::OutOfMemory { bytes } => {
                write!(f, "out of memory: cannot allocate {bytes} bytes")
            }
            CpuError::MemoryFault {
                at,
                space,
                address,
                size,
                reason,
            } => write!(
                f,
                "memory fault: {size}-byte {space} access at {address:#x}: {reason} ({at})"
            ),
            CpuError::SharedRace {
                at,
                other_thread: [x, y, z],
                address,
                kind,
            } => write!(
                f,
                "shared-memory race ({kind}) at shared address {address:#x} with thread \
                 ({x},{y},{z}) and no barrier between ({at})"
            ),
            CpuError::BarrierDivergence { at, detail } => {
                write!(f, "divergent barrier: {detail} ({at})")
            }
            CpuError::Deadlock { at, detail } => write!(f, "deadlock: {detail} ({at})"),
            CpuError::Trap { at, message: None } => write!(f, "trap executed ({at})"),
            CpuError::Trap {
                at,
                message: Some(m),
            } => write!(f, "trap executed: {m} ({at})"),
            CpuError::Interrupted { at } => {
                write!(f, "launch interrupted; it was running {at}")
            }
            CpuError::Timeout { at, limit } => write!(
                f,
                "time limit: the launch ran longer than {limit:?} and was stopped; it was \
                 running {at}"
            ),
            CpuError::StackOverflow { at, limit } => write!(
                f,
                "call stack overflow: the calls nested deeper than a {limit}-byte call \
                 stack of a thread holds (a recursion too deep, or without end) ({at})"
            ),
            CpuError::StepLimit {
                kernel,
                block: [x, y, z],
                limit,
            } => write!(
                f,
                "step limit: block ({x},{y},{z}) of kernel `{kernel}` executed more than \
                 {limit} warp-instructions"
            ),
        }
    }
}

impl std::error::Error for CpuError {}

impl CpuError {
    /// The error of a launch stopped early for `reason`, at `at`.
    pub fn stopped(reason: crate::cpu::interrupt::Reason, at: Box<Location>) -> CpuError {
        match reason {
            crate::cpu::interrupt::Reason::Interrupted => CpuError::Interrupted { at },
            crate::cpu::interrupt::Reason::Timeout(limit) => CpuError::Timeout { at, limit },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_place() {
        let e = CpuError::Unsupported {
            line: 7,
            what: "tex.2d".into(),
        };
        assert_eq!(
            e.to_string(),
            "unsupported PTX instruction `tex.2d` at line 7"
        );
        let at = Box::new(Location {
            kernel: "k".into(),
            block: [1, 0, 0],
            thread: [3, 0, 0],
            line: 12,
            source: None,
        });
        let e = CpuError::Trap {
            at: at.clone(),
            message: None,
        };
        assert_eq!(
            e.to_string(),
            "trap executed (kernel `k`, block (1,0,0), thread (3,0,0), PTX line 12)"
        );
        let at = Box::new(Location {
            source: Some(SourceLine {
                file: "k.py".into(),
                line: 4,
            }),
            ..*at
        });
        assert_eq!(
            CpuError::Trap {
                at: at.clone(),
                message: None
            }
            .to_string(),
            "trap executed (kernel `k`, block (1,0,0), thread (3,0,0), k.py:4 (PTX line 12))"
        );
        let e = CpuError::Trap {
            at,
            message: Some("ZeroDivisionError: division by zero".into()),
        };
        assert_eq!(
            e.to_string(),
            "trap executed: ZeroDivisionError: division by zero (kernel `k`, block (1,0,0), \
             thread (3,0,0), k.py:4 (PTX line 12))"
        );
    }

    #[test]
    fn result_stays_small() {
        assert!(std::mem::size_of::<CpuError>() <= 64);
    }
}

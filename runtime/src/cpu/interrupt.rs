//! Stopping a running launch early: an interrupt from another thread
//! ([`LaunchControl::interrupt`]) or a time limit per launch
//! ([`LaunchControl::set_timeout`]).
//!
//! The device owns one [`LaunchControl`]. A launch takes a [`Stop`] from it
//! when it starts; the executor polls the `Stop` every [`POLL_STEPS`]
//! warp-instructions of a block (on the same compare that enforces the step
//! limit, so the hot loop pays nothing more) and between blocks.
//!
//! An interrupt ends the launches running when it is made (a launch runs
//! from the moment it has the device's memory to itself); a launch that starts afterwards is not affected, so an
//! interrupt that arrives just after a launch finished is harmless. It is a
//! counter, not a flag: nothing has to reset it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Warp-instructions a block runs between two polls of its [`Stop`]: at a
/// few nanoseconds each (a few microseconds in a debug build) an interrupt
/// is seen within milliseconds, and the poll's cost (an atomic load and a
/// clock read) is lost in the noise.
pub const POLL_STEPS: u64 = 1 << 14;

/// The interrupt counter and time limit of a device. `Sync`: any thread may
/// interrupt or change the limit while a launch runs.
#[derive(Debug, Default)]
pub struct LaunchControl {
    /// Interrupts made so far.
    interrupts: AtomicU64,
    /// Time limit per launch in nanoseconds; 0 = none.
    timeout_ns: AtomicU64,
}

impl LaunchControl {
    /// Ends every launch running now with [`Reason::Interrupted`].
    pub fn interrupt(&self) {
        self.interrupts.fetch_add(1, Ordering::AcqRel);
    }

    /// Sets the time limit of launches that start from now on (`None` or a
    /// zero duration: no limit). Limits beyond 584 years are no limit.
    pub fn set_timeout(&self, limit: Option<Duration>) {
        let ns = limit.map_or(0, |d| u64::try_from(d.as_nanos()).unwrap_or(0));
        self.timeout_ns.store(ns, Ordering::Release);
    }

    /// The time limit of a launch, if any.
    pub fn timeout(&self) -> Option<Duration> {
        match self.timeout_ns.load(Ordering::Acquire) {
            0 => None,
            ns => Some(Duration::from_nanos(ns)),
        }
    }

    /// What a launch starting now polls.
    pub fn start(&self) -> Stop<'_> {
        let limit = self.timeout();
        let now = Instant::now();
        Stop {
            interrupts: &self.interrupts,
            seen: self.interrupts.load(Ordering::Acquire),
            deadline: limit.and_then(|l| Some((now.checked_add(l)?, l))),
            abort: None,
        }
    }
}

/// Why a launch was stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// [`LaunchControl::interrupt`] was called.
    Interrupted,
    /// The launch ran longer than its time limit (the limit).
    Timeout(Duration),
}

/// One launch's view of its device's [`LaunchControl`].
#[derive(Clone, Copy, Debug)]
pub struct Stop<'a> {
    interrupts: &'a AtomicU64,
    /// The interrupt count when the launch started.
    seen: u64,
    /// When the time limit runs out, and the limit.
    deadline: Option<(Instant, Duration)>,
    /// Set when another block of a cooperative grid failed: its siblings
    /// may wait for it at a grid barrier, so they stop too.
    abort: Option<&'a std::sync::atomic::AtomicBool>,
}

impl<'a> Stop<'a> {
    /// The same, and also stopped (as interrupted) when `abort` is set.
    pub fn with_abort(self, abort: &'a std::sync::atomic::AtomicBool) -> Stop<'a> {
        Stop {
            abort: Some(abort),
            ..self
        }
    }

    /// Whether the launch must stop now, and why.
    pub fn check(&self) -> Option<Reason> {
        if self.interrupts.load(Ordering::Relaxed) != self.seen
            || self.abort.is_some_and(|a| a.load(Ordering::Relaxed))
        {
            return Some(Reason::Interrupted);
        }
        match self.deadline {
            Some((at, limit)) if Instant::now() >= at => Some(Reason::Timeout(limit)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interrupt_stops_running_launches_only() {
        let c = LaunchControl::default();
        let running = c.start();
        assert_eq!(running.check(), None);
        c.interrupt();
        assert_eq!(running.check(), Some(Reason::Interrupted));
        // A launch that starts after the interrupt runs.
        assert_eq!(c.start().check(), None);
    }

    #[test]
    fn a_time_limit_applies_to_later_launches() {
        let c = LaunchControl::default();
        assert_eq!(c.timeout(), None);
        c.set_timeout(Some(Duration::from_millis(1)));
        let s = c.start();
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(s.check(), Some(Reason::Timeout(Duration::from_millis(1))));
        c.set_timeout(Some(Duration::ZERO));
        assert_eq!(c.timeout(), None);
        c.set_timeout(Some(Duration::MAX));
        assert_eq!(c.timeout(), None);
    }
}

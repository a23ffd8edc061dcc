//! Python exceptions raised by kernels compiled with `debug`, as
//! numba-cuda reports them: no trap (which would lose a GPU's context),
//! but a record in the module that the runtime reads after each launch.
//!
//! A kernel that can raise has two module globals (kernelc's compiler
//! writes them; nothing else in the runtime knows the compiler):
//!
//! - [`RECORD`] (`__kc_exc`, eight `u32`s, zero until a thread raises):
//!   the code of the raise site of the first thread that raised (a
//!   compare-and-swap from 0), then that thread's `tid` and `ctaid`
//!   (x, y, z); the thread then ends;
//! - [`SITES`] (`__kc_exc_sites`, bytes): the source file's name, then for
//!   each site its line and its exception as a line of text (`Name` or
//!   `Name: message`), every field ended by a NUL byte; site `i` has code
//!   `i + 1`.
//!
//! After a launch of a module with a record, [`check`] reads it (the
//! launch has finished: debug launches wait, as Numba's do), clears it for
//! the next launch, and turns a raise into [`KernelRaised`].

use crate::device::{Device, Module};
use crate::error::Error;
use std::fmt;

/// The exception record's symbol.
pub const RECORD: &str = "__kc_exc";
/// The raise sites' symbol.
pub const SITES: &str = "__kc_exc_sites";
/// The record's size in bytes.
pub const RECORD_BYTES: usize = 32;

/// A Python exception a kernel raised: the launch failed with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelRaised {
    /// The kernel launched.
    pub kernel: String,
    /// The exception as a line: `Name` or `Name: message`.
    pub text: String,
    /// The source file of the raise (empty when unknown).
    pub file: String,
    /// Its line (0 when unknown).
    pub line: u32,
    /// The raising thread's index in its block (x, y, z).
    pub tid: [u32; 3],
    /// Its block's index in the grid (x, y, z).
    pub ctaid: [u32; 3],
}

impl fmt::Display for KernelRaised {
    /// `exception raised: Name: message (kernel `k`, block (x,y,z),
    /// thread (x,y,z), file.py:LINE)`, the place as the CPU device gives a
    /// fault's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [tx, ty, tz] = self.tid;
        let [bx, by, bz] = self.ctaid;
        write!(
            f,
            "exception raised: {} (kernel `{}`, block ({bx},{by},{bz}), thread ({tx},{ty},{tz})",
            self.text, self.kernel
        )?;
        if self.line != 0 && !self.file.is_empty() {
            write!(f, ", {}:{}", self.file, self.line)?;
        }
        f.write_str(")")
    }
}

/// True when `module` has an exception record (a kernel of it can raise).
pub fn can_raise(module: &Module) -> bool {
    module.exception_record().is_some()
}

/// After a finished launch of `kernel`: the exception a thread raised, if
/// one did (the record is cleared), else `Ok`.
pub fn check(device: &Device, module: &Module, kernel: &str) -> Result<(), Error> {
    let Some((ptr, bytes)) = module.exception_record() else {
        return Ok(());
    };
    if bytes < RECORD_BYTES {
        return Ok(());
    }
    let mut record = [0u8; RECORD_BYTES];
    device.copy_from_device(&mut record, ptr)?;
    let word = |i: usize| u32::from_le_bytes(record[4 * i..4 * i + 4].try_into().unwrap());
    let code = word(0);
    if code == 0 {
        return Ok(());
    }
    device.memset(ptr, 0, RECORD_BYTES)?;
    let table = match module.global(SITES) {
        Some((p, n)) => {
            let mut t = vec![0u8; n];
            device.copy_from_device(&mut t, p)?;
            t
        }
        None => Vec::new(),
    };
    let (file, line, text) = site(&table, code);
    Err(Error::Raised(KernelRaised {
        kernel: kernel.to_string(),
        text,
        file,
        line,
        tid: [word(1), word(2), word(3)],
        ctaid: [word(4), word(5), word(6)],
    }))
}

/// The file, line and text of site `code` in a [`SITES`] table (an
/// unknown code is an `Exception` with its number).
fn site(table: &[u8], code: u32) -> (String, u32, String) {
    let mut fields = table.split(|&b| b == 0).map(String::from_utf8_lossy);
    let file = fields.next().unwrap_or_default().into_owned();
    let mut rest = fields.skip(2 * (code as usize - 1));
    let line = rest.next().and_then(|l| l.parse().ok());
    match (line, rest.next()) {
        (Some(line), Some(text)) => (file, line, text.into_owned()),
        _ => (
            String::new(),
            0,
            format!("Exception: unknown exception code {code}"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sites_are_read_by_code() {
        let table = b"k.py\x007\x00ValueError: bad\x000\x00IndexError\x00";
        assert_eq!(site(table, 1), ("k.py".into(), 7, "ValueError: bad".into()));
        assert_eq!(site(table, 2), ("k.py".into(), 0, "IndexError".into()));
        assert_eq!(site(table, 3).2, "Exception: unknown exception code 3");
        assert_eq!(site(b"", 1).1, 0);
    }

    #[test]
    fn the_message_names_the_place() {
        let mut e = KernelRaised {
            kernel: "k".into(),
            text: "ZeroDivisionError: division by zero".into(),
            file: "k.py".into(),
            line: 4,
            tid: [3, 0, 0],
            ctaid: [1, 0, 0],
        };
        assert_eq!(
            e.to_string(),
            "exception raised: ZeroDivisionError: division by zero (kernel `k`, \
             block (1,0,0), thread (3,0,0), k.py:4)"
        );
        e.line = 0;
        assert!(e.to_string().ends_with("thread (3,0,0))"));
    }
}

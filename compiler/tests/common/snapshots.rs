//! Snapshot files, one way for every harness: a test compares what it
//! produced with a file in the repository, and `KERNELC_BLESS=1` rewrites
//! the files instead (review the diff like code: a snapshot states what the
//! compiler must produce, it is not a recording). Every mismatch of a run
//! is collected and reported together, naming the file and the first line
//! that differs.

use std::path::{Path, PathBuf};

/// The files of `dir` (relative to the compiler crate) whose names end in
/// `.ext`, sorted by name.
pub fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", root.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    files
}

/// True when the snapshots are to be rewritten (`KERNELC_BLESS` set, and
/// not to `0` or nothing).
pub fn blessing() -> bool {
    std::env::var_os("KERNELC_BLESS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The snapshot comparisons and other failures of one test.
pub struct Snapshots {
    bless: bool,
    failures: Vec<String>,
}

impl Snapshots {
    /// No failures yet; blessing as [`blessing`] says.
    pub fn new() -> Self {
        Snapshots {
            bless: blessing(),
            failures: Vec::new(),
        }
    }

    /// Compares `actual` with the file at `path` (rewrites it when
    /// blessing).
    pub fn check(&mut self, path: &Path, actual: &str) {
        if self.bless {
            std::fs::write(path, actual)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
            return;
        }
        match std::fs::read_to_string(path) {
            Ok(expected) if expected == actual => {}
            Ok(expected) => self.failures.push(format!(
                "{} differs (KERNELC_BLESS=1 to update): {}",
                path.display(),
                first_difference(&expected, actual)
            )),
            Err(_) => self.failures.push(format!(
                "{} is missing (KERNELC_BLESS=1 to create)",
                path.display()
            )),
        }
    }

    /// Records a failure that is not a snapshot's.
    pub fn fail(&mut self, message: String) {
        self.failures.push(message);
    }

    /// Panics with every failure recorded, if there is one.
    pub fn finish(self) {
        assert!(
            self.failures.is_empty(),
            "{} failure(s):\n\n{}",
            self.failures.len(),
            self.failures.join("\n\n")
        );
    }
}

/// The first line where `expected` and `actual` differ, both sides shown.
fn first_difference(expected: &str, actual: &str) -> String {
    let (mut e, mut a) = (expected.lines(), actual.lines());
    for line in 1.. {
        match (e.next(), a.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (x, y) => {
                return format!(
                    "line {line}\n  expected: {}\n  actual:   {}",
                    x.unwrap_or("(end of file)"),
                    y.unwrap_or("(end of file)")
                )
            }
        }
    }
    unreachable!("differing texts differ on some line")
}

//! Reading the text files named on the command line (kernel sources and
//! PTX files), with errors that say which file and, for text that is not
//! UTF-8, which line and byte.

/// Reads a whole text file. A missing or unreadable file, something that
/// is not a regular file, or text that is not UTF-8 is an error naming the
/// file (and the first bad byte's line and column).
pub fn read_text(path: &str) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    if meta.is_dir() {
        return Err(format!("cannot read '{path}': it is a directory"));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let (line, column) = line_and_column(bytes, at);
        format!(
            "{path}:{line}:{column}: the file is not UTF-8: byte 0x{:02x} (at offset {at}) does not begin a valid UTF-8 sequence",
            bytes[at]
        )
    })
}

/// The 1-based line and byte column of offset `at`.
fn line_and_column(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = &bytes[..at];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    (line, at - line_start + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_line_and_byte_of_invalid_utf8() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.py");
        std::fs::write(&path, b"x = 1\n# caf\xc3\xa9\ny = '\xff'\n").unwrap();
        let p = path.to_str().unwrap();
        let e = read_text(p).unwrap_err();
        assert!(
            e.starts_with(&format!(
                "{p}:3:6: the file is not UTF-8: byte 0xff (at offset 19)"
            )),
            "{e}"
        );
        std::fs::write(&path, "caf\u{e9}\n").unwrap();
        assert_eq!(read_text(p).unwrap(), "caf\u{e9}\n");
    }

    #[test]
    fn missing_files_and_directories_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        assert!(read_text(d).unwrap_err().contains("is a directory"));
        let e = read_text(&format!("{d}/nope.py")).unwrap_err();
        assert!(
            e.starts_with("cannot read '") && e.contains("nope.py"),
            "{e}"
        );
    }
}

//! `.npy` files: arrays in and out of `kernelc run`, and the headers behind
//! `--const NAME=FILE.npy`.
//!
//! Reading follows `numpy.load`: the magic string and version, a header
//! (parsed by [`header`]), then exactly the bytes the header declares,
//! right after it (trailing bytes are ignored, as NumPy does; a short file
//! is an error). Every size is checked for overflow and against the file's
//! length before anything is allocated, and only regular files are read
//! (not `/dev/zero`, a directory or a FIFO). Writing emits a version 1.0
//! header (a fixed magic string, a length and a Python dict literal padded
//! to 64 bytes) followed by the raw bytes.

mod header;

use kernelc_abi::ElemType;
use kernelc_compiler::records::RecordType;
use kernelc_compiler::types::Scalar;
use kernelc_runtime::args::ArrayShape;
use std::fs::File;
use std::io::Read;

/// An array read from a `.npy` file.
pub struct NpyArray {
    /// Element type, extents and byte strides (C or Fortran order).
    pub shape: ArrayShape,
    /// The record type of a structured array.
    pub record: Option<RecordType>,
    /// The elements' bytes, in memory order.
    pub data: Vec<u8>,
    /// Whether the file stores the array in Fortran order.
    pub fortran: bool,
}

/// What a `.npy` file's header says, checked against the file.
pub struct NpyHeader {
    /// Element type, extents and byte strides (C or Fortran order).
    pub shape: ArrayShape,
    /// The record type of a structured array.
    pub record: Option<RecordType>,
    /// Whether the file stores the array in Fortran order.
    pub fortran: bool,
    /// The size of the data in bytes.
    pub data_len: usize,
}

/// Reads a `.npy` file: its header and its data.
pub fn read(path: &str) -> Result<NpyArray, String> {
    let (header, mut file) = open(path)?;
    let mut data = Vec::new();
    // `take` bounds the read by the header's size, which `open` checked
    // against the file's length; a file that shrank meanwhile is short.
    data.try_reserve_exact(header.data_len)
        .map_err(|_| format!("'{path}': not enough memory for {} bytes", header.data_len))?;
    (&mut file)
        .take(header.data_len as u64)
        .read_to_end(&mut data)
        .map_err(|e| format!("cannot read '{path}': {e}"))?;
    if data.len() != header.data_len {
        return Err(format!(
            "'{path}' is truncated: its header declares {} bytes of data, the file holds {}",
            header.data_len,
            data.len()
        ));
    }
    Ok(NpyArray {
        shape: header.shape,
        record: header.record,
        data,
        fortran: header.fortran,
    })
}

/// Reads and checks a `.npy` file's header (the data is not read, but the
/// file must hold all of it).
pub fn read_header(path: &str) -> Result<NpyHeader, String> {
    open(path).map(|(header, _)| header)
}

/// Opens a regular file, reads its header and leaves the file at the
/// first data byte.
fn open(path: &str) -> Result<(NpyHeader, File), String> {
    let cannot = |e: std::io::Error| format!("cannot read '{path}': {e}");
    // Look before opening: opening a FIFO for reading waits for a writer.
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(format!(
            "'{path}' is not a regular file ({})",
            kind_of(&meta)
        ));
    }
    let mut file = open_nonblocking(path).map_err(cannot)?;
    // The length of what was opened (the path may have changed since).
    let meta = file.metadata().map_err(cannot)?;
    if !meta.is_file() {
        return Err(format!(
            "'{path}' is not a regular file ({})",
            kind_of(&meta)
        ));
    }
    let file_len = meta.len();
    let not_npy = |why: String| format!("'{path}' is not a .npy file: {why}");

    let mut prefix = [0u8; 8];
    read_prefix(&mut file, &mut prefix, file_len, path)?;
    if &prefix[..6] != b"\x93NUMPY" {
        return Err(not_npy(
            "it does not start with the .npy magic string".into(),
        ));
    }
    let (major, minor) = (prefix[6], prefix[7]);
    let (header_len, prefix_len) = match major {
        1 => {
            let mut b = [0u8; 2];
            read_prefix(&mut file, &mut b, file_len, path)?;
            (u16::from_le_bytes(b) as u64, 10)
        }
        2 | 3 => {
            let mut b = [0u8; 4];
            read_prefix(&mut file, &mut b, file_len, path)?;
            (u32::from_le_bytes(b) as u64, 12)
        }
        _ => {
            return Err(not_npy(format!(
                "format version {major}.{minor} is not supported (1.0, 2.0 and 3.0 are)"
            )))
        }
    };
    // `saturating_sub`: the file may have changed since its length was read.
    if header_len > file_len.saturating_sub(prefix_len) {
        return Err(format!(
            "'{path}' is truncated: its header declares {header_len} bytes, the file holds {} after the prefix",
            file_len.saturating_sub(prefix_len)
        ));
    }
    let mut text = vec![0u8; header_len as usize];
    file.read_exact(&mut text).map_err(cannot)?;
    // Versions 1 and 2 are Latin-1, version 3 UTF-8.
    let text = if major == 3 {
        String::from_utf8(text)
            .map_err(|_| not_npy("its version 3.0 header is not UTF-8".into()))?
    } else {
        text.iter().map(|&b| b as char).collect()
    };
    let header = header::parse(&text).map_err(not_npy)?;

    let elem = header.elem;
    let (dims, bytes) = sizes(&header.shape, elem).map_err(|e| format!("'{path}': {e}"))?;
    let available = file_len.saturating_sub(prefix_len + header_len);
    if bytes > available {
        return Err(format!(
            "'{path}' is truncated: its header declares {bytes} bytes of data (shape {}), the file holds {available}",
            shape_text(&header.shape)
        ));
    }
    let shape = if header.fortran {
        ArrayShape::f_contiguous(elem, &dims)
    } else {
        ArrayShape::c_contiguous(elem, &dims)
    };
    Ok((
        NpyHeader {
            shape,
            record: header.record,
            fortran: header.fortran,
            // At most the file's length, which a regular file that was
            // read into memory had to have.
            data_len: usize::try_from(bytes)
                .map_err(|_| format!("'{path}': {bytes} bytes do not fit in memory"))?,
        },
        file,
    ))
}

/// The extents as `i64` and the data's size in bytes. Every byte stride
/// (the product of the item size and some extents, an empty extent
/// counting as 1) must fit in an `i64`, as NumPy requires of its arrays.
fn sizes(shape: &[u128], elem: ElemType) -> Result<(Vec<i64>, u64), String> {
    let too_large = || {
        format!(
            "shape {} of {} is too large: its size in bytes overflows 63 bits",
            shape_text(shape),
            elem
        )
    };
    let mut stride = elem.size() as i64;
    let mut empty = false;
    let mut dims = Vec::with_capacity(shape.len());
    for &d in shape {
        let d = i64::try_from(d).map_err(|_| too_large())?;
        stride = stride.checked_mul(d.max(1)).ok_or_else(too_large)?;
        empty |= d == 0;
        dims.push(d);
    }
    Ok((dims, if empty { 0 } else { stride as u64 }))
}

fn shape_text(shape: &[u128]) -> String {
    match shape {
        [d] => format!("({d},)"),
        _ => {
            let dims: Vec<String> = shape.iter().map(u128::to_string).collect();
            format!("({})", dims.join(", "))
        }
    }
}

/// Reads the fixed-size start of the file, calling a short file what it is.
fn read_prefix(file: &mut File, buf: &mut [u8], file_len: u64, path: &str) -> Result<(), String> {
    file.read_exact(buf).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => {
            format!("'{path}' is not a .npy file: it has only {file_len} bytes")
        }
        _ => format!("cannot read '{path}': {e}"),
    })
}

/// Opens for reading without waiting (a FIFO swapped in after the check
/// must not block the open).
fn open_nonblocking(path: &str) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// What a path that is not a regular file is, for messages.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// Writes `data` (an array of `shape`, C or Fortran order) as a `.npy` file.
pub fn write(
    path: &std::path::Path,
    shape: &ArrayShape,
    record: Option<RecordType>,
    fortran: bool,
    data: &[u8],
) -> std::io::Result<()> {
    let dims: Vec<String> = shape.shape.iter().map(|d| d.to_string()).collect();
    let tuple = match dims.len() {
        1 => format!("({},)", dims[0]),
        _ => format!("({})", dims.join(", ")),
    };
    let descr = match (record, shape.elem) {
        (Some(r), _) => header::descr_of_record(r, descr),
        (None, ElemType::Scalar(s)) => format!("'{}'", descr(s)),
        (None, ElemType::Complex(part)) => {
            format!("'{}'", header::complex_descr(part))
        }
        (None, ElemType::Record { size }) => format!("'|V{size}'"),
    };
    let mut header = format!(
        "{{'descr': {descr}, 'fortran_order': {}, 'shape': {tuple}, }}",
        if fortran { "True" } else { "False" }
    );
    // Magic (6) + version (2) + length (2) + header + '\n', padded to 64.
    let unpadded = 10 + header.len() + 1;
    header.push_str(&" ".repeat((64 - unpadded % 64) % 64));
    header.push('\n');
    let mut out = Vec::with_capacity(10 + header.len() + data.len());
    out.extend_from_slice(b"\x93NUMPY\x01\x00");
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(data);
    std::fs::write(path, out)
}

/// NumPy's `descr` for a scalar type.
fn descr(s: Scalar) -> &'static str {
    match s {
        Scalar::Bool => "|b1",
        Scalar::I8 => "|i1",
        Scalar::I16 => "<i2",
        Scalar::I32 => "<i4",
        Scalar::I64 => "<i8",
        Scalar::U8 => "|u1",
        Scalar::U16 => "<u2",
        Scalar::U32 => "<u4",
        Scalar::U64 => "<u8",
        Scalar::F16 => "<f2",
        Scalar::F32 => "<f4",
        Scalar::F64 => "<f8",
        // ml_dtypes writes a bfloat16 array as two raw bytes an element.
        Scalar::BF16 => "<V2",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_c_and_fortran_arrays() {
        let dir = tempfile::tempdir().unwrap();
        for fortran in [false, true] {
            let shape = if fortran {
                ArrayShape::f_contiguous(Scalar::I32, &[2, 3])
            } else {
                ArrayShape::c_contiguous(Scalar::I32, &[2, 3])
            };
            let data: Vec<u8> = (0..6i32).flat_map(|v| v.to_le_bytes()).collect();
            let path = dir.path().join(format!("a{fortran}.npy"));
            write(&path, &shape, None, fortran, &data).unwrap();
            let back = read(path.to_str().unwrap()).unwrap();
            assert_eq!(back.shape, shape);
            assert_eq!(back.fortran, fortran);
            assert_eq!(back.data, data);
        }
    }

    #[test]
    fn header_is_64_byte_aligned() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.npy");
        let shape = ArrayShape::c_contiguous(Scalar::F64, &[5]);
        write(&path, &shape, None, false, &[0u8; 40]).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!((bytes.len() - 40) % 64, 0);
        assert!(read("/nonexistent.npy").is_err());
    }

    /// A version 1.0 file with the given header dict and bytes after it.
    fn npy_file(dir: &std::path::Path, name: &str, dict: &str, data: &[u8]) -> String {
        let mut header = dict.to_string();
        header.push_str(&" ".repeat((64 - (10 + dict.len() + 1) % 64) % 64));
        header.push('\n');
        let mut out = b"\x93NUMPY\x01\x00".to_vec();
        out.extend_from_slice(&(header.len() as u16).to_le_bytes());
        out.extend_from_slice(header.as_bytes());
        out.extend_from_slice(data);
        let path = dir.join(name);
        std::fs::write(&path, out).unwrap();
        path.to_str().unwrap().to_string()
    }

    #[test]
    fn reads_the_bytes_right_after_the_header_and_ignores_trailing_ones() {
        let dir = tempfile::tempdir().unwrap();
        let mut bytes: Vec<u8> = (0..4i32).flat_map(|v| v.to_le_bytes()).collect();
        bytes.extend_from_slice(&[7; 8]);
        let dict = "{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }";
        let path = npy_file(dir.path(), "t.npy", dict, &bytes);
        let a = read(&path).unwrap();
        assert_eq!(a.data, bytes[..16]);
        assert_eq!(read_header(&path).unwrap().data_len, 16);
    }

    #[test]
    fn a_short_file_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let dict = "{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }";
        let path = npy_file(dir.path(), "s.npy", dict, &[0; 14]);
        let e = read(&path).err().unwrap();
        assert!(
            e.contains("truncated") && e.contains("16 bytes") && e.contains("holds 14"),
            "{e}"
        );
        assert!(read_header(&path).is_err());
        // A header length beyond the file's end.
        let p = dir.path().join("h.npy");
        std::fs::write(&p, b"\x93NUMPY\x01\x00\xff\xff{").unwrap();
        let e = read(p.to_str().unwrap()).err().unwrap();
        assert!(e.contains("declares 65535 bytes"), "{e}");
        // Shorter than the prefix, and not a .npy file at all.
        std::fs::write(&p, b"\x93NUM").unwrap();
        assert!(read(p.to_str().unwrap())
            .err()
            .unwrap()
            .contains("only 4 bytes"));
        std::fs::write(&p, b"just some text, long enough").unwrap();
        assert!(read(p.to_str().unwrap()).err().unwrap().contains("magic"));
    }

    #[test]
    fn overflowing_shapes_are_rejected() {
        let dir = tempfile::tempdir().unwrap();
        for (shape, elem) in [
            ("(4611686018427387904,)", "<f4"),
            ("(4611686018427387904, 4)", "|u1"),
            ("(0, 4611686018427387904, 4)", "|u1"),
            ("(18446744073709551617,)", "|u1"),
        ] {
            let dict = format!("{{'descr': '{elem}', 'fortran_order': False, 'shape': {shape}, }}");
            let path = npy_file(dir.path(), "o.npy", &dict, &[0; 64]);
            let e = read(&path).err().unwrap();
            assert!(e.contains("too large"), "{shape}: {e}");
        }
        // 2**62 one-byte elements fit the arithmetic but not the file.
        let dict = "{'descr': '|u1', 'fortran_order': False, 'shape': (4611686018427387904,), }";
        let path = npy_file(dir.path(), "big.npy", dict, &[0; 64]);
        let e = read(&path).err().unwrap();
        assert!(e.contains("declares 4611686018427387904 bytes"), "{e}");
        // An empty array with a large extent is fine.
        let dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (0, 1000000), }";
        let a = read(&npy_file(dir.path(), "e.npy", dict, &[])).unwrap();
        assert!(a.data.is_empty() && a.shape.shape == [0, 1_000_000]);
    }

    #[test]
    fn only_regular_files_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let e = read(dir.path().to_str().unwrap()).err().unwrap();
        assert!(e.contains("is not a regular file (a directory)"), "{e}");
        #[cfg(unix)]
        {
            let e = read("/dev/zero").err().unwrap();
            assert!(
                e.contains("is not a regular file (a character device)"),
                "{e}"
            );
            // A FIFO with no writer: opening it would wait forever.
            let fifo = dir.path().join("f.npy");
            let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
            // SAFETY: `c` is a valid NUL-terminated path.
            assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
            let e = read_header(fifo.to_str().unwrap()).err().unwrap();
            assert!(e.contains("is not a regular file (a FIFO)"), "{e}");
        }
    }
}

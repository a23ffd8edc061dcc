//! `--const NAME=FILE.npy` and `--const NAME=DTYPE[SHAPE]`: the host arrays
//! behind `cuda.const.array_like(NAME)`. Type checking needs only the
//! element type and shape, so only a `.npy` file's header is read (see
//! [`crate::npy`]) and a `DTYPE[SHAPE]` spelling is accepted as well.

use crate::args::UsageError;
use crate::npy;
use kernelc_compiler::sema::typed::ConstArrayDecl;
use kernelc_compiler::types::Scalar;

/// Parses one `--const` value.
pub fn parse_const(spec: &str) -> Result<ConstArrayDecl, UsageError> {
    let (name, source) = spec
        .split_once('=')
        .ok_or_else(|| UsageError(format!("--const expects NAME=FILE.npy, got '{spec}'")))?;
    if name.is_empty() {
        return Err(UsageError(format!("--const '{spec}' has no name")));
    }
    let (elem, shape) = if source.ends_with(".npy") {
        read_npy_header(source)?
    } else {
        parse_dtype_shape(source)?
    };
    Ok(ConstArrayDecl {
        name: name.to_string(),
        elem,
        shape,
    })
}

/// `float32[16]`, `int32[4, 4]`.
fn parse_dtype_shape(s: &str) -> Result<(Scalar, Vec<u64>), UsageError> {
    let bad = || {
        UsageError(format!(
            "--const expects FILE.npy or DTYPE[SHAPE] such as float32[16], got '{s}'"
        ))
    };
    let (dtype, rest) = s.split_once('[').ok_or_else(bad)?;
    let dims = rest.strip_suffix(']').ok_or_else(bad)?;
    let elem = Scalar::from_name(dtype.trim())
        .ok_or_else(|| UsageError(format!("unknown dtype '{dtype}'")))?;
    let shape = dims
        .split(',')
        .map(|d| d.trim().parse::<u64>().map_err(|_| bad()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((elem, shape))
}

fn read_npy_header(path: &str) -> Result<(Scalar, Vec<u64>), UsageError> {
    let header = npy::read_header(path).map_err(UsageError)?;
    if header.fortran && header.shape.shape.len() > 1 {
        return Err(UsageError(format!(
            "'{path}' is Fortran-ordered; save it C-ordered"
        )));
    }
    let shape = header.shape.shape.iter().map(|&d| d as u64).collect();
    Ok((header.shape.elem, shape))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_dtype_shape_specs() {
        let c = parse_const("G=float32[4, 4]").unwrap();
        assert_eq!(c.name, "G");
        assert_eq!(c.elem, Scalar::F32);
        assert_eq!(c.shape, vec![4, 4]);
        assert!(parse_const("G").is_err());
        assert!(parse_const("G=float33[4]").is_err());
    }

    #[test]
    fn reads_npy_headers() {
        let dir = std::env::temp_dir().join(format!("kernelc-npy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.npy");
        // A .npy v1.0 file written by hand: magic, header length, header
        // dict padded to 64 bytes, then the data.
        let header = "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }";
        let mut dict = header.to_string();
        while !(10 + dict.len() + 1).is_multiple_of(64) {
            dict.push(' ');
        }
        dict.push('\n');
        let mut buf = b"\x93NUMPY\x01\x00".to_vec();
        buf.extend_from_slice(&(dict.len() as u16).to_le_bytes());
        buf.extend_from_slice(dict.as_bytes());
        for v in 0..6i32 {
            buf.extend_from_slice(&v.to_le_bytes());
        }
        std::fs::write(&path, &buf).unwrap();
        let c = parse_const(&format!("T={}", path.display())).unwrap();
        assert_eq!((c.elem, c.shape), (Scalar::I32, vec![2, 3]));
        std::fs::remove_dir_all(&dir).ok();
    }
}

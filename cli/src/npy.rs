//! `.npy` files: arrays in and out of `kernelc run`.
//!
//! Reading uses the `npyz` crate for the header (dtype, shape, order); the
//! data is the file's tail, taken as raw little-endian bytes. Writing emits
//! a version 1.0 header (the format is a fixed magic string, a length and
//! a Python dict literal padded to 64 bytes) followed by the raw bytes.

use kernelc_compiler::types::Scalar;
use kernelc_runtime::args::ArrayShape;

/// An array read from a `.npy` file.
pub struct NpyArray {
    /// Element type, extents and byte strides (C or Fortran order).
    pub shape: ArrayShape,
    /// The elements' bytes, in memory order.
    pub data: Vec<u8>,
    /// Whether the file stores the array in Fortran order.
    pub fortran: bool,
}

/// Reads a `.npy` file.
pub fn read(path: &str) -> Result<NpyArray, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    let npy =
        npyz::NpyFile::new(&bytes[..]).map_err(|e| format!("'{path}' is not a .npy file: {e}"))?;
    let dtype = npy.dtype();
    let (elem, little) = match &dtype {
        npyz::DType::Plain(ts) => (
            scalar_of_type_str(ts),
            ts.endianness() != npyz::Endianness::Big || ts.size_field() == 1,
        ),
        _ => (None, true),
    };
    let elem =
        elem.ok_or_else(|| format!("'{path}' has an unsupported dtype {}", dtype.descr()))?;
    if !little {
        return Err(format!(
            "'{path}' is big-endian ({}); save it little-endian",
            dtype.descr()
        ));
    }
    let dims: Vec<i64> = npy.shape().iter().map(|&d| d as i64).collect();
    let fortran = npy.order() == npyz::Order::Fortran;
    let shape = if fortran {
        ArrayShape::f_contiguous(elem, &dims)
    } else {
        ArrayShape::c_contiguous(elem, &dims)
    };
    let n = shape.len() * elem.size() as usize;
    if bytes.len() < n {
        return Err(format!("'{path}' is truncated"));
    }
    let data = bytes[bytes.len() - n..].to_vec();
    Ok(NpyArray {
        shape,
        data,
        fortran,
    })
}

/// Writes `data` (an array of `shape`, C or Fortran order) as a `.npy` file.
pub fn write(
    path: &std::path::Path,
    shape: &ArrayShape,
    fortran: bool,
    data: &[u8],
) -> std::io::Result<()> {
    let dims: Vec<String> = shape.shape.iter().map(|d| d.to_string()).collect();
    let tuple = match dims.len() {
        1 => format!("({},)", dims[0]),
        _ => format!("({})", dims.join(", ")),
    };
    let mut header = format!(
        "{{'descr': '{}', 'fortran_order': {}, 'shape': {tuple}, }}",
        descr(shape.elem),
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
    }
}

/// The scalar type of a plain NumPy dtype.
pub fn scalar_of_type_str(ts: &npyz::TypeStr) -> Option<Scalar> {
    use npyz::TypeChar;
    Some(match (ts.type_char(), ts.size_field()) {
        (TypeChar::Bool, 1) => Scalar::Bool,
        (TypeChar::Int, 1) => Scalar::I8,
        (TypeChar::Int, 2) => Scalar::I16,
        (TypeChar::Int, 4) => Scalar::I32,
        (TypeChar::Int, 8) => Scalar::I64,
        (TypeChar::Uint, 1) => Scalar::U8,
        (TypeChar::Uint, 2) => Scalar::U16,
        (TypeChar::Uint, 4) => Scalar::U32,
        (TypeChar::Uint, 8) => Scalar::U64,
        (TypeChar::Float, 2) => Scalar::F16,
        (TypeChar::Float, 4) => Scalar::F32,
        (TypeChar::Float, 8) => Scalar::F64,
        _ => return None,
    })
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
            write(&path, &shape, fortran, &data).unwrap();
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
        write(&path, &shape, false, &[0u8; 40]).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!((bytes.len() - 40) % 64, 0);
        assert!(read("/nonexistent.npy").is_err());
    }
}

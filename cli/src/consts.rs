//! `--const NAME=FILE.npy` and `--const NAME=DTYPE[SHAPE]` of `check` and
//! `compile`: the host arrays behind `cuda.const.array_like(NAME)`. Type
//! checking needs only the element type and shape, so only a `.npy` file's
//! header is read (see [`crate::npy`]); a structured one holds records.

use crate::args::{ConstSource, ConstSpec};
use crate::npy;
use kernelc_abi::ElemType;
use kernelc_compiler::sema::typed::ConstArrayDecl;
use kernelc_compiler::types::Elem;

/// The declaration of one `--const` array (reading its `.npy` header).
pub fn declare(spec: &ConstSpec) -> Result<ConstArrayDecl, String> {
    let (elem, shape) = match &spec.source {
        ConstSource::Declared(elem, shape) => (*elem, shape.clone()),
        ConstSource::Npy(path) => {
            let header = npy::read_header(path)?;
            if header.fortran && header.shape.shape.len() > 1 {
                return Err(format!("'{path}' is Fortran-ordered; save it C-ordered"));
            }
            let shape = header.shape.shape.iter().map(|&d| d as u64).collect();
            let elem = match (header.record, header.shape.elem) {
                (Some(r), _) => Elem::Record(r),
                (None, ElemType::Scalar(s)) => Elem::Scalar(s),
                (None, ElemType::Complex(part)) => Elem::Complex(part),
                (None, ElemType::Record { .. }) => {
                    return Err(format!("'{path}' holds records of unknown fields"))
                }
            };
            (elem, shape)
        }
    };
    Ok(ConstArrayDecl {
        name: spec.name.clone(),
        elem,
        shape,
    })
}

/// The declarations of every `--const` array.
pub fn declare_all(specs: &[ConstSpec]) -> Result<Vec<ConstArrayDecl>, String> {
    specs.iter().map(declare).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::parse_const_spec;
    use kernelc_compiler::types::Scalar;

    #[test]
    fn declares_from_specs_and_npy_headers() {
        let c = declare(&parse_const_spec("G=float32[4, 4]").unwrap()).unwrap();
        assert_eq!(
            (c.name.as_str(), c.elem, c.shape),
            ("G", Elem::Scalar(Scalar::F32), vec![4, 4])
        );
        // Records, in Numba's spelling.
        let rec =
            "Record(x[type=float32;offset=0],d[type=nestedarray(uint8, (3,));offset=4];8;True)";
        let c = declare(&parse_const_spec(&format!("R={rec}[5]")).unwrap()).unwrap();
        assert_eq!((c.elem.to_string(), c.shape), (rec.to_string(), vec![5]));
        assert!(parse_const_spec("R=Record(x[type=float32;offset=9];4;True)[5]").is_err());

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.npy");
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
        let c = declare(&parse_const_spec(&format!("T={}", path.display())).unwrap()).unwrap();
        assert_eq!((c.elem, c.shape), (Elem::Scalar(Scalar::I32), vec![2, 3]));
        // The header must describe data the file holds.
        std::fs::write(&path, &buf[..buf.len() - 1]).unwrap();
        let e = declare(&parse_const_spec(&format!("T={}", path.display())).unwrap()).unwrap_err();
        assert!(e.contains("truncated"), "{e}");
    }
}

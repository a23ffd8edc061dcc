//! `kc_module_serialize` / `kc_module_deserialize`: a compiled module as
//! bytes and back, for on-disk caches of compiled kernels (the Python
//! binding's `cache=True`). The bytes hold everything a `kc_module` holds
//! (its PTX, each kernel's parameters, the kept texts, the constant
//! arrays' contents), so a module read back loads and launches as the one
//! compiled.
//!
//! The format is this library's own and changes with it: the bytes start
//! with a magic word, a format number and the library version, and
//! `kc_module_deserialize` refuses bytes written by another version. Every
//! length is checked against what is left, every string is UTF-8, every
//! tag known, nothing may follow the end: truncated or altered bytes are
//! `KC_ERROR_INVALID_ARGUMENT`, never a crash. (A corrupted PTX text
//! inside well-formed bytes is not detected here: a cache stores a checksum
//! of the bytes beside them, as the binding does.)
//!
//! Layout, little-endian: `KCMODULE`, format `u32`, version string, PTX
//! string, types text and IR text (each a presence byte, then a string),
//! kernels (`u32` count; each its name, cooperative byte, parameters:
//! `u32` count, each name, type name, kind, read byte, written byte),
//! constant arrays (`u32` count; each its name, then a presence byte and
//! bytes), the exported device function's name and signature (each a
//! presence byte, then a string; both or neither). A string or byte run is a `u32` length and its bytes. A
//! parameter kind is a tag byte: 0 scalar (its name), 1 complex (its
//! part's name), 2 array (element: tag 0 scalar name, 1 complex part
//! name, 2 record `u32` size; then `ndim` byte and layout letter), 3 tuple
//! (`u32` count and the kinds).

use crate::error::{Error, Result};
use crate::ffi::{deref, guard, slice, OutHandle};
use crate::module::{c_text, kc_module, Kernel};
use crate::status::kc_status;
use kernelc_abi::{ElemType, KernelInfo, Layout, ParamInfo, ParamKind, Scalar};

const MAGIC: &[u8; 8] = b"KCMODULE";
/// Changes whenever the layout above does.
const FORMAT: u32 = 2;
const VERSION: &str = env!("CARGO_PKG_VERSION");
/// Nesting of tuple parameters read back (the compiler's own limit is far
/// lower); deeper bytes are refused rather than recursed into.
const MAX_TUPLE_DEPTH: usize = 64;

/// Writes `module` as bytes into `buffer` (`capacity` bytes). `*needed`
/// (if `needed` is not NULL) receives the size of the whole serialisation;
/// `buffer` may be NULL when `capacity` is 0, to ask for it. Returns
/// `KC_ERROR_BUFFER_TOO_SMALL` (writing nothing) when it does not fit.
/// The bytes are for `kc_module_deserialize` of the same library version
/// (see that function); their layout is not a stable interface.
#[no_mangle]
pub unsafe extern "C" fn kc_module_serialize(
    module: *const kc_module,
    buffer: *mut u8,
    capacity: usize,
    needed: *mut usize,
) -> kc_status {
    guard("kc_module_serialize", || {
        let m = unsafe { deref(module, "module") }?;
        let bytes = write_module(m);
        if !needed.is_null() {
            // SAFETY: non-NULL and writable by the caller's contract.
            unsafe { needed.write(bytes.len()) };
        }
        if capacity < bytes.len() {
            return Err(Error::new(
                kc_status::KC_ERROR_BUFFER_TOO_SMALL,
                format!(
                    "the module takes {} bytes, the buffer has {capacity}",
                    bytes.len()
                ),
            ));
        }
        if buffer.is_null() {
            return Err(Error::null("buffer"));
        }
        // SAFETY: `buffer` is non-NULL and, by the caller's contract,
        // holds `capacity` >= `bytes.len()` writable bytes; the two cannot
        // overlap (`bytes` is ours).
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), buffer, bytes.len()) };
        Ok(())
    })
}

/// Reads a module back from `length` bytes at `bytes` (made by
/// `kc_module_serialize`); `*module` receives it (NULL on failure), to be
/// freed with `kc_module_free`. Bytes from another version of the library,
/// truncated, with anything after their end, or otherwise malformed are
/// `KC_ERROR_INVALID_ARGUMENT`, the last error saying what is wrong.
#[no_mangle]
pub unsafe extern "C" fn kc_module_deserialize(
    bytes: *const u8,
    length: usize,
    module: *mut *mut kc_module,
) -> kc_status {
    guard("kc_module_deserialize", || {
        let out = OutHandle::new(module, "module")?;
        let data = unsafe { slice(bytes, length, "bytes") }?;
        let m = Reader { data, at: 0 }.module()?;
        out.give(m);
        Ok(())
    })
}

// -- writing ------------------------------------------------------------------------

struct Writer(Vec<u8>);

impl Writer {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u32(&mut self, v: usize) {
        // Lengths and counts beyond u32 cannot come from a compiled module.
        let v = u32::try_from(v).expect("a length within u32");
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn bytes(&mut self, b: &[u8]) {
        self.u32(b.len());
        self.0.extend_from_slice(b);
    }
    fn str(&mut self, s: &str) {
        self.bytes(s.as_bytes());
    }
    fn opt_bytes(&mut self, b: Option<&[u8]>) {
        self.u8(u8::from(b.is_some()));
        if let Some(b) = b {
            self.bytes(b);
        }
    }
    fn kind(&mut self, k: &ParamKind) {
        match k {
            ParamKind::Scalar(s) => {
                self.u8(0);
                self.str(s.name());
            }
            ParamKind::Complex(part) => {
                self.u8(1);
                self.str(part.name());
            }
            ParamKind::Array { elem, ndim, layout } => {
                self.u8(2);
                match elem {
                    ElemType::Scalar(s) => {
                        self.u8(0);
                        self.str(s.name());
                    }
                    ElemType::Complex(part) => {
                        self.u8(1);
                        self.str(part.name());
                    }
                    ElemType::Record { size } => {
                        self.u8(2);
                        self.u32(*size as usize);
                    }
                }
                self.u8(*ndim);
                self.u8(layout.letter() as u8);
            }
            ParamKind::Tuple(items) => {
                self.u8(3);
                self.u32(items.len());
                for item in items {
                    self.kind(item);
                }
            }
        }
    }
}

fn write_module(m: &kc_module) -> Vec<u8> {
    let mut w = Writer(Vec::with_capacity(m.ptx.as_bytes().len() + 256));
    w.0.extend_from_slice(MAGIC);
    w.0.extend_from_slice(&FORMAT.to_le_bytes());
    w.str(VERSION);
    w.bytes(m.ptx.as_bytes());
    w.opt_bytes(m.types_text.as_ref().map(|t| t.as_bytes()));
    w.opt_bytes(m.ir_text.as_ref().map(|t| t.as_bytes()));
    w.u32(m.kernels.len());
    for k in &m.kernels {
        w.str(&k.info.name);
        w.u8(u8::from(k.info.cooperative));
        w.u32(k.info.params.len());
        for p in &k.info.params {
            w.str(&p.name);
            w.str(&p.ty);
            w.kind(&p.kind);
            w.u8(u8::from(p.read));
            w.u8(u8::from(p.written));
        }
    }
    w.u32(m.const_data.len());
    for (name, data) in &m.const_data {
        w.str(name);
        w.opt_bytes(data.as_deref());
    }
    w.opt_bytes(m.export.as_ref().map(|(n, _)| n.as_bytes()));
    w.opt_bytes(m.export.as_ref().map(|(_, s)| s.as_bytes()));
    w.0
}

// -- reading ------------------------------------------------------------------------

struct Reader<'a> {
    data: &'a [u8],
    at: usize,
}

fn malformed(what: impl std::fmt::Display) -> Error {
    Error::invalid(format!("not a serialised kernelc module: {what}"))
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8]> {
        let left = self.data.len() - self.at;
        if n > left {
            return Err(malformed(format_args!(
                "truncated at byte {} ({what} needs {n} bytes, {left} left)",
                self.at
            )));
        }
        let b = &self.data[self.at..self.at + n];
        self.at += n;
        Ok(b)
    }
    fn u8(&mut self, what: &str) -> Result<u8> {
        Ok(self.take(1, what)?[0])
    }
    fn flag(&mut self, what: &str) -> Result<bool> {
        match self.u8(what)? {
            0 => Ok(false),
            1 => Ok(true),
            v => Err(malformed(format_args!("{what} is {v}, not 0 or 1"))),
        }
    }
    fn u32(&mut self, what: &str) -> Result<usize> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    }
    fn bytes(&mut self, what: &str) -> Result<&'a [u8]> {
        let n = self.u32(what)?;
        self.take(n, what)
    }
    fn string(&mut self, what: &str) -> Result<String> {
        let b = self.bytes(what)?;
        String::from_utf8(b.to_vec()).map_err(|_| malformed(format_args!("{what} is not UTF-8")))
    }
    fn opt_string(&mut self, what: &str) -> Result<Option<String>> {
        Ok(if self.flag(what)? {
            Some(self.string(what)?)
        } else {
            None
        })
    }
    fn scalar(&mut self) -> Result<Scalar> {
        let name = self.string("a scalar type")?;
        Scalar::from_name(&name).ok_or_else(|| malformed(format_args!("unknown scalar '{name}'")))
    }
    fn kind(&mut self, depth: usize) -> Result<ParamKind> {
        Ok(match self.u8("a parameter kind")? {
            0 => ParamKind::Scalar(self.scalar()?),
            1 => ParamKind::Complex(self.scalar()?),
            2 => {
                let elem = match self.u8("an element kind")? {
                    0 => ElemType::Scalar(self.scalar()?),
                    1 => ElemType::Complex(self.scalar()?),
                    2 => ElemType::Record {
                        size: self.u32("a record size")? as u32,
                    },
                    t => return Err(malformed(format_args!("element kind {t}"))),
                };
                let ndim = self.u8("an array's ndim")?;
                // 0: a record passed by reference.
                let least = u8::from(!matches!(elem, ElemType::Record { .. }));
                if !(least..=3).contains(&ndim) {
                    return Err(malformed(format_args!("an array of {ndim} dimensions")));
                }
                let layout = match self.u8("a layout")? {
                    b'C' => Layout::C,
                    b'F' => Layout::F,
                    b'A' => Layout::A,
                    l => return Err(malformed(format_args!("layout {l}"))),
                };
                ParamKind::Array { elem, ndim, layout }
            }
            3 => {
                if depth >= MAX_TUPLE_DEPTH {
                    return Err(malformed("tuples nested too deeply"));
                }
                let n = self.u32("a tuple's length")?;
                // Each item takes at least two bytes: a bound before
                // allocating.
                if n > (self.data.len() - self.at) / 2 {
                    return Err(malformed("a tuple longer than the bytes"));
                }
                let mut items = Vec::with_capacity(n);
                for _ in 0..n {
                    items.push(self.kind(depth + 1)?);
                }
                ParamKind::Tuple(items)
            }
            t => return Err(malformed(format_args!("parameter kind {t}"))),
        })
    }
    /// A count of items that take at least `min_bytes` each, checked
    /// against the bytes left before anything is allocated for them.
    fn count(&mut self, what: &str, min_bytes: usize) -> Result<usize> {
        let n = self.u32(what)?;
        if n.saturating_mul(min_bytes) > self.data.len() - self.at {
            return Err(malformed(format_args!(
                "{what} {n} is more than the bytes hold"
            )));
        }
        Ok(n)
    }

    fn module(mut self) -> Result<kc_module> {
        if self.take(MAGIC.len(), "the magic word")? != MAGIC {
            return Err(malformed("it does not start with KCMODULE"));
        }
        let format = self.u32("the format number")?;
        let version = self.string("the library version")?;
        if format != FORMAT as usize || version != VERSION {
            return Err(Error::invalid(format!(
                "the module was serialised by kernelc {version} (format {format}); this is \
                 kernelc {VERSION} (format {FORMAT}): compile it again"
            )));
        }
        let ptx = self.string("the PTX")?;
        let types_text = self.opt_string("the types text")?;
        let ir_text = self.opt_string("the IR text")?;
        let nkernels = self.count("the kernel count", 10)?;
        let mut kernels = Vec::with_capacity(nkernels);
        for _ in 0..nkernels {
            let name = self.string("a kernel name")?;
            let cooperative = self.flag("a cooperative flag")?;
            let nparams = self.count("a parameter count", 12)?;
            let mut params = Vec::with_capacity(nparams);
            for _ in 0..nparams {
                params.push(ParamInfo {
                    name: self.string("a parameter name")?,
                    ty: self.string("a parameter type")?,
                    kind: self.kind(0)?,
                    read: self.flag("a read flag")?,
                    written: self.flag("a written flag")?,
                });
            }
            kernels.push(Kernel::new(KernelInfo {
                name,
                params,
                cooperative,
            }));
        }
        let nconst = self.count("the constant array count", 5)?;
        let mut const_data = Vec::with_capacity(nconst);
        for _ in 0..nconst {
            let name = self.string("a constant array's name")?;
            let data = if self.flag("a constant array's presence")? {
                Some(self.bytes("a constant array's bytes")?.to_vec())
            } else {
                None
            };
            const_data.push((name, data));
        }
        let export_name = self.opt_string("the exported function's name")?;
        let export_sig = self.opt_string("the exported function's signature")?;
        let export = match (export_name, export_sig) {
            (Some(n), Some(s)) => Some((c_text(n), c_text(s))),
            (None, None) => None,
            _ => {
                return Err(malformed(
                    "an exported function without its name or signature",
                ))
            }
        };
        if self.at != self.data.len() {
            return Err(malformed(format_args!(
                "{} bytes after its end",
                self.data.len() - self.at
            )));
        }
        Ok(kc_module {
            ptx: c_text(ptx),
            types_text: types_text.map(c_text),
            ir_text: ir_text.map(c_text),
            kernels,
            const_data,
            export,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> kc_module {
        let param = |name: &str, kind| ParamInfo {
            name: name.into(),
            ty: "t".into(),
            kind,
            read: true,
            written: name == "a",
        };
        kc_module {
            ptx: c_text(".version 7.0\n".into()),
            types_text: Some(c_text("types".into())),
            ir_text: None,
            kernels: vec![Kernel::new(KernelInfo {
                name: "k".into(),
                params: vec![
                    param(
                        "a",
                        ParamKind::Array {
                            elem: ElemType::Record { size: 12 },
                            ndim: 2,
                            layout: Layout::F,
                        },
                    ),
                    param("x", ParamKind::Complex(Scalar::F32)),
                    // A record argument: a 0-D array of records.
                    param(
                        "r",
                        ParamKind::Array {
                            elem: ElemType::Record { size: 12 },
                            ndim: 0,
                            layout: Layout::C,
                        },
                    ),
                    param(
                        "t",
                        ParamKind::Tuple(vec![
                            ParamKind::Scalar(Scalar::I64),
                            ParamKind::Tuple(vec![]),
                        ]),
                    ),
                ],
                cooperative: true,
            })],
            const_data: vec![("c".into(), Some(vec![1, 2, 3])), ("z".into(), None)],
            export: Some((c_text("f".into()), c_text("int64(uint32)".into()))),
        }
    }

    #[test]
    fn a_module_reads_back_as_written() {
        let m = sample();
        let bytes = write_module(&m);
        let back = Reader {
            data: &bytes,
            at: 0,
        }
        .module()
        .unwrap();
        assert_eq!(back.ptx, m.ptx);
        assert_eq!(back.types_text, m.types_text);
        assert_eq!(back.ir_text, m.ir_text);
        assert_eq!(back.const_data, m.const_data);
        assert_eq!(back.export, m.export);
        assert_eq!(back.kernels.len(), 1);
        assert_eq!(back.kernels[0].info, m.kernels[0].info);
        assert_eq!(write_module(&back), bytes);
    }

    #[test]
    fn every_truncation_and_a_trailing_byte_are_refused() {
        let bytes = write_module(&sample());
        for n in 0..bytes.len() {
            let e = Reader {
                data: &bytes[..n],
                at: 0,
            }
            .module()
            .err()
            .unwrap();
            assert!(
                e.message.contains("not a serialised kernelc module"),
                "{n}: {}",
                e.message
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        let e = Reader {
            data: &longer,
            at: 0,
        }
        .module()
        .err()
        .unwrap();
        assert!(e.message.contains("1 bytes after its end"), "{}", e.message);
    }

    #[test]
    fn another_version_is_refused_by_name() {
        let mut bytes = write_module(&sample());
        let at = MAGIC.len() + 4 + 4; // after the version's length
        bytes[at] = b'9';
        let e = Reader {
            data: &bytes,
            at: 0,
        }
        .module()
        .err()
        .unwrap();
        assert!(e.message.contains("compile it again"), "{}", e.message);
    }

    #[test]
    fn every_single_byte_change_is_refused_or_reads_back() {
        // No flipped byte may panic; the reader either refuses the bytes
        // or reads some module (a change inside a text is not detectable).
        let bytes = write_module(&sample());
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0xa5;
            let _ = Reader { data: &b, at: 0 }.module();
        }
    }
}

//! The header of a `.npy` file: a Python dict literal such as
//! `{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }`.
//!
//! NumPy reads it with `ast.literal_eval` and then requires exactly the
//! keys `descr`, `fortran_order` and `shape`; this module parses the same
//! literal subset (strings, integers, `True`/`False`/`None`, tuples, lists
//! and dicts, nested at most [`MAX_DEPTH`] deep) and checks the same
//! things, turning a descr into one of kernelc's scalar types, or (a list
//! of fields, as `numpy.save` writes a structured dtype) into a record.

use kernelc_abi::ElemType;
use kernelc_compiler::records::{Elem, FieldType, RecordField, RecordLayout, RecordType};
use kernelc_compiler::types::Scalar;

/// How deeply literals may nest: NumPy's headers nest two levels; a
/// hostile header must not exhaust the stack.
const MAX_DEPTH: usize = 32;

/// What a `.npy` header says about the array.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// The element type.
    pub elem: ElemType,
    /// The record type, for a structured dtype.
    pub record: Option<RecordType>,
    /// Whether the data is in Fortran (column-major) order.
    pub fortran: bool,
    /// The extents, as written (each a non-negative integer).
    pub shape: Vec<u128>,
}

/// A Python literal.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Str(String),
    Int(i128),
    Bool(bool),
    None,
    Tuple(Vec<Value>),
    List(Vec<Value>),
    Dict(Vec<(Value, Value)>),
}

/// Parses and checks the header text (without the trailing newline's
/// significance: whitespace around the literal is allowed).
pub fn parse(text: &str) -> Result<Header, String> {
    let mut p = Parser {
        text: text.as_bytes(),
        pos: 0,
    };
    let value = p.value(0)?;
    p.skip_space();
    if p.pos != p.text.len() {
        return Err(format!(
            "the header has text after its dict, at byte {}",
            p.pos
        ));
    }
    let Value::Dict(entries) = value else {
        return Err("the header is not a dict literal".into());
    };
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    for (key, value) in entries {
        match key {
            Value::Str(k) if k == "descr" => descr = Some(value),
            Value::Str(k) if k == "fortran_order" => fortran = Some(value),
            Value::Str(k) if k == "shape" => shape = Some(value),
            other => {
                return Err(format!(
                    "the header has an unexpected key {} (a .npy header has exactly 'descr', 'fortran_order' and 'shape')",
                    show(&other)
                ))
            }
        }
    }
    let missing = |k: &str| format!("the header has no '{k}' key");
    let (elem, record) = match descr.ok_or_else(|| missing("descr"))? {
        Value::Str(d) => (elem_of_descr(&d)?, None),
        Value::List(fields) => {
            let record = record_of_descr(&fields)?;
            (record.abi(), Some(record))
        }
        other => {
            return Err(format!(
                "unsupported dtype {} (structured arrays are not supported; kernelc reads bool, int8..int64, uint8..uint64 and float16..float64)",
                show(&other)
            ))
        }
    };
    let fortran = match fortran.ok_or_else(|| missing("fortran_order"))? {
        Value::Bool(b) => b,
        other => {
            return Err(format!(
                "'fortran_order' is {}, not True or False",
                show(&other)
            ))
        }
    };
    let shape = match shape.ok_or_else(|| missing("shape"))? {
        Value::Tuple(dims) => dims
            .into_iter()
            .map(|d| match d {
                Value::Int(n) if n >= 0 => Ok(n as u128),
                other => Err(format!(
                    "the shape's extent {} is not a non-negative integer",
                    show(&other)
                )),
            })
            .collect::<Result<Vec<_>, _>>()?,
        other => {
            return Err(format!(
                "'shape' is {}, not a tuple of integers",
                show(&other)
            ))
        }
    };
    Ok(Header {
        elem,
        record,
        fortran,
        shape,
    })
}

/// The record of a structured dtype's descr: a list of `(name, format)`
/// fields in order, padding written as fields named `''` of format `|Vn`
/// (what `numpy.save` writes, `dtype.descr`). A field's format is a type
/// string (a number), a list (a nested record), either followed by a shape
/// for an array field: `('d', '|u1', (5,))`.
fn record_of_descr(items: &[Value]) -> Result<RecordType, String> {
    let mut fields = Vec::new();
    let mut offset: u32 = 0;
    for item in items {
        let Value::Tuple(parts) = item else {
            return Err(format!("unsupported record field {}", show(item)));
        };
        let (name, format, shape) = match parts.as_slice() {
            [Value::Str(n), f] => (n, f, None),
            [Value::Str(n), f, s] => (n, f, Some(s)),
            _ => return Err(format!("unsupported record field {}", show(item))),
        };
        if name.is_empty() {
            // Padding: `|V4` is four bytes.
            let size = match (format, shape) {
                (Value::Str(f), None) => f.strip_prefix("|V").and_then(|n| n.parse::<u32>().ok()),
                _ => None,
            }
            .ok_or_else(|| format!("unsupported padding field {}", show(item)))?;
            offset = offset.checked_add(size).ok_or("the record is too large")?;
            continue;
        }
        let elem = match format {
            Value::Str(f) => match elem_of_descr(f) {
                Ok(ElemType::Scalar(s)) => Elem::Scalar(s),
                Ok(ElemType::Complex(part)) => Elem::Complex(part),
                _ => return Err(format!("record field '{name}': unsupported dtype '{f}'")),
            },
            Value::List(inner) => Elem::Record(record_of_descr(inner)?),
            other => return Err(format!("record field '{name}' has format {}", show(other))),
        };
        let ty = match shape {
            None => match elem {
                Elem::Scalar(s) => FieldType::Scalar(s),
                Elem::Complex(part) => FieldType::Complex(part),
                Elem::Record(r) => FieldType::Record(r),
            },
            Some(Value::Tuple(dims)) => {
                let shape = (dims.iter())
                    .map(|d| match d {
                        Value::Int(n) => u32::try_from(*n).ok(),
                        _ => None,
                    })
                    .collect::<Option<Vec<u32>>>()
                    .ok_or_else(|| {
                        format!("record field '{name}' has shape {}", show(&parts[2]))
                    })?;
                FieldType::Array { elem, shape }
            }
            Some(other) => return Err(format!("record field '{name}' has shape {}", show(other))),
        };
        let size = ty.size();
        fields.push(RecordField {
            name: name.clone(),
            ty,
            offset,
        });
        offset = offset.checked_add(size).ok_or("the record is too large")?;
    }
    let layout = RecordLayout {
        fields,
        size: offset,
        aligned: false,
    };
    layout.check()?;
    Ok(RecordType::intern(layout))
}

/// A record's descr as `numpy.save` writes it: its fields in offset order
/// with `('', '|Vn')` padding between them and at the end; an array field
/// with its shape, a nested record as a list.
pub fn descr_of_record(
    record: RecordType,
    descr_of: impl Fn(Scalar) -> &'static str + Copy,
) -> String {
    let mut fields: Vec<&RecordField> = record.layout().fields.iter().collect();
    fields.sort_by_key(|f| f.offset);
    let mut parts = Vec::new();
    let mut at = 0;
    let elem_descr = |elem: Elem| match elem {
        Elem::Scalar(s) => format!("'{}'", descr_of(s)),
        Elem::Complex(part) => format!("'{}'", complex_descr(part)),
        Elem::Record(r) => descr_of_record(r, descr_of),
    };
    for f in fields {
        if f.offset > at {
            parts.push(format!("('', '|V{}')", f.offset - at));
        }
        let format = match &f.ty {
            FieldType::Scalar(s) => elem_descr(Elem::Scalar(*s)),
            FieldType::Complex(part) => elem_descr(Elem::Complex(*part)),
            FieldType::Record(r) => elem_descr(Elem::Record(*r)),
            FieldType::Array { elem, shape } => {
                let dims: Vec<String> = shape.iter().map(u32::to_string).collect();
                let tuple = match dims.len() {
                    1 => format!("({},)", dims[0]),
                    _ => format!("({})", dims.join(", ")),
                };
                format!("{}, {tuple}", elem_descr(*elem))
            }
        };
        parts.push(format!("('{}', {format})", f.name));
        at = f.offset + f.ty.size();
    }
    if record.size() > at {
        parts.push(format!("('', '|V{}')", record.size() - at));
    }
    format!("[{}]", parts.join(", "))
}

/// The little-endian descr of a complex type with parts of type `part`.
pub fn complex_descr(part: Scalar) -> &'static str {
    if part == Scalar::F32 {
        "<c8"
    } else {
        "<c16"
    }
}

/// The element type a (non-structured) descr names: a scalar, or
/// `complex64`/`complex128` (`c8`, `c16`).
pub fn elem_of_descr(descr: &str) -> Result<ElemType, String> {
    let unsupported = || {
        format!(
            "unsupported dtype '{descr}' (kernelc reads bool, int8..int64, uint8..uint64, float16..float64, complex64 and complex128)"
        )
    };
    let (order, rest) = match descr.chars().next() {
        Some(c @ ('<' | '>' | '|' | '=')) => (c, &descr[1..]),
        _ => ('=', descr),
    };
    let scalar = |s: Scalar| ElemType::Scalar(s);
    let elem = match rest {
        "?" | "b1" => scalar(Scalar::Bool),
        "i1" => scalar(Scalar::I8),
        "i2" => scalar(Scalar::I16),
        "i4" => scalar(Scalar::I32),
        "i8" => scalar(Scalar::I64),
        "u1" => scalar(Scalar::U8),
        "u2" => scalar(Scalar::U16),
        "u4" => scalar(Scalar::U32),
        "u8" => scalar(Scalar::U64),
        "f2" => scalar(Scalar::F16),
        "f4" => scalar(Scalar::F32),
        "f8" => scalar(Scalar::F64),
        // ml_dtypes' bfloat16 saves as two raw bytes in an order (`<V2`);
        // NumPy's padding is `|V2`, which kernelc reads only in records.
        "V2" if order != '|' => scalar(Scalar::BF16),
        "c8" => ElemType::Complex(Scalar::F32),
        "c16" => ElemType::Complex(Scalar::F64),
        _ => return Err(unsupported()),
    };
    // `=` is the reading machine's order; kernelc's devices are
    // little-endian, and so is every host it builds for but a few.
    let big = order == '>' || (order == '=' && cfg!(target_endian = "big"));
    if big && elem.size() > 1 {
        return Err(format!(
            "dtype '{descr}' is big-endian; save the array little-endian (arr.astype(arr.dtype.newbyteorder('<')))"
        ));
    }
    Ok(elem)
}

/// A short rendering of a literal for messages.
fn show(v: &Value) -> String {
    match v {
        Value::Str(s) => format!("'{s}'"),
        Value::Int(n) => n.to_string(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::None => "None".into(),
        Value::Tuple(_) => "a tuple".into(),
        Value::List(_) => "a list".into(),
        Value::Dict(_) => "a dict".into(),
    }
}

/// A recursive-descent parser over the header's bytes.
struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self
            .text
            .get(self.pos)
            .is_some_and(|c| c.is_ascii_whitespace())
        {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.get(self.pos).copied()
    }

    fn error(&self, what: &str) -> String {
        match self.text.get(self.pos) {
            Some(&c) => format!(
                "the header is not a Python literal: {what} at byte {}, found '{}'",
                self.pos,
                c.escape_ascii()
            ),
            None => format!("the header is not a Python literal: {what}, found its end"),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(format!(
                "the header nests deeper than {MAX_DEPTH} levels, at byte {}",
                self.pos
            ));
        }
        match self.peek() {
            Some(q @ (b'\'' | b'"')) => self.string(q),
            Some(b'(') => {
                self.pos += 1;
                let (items, comma) = self.items(b')', depth)?;
                // `(4)` is the integer 4; `(4,)` and `()` are tuples.
                match <[Value; 1]>::try_from(items) {
                    Ok([single]) if !comma => Ok(single),
                    Ok([single]) => Ok(Value::Tuple(vec![single])),
                    Err(items) => Ok(Value::Tuple(items)),
                }
            }
            Some(b'[') => {
                self.pos += 1;
                Ok(Value::List(self.items(b']', depth)?.0))
            }
            Some(b'{') => {
                self.pos += 1;
                self.dict(depth)
            }
            Some(c) if c.is_ascii_digit() || c == b'-' || c == b'+' => self.int(),
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                let start = self.pos;
                while self
                    .text
                    .get(self.pos)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
                {
                    self.pos += 1;
                }
                match &self.text[start..self.pos] {
                    b"True" => Ok(Value::Bool(true)),
                    b"False" => Ok(Value::Bool(false)),
                    b"None" => Ok(Value::None),
                    _ => {
                        self.pos = start;
                        Err(self.error("expected a literal"))
                    }
                }
            }
            _ => Err(self.error("expected a literal")),
        }
    }

    /// Comma-separated values up to `close`; also says whether a comma
    /// was seen (which makes `(x,)` a tuple).
    fn items(&mut self, close: u8, depth: usize) -> Result<(Vec<Value>, bool), String> {
        let mut items = Vec::new();
        let mut comma = false;
        loop {
            if self.peek() == Some(close) {
                self.pos += 1;
                return Ok((items, comma));
            }
            items.push(self.value(depth + 1)?);
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    comma = true;
                }
                Some(c) if c == close => {}
                _ => return Err(self.error(&format!("expected ',' or '{}'", close as char))),
            }
        }
    }

    fn dict(&mut self, depth: usize) -> Result<Value, String> {
        let mut entries = Vec::new();
        loop {
            if self.peek() == Some(b'}') {
                self.pos += 1;
                return Ok(Value::Dict(entries));
            }
            let key = self.value(depth + 1)?;
            if self.peek() != Some(b':') {
                return Err(self.error("expected ':'"));
            }
            self.pos += 1;
            let value = self.value(depth + 1)?;
            // Python keeps the last of repeated keys.
            entries.retain(|(k, _)| *k != key);
            entries.push((key, value));
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {}
                _ => return Err(self.error("expected ',' or '}'")),
            }
        }
    }

    fn string(&mut self, quote: u8) -> Result<Value, String> {
        let start = self.pos;
        self.pos += 1;
        let mut bytes = Vec::new();
        loop {
            match self.text.get(self.pos) {
                None => {
                    self.pos = start;
                    return Err(self.error("unterminated string"));
                }
                Some(&c) if c == quote => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => match self.text.get(self.pos + 1) {
                    Some(&c @ (b'\\' | b'\'' | b'"')) => {
                        bytes.push(c);
                        self.pos += 2;
                    }
                    _ => return Err(self.error("unsupported string escape")),
                },
                Some(&c) => {
                    bytes.push(c);
                    self.pos += 1;
                }
            }
        }
        String::from_utf8(bytes)
            .map(Value::Str)
            .map_err(|_| format!("the header's string at byte {start} is not UTF-8"))
    }

    fn int(&mut self) -> Result<Value, String> {
        let start = self.pos;
        if matches!(self.text[self.pos], b'-' | b'+') {
            self.pos += 1;
        }
        while self.text.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        // Python 2 wrote long integers with an `L` suffix; NumPy still
        // reads such headers.
        let digits = std::str::from_utf8(&self.text[start..self.pos]).unwrap_or_default();
        if self.text.get(self.pos) == Some(&b'L') {
            self.pos += 1;
        }
        digits.parse::<i128>().map(Value::Int).map_err(|_| {
            if digits.trim_start_matches(['-', '+']).is_empty() {
                self.error("expected a number")
            } else {
                format!("the header's integer {digits} is too large")
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_numpy_headers() {
        let h = parse("{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }   \n").unwrap();
        assert_eq!(
            h,
            Header {
                elem: ElemType::Scalar(Scalar::F32),
                record: None,
                fortran: false,
                shape: vec![3, 4]
            }
        );
        let h = parse("{\"shape\": (5,), \"fortran_order\": True, \"descr\": \"|b1\"}").unwrap();
        assert_eq!(
            (h.elem, h.fortran, h.shape),
            (ElemType::Scalar(Scalar::Bool), true, vec![5])
        );
        assert_eq!(
            parse("{'descr': '<i8', 'fortran_order': False, 'shape': (), }")
                .unwrap()
                .shape,
            Vec::<u128>::new()
        );
        assert_eq!(
            parse("{'descr': '<u2', 'fortran_order': False, 'shape': (7L,), }")
                .unwrap()
                .shape,
            vec![7]
        );
    }

    /// A structured dtype as `numpy.save` writes an aligned one (padding
    /// fields named `''`), read into a record and written back the same.
    #[test]
    fn reads_and_writes_records() {
        let descr =
            "[('x', '<f8'), ('y', '<f4'), ('', '|V4'), ('m', '<f8'), ('ok', '|b1'), ('', '|V7')]";
        let h = parse(&format!(
            "{{'descr': {descr}, 'fortran_order': False, 'shape': (2,), }}"
        ))
        .unwrap();
        let r = h.record.expect("a record");
        assert_eq!(h.elem, ElemType::Record { size: 32 });
        assert_eq!(
            r.to_string(),
            "Record(x[type=float64;offset=0],y[type=float32;offset=8],m[type=float64;offset=16],ok[type=bool;offset=24];32;False)"
        );
        let names = |s: Scalar| match s {
            Scalar::F64 => "<f8",
            Scalar::F32 => "<f4",
            Scalar::Bool => "|b1",
            _ => "?",
        };
        assert_eq!(descr_of_record(r, names), descr);
    }

    #[test]
    fn reads_and_writes_array_fields_and_nested_records() {
        // `numpy.save` of np.dtype([('a', '<f8'), ('c', '<c8'), ('d', 'u1',
        // 5), ('j', '<f4', (3, 2)), ('inner', INNER), ('pts', INNER, 2)],
        // align=True), INNER = np.dtype([('x', '<i2'), ('y', '<f4')],
        // align=True); a 0-D array, one record.
        let inner = "[('x', '<i2'), ('', '|V2'), ('y', '<f4')]";
        let descr = format!(
            "[('a', '<f8'), ('c', '<c8'), ('d', '|u1', (5,)), ('', '|V3'), ('j', '<f4', (3, 2)), \
             ('inner', {inner}), ('pts', {inner}, (2,))]"
        );
        let h = parse(&format!(
            "{{'descr': {descr}, 'fortran_order': False, 'shape': (), }}"
        ))
        .unwrap();
        assert!(h.shape.is_empty());
        let r = h.record.expect("a record");
        assert_eq!(h.elem, ElemType::Record { size: 72 });
        // Numba's spelling, but for the `aligned` flags a file does not keep.
        assert_eq!(
            r.to_string(),
            "Record(a[type=float64;offset=0],c[type=complex64;offset=8],\
             d[type=nestedarray(uint8, (5,));offset=16],j[type=nestedarray(float32, (3, 2));offset=24],\
             inner[type=Record(x[type=int16;offset=0],y[type=float32;offset=4];8;False);offset=48],\
             pts[type=nestedarray(Record(x[type=int16;offset=0],y[type=float32;offset=4];8;False), (2,));offset=56];72;False)"
        );
        let names = |s: Scalar| match s {
            Scalar::F64 => "<f8",
            Scalar::F32 => "<f4",
            Scalar::I16 => "<i2",
            Scalar::U8 => "|u1",
            _ => "?",
        };
        assert_eq!(descr_of_record(r, names), descr);
    }

    #[test]
    fn reads_ml_dtypes_bfloat16() {
        let h = parse("{'descr': '<V2', 'fortran_order': False, 'shape': (5,), }").unwrap();
        assert_eq!(h.elem, ElemType::Scalar(Scalar::BF16));
        assert!(parse("{'descr': '|V2', 'fortran_order': False, 'shape': (5,), }").is_err());
    }

    #[test]
    fn rejects_what_numpy_rejects() {
        let cases = [
            ("{'descr': '<f4', 'fortran_order': False}", "no 'shape'"),
            (
                "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'x': 1}",
                "unexpected key 'x'",
            ),
            ("{'descr': '<f4', 'fortran_order': 0, 'shape': (3,)}", "not True or False"),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (3)}", "not a tuple"),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,)}", "non-negative"),
            ("{'descr': '<c32', 'fortran_order': False, 'shape': (3,)}", "unsupported dtype '<c32'"),
            ("{'descr': '>c16', 'fortran_order': False, 'shape': (3,)}", "big-endian"),
            ("{'descr': [('a', '<f4', (2, 2, 2, 2))], 'fortran_order': False, 'shape': (3,)}", "1 to 3 extents"),
            ("{'descr': [('a', '<f4', 'x')], 'fortran_order': False, 'shape': (3,)}", "has shape"),
            ("{'descr': [('a', '<f4'), ('a', '<i4')], 'fortran_order': False, 'shape': (3,)}", "twice"),
            ("{'descr': [('a', '|O')], 'fortran_order': False, 'shape': (3,)}", "record field 'a'"),
            ("{'descr': '>f4', 'fortran_order': False, 'shape': (3,)}", "big-endian"),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (3,)} x", "after its dict"),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (3,", "expected"),
            ("{'descr': '<f4", "unterminated string"),
            ("[1, 2]", "not a dict"),
            (
                "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999999999999999999999999,)}",
                "too large",
            ),
        ];
        for (text, want) in cases {
            let e = parse(text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
        // A single-byte type has no byte order to get wrong.
        // Complex arrays: two floats per element.
        let h = parse("{'descr': '<c16', 'fortran_order': False, 'shape': (3,)}").unwrap();
        assert_eq!(h.elem, ElemType::Complex(Scalar::F64));
        assert_eq!(
            elem_of_descr("<c8").unwrap(),
            ElemType::Complex(Scalar::F32)
        );
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let text = format!("{}{}", "(".repeat(100_000), ")".repeat(100_000));
        assert!(parse(&text).unwrap_err().contains("nests deeper"));
    }
}

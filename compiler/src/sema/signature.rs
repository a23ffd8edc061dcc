//! Numba signature strings: `"void(float32[:], float32[:, ::1], int64)"`.
//!
//! Accepted forms: an optional return type followed by a parenthesised
//! argument list. Types are scalar names with Numba's and NumPy's aliases
//! (`f4`, `i8`, `b1`, `intp`, ...), arrays written with slices (`[:]` any
//! layout, `[::1]` / `[:, ::1]` C-contiguous, `[::1, :]` F-contiguous, one
//! to three dimensions), `array(float32, 2d, C)` as Numba prints it,
//! `UniTuple(int64, 2)`, `Tuple(int64, float32)`, and `void`/`none` for
//! "returns nothing". Errors carry the byte range inside the string.

use crate::enums::{EnumKind, EnumType};
use crate::namedtuples::NamedTupleClass;
use crate::records::{FieldType, RecordField, RecordLayout};
use crate::types::{
    complex_from_name, ArrayType, Elem, Layout, MemSpace, RecordRef, RecordType, Scalar,
    TupleItems, Type, MAX_NDIM,
};
use std::ops::Range;

/// A parsed signature.
#[derive(Clone, PartialEq, Debug)]
pub struct Signature {
    /// The return type; `None` when the string gives only arguments.
    pub ret: Option<Type>,
    /// The argument types.
    pub args: Vec<Type>,
}

/// A signature syntax error: a message and the byte range in the string.
#[derive(Clone, PartialEq, Debug)]
pub struct SigError {
    /// What is wrong.
    pub message: String,
    /// Where, as a byte range of the signature text.
    pub range: Range<usize>,
}

/// A class of the kernel file a signature may name: an enum
/// (`IntEnum<int64>(Color)`) or a named tuple (`Point(float64 x 2)`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SigClass {
    /// An enum class.
    Enum(EnumType),
    /// A named tuple class.
    NamedTuple(NamedTupleClass),
}

/// The file's classes, by name.
pub type ClassLookup<'e> = &'e dyn Fn(&str) -> Option<SigClass>;

/// Parses a signature string (one that names no class of a file).
pub fn parse_signature(text: &str) -> Result<Signature, SigError> {
    parse_signature_in(text, &|_| None)
}

/// Parses a signature string whose enum and named tuple types name the
/// classes `classes` finds.
pub fn parse_signature_in(text: &str, classes: ClassLookup<'_>) -> Result<Signature, SigError> {
    let mut p = SigParser {
        text,
        pos: 0,
        record_depth: 0,
        classes,
    };
    p.skip_ws();
    let ret = if p.byte() == Some(b'(') {
        None
    } else {
        Some(p.parse_type()?)
    };
    // Argument types alone, as a tuple Numba evaluates the text to
    // (`"float32[:], int64"`, `"float32[:],"`): the result is inferred.
    if let Some(first) = ret.filter(|_| p.eat(b',')) {
        let mut args = vec![first];
        p.skip_ws();
        while p.pos < text.len() {
            args.push(p.parse_type()?);
            if !p.eat(b',') {
                break;
            }
            p.skip_ws();
        }
        p.skip_ws();
        if p.pos < text.len() {
            return Err(p.error_here("unexpected text after the argument types"));
        }
        return finish_signature(&p, None, args);
    }
    if ret.is_some() && p.pos >= text.len() {
        return Err(p.error_here(
            "a signature is `ret(args)`, `(args)` or argument types separated by commas \
             (Numba's text evaluates to a tuple or a Signature), not one type",
        ));
    }
    p.expect(b'(')?;
    let mut args = Vec::new();
    if !p.eat(b')') {
        // Room for a kernel's arguments without regrowing.
        args = Vec::with_capacity(8);
        loop {
            args.push(p.parse_type()?);
            if p.eat(b',') {
                if p.eat(b')') {
                    break;
                }
                continue;
            }
            p.expect(b')')?;
            break;
        }
    }
    p.skip_ws();
    if p.pos < text.len() {
        return Err(p.error_here("unexpected text after the signature"));
    }
    finish_signature(&p, ret, args)
}

/// The signature of `ret` and `args`, checked: `void` is no argument's
/// type.
fn finish_signature(
    p: &SigParser<'_>,
    ret: Option<Type>,
    args: Vec<Type>,
) -> Result<Signature, SigError> {
    if args.contains(&Type::None) {
        return Err(SigError {
            message: "'void' is only valid as a return type".into(),
            range: 0..p.text.len(),
        });
    }
    Ok(Signature { ret, args })
}

/// Parses a single type, e.g. `float32[:, ::1]`.
pub fn parse_type(text: &str) -> Result<Type, SigError> {
    let mut p = SigParser {
        text,
        pos: 0,
        record_depth: 0,
        classes: &|_| None,
    };
    let t = p.parse_type()?;
    p.skip_ws();
    if p.pos < text.len() {
        return Err(p.error_here("unexpected text after the type"));
    }
    Ok(t)
}

/// The scanner: one pass over the bytes. Every token the grammar needs is
/// ASCII, so the common paths test bytes; non-ASCII characters (Unicode
/// whitespace and letters, which are accepted where Python would, or
/// reported) go through `char`s on cold paths.
struct SigParser<'a> {
    text: &'a str,
    pos: usize,
    classes: ClassLookup<'a>,
    /// How many `Record(` the parser is inside.
    record_depth: u32,
}

/// ASCII bytes of a word: letters, digits and `_`.
#[inline]
fn is_word_byte(b: u8) -> bool {
    WORD_BYTE[b as usize]
}

/// [`is_word_byte`] as a table: one load per byte of a word.
static WORD_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let byte = b as u8;
        table[b] = byte.is_ascii_alphanumeric() || byte == b'_';
        b += 1;
    }
    table
};

/// The bytes that may start whitespace: ASCII whitespace and every
/// non-ASCII byte (a Unicode space, checked by [`SigParser::skip_ws_run`]).
static MAYBE_WS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = matches!(
            b as u8,
            b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c' | 0x80..
        );
        b += 1;
    }
    table
};

impl<'a> SigParser<'a> {
    /// The byte at the current position, if any.
    #[inline]
    fn byte(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    /// The character at the current position, if any.
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// Skips whitespace. Signatures have little, so the common case (no
    /// whitespace here) is one inlined byte test.
    #[inline]
    fn skip_ws(&mut self) {
        if self.byte().is_some_and(|b| MAYBE_WS[b as usize]) {
            self.skip_ws_run();
        }
    }

    /// [`Self::skip_ws`] when a whitespace or non-ASCII byte is next.
    #[inline(never)]
    fn skip_ws_run(&mut self) {
        // ASCII bytes directly; a non-ASCII character through `char`.
        while let Some(b) = self.byte() {
            match b {
                b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c' => self.pos += 1,
                0x80.. => match self.peek() {
                    Some(c) if c.is_whitespace() => self.pos += c.len_utf8(),
                    _ => break,
                },
                _ => break,
            }
        }
    }

    /// Consumes the ASCII byte `b` after whitespace, if it is next.
    #[inline]
    fn eat(&mut self, b: u8) -> bool {
        self.skip_ws();
        if self.byte() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn error_here(&self, message: &str) -> SigError {
        let end = self.peek().map_or(self.pos, |c| self.pos + c.len_utf8());
        SigError {
            message: message.to_string(),
            range: self.pos..end,
        }
    }

    /// Consumes the ASCII byte `b` or reports it missing.
    #[inline]
    fn expect(&mut self, b: u8) -> Result<(), SigError> {
        if self.eat(b) {
            Ok(())
        } else {
            Err(self.missing(b))
        }
    }

    /// The error for an expected byte `b` that is not next (after
    /// whitespace).
    #[cold]
    #[inline(never)]
    fn missing(&self, b: u8) -> SigError {
        let c = b as char;
        if self.pos >= self.text.len() {
            SigError {
                message: format!("expected '{c}', the signature ends too early"),
                range: self.text.len()..self.text.len(),
            }
        } else {
            self.error_here(&format!("expected '{c}'"))
        }
    }

    /// The word (letters, digits, `_`) after whitespace, with its range.
    #[inline]
    fn word(&mut self) -> Option<(&'a str, Range<usize>)> {
        self.skip_ws();
        let text: &'a str = self.text;
        let bytes = text.as_bytes();
        let start = self.pos;
        let mut end = start;
        while let Some(&b) = bytes.get(end) {
            if is_word_byte(b) {
                end += 1;
            } else {
                if b >= 0x80 {
                    end = self.word_end_unicode(end);
                }
                break;
            }
        }
        self.pos = end;
        (end > start).then(|| (&text[start..end], start..end))
    }

    /// The word [`Self::word`] would read, without reading it.
    fn peek_word(&mut self) -> Option<(&'a str, Range<usize>)> {
        let at = self.pos;
        let w = self.word();
        self.pos = at;
        w
    }

    /// The end of a word that goes on at `pos` with a non-ASCII byte
    /// (letters and digits of any script belong to words).
    #[cold]
    #[inline(never)]
    fn word_end_unicode(&self, mut pos: usize) -> usize {
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(pos) {
            if is_word_byte(b) {
                pos += 1;
            } else if b >= 0x80 {
                match self.text[pos..].chars().next() {
                    Some(c) if c.is_alphanumeric() => pos += c.len_utf8(),
                    _ => break,
                }
            } else {
                break;
            }
        }
        pos
    }

    /// A number after whitespace. A single digit (the `1` of `::1`) is
    /// read directly; longer words go through `str::parse`.
    #[inline]
    fn int(&mut self) -> Result<usize, SigError> {
        self.skip_ws();
        let bytes = self.text.as_bytes();
        if let Some(&d @ b'0'..=b'9') = bytes.get(self.pos) {
            if !bytes
                .get(self.pos + 1)
                .is_some_and(|&b| is_word_byte(b) || b >= 0x80)
            {
                self.pos += 1;
                return Ok(usize::from(d - b'0'));
            }
        }
        self.int_word()
    }

    /// [`Self::int`] for a word other than one digit.
    #[inline(never)]
    fn int_word(&mut self) -> Result<usize, SigError> {
        match self.word() {
            Some((w, r)) => w.parse().map_err(|_| SigError {
                message: format!("expected a number, found '{w}'"),
                range: r,
            }),
            None => Err(self.error_here("expected a number")),
        }
    }

    fn parse_type(&mut self) -> Result<Type, SigError> {
        let Some((name, range)) = self.word() else {
            return Err(self.error_here("expected a type name"));
        };
        let base = match name {
            "void" | "none" => return Ok(Type::None),
            "UniTuple" => {
                self.expect(b'(')?;
                let t = self.parse_type()?;
                // kernelc's `UniTuple(int64, 2)`, Numba's `UniTuple(int64 x 2)`.
                if !self.eat(b',') {
                    self.keyword("x")?;
                }
                let n = self.int()?;
                self.expect(b')')?;
                return Ok(Type::uni_tuple(t, n));
            }
            "Tuple" => {
                // Numba's `Tuple((int64, float32))` (or with a list),
                // whose one argument is the sequence of item types, and
                // kernelc's shorter `Tuple(int64, float32)`.
                self.expect(b'(')?;
                let close = if self.eat(b'(') {
                    Some(b')')
                } else if self.eat(b'[') {
                    Some(b']')
                } else {
                    None
                };
                let end = close.unwrap_or(b')');
                let mut items = Vec::new();
                if !self.eat(end) {
                    loop {
                        items.push(self.parse_type()?);
                        if self.eat(end) {
                            break;
                        }
                        self.expect(b',')?;
                        // `(int64,)`: a trailing comma.
                        if self.eat(end) {
                            break;
                        }
                    }
                }
                if close.is_some() {
                    self.expect(b')')?;
                }
                return Ok(Type::Tuple(items.into()));
            }
            "array" => return self.parse_array_call(),
            // Numba's `CPointer(float32)`: a pointer to numbers or records
            // (printed `float32*`, which reads too).
            "CPointer" => {
                self.expect(b'(')?;
                let elem = self.parse_element()?.ok_or_else(|| SigError {
                    message: "CPointer(...) takes a number or record type: CPointer(float32)"
                        .into(),
                    range: range.start..self.pos,
                })?;
                self.expect(b')')?;
                return Ok(Type::Pointer(elem));
            }
            // Numba's `class(float32)`: a number type passed as a value.
            "class" => {
                self.expect(b'(')?;
                let inner = self.parse_type()?;
                self.expect(b')')?;
                return match inner {
                    Type::Scalar(s) => Ok(Type::Class(Elem::Scalar(s))),
                    Type::Complex(part) => Ok(Type::Class(Elem::Complex(part))),
                    _ => Err(SigError {
                        message: "class(...) takes a number type: class(float32)".into(),
                        range: range.start..self.pos,
                    }),
                };
            }
            "IntEnum" => return self.parse_enum(EnumKind::Int, range.start),
            "Enum" => return self.parse_enum(EnumKind::Plain, range.start),
            // Numba's `typeof` of a packed record array.
            "unaligned" => match self.word() {
                Some(("array", _)) => return self.parse_array_call(),
                _ => return Err(self.error_here("expected 'array' after 'unaligned'")),
            },
            "Record" => Elem::Record(self.parse_record(range.start)?),
            _ => match Scalar::from_name(name) {
                Some(s) => Elem::Scalar(s),
                None => match complex_from_name(name) {
                    Some(part) => Elem::Complex(part),
                    None if self.byte_after_ws() == Some(b'(') => {
                        if let Some(SigClass::NamedTuple(c)) = (self.classes)(name) {
                            return self.parse_named_tuple(c, range.start);
                        }
                        return Err(SigError {
                            message: format!("unknown type '{name}' in signature (not a named tuple class of the kernel file)"),
                            range,
                        });
                    }
                    None => {
                        return Err(SigError {
                            message: format!("unknown type '{name}' in signature"),
                            range,
                        })
                    }
                },
            },
        };
        self.skip_ws();
        if self.eat(b'*') {
            // Numba's spelling of `CPointer(float32)`: `float32*`.
            return Ok(Type::Pointer(base));
        }
        if self.byte() != Some(b'[') {
            return match base {
                Elem::Scalar(s) => Ok(Type::Scalar(s)),
                Elem::Complex(part) => Ok(Type::Complex(part)),
                // A record passed by reference (Numba's `Record` argument).
                Elem::Record(record) => Ok(Type::Record(RecordRef {
                    record,
                    space: MemSpace::Global,
                })),
            };
        }
        let open = self.pos;
        self.pos += 1;
        let dims = self.dims()?;
        let range = open..self.pos;
        if dims.count > MAX_NDIM {
            return Err(SigError {
                message: format!(
                    "arrays have 1 to {MAX_NDIM} dimensions; this one has {}",
                    dims.count
                ),
                range,
            });
        }
        let layout = dims.layout().ok_or_else(|| SigError {
            message: "'::1' must mark the last (C order) or the first (F order) dimension".into(),
            range,
        })?;
        Ok(Type::Array(ArrayType::global(
            base,
            dims.count as u8,
            layout,
        )))
    }

    /// The dimensions of an array type after its `[`, up to the `]`
    /// (consumed), in any spelling, with errors.
    fn dims(&mut self) -> Result<Dims, SigError> {
        let mut dims = Dims::default();
        loop {
            self.skip_ws();
            let start = self.pos;
            if !self.eat(b':') {
                return Err(self.error_here("expected ':' or '::1' for an array dimension"));
            }
            let contiguous = if self.eat(b':') {
                let n = self.int()?;
                if n != 1 {
                    return Err(SigError {
                        message: "only the step 1 (`::1`) can mark a contiguous dimension".into(),
                        range: start..self.pos,
                    });
                }
                true
            } else {
                false
            };
            dims.push(contiguous);
            if self.eat(b']') {
                break;
            }
            self.expect(b',')?;
        }
        Ok(dims)
    }

    /// The rest of Numba's `IntEnum<int64>(Color)` / `Enum<float64>(Shape)`
    /// (from `start`, the first letter): a member of the file's class of
    /// that name, whose kind and value type must be the ones written.
    fn parse_enum(&mut self, kind: EnumKind, start: usize) -> Result<Type, SigError> {
        self.expect(b'<')?;
        // A number type, or `UniTuple(float64 x 2)` for tuple values.
        let value_type = self.parse_type()?;
        self.expect(b'>')?;
        self.expect(b'(')?;
        let Some((name, name_range)) = self.word() else {
            return Err(self.error_here("expected the enum class's name"));
        };
        self.expect(b')')?;
        let Some(SigClass::Enum(e)) = (self.classes)(name) else {
            return Err(SigError {
                message: format!("the kernel file defines no enum class '{name}'"),
                range: name_range,
            });
        };
        if e.value_type() != value_type || e.is_int() != (kind == EnumKind::Int) {
            return Err(SigError {
                message: format!("the signature's type does not match the file's class '{name}', whose members are {e}"),
                range: start..self.pos,
            });
        }
        Ok(Type::Enum(e))
    }

    /// The byte after any spaces at the current position.
    fn byte_after_ws(&mut self) -> Option<u8> {
        self.skip_ws();
        self.byte()
    }

    /// The rest of Numba's `Point(float64, int64)` / `Point(float64 x 2)`
    /// (from `start`): an instance of the file's named tuple class `c`,
    /// with one type per field.
    fn parse_named_tuple(&mut self, c: NamedTupleClass, start: usize) -> Result<Type, SigError> {
        self.expect(b'(')?;
        let mut items = Vec::new();
        if !self.eat(b')') {
            loop {
                let t = self.parse_type()?;
                items.push(t);
                self.skip_ws();
                if let Some(("x", _)) = self.peek_word() {
                    self.word();
                    let n = self.int()?;
                    items = vec![t; n];
                    self.expect(b')')?;
                    break;
                }
                if self.eat(b')') {
                    break;
                }
                self.expect(b',')?;
            }
        }
        if items.len() != c.fields().len() {
            return Err(SigError {
                message: format!(
                    "the named tuple '{}' has {} fields, not {}",
                    c.name(),
                    c.fields().len(),
                    items.len()
                ),
                range: start..self.pos,
            });
        }
        Ok(Type::Tuple(TupleItems::named(c, &items)))
    }

    /// An array's element type: a scalar name or a `Record(...)`; `None`
    /// for another type.
    fn parse_element(&mut self) -> Result<Option<Elem>, SigError> {
        self.skip_ws();
        let save = self.pos;
        if let Some(("Record", r)) = self.word() {
            return Ok(Some(Elem::Record(self.parse_record(r.start)?)));
        }
        self.pos = save;
        Ok(match self.parse_type()? {
            Type::Scalar(s) => Some(Elem::Scalar(s)),
            Type::Complex(part) => Some(Elem::Complex(part)),
            _ => None,
        })
    }

    /// The rest of `Record(x[type=float32;offset=0],...;SIZE;ALIGNED)`, as
    /// Numba prints a record type, after the word `Record` (at `start`).
    fn parse_record(&mut self, start: usize) -> Result<RecordType, SigError> {
        self.record_depth += 1;
        let r = self.parse_record_here(start);
        self.record_depth -= 1;
        r
    }

    /// [`Self::parse_record`] at the current nesting depth.
    fn parse_record_here(&mut self, start: usize) -> Result<RecordType, SigError> {
        if self.record_depth > crate::records::MAX_DEPTH {
            return Err(SigError {
                message: format!("records nest at most {} deep", crate::records::MAX_DEPTH),
                range: start..self.pos,
            });
        }
        self.expect(b'(')?;
        let mut fields = Vec::new();
        loop {
            let Some((name, _)) = self.word() else {
                return Err(self.error_here("expected a record field name"));
            };
            let name = name.to_string();
            self.expect(b'[')?;
            self.keyword("type")?;
            self.expect(b'=')?;
            let ty = self.parse_field_type()?;
            self.expect(b';')?;
            self.keyword("offset")?;
            self.expect(b'=')?;
            let offset = self.small_int()?;
            self.expect(b']')?;
            fields.push(RecordField { name, ty, offset });
            if self.eat(b';') {
                break;
            }
            self.expect(b',')?;
        }
        let size = self.small_int()?;
        self.expect(b';')?;
        let aligned = match self.word() {
            Some(("True", _)) => true,
            Some(("False", _)) => false,
            _ => return Err(self.error_here("expected True or False (aligned)")),
        };
        self.expect(b')')?;
        let layout = RecordLayout {
            fields,
            size,
            aligned,
        };
        layout.check().map_err(|message| SigError {
            message,
            range: start..self.pos,
        })?;
        Ok(RecordType::intern(layout))
    }

    /// A record field's type as Numba prints it: a scalar or complex type,
    /// `nestedarray(ELEM, (N, ...))` or `Record(...)`.
    fn parse_field_type(&mut self) -> Result<FieldType, SigError> {
        self.skip_ws();
        let start = self.pos;
        match self.word() {
            Some(("Record", r)) => return Ok(FieldType::Record(self.parse_record(r.start)?)),
            Some(("nestedarray", _)) => {
                self.expect(b'(')?;
                let elem = match self.parse_element()? {
                    Some(elem) => elem,
                    None => {
                        return Err(SigError {
                            message: "a nested array's elements are numbers or records".into(),
                            range: start..self.pos,
                        })
                    }
                };
                self.expect(b',')?;
                self.expect(b'(')?;
                let mut shape = Vec::new();
                loop {
                    self.skip_ws();
                    if self.eat(b')') {
                        break;
                    }
                    shape.push(self.small_int()?);
                    self.skip_ws();
                    if !self.eat(b',') {
                        self.expect(b')')?;
                        break;
                    }
                }
                self.expect(b')')?;
                return Ok(FieldType::Array { elem, shape });
            }
            _ => self.pos = start,
        }
        match self.parse_type()? {
            Type::Scalar(s) => Ok(FieldType::Scalar(s)),
            Type::Complex(part) => Ok(FieldType::Complex(part)),
            _ => Err(SigError {
                message: "a record field is a number, a nestedarray(...) or a Record(...)".into(),
                range: start..self.pos,
            }),
        }
    }

    /// A number that fits 32 bits (a record's size or a field's offset).
    fn small_int(&mut self) -> Result<u32, SigError> {
        let start = self.pos;
        let n = self.int()?;
        u32::try_from(n).map_err(|_| SigError {
            message: format!("{n} is too large here"),
            range: start..self.pos,
        })
    }

    /// The word `word`, or an error.
    fn keyword(&mut self, word: &str) -> Result<(), SigError> {
        match self.word() {
            Some((w, _)) if w == word => Ok(()),
            _ => Err(self.error_here(&format!("expected '{word}'"))),
        }
    }

    /// `array(float32, 2d, C)`, as Numba prints array types.
    fn parse_array_call(&mut self) -> Result<Type, SigError> {
        self.expect(b'(')?;
        let start = self.pos;
        let elem = match self.parse_element()? {
            Some(elem) => elem,
            None => {
                return Err(SigError {
                    message: "an array's element type must be a scalar or a record".into(),
                    range: start..self.pos,
                })
            }
        };
        self.expect(b',')?;
        // `0d` (`np.array(2.5)`: one element, indexed `a[()]`) to `8d`.
        let expected = || format!("the number of dimensions, '0d' to '{MAX_NDIM}d'");
        let Some((dims, r)) = self.word() else {
            return Err(self.error_here(&format!("expected {}", expected())));
        };
        let ndim = match dims.strip_suffix('d').map(str::parse::<usize>) {
            Some(Ok(n)) if n <= MAX_NDIM && !dims.starts_with('+') => n as u8,
            _ => {
                return Err(SigError {
                    message: format!("expected {}, found '{dims}'", expected()),
                    range: r,
                })
            }
        };
        self.expect(b',')?;
        let Some((l, r)) = self.word() else {
            return Err(self.error_here("expected a layout C, F or A"));
        };
        let layout = match l {
            "C" => Layout::C,
            "F" => Layout::F,
            "A" => Layout::A,
            _ => {
                return Err(SigError {
                    message: format!("expected a layout C, F or A, found '{l}'"),
                    range: r,
                })
            }
        };
        self.expect(b')')?;
        Ok(Type::Array(ArrayType::global(elem, ndim, layout)))
    }
}

/// The dimensions of an array type being parsed: how many, and which are
/// marked contiguous (`::1`).
#[derive(Default)]
struct Dims {
    count: usize,
    contiguous: usize,
    first_contiguous: bool,
    last_contiguous: bool,
}

impl Dims {
    fn push(&mut self, contiguous: bool) {
        if self.count == 0 {
            self.first_contiguous = contiguous;
        }
        self.last_contiguous = contiguous;
        self.contiguous += usize::from(contiguous);
        self.count += 1;
    }

    /// The layout the `::1` marks give, if they are valid.
    fn layout(&self) -> Option<Layout> {
        match self.contiguous {
            0 => Some(Layout::A),
            1 if self.last_contiguous => Some(Layout::C),
            1 if self.first_contiguous => Some(Layout::F),
            _ => None,
        }
    }
}

/// Writes a type in signature syntax (`float32[:, ::1]`), the inverse of
/// [`parse_type`] for global arrays and scalars.
pub fn type_to_signature_syntax(t: &Type) -> String {
    match t {
        Type::Array(a) => {
            let mut dims: Vec<&str> = vec![":"; a.ndim as usize];
            match a.layout {
                Layout::C => *dims.last_mut().unwrap() = "::1",
                Layout::F => dims[0] = "::1",
                Layout::A => {}
            }
            format!("{}[{}]", a.elem, dims.join(", "))
        }
        Type::None => "void".into(),
        Type::Pointer(elem) => format!("CPointer({elem})"),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arr(elem: Scalar, ndim: u8, layout: Layout) -> Type {
        Type::Array(ArrayType::global(elem, ndim, layout))
    }

    #[test]
    fn number_types_and_file_classes_as_argument_types() {
        let sig = parse_signature("void(class(float32), class(complex64), int8)").unwrap();
        assert_eq!(
            sig.args,
            [
                Type::Class(Elem::Scalar(Scalar::F32)),
                Type::Class(Elem::Complex(Scalar::F32)),
                Type::Scalar(Scalar::I8)
            ]
        );
        assert!(parse_type("class(float32[:])").is_err());
        // Enum and named tuple types name classes of the kernel file.
        let color = EnumType::intern(crate::enums::EnumLayout {
            name: "Color".into(),
            kind: EnumKind::Int,
            dtype: Scalar::I64,
            arity: 0,
            members: vec![],
        });
        // An enum whose values are pairs of floats.
        let planet = EnumType::intern(crate::enums::EnumLayout {
            name: "Planet".into(),
            kind: EnumKind::Plain,
            dtype: Scalar::F64,
            arity: 2,
            members: vec![],
        });
        let point = NamedTupleClass::intern(crate::namedtuples::NamedTupleLayout {
            name: "Point".into(),
            fields: vec!["x".into(), "y".into()],
        });
        let classes = |n: &str| match n {
            "Color" => Some(SigClass::Enum(color)),
            "Planet" => Some(SigClass::Enum(planet)),
            "Point" => Some(SigClass::NamedTuple(point)),
            _ => None,
        };
        let sig = parse_signature_in(
            "void(IntEnum<int64>(Color), Point(float64 x 2), Point(int64, float32))",
            &classes,
        )
        .unwrap();
        assert_eq!(sig.args[0], Type::Enum(color));
        let xy = TupleItems::named(point, &[Type::Scalar(Scalar::F64); 2]);
        assert_eq!(sig.args[1], Type::Tuple(xy));
        assert_eq!(sig.args[1].to_string(), "Point(float64 x 2)");
        assert_eq!(sig.args[2].to_string(), "Point(int64, float32)");
        // Numba's spelling of a UniTuple (`x`) and kernelc's (`,`).
        let sig = parse_signature_in(
            "void(Enum<UniTuple(float64 x 2)>(Planet), Enum<UniTuple(float64, 2)>(Planet), UniTuple(int32 x 3))",
            &classes,
        )
        .unwrap();
        assert_eq!(sig.args[0], Type::Enum(planet));
        assert_eq!(sig.args[1], Type::Enum(planet));
        assert_eq!(sig.args[2], Type::uni_tuple(Type::Scalar(Scalar::I32), 3));
        for (bad, why) in [
            ("void(Enum<float64>(Planet))", "does not match"),
            (
                "void(Enum<UniTuple(float64 x 3)>(Planet))",
                "does not match",
            ),
            ("void(UniTuple(int32 y 3))", "expected 'x'"),
            ("void(Enum<int64>(Color))", "does not match"),
            ("void(IntEnum<int64>(Shape))", "no enum class 'Shape'"),
            ("void(Point(float64 x 3))", "has 2 fields, not 3"),
            ("void(Pair(float64, float64))", "not a named tuple class"),
        ] {
            let e = parse_signature_in(bad, &classes).unwrap_err();
            assert!(e.message.contains(why), "{bad}: {}", e.message);
        }
    }

    /// Dimensions read the same after a tab as without it, results and
    /// errors alike (error ranges shifted by the tab).
    #[test]
    fn dims_read_the_same_after_whitespace() {
        for dims in [
            ":",
            "::1",
            ":, :",
            ": ,:",
            ":, ::1",
            "::1, :",
            ":,:,::1",
            ":, :, :, :",
            "::1, ::1",
            ":, ::2",
            "::1x",
            "::12",
            ":,",
            "",
            ":, :  ",
            ": :1",
            "::1 ",
            ":: 1",
            ":]",
            ";",
        ] {
            let plain = format!("float32[{dims}]");
            // The tab after the `[` (byte 7) shifts what follows by one.
            let general = format!("float32[\t{dims}]");
            let unshift = |x: usize| if x > 8 { x - 1 } else { x };
            let general = parse_type(&general)
                .map_err(|e| (e.message, unshift(e.range.start), unshift(e.range.end)));
            let plain_parse =
                parse_type(&plain).map_err(|e| (e.message, e.range.start, e.range.end));
            assert_eq!(plain_parse, general, "{plain:?}");
        }
    }

    #[test]
    fn parses_numba_signatures() {
        let s = parse_signature("void(float32[:], float32[:, ::1], int64)").unwrap();
        assert_eq!(s.ret, Some(Type::None));
        assert_eq!(
            s.args,
            vec![
                arr(Scalar::F32, 1, Layout::A),
                arr(Scalar::F32, 2, Layout::C),
                Type::I64
            ]
        );
        let s = parse_signature("f4(f4, i8, b1)").unwrap();
        assert_eq!(s.ret, Some(Type::F32));
        assert_eq!(s.args, vec![Type::F32, Type::I64, Type::BOOL]);
        let s = parse_signature("(float64[::1, :], uint8[:,:,::1])").unwrap();
        assert_eq!(s.ret, None);
        assert_eq!(
            s.args,
            vec![
                arr(Scalar::F64, 2, Layout::F),
                arr(Scalar::U8, 3, Layout::C)
            ]
        );
        let nested = parse_signature(
            "void(Tuple((int64, UniTuple(float32, 2))), Tuple([int8]), Tuple((int16,)))",
        )
        .unwrap();
        assert_eq!(
            nested.args.iter().map(Type::to_string).collect::<Vec<_>>(),
            [
                "Tuple(int64, UniTuple(float32, 2))",
                "UniTuple(int8, 1)",
                "UniTuple(int16, 1)"
            ]
        );
        assert_eq!(
            parse_signature("void(Tuple(int64, float32))").unwrap().args,
            parse_signature("void(Tuple((int64, float32)))")
                .unwrap()
                .args
        );
        let s = parse_signature("UniTuple(float32, 2)(float32, array(int32, 2d, A))").unwrap();
        assert_eq!(s.ret, Some(Type::uni_tuple(Type::F32, 2)));
        assert_eq!(s.args[1], arr(Scalar::I32, 2, Layout::A));
    }

    #[test]
    fn argument_types_alone_as_numba_evaluates_them() {
        // Numba evaluates the text: a tuple of types is the arguments.
        let s = parse_signature("float32[:], int64").unwrap();
        assert_eq!(s.ret, None);
        assert_eq!(s.args.len(), 2);
        let s = parse_signature(" float32[::1] , ").unwrap();
        assert_eq!((s.ret, s.args.len()), (None, 1));
        let s = parse_signature("int32, float64, uint8").unwrap();
        assert_eq!(s.args, vec![Type::I32, Type::F64, Type::Scalar(Scalar::U8)]);
        // One type alone is neither a tuple nor a signature.
        let e = parse_signature("float32[:]").unwrap_err();
        assert!(e.message.contains("not one type"), "{}", e.message);
        assert!(parse_signature("float32[:], int64 x").is_err());
        assert!(parse_signature("float32[:], void").is_err());
    }

    #[test]
    fn reports_errors_with_ranges() {
        let e = parse_signature("void(float33[:])").unwrap_err();
        assert_eq!(e.message, "unknown type 'float33' in signature");
        assert_eq!(e.range, 5..12);
        let e = parse_signature("void(float32[:]").unwrap_err();
        assert!(e.message.contains("ends too early"), "{}", e.message);
        assert!(parse_signature("void(float32[:,:,:,:,:,:,:,::1])").is_ok());
        let e = parse_signature("void(float32[:,:,:,:,:,:,:,:,:])").unwrap_err();
        assert!(e.message.contains("1 to 8 dimensions"), "{}", e.message);
        let e = parse_signature("void(array(float32, 9d, C))").unwrap_err();
        assert!(
            e.message.contains("'0d' to '8d', found '9d'"),
            "{}",
            e.message
        );
        let e = parse_signature("void(float32[::1, ::1])").unwrap_err();
        assert!(e.message.contains("'::1'"));
        assert!(parse_signature("void(void)").is_err());
        assert!(parse_signature("").is_err());
    }

    #[test]
    fn scans_whitespace_steps_and_words_like_the_grammar() {
        // Whitespace anywhere between tokens, Unicode whitespace included.
        let s = parse_signature(" void ( float32 [ : , : : 1 ] ,\u{a0}int64 , ) ").unwrap();
        assert_eq!(s.args, vec![arr(Scalar::F32, 2, Layout::C), Type::I64]);
        assert_eq!(parse_signature("()").unwrap().args, vec![]);
        // A step is a whole word: `::12`, `::1x` and `::01` are not `::1`.
        let e = parse_signature("void(float32[::12])").unwrap_err();
        assert!(e.message.contains("only the step 1"), "{}", e.message);
        assert_eq!(e.range, 13..17);
        let e = parse_signature("void(float32[::1x])").unwrap_err();
        assert_eq!(e.message, "expected a number, found '1x'");
        assert_eq!(e.range, 15..17);
        assert_eq!(
            parse_signature("void(float32[::01])").unwrap().args,
            vec![arr(Scalar::F32, 1, Layout::C)]
        );
        let e = parse_signature("void(float32[::1\u{e9}])").unwrap_err();
        assert_eq!(e.message, "expected a number, found '1\u{e9}'");
        let e = parse_signature("void(float32[::])").unwrap_err();
        assert_eq!((e.message.as_str(), e.range), ("expected a number", 15..16));
        // Words run on through letters of any script.
        let e = parse_signature("void(f\u{e9}e[:])").unwrap_err();
        assert_eq!(e.message, "unknown type 'f\u{e9}e' in signature");
        assert_eq!(e.range, 5..9);
        let e = parse_signature("void(int64 int64)").unwrap_err();
        assert_eq!((e.message.as_str(), e.range), ("expected ')'", 11..12));
        let e = parse_signature("void(int64) x").unwrap_err();
        assert_eq!(e.message, "unexpected text after the signature");
        let e = parse_signature("void(int64").unwrap_err();
        assert_eq!(e.range, 10..10);
    }

    #[test]
    fn round_trips_signature_syntax() {
        for t in [
            "float32[:, ::1]",
            "int8[::1, :, :]",
            "float64[:]",
            "int64",
            "CPointer(uint8)",
        ] {
            assert_eq!(type_to_signature_syntax(&parse_type(t).unwrap()), t);
        }
    }

    #[test]
    fn parses_pointers_in_numba_spellings() {
        let f32p = Type::Pointer(Elem::Scalar(Scalar::F32));
        let sig = parse_signature("float32(CPointer(float32), int32)").unwrap();
        assert_eq!(sig.args, vec![f32p, Type::Scalar(Scalar::I32)]);
        // Numba prints `CPointer(float32)` as `float32*`.
        assert_eq!(f32p.to_string(), "float32*");
        assert_eq!(parse_type("float32 *").unwrap(), f32p);
        assert_eq!(
            parse_type("CPointer(complex64)").unwrap(),
            Type::Pointer(Elem::Complex(Scalar::F32))
        );
        let e = parse_type("CPointer(float32[:])").unwrap_err();
        assert_eq!(
            e.message,
            "CPointer(...) takes a number or record type: CPointer(float32)"
        );
        assert!(parse_type("CPointer(CPointer(int8))").is_err());
    }
}

//! The kernel language's types and Numba's typing rules over them.
//!
//! [`Scalar`] is a machine number type and [`Layout`] an array layout (both
//! defined in the kernel-ABI crate, `kernelc_abi`, and re-exported here),
//! [`ArrayType`] an array as kernels see it (element type, dimensions,
//! layout, memory space) and [`Type`] joins them with tuples. The promotion
//! rules of section 4 of the language contract (the [`Promote`] trait and
//! the functions at the bottom) are kept in one place so the type checker,
//! the signature parser and the tests all agree on them:
//! [`Promote::promote`] is NumPy's `promote_types` (used for unification and
//! for mixing integers with floats), [`arith_result`] is Numba's rule for
//! arithmetic, and [`unify`] is Numba's unification of two types.
//!
//! Tuple types are interned ([`TupleItems`]), so a [`Type`] is a small
//! `Copy` value that is copied, compared and dropped without touching a
//! reference count.

use crate::sema::intrinsics::Callee;
use kernelc_abi::kernel::ParamKind;
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::fmt::{self, Write as _};
use std::sync::{Mutex, PoisonError};

/// The scalar types and array layouts live in the kernel-ABI crate: the
/// runtime marshals arguments by them without the compiler.
pub use kernelc_abi::scalar::{Layout, Scalar};

pub use crate::enums::EnumType;
pub use crate::namedtuples::NamedTupleClass;
pub use crate::records::{Elem, RecordType};
pub use kernelc_abi::elem::{complex_from_name, complex_name};

/// Numba's typing rules over scalars that are the compiler's alone (not
/// part of the kernel ABI).
pub trait Promote {
    /// NumPy's `promote_types`: the smallest type both convert to safely
    /// (`int64` with `uint64` gives `float64`, as in NumPy and Numba).
    fn promote(self, other: Scalar) -> Scalar;
}

impl Promote for Scalar {
    fn promote(self, other: Scalar) -> Scalar {
        use Scalar::*;
        let (a, b) = (self, other);
        if a == b {
            return a;
        }
        if a == BF16 || b == BF16 {
            return bf16_promote(if a == BF16 { b } else { a });
        }
        if a == Bool {
            return b;
        }
        if b == Bool {
            return a;
        }
        match (a.is_float(), b.is_float()) {
            (true, true) => float_of_bits(a.bits().max(b.bits())),
            (true, false) => float_of_bits(a.bits().max(float_bits_holding(b))),
            (false, true) => float_of_bits(b.bits().max(float_bits_holding(a))),
            (false, false) => {
                if a.is_signed() == b.is_signed() {
                    if a.bits() >= b.bits() {
                        a
                    } else {
                        b
                    }
                } else {
                    let (s, u) = if a.is_signed() { (a, b) } else { (b, a) };
                    if s.bits() > u.bits() {
                        s
                    } else if u.bits() < 64 {
                        Scalar::signed_of_bits(u.bits() * 2)
                    } else {
                        F64
                    }
                }
            }
        }
    }
}

/// The type a bfloat16 and a value of `other` meet in: bfloat16 with
/// `bool` and the 8-bit integers (which convert to it safely), float32
/// with float16 and float32, float64 otherwise (as Numba's arithmetic
/// resolves them; its unification of bfloat16 with other types fails, see
/// [`unify`]).
fn bf16_promote(other: Scalar) -> Scalar {
    match other {
        Scalar::Bool | Scalar::I8 | Scalar::U8 | Scalar::BF16 => Scalar::BF16,
        Scalar::F16 | Scalar::F32 => Scalar::F32,
        _ => Scalar::F64,
    }
}

/// The float type of `bits` bits.
fn float_of_bits(bits: u32) -> Scalar {
    match bits {
        16 => Scalar::F16,
        32 => Scalar::F32,
        _ => Scalar::F64,
    }
}

/// Bits of the smallest float that holds every value of the integer `t`.
fn float_bits_holding(t: Scalar) -> u32 {
    match t.bits() {
        8 => 16,
        16 => 32,
        _ => 64,
    }
}

/// Where an array's elements live.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MemSpace {
    /// Device memory: kernel array arguments.
    Global,
    /// `cuda.shared.array`: shared by the threads of a block.
    Shared,
    /// `cuda.local.array`: private to a thread.
    Local,
    /// `cuda.const.array_like`: read-only constant memory.
    Const,
}

impl MemSpace {
    /// Lower-case name used in messages and dumps.
    pub fn name(self) -> &'static str {
        match self {
            MemSpace::Global => "global",
            MemSpace::Shared => "shared",
            MemSpace::Local => "local",
            MemSpace::Const => "const",
        }
    }
}

/// The most dimensions an array has: 8, as in the C ABI's `kc_arg`
/// (`KC_MAX_NDIM`). Numba sets no limit; arrays of more are refused with
/// a located error, never truncated.
pub const MAX_NDIM: usize = 8;

/// An array type: `array(float32, 2d, C)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ArrayType {
    /// Element type.
    pub elem: Elem,
    /// Number of dimensions, 0 to [`MAX_NDIM`] (a 0-D array holds one
    /// element).
    pub ndim: u8,
    /// Memory layout.
    pub layout: Layout,
    /// Memory space of the elements.
    pub space: MemSpace,
}

impl ArrayType {
    /// A global array with the given element type, dimensions and layout.
    pub fn global(elem: impl Into<Elem>, ndim: u8, layout: Layout) -> Self {
        ArrayType {
            elem: elem.into(),
            ndim,
            layout,
            space: MemSpace::Global,
        }
    }
}

impl ArrayType {
    /// The type of one element: a scalar, or a record (a reference into
    /// this array's memory).
    pub fn elem_type(&self) -> Type {
        match self.elem {
            Elem::Scalar(s) => Type::Scalar(s),
            Elem::Complex(part) => Type::Complex(part),
            Elem::Record(record) => Type::Record(RecordRef {
                record,
                space: self.space,
            }),
        }
    }

    /// What iterating or unpacking the array yields (Numba's array
    /// iterator): its elements when it has one dimension, else its rows,
    /// views of layout `A`.
    pub fn item_type(&self) -> Type {
        if self.ndim == 1 {
            self.elem_type()
        } else {
            Type::Array(ArrayType {
                ndim: self.ndim - 1,
                layout: Layout::A,
                ..*self
            })
        }
    }
}

impl fmt::Display for ArrayType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Constant arrays print as Numba prints them; shared and local
        // arrays carry their memory space, a kernelc detail. An array of
        // packed records is Numba's `unaligned` array.
        if let Elem::Record(r) = self.elem {
            if !r.layout().aligned {
                f.write_str("unaligned ")?;
            }
        }
        if self.space == MemSpace::Const {
            f.write_str("readonly ")?;
        }
        // Pieces rather than `write!`: kernel metadata spells every
        // parameter type on each compile.
        f.write_str("array(")?;
        match self.elem {
            Elem::Scalar(s) => f.write_str(s.name())?,
            Elem::Complex(part) => f.write_str(complex_name(part))?,
            Elem::Record(r) => write!(f, "{r}")?,
        }
        f.write_str(", ")?;
        match self.ndim {
            n @ 0..=9 => f.write_char(char::from(b'0' + n))?,
            n => write!(f, "{n}")?,
        }
        f.write_str("d, ")?;
        f.write_char(self.layout.letter())?;
        if matches!(self.space, MemSpace::Shared | MemSpace::Local) {
            f.write_str(", ")?;
            f.write_str(self.space.name())?;
        }
        f.write_str(")")
    }
}

/// A kernel-language type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Type {
    /// Not known (yet): the bottom of inference, and the type of an
    /// expression that already has an error, so no error is reported twice.
    Unknown,
    /// The type of a function that returns nothing.
    None,
    /// A scalar.
    Scalar(Scalar),
    /// A complex number (Numba's `Complex`), given by the float type of its
    /// parts: `Complex(F32)` is `complex64`, `Complex(F64)` `complex128`.
    Complex(Scalar),
    /// A CUDA vector type (`float32x4`, numba-cuda's `VectorType`): `n`
    /// values of `base`, read as `.x .y .z .w`.
    Vector(VectorType),
    /// An array.
    Array(ArrayType),
    /// A tuple (grid indices, shapes, device-function results).
    Tuple(TupleItems),
    /// A device function used as a value (`apply(twice, x)`).
    Function(FunctionValue),
    /// A number type used as a value (`np.float32` passed as a `dtype`;
    /// Numba's `class(float32)`): known while typing, no components.
    Class(Elem),
    /// A record: Numba's `Record`, a reference to one element of a record
    /// array (reading a field reads that memory, writing one writes it).
    Record(RecordRef),
    /// The grid of a cooperative launch (`cuda.cg.this_grid()`, Numba's
    /// `GridGroup`): no components; its `sync()` is a grid-wide barrier.
    GridGroup,
    /// A member of an enum class (Numba's `EnumMember`/`IntEnumMember`):
    /// one component, its value (of the enum's `dtype`).
    Enum(EnumType),
    /// A pointer to elements of global memory (Numba's `CPointer(dtype)`,
    /// printed `float32*`): one component, the address. Indexed by one
    /// integer with no bounds and no wraparound (`p[i]`, C's `p[i]`); a
    /// kernel parameter of this type is a 64-bit address.
    Pointer(Elem),
    /// A number or bool that may be None (Numba's `Optional`, printed
    /// `OptionalType(int64)`): what a device function returns when one of
    /// its paths returns `None` and another a number, and a variable
    /// assigned `None` on one path and a number on another. Two
    /// components: whether there is a value (`bool`), then the value.
    /// `x is None` tests it; any other use takes the value, and raises
    /// `TypeError` when there is none, as Numba does.
    Optional(Scalar),
}

/// A CUDA vector type: `n` (1 to 4) components of type `base`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct VectorType {
    /// The components' type (an integer or float32/float64).
    pub base: Scalar,
    /// How many components.
    pub n: u8,
}

impl VectorType {
    /// The components' attribute names, in order.
    pub const FIELDS: [&'static str; 4] = ["x", "y", "z", "w"];
}

impl fmt::Display for VectorType {
    /// numba-cuda's name: `float32x4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.base.name(), self.n)
    }
}

/// A record value's type: the record and the memory it lies in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RecordRef {
    /// The record type.
    pub record: RecordType,
    /// The memory of the array it is an element of.
    pub space: MemSpace,
}

/// A function used as a value: a device function of the file, or an
/// intrinsic (`cuda.atomic.add`, `math.sin`, `np.sin`, `operator.add`),
/// as Numba types each as a `Dispatcher` or a `Function`. Known while
/// typing, with no run-time representation: a call through it is that
/// function's call, typed as a direct call is, and a device function
/// taking one is specialised for it, as Numba specialises for each
/// dispatcher or function passed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FunctionValue {
    /// The function's index in the file (`sema::typed::FuncId`), or, with
    /// [`INTRINSIC`] set, the intrinsic's position in
    /// [`INTRINSIC_CALLEES`].
    index: u32,
    /// Its name's position in [`FUNCTION_NAMES`] (a number, not the text,
    /// so that a [`Type`] stays two words).
    name: u32,
}

/// The mark of an intrinsic in [`FunctionValue::index`].
const INTRINSIC: u32 = 1 << 31;

/// The interned function names of [`FunctionValue`].
static FUNCTION_NAMES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

/// The interned intrinsics of [`FunctionValue`], each once.
static INTRINSIC_CALLEES: Mutex<Vec<Callee>> = Mutex::new(Vec::new());

/// The position of `name` in [`FUNCTION_NAMES`], added if new.
fn intern_function_name(name: &str) -> u32 {
    // A panic while the lock was held cannot leave the list half written:
    // it only grows by whole entries.
    let mut names = FUNCTION_NAMES.lock().unwrap_or_else(|e| e.into_inner());
    let position = match names.iter().position(|n| *n == name) {
        Some(p) => p,
        None => {
            names.push(Box::leak(name.to_string().into_boxed_str()));
            names.len() - 1
        }
    };
    position as u32
}

impl FunctionValue {
    /// The value of device function `index`, named `name`.
    pub fn new(index: u32, name: &str) -> Self {
        assert!(index < INTRINSIC, "function index {index} out of range");
        FunctionValue {
            index,
            name: intern_function_name(name),
        }
    }

    /// The value of an intrinsic (`cuda.atomic.add`): named as a user
    /// writes it, one value per intrinsic however it was reached
    /// (`cuda.atomic.add`, an alias, a parameter), as Numba types them.
    pub fn intrinsic(callee: Callee) -> Self {
        let position = {
            let mut callees = INTRINSIC_CALLEES.lock().unwrap_or_else(|e| e.into_inner());
            match callees.iter().position(|c| *c == callee) {
                Some(p) => p,
                None => {
                    callees.push(callee);
                    callees.len() - 1
                }
            }
        };
        FunctionValue {
            index: INTRINSIC | position as u32,
            name: intern_function_name(&callee.to_string()),
        }
    }

    /// The device function's index in the file, or `None` for an
    /// intrinsic.
    pub fn device(&self) -> Option<u32> {
        (self.index & INTRINSIC == 0).then_some(self.index)
    }

    /// The intrinsic, or `None` for a device function.
    pub fn callee(&self) -> Option<Callee> {
        if self.index & INTRINSIC == 0 {
            return None;
        }
        let callees = INTRINSIC_CALLEES.lock().unwrap_or_else(|e| e.into_inner());
        Some(callees[(self.index & !INTRINSIC) as usize])
    }

    /// The function's name.
    pub fn name(&self) -> &'static str {
        let names = FUNCTION_NAMES.lock().unwrap_or_else(|e| e.into_inner());
        names[self.name as usize]
    }
}

/// The item types of a tuple type, interned: each distinct list of item
/// types is stored once for the life of the process (a program has a
/// handful of tuple types, and they are the same few across programs), so
/// a tuple [`Type`] is one pointer. Read the items through `Deref` (a
/// slice); make one with `collect()`, `From<&[Type]>` or [`Type::uni_tuple`].
#[derive(Clone, Copy)]
pub struct TupleItems(&'static TupleData);

/// An interned tuple type: its items, and the named tuple class it is an
/// instance of, if any (`Point(float64 x 2)`).
#[derive(PartialEq, Eq, Hash)]
struct TupleData {
    class: Option<NamedTupleClass>,
    items: &'static [Type],
}

/// The interned tuple types other than [`INT64_TUPLES`], by content.
type TupleTable = FxHashMap<(Option<NamedTupleClass>, &'static [Type]), &'static TupleData>;
static TUPLES: Mutex<TupleTable> = Mutex::new(FxHashMap::with_hasher(FxBuildHasher));

/// The (unnamed) tuples of 0 to 3 `int64` (grid indices and array shapes),
/// which need no look-up in [`TUPLES`].
static INT64_TUPLES: [TupleData; 4] = [
    TupleData {
        class: None,
        items: &[],
    },
    TupleData {
        class: None,
        items: &[Type::I64],
    },
    TupleData {
        class: None,
        items: &[Type::I64, Type::I64],
    },
    TupleData {
        class: None,
        items: &[Type::I64, Type::I64, Type::I64],
    },
];

impl TupleItems {
    /// The interned copy of `items` (of a plain tuple).
    fn intern(items: &[Type]) -> TupleItems {
        if items.len() < INT64_TUPLES.len() && items.iter().all(|t| *t == Type::I64) {
            return TupleItems(&INT64_TUPLES[items.len()]);
        }
        Self::intern_in(None, items)
    }

    /// The interned type of an instance of the named tuple class `class`
    /// with items `items`.
    pub fn named(class: NamedTupleClass, items: &[Type]) -> TupleItems {
        Self::intern_in(Some(class), items)
    }

    fn intern_in(class: Option<NamedTupleClass>, items: &[Type]) -> TupleItems {
        // A panic while the lock was held cannot leave the map half
        // updated (an insert either happened or not), so poison is moot.
        let mut table = TUPLES.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&interned) = table.get(&(class, items)) {
            return TupleItems(interned);
        }
        let slice: &'static [Type] = Box::leak(items.into());
        let interned: &'static TupleData = Box::leak(Box::new(TupleData {
            class,
            items: slice,
        }));
        table.insert((class, slice), interned);
        TupleItems(interned)
    }

    /// The named tuple class of the tuple, if it is one's instance.
    pub fn class(self) -> Option<NamedTupleClass> {
        self.0.class
    }

    /// The same items as a tuple of the class of `like` (named or not).
    pub fn with_class_of(items: &[Type], like: TupleItems) -> TupleItems {
        match like.class() {
            Some(c) => Self::named(c, items),
            None => Self::intern(items),
        }
    }
}

impl std::ops::Deref for TupleItems {
    type Target = [Type];

    fn deref(&self) -> &[Type] {
        self.0.items
    }
}

impl From<&[Type]> for TupleItems {
    fn from(items: &[Type]) -> Self {
        TupleItems::intern(items)
    }
}

impl From<Vec<Type>> for TupleItems {
    fn from(items: Vec<Type>) -> Self {
        TupleItems::intern(&items)
    }
}

impl FromIterator<Type> for TupleItems {
    /// Interns the items (gathered on the stack when there are at most 8).
    fn from_iter<I: IntoIterator<Item = Type>>(iter: I) -> Self {
        with_gathered(iter, Type::Unknown, TupleItems::intern)
    }
}

/// Calls `f` with the items of `iter` as a slice: gathered in a buffer on
/// the stack (padded with `fill`) when there are at most 8, in a `Vec`
/// otherwise. Interning collects tuples so without allocating.
pub(crate) fn with_gathered<T: Copy, R>(
    iter: impl IntoIterator<Item = T>,
    fill: T,
    f: impl FnOnce(&[T]) -> R,
) -> R {
    let mut iter = iter.into_iter();
    let mut buf = [fill; 8];
    for n in 0..buf.len() {
        match iter.next() {
            Some(item) => buf[n] = item,
            None => return f(&buf[..n]),
        }
    }
    let mut all = buf.to_vec();
    all.extend(iter);
    f(&all)
}

impl PartialEq for TupleItems {
    fn eq(&self, other: &Self) -> bool {
        // Interned: the same items are (almost always) the same pointer.
        std::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl Eq for TupleItems {}

impl std::hash::Hash for TupleItems {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

impl fmt::Debug for TupleItems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(c) = self.0.class {
            write!(f, "{c:?}")?;
        }
        fmt::Debug::fmt(self.0.items, f)
    }
}

impl Type {
    /// `int64`, the type of integer literals, `cuda.grid(1)`, `len(a)`.
    pub const I64: Type = Type::Scalar(Scalar::I64);
    /// `int32`, the type of `cuda.threadIdx.x`.
    pub const I32: Type = Type::Scalar(Scalar::I32);
    /// `float64`, the type of float literals.
    pub const F64: Type = Type::Scalar(Scalar::F64);
    /// `float32`.
    pub const F32: Type = Type::Scalar(Scalar::F32);
    /// `bool`.
    pub const BOOL: Type = Type::Scalar(Scalar::Bool);
    /// `uint32`.
    pub const U32: Type = Type::Scalar(Scalar::U32);

    /// A homogeneous tuple of `n` elements.
    pub fn uni_tuple(elem: Type, n: usize) -> Type {
        Type::Tuple(std::iter::repeat_n(elem, n).collect())
    }

    /// The scalar type, if this is one.
    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            Type::Scalar(s) => Some(*s),
            _ => None,
        }
    }

    /// For a number (a scalar or complex), the type that holds its real
    /// part: the scalar itself, or the complex number's part type.
    pub fn number_part(&self) -> Option<Scalar> {
        match self {
            Type::Scalar(s) | Type::Complex(s) => Some(*s),
            _ => None,
        }
    }

    /// True for pointers.
    pub fn is_pointer(&self) -> bool {
        matches!(self, Type::Pointer(_))
    }

    /// True for complex numbers.
    pub fn is_complex(&self) -> bool {
        matches!(self, Type::Complex(_))
    }

    /// The array type, if this is one.
    pub fn array(&self) -> Option<ArrayType> {
        match self {
            Type::Array(a) => Some(*a),
            _ => None,
        }
    }

    /// The kernel-ABI kind of a kernel parameter of this type (`None` for
    /// types a kernel parameter cannot have).
    pub fn param_kind(&self) -> Option<ParamKind> {
        match self {
            Type::Scalar(s) => Some(ParamKind::Scalar(*s)),
            Type::Complex(part) => Some(ParamKind::Complex(*part)),
            Type::Enum(e) => e.value_type().param_kind(),
            // An address, as numba-cuda passes a `CPointer`: a
            // pointer-sized integer.
            Type::Pointer(_) => Some(ParamKind::Scalar(Scalar::U64)),
            // A type passed as a value is known when compiling: no data,
            // as an empty tuple.
            Type::Class(_) => Some(ParamKind::Tuple(Vec::new())),
            Type::Array(a) => Some(ParamKind::Array {
                elem: a.elem.abi(),
                ndim: a.ndim,
                layout: a.layout,
            }),
            // A record argument is a reference to one record: a 0-D array
            // of records, one data pointer (as Numba passes a `Record`).
            Type::Record(r) => Some(ParamKind::Array {
                elem: r.record.abi(),
                ndim: 0,
                layout: Layout::C,
            }),
            Type::Tuple(fields) => fields
                .iter()
                .map(Type::param_kind)
                .collect::<Option<_>>()
                .map(ParamKind::Tuple),
            Type::Unknown
            | Type::None
            | Type::Function(_)
            | Type::Vector(_)
            | Type::GridGroup
            | Type::Optional(_) => None,
        }
    }

    /// True for [`Type::Unknown`].
    pub fn is_unknown(&self) -> bool {
        matches!(self, Type::Unknown)
    }

    /// True when a value of this type is a number or bool.
    pub fn is_scalar(&self) -> bool {
        matches!(self, Type::Scalar(_))
    }

    /// True when this is an integer type (not bool).
    pub fn is_int(&self) -> bool {
        self.scalar().is_some_and(Scalar::is_int)
    }

    /// True when every part of this type is known.
    pub fn is_known(&self) -> bool {
        match self {
            Type::Unknown => false,
            Type::Tuple(items) => items.iter().all(Type::is_known),
            _ => true,
        }
    }

    /// A short noun phrase for messages: "an int64 value", "an array".
    pub fn describe(&self) -> String {
        match self {
            Type::Scalar(s) => {
                let article = if matches!(s, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64) {
                    "an"
                } else {
                    "a"
                };
                format!("{article} {s} value")
            }
            Type::Complex(part) => format!("a {} value", complex_name(*part)),
            Type::Vector(v) => {
                let article = if v.base.name().starts_with('i') {
                    "an"
                } else {
                    "a"
                };
                format!("{article} {v} value")
            }
            Type::Array(a) => format!("an array of type {a}"),
            Type::Tuple(_) => format!("a tuple of type {self}"),
            Type::None => "None".to_string(),
            Type::Function(fv) => format!("the function '{}'", fv.name()),
            Type::Class(s) => format!("the type '{s}'"),
            Type::Record(r) => format!("a record of type {}", r.record),
            Type::GridGroup => "a grid group".to_string(),
            Type::Enum(e) => format!("a member of the enum '{}' ({e})", e.name()),
            Type::Pointer(_) => format!("a pointer of type {self}"),
            Type::Optional(s) => format!("{} or None ({self})", Type::Scalar(*s).describe()),
            Type::Unknown => "a value of unknown type".to_string(),
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Unknown => f.write_str("?"),
            Type::None => f.write_str("none"),
            Type::Function(fv) => write!(f, "function({})", fv.name()),
            Type::Class(s) => write!(f, "class({s})"),
            Type::GridGroup => f.write_str("GridGroup"),
            Type::Enum(e) => fmt::Display::fmt(e, f),
            Type::Pointer(elem) => write!(f, "{elem}*"),
            Type::Optional(s) => write!(f, "OptionalType({s})"),
            Type::Record(r) => fmt::Display::fmt(&r.record, f),
            Type::Scalar(s) => f.write_str(s.name()),
            Type::Complex(part) => f.write_str(complex_name(*part)),
            Type::Vector(v) => fmt::Display::fmt(v, f),
            Type::Array(a) => fmt::Display::fmt(a, f),
            Type::Tuple(items) if items.class().is_some() => {
                // Numba's `NamedUniTuple` / `NamedTuple` spelling.
                let name = items.class().map_or("", |c| c.name());
                if !items.is_empty() && items.iter().all(|t| *t == items[0]) {
                    write!(f, "{name}({} x {})", items[0], items.len())
                } else {
                    write!(f, "{name}(")?;
                    for (i, t) in items.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        fmt::Display::fmt(t, f)?;
                    }
                    f.write_str(")")
                }
            }
            Type::Tuple(items) => {
                if !items.is_empty() && items.iter().all(|t| *t == items[0]) {
                    write!(f, "UniTuple({}, {})", items[0], items.len())
                } else {
                    f.write_str("Tuple(")?;
                    for (i, t) in items.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        fmt::Display::fmt(t, f)?;
                    }
                    f.write_str(")")
                }
            }
        }
    }
}

/// The part type of the complex type that holds values of `s`: float32
/// parts for the types float32 holds (`complex64`), float64 parts
/// otherwise (`complex128`), as NumPy promotes to complex.
pub fn complex_part(s: Scalar) -> Scalar {
    match s {
        Scalar::F16 | Scalar::F32 => Scalar::F32,
        _ => Scalar::F64,
    }
}

/// Numba's result type of arithmetic (`+ - * /`) with a complex operand:
/// complex, with parts of the type the parts' arithmetic would have
/// (`int32 * complex64` is `complex128`, as `int32 * float32` is
/// `float64`).
pub fn complex_arith_result(a: &Type, b: &Type) -> Option<Scalar> {
    let (x, y) = (a.number_part()?, b.number_part()?);
    Some(complex_part(float_arith_result(x, y)))
}

/// Numba's result type of integer arithmetic: `uint64` when both operands
/// are unsigned, `int64` otherwise (bool counts as signed).
pub fn int_arith_result(a: Scalar, b: Scalar) -> Scalar {
    if a.is_unsigned() && b.is_unsigned() {
        Scalar::U64
    } else {
        Scalar::I64
    }
}

/// The result type of `a << b` and `a >> b`: Numba types a shift by its
/// left operand alone (`uint32 << 2` is `uint64`, `int8 >> x` is `int64`).
pub fn shift_result(a: Scalar) -> Scalar {
    if a.is_unsigned() {
        Scalar::U64
    } else {
        Scalar::I64
    }
}

/// The result type of `a op b` for `+ - * // %` (and the operand type the
/// operation is done in): 64-bit integers for integer operands, NumPy
/// promotion when a float is involved.
pub fn arith_result(a: Scalar, b: Scalar) -> Scalar {
    if a.is_float() || b.is_float() {
        float_arith_result(a, b)
    } else {
        int_arith_result(a, b)
    }
}

/// NumPy promotion, except that Numba's arithmetic of uint16 with float32
/// gives float64 (its unification and `min`/`max` keep float32).
fn float_arith_result(a: Scalar, b: Scalar) -> Scalar {
    match (a, b) {
        (Scalar::U16, Scalar::F32) | (Scalar::F32, Scalar::U16) => Scalar::F64,
        _ => a.promote(b),
    }
}

/// The result type of true division `a / b`: `float64` for integers,
/// otherwise the promoted float type (`float32 / float32` stays `float32`).
pub fn truediv_result(a: Scalar, b: Scalar) -> Scalar {
    if a.is_float() || b.is_float() {
        float_arith_result(a, b)
    } else {
        Scalar::F64
    }
}

/// The result type of `a ** b`. Integers give 64-bit integers; a float base
/// with an integer exponent keeps the base's type (Numba types
/// `float32 ** int64` as `float32`); otherwise NumPy promotion.
pub fn pow_result(a: Scalar, b: Scalar) -> Scalar {
    match (a.is_float(), b.is_float()) {
        // Numba's `float32 ** int32` signature is its best match here (a
        // bool base converts to float32 as well as to int64).
        _ if a == Scalar::Bool && b == Scalar::I32 => Scalar::F32,
        (false, false) => int_arith_result(a, b),
        (true, false) => {
            if a == Scalar::F16 {
                Scalar::F32
            } else {
                a
            }
        }
        _ => float_arith_result(a, b),
    }
}

/// The exponent's type in Numba's signature for `float ** integer`
/// (`BinOpPower`): int32 for the integers that convert to it safely, int64
/// for int64 and uint32, uint64 for uint64. Its least value raises
/// `OverflowError` (Numba negates the exponent in that type).
pub fn float_pow_exponent(b: Scalar) -> Scalar {
    match b {
        Scalar::I64 | Scalar::U32 => Scalar::I64,
        Scalar::U64 => Scalar::U64,
        _ => Scalar::I32,
    }
}

/// Numba's unification of two types, used when a variable is assigned
/// values of different types, for conditional expressions and for function
/// results. `None` when the types cannot be unified.
pub fn unify(a: &Type, b: &Type) -> Option<Type> {
    match (a, b) {
        (Type::Unknown, t) | (t, Type::Unknown) => Some(*t),
        // numba-cuda's bfloat16 unifies with itself alone (its `unify`
        // with another number recurses without end).
        (Type::Scalar(x), Type::Scalar(y)) if (*x == Scalar::BF16) != (*y == Scalar::BF16) => None,
        (Type::Scalar(x), Type::Scalar(y)) => Some(Type::Scalar(x.promote(*y))),
        (Type::Complex(_), Type::Scalar(Scalar::BF16))
        | (Type::Scalar(Scalar::BF16), Type::Complex(_)) => None,
        (Type::Complex(_), Type::Scalar(_) | Type::Complex(_))
        | (Type::Scalar(_), Type::Complex(_)) => {
            let (x, y) = (a.number_part()?, b.number_part()?);
            Some(Type::Complex(complex_part(x.promote(y))))
        }
        (Type::Array(x), Type::Array(y)) => {
            if x == y {
                Some(*a)
            } else if x.elem == y.elem && x.ndim == y.ndim && x.space == y.space {
                Some(Type::Array(ArrayType {
                    layout: Layout::A,
                    ..*x
                }))
            } else {
                None
            }
        }
        // Tuples of one class (or both plain) unify item by item.
        (Type::Tuple(x), Type::Tuple(y)) if x.len() == y.len() && x.class() == y.class() => {
            let items: Option<Vec<Type>> =
                x.iter().zip(y.iter()).map(|(p, q)| unify(p, q)).collect();
            items.map(|v| Type::Tuple(TupleItems::with_class_of(&v, *x)))
        }
        (Type::None, Type::None) => Some(Type::None),
        (Type::Function(x), Type::Function(y)) if x == y => Some(*a),
        (Type::Class(x), Type::Class(y)) if x == y => Some(*a),
        (Type::GridGroup, Type::GridGroup) => Some(Type::GridGroup),
        (Type::Enum(x), Type::Enum(y)) if x == y => Some(*a),
        (Type::Pointer(x), Type::Pointer(y)) if x == y => Some(*a),
        // None and a number or bool: Numba's `Optional` of it.
        (Type::None, Type::Scalar(s)) | (Type::Scalar(s), Type::None) => Some(Type::Optional(*s)),
        (Type::Optional(s), Type::None) | (Type::None, Type::Optional(s)) => {
            Some(Type::Optional(*s))
        }
        (Type::Optional(x), Type::Scalar(y) | Type::Optional(y))
        | (Type::Scalar(x), Type::Optional(y)) => match unify(&Type::Scalar(*x), &Type::Scalar(*y))
        {
            Some(Type::Scalar(s)) => Some(Type::Optional(s)),
            _ => None,
        },
        // An IntEnum member converts safely to an integer of its value's
        // type only (Numba's `IntEnumMember.can_convert_to`, then
        // `unify_pairs`): `IntEnum<int64>` and `int64` give `int64`.
        (Type::Enum(e), Type::Scalar(s)) | (Type::Scalar(s), Type::Enum(e))
            if e.is_int() && *s == e.dtype() =>
        {
            Some(Type::Scalar(*s))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::Scalar::*;
    use super::*;

    #[test]
    fn promotion_matches_numpy() {
        assert_eq!(I32.promote(I64), I64);
        assert_eq!(U8.promote(I8), I16);
        assert_eq!(U32.promote(I32), I64);
        assert_eq!(U64.promote(I64), F64);
        assert_eq!(F32.promote(I16), F32);
        assert_eq!(F32.promote(U16), F32);
        assert_eq!(F32.promote(I32), F64);
        assert_eq!(F32.promote(I64), F64);
        assert_eq!(F16.promote(I8), F16);
        assert_eq!(F16.promote(I16), F32);
        assert_eq!(F32.promote(F64), F64);
        assert_eq!(Bool.promote(I32), I32);
    }

    #[test]
    fn arithmetic_matches_numba() {
        assert_eq!(arith_result(I8, I8), I64);
        assert_eq!(arith_result(U8, U8), U64);
        assert_eq!(arith_result(U32, I32), I64);
        assert_eq!(arith_result(U64, I64), I64);
        assert_eq!(arith_result(F32, I32), F64);
        assert_eq!(arith_result(F32, U8), F32);
        assert_eq!(truediv_result(I32, I32), F64);
        assert_eq!(truediv_result(F32, F32), F32);
        assert_eq!(pow_result(F32, I64), F32);
        assert_eq!(pow_result(F32, F64), F64);
        assert_eq!(pow_result(I32, I32), I64);
        assert_eq!(shift_result(U32), U64);
        assert_eq!(shift_result(I8), I64);
    }

    #[test]
    fn unification() {
        let f32_ = Type::F32;
        assert_eq!(unify(&f32_, &Type::I64), Some(Type::F64));
        let a = Type::Array(ArrayType::global(F32, 1, Layout::C));
        assert_eq!(unify(&a, &Type::I64), None);
        let b = Type::Array(ArrayType::global(F32, 1, Layout::A));
        assert_eq!(unify(&a, &b), Some(b));
        assert_eq!(
            Type::uni_tuple(Type::I64, 2).to_string(),
            "UniTuple(int64, 2)"
        );
    }

    #[test]
    fn tuples_are_interned() {
        let pair = Type::uni_tuple(Type::F32, 2);
        let Type::Tuple(items) = pair else {
            panic!("a tuple")
        };
        assert_eq!(&items[..], &[Type::F32, Type::F32]);
        // Built another way, the same items are the same interned list.
        let again: TupleItems = [Type::F32, Type::F32].into_iter().collect();
        assert!(std::ptr::eq(items.0, again.0));
        assert_eq!(Type::Tuple(again), pair);
        let shape = Type::Tuple(vec![Type::I64, Type::I64].into());
        assert_eq!(shape, Type::uni_tuple(Type::I64, 2));
        assert_ne!(shape, pair);
        // More items than fit the stack buffer of `collect`.
        let long: TupleItems = (0..10).map(|_| Type::BOOL).collect();
        assert_eq!(long.len(), 10);
        assert_eq!(
            unify(&Type::Tuple(long), &Type::uni_tuple(Type::I64, 10)),
            Some(Type::uni_tuple(Type::I64, 10))
        );
        assert_eq!(
            format!("{:?}", Type::uni_tuple(Type::I32, 1)),
            "Tuple([Scalar(I32)])"
        );
        // A type is two words at most.
        assert!(std::mem::size_of::<Type>() <= 16);
    }
}

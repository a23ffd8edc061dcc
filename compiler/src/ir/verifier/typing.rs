//! Operand and result types per opcode, and result counts (the rules are
//! listed in the [`super`] module doc).

use crate::ir::entities::{Inst, Value};
use crate::ir::function::{Function, Module};
use crate::ir::instructions::{AtomicRmwOp, InstructionData, Opcode};
use crate::ir::types::{AddrSpace, Type};
use cranelift_entity::EntityRef;

/// The type errors of `inst` (whose format matches its opcode and whose
/// operands, `args`, exist).
pub(super) fn check(f: &Function, m: Option<&Module>, inst: Inst, args: &[Value]) -> Vec<String> {
    let mut t = Typer {
        f,
        m,
        inst,
        args,
        out: Vec::new(),
    };
    if t.check_result_count() {
        t.check_types();
    }
    t.out
}

struct Typer<'a> {
    f: &'a Function,
    m: Option<&'a Module>,
    inst: Inst,
    /// The instruction's value operands.
    args: &'a [Value],
    out: Vec<String>,
}

/// The number of results an opcode gives (`None`: a call whose callee is
/// unknown).
fn expected_results(op: Opcode, data: &InstructionData, m: Option<&Module>) -> Option<usize> {
    use Opcode::*;
    match op {
        Store | StoreCg | StoreCs | StoreWb | StoreWt | Syncthreads | GridSync | Syncwarp
        | Nanosleep | Threadfence | ThreadfenceBlock | ThreadfenceSystem | Print | Jump | Brif
        | Return | Trap | Exit => Some(0),
        Call => match data {
            InstructionData::Call { func, .. } => m
                .and_then(|m| m.functions.get(*func))
                .map(|g| g.signature.returns.len()),
            _ => None,
        },
        _ => Some(1),
    }
}

impl Typer<'_> {
    fn data(&self) -> &InstructionData {
        self.f.dfg.inst(self.inst)
    }

    fn err(&mut self, msg: String) {
        self.out.push(msg);
    }

    fn ty(&self, k: usize) -> Type {
        self.f.dfg.value_type(self.args[k])
    }

    fn result(&self) -> Type {
        let r = self.f.dfg.first_result(self.inst).expect("one result");
        self.f.dfg.value_type(r)
    }

    fn check_result_count(&mut self) -> bool {
        let op = self.data().opcode();
        let got = self.f.dfg.inst_results(self.inst).len();
        match expected_results(op, self.data(), self.m) {
            Some(n) if n != got => {
                self.err(format!("`{op}` gives {n} results, not {got}"));
                false
            }
            _ => true,
        }
    }

    /// Reports unless `ok`.
    fn want(&mut self, ok: bool, msg: impl FnOnce() -> String) {
        if !ok {
            let m = msg();
            self.err(m);
        }
    }

    fn same_as_result(&mut self, k: usize) {
        let (a, r) = (self.ty(k), self.result());
        self.want(a == r, || {
            format!("result type {r} differs from operand type {a}")
        });
    }

    fn all_of_kind(&mut self, n: usize, is: fn(Type) -> bool, kind: &str) {
        let t0 = self.ty(0);
        self.want(is(t0), || format!("operand 0 must be {kind}, not {t0}"));
        for k in 1..n {
            let t = self.ty(k);
            self.want(t == t0, || {
                format!("operands have different types: {t0} and {t}")
            });
        }
        self.same_as_result(0);
    }

    fn operand_is(&mut self, k: usize, want: Type, what: &str) {
        let t = self.ty(k);
        self.want(t == want, || format!("{what} must be {want}, not {t}"));
    }

    fn operand_is_one_of(&mut self, k: usize, allowed: &[Type], what: &str) {
        let t = self.ty(k);
        self.want(allowed.contains(&t), || {
            let names: Vec<String> = allowed.iter().map(Type::to_string).collect();
            format!("{what} must be {}, not {t}", names.join(" or "))
        });
    }

    fn result_is(&mut self, want: Type) {
        let r = self.result();
        self.want(r == want, || format!("result must be {want}, not {r}"));
    }

    fn check_types(&mut self) {
        use Opcode::*;
        let mut op = self.data().opcode();
        if let Some((base, _)) = op.directed() {
            // Typed as its round-to-nearest form, in f32 or f64 only.
            let r = self.result();
            self.want(matches!(r, Type::F32 | Type::F64), || {
                format!("`{op}` gives f32 or f64, not {r}")
            });
            op = base;
        }
        match op {
            Iconst => {
                let r = self.result();
                self.want(r.is_int(), || format!("`iconst` gives an integer, not {r}"));
            }
            Fconst => self.check_fconst(),
            Ineg | Iabs | Bnot | Popcnt | Clz | Ctz | Bitrev => {
                self.all_of_kind(1, Type::is_int, "an integer")
            }
            Iadd | Isub | Imul | Sdiv | Udiv | Srem | Urem | Smin | Smax | Umin | Umax | Band
            | Bor | Bxor => self.all_of_kind(2, Type::is_int, "an integer"),
            Ishl | Sshr | Ushr => self.check_shift(),
            Fadd | Fsub | Fmul | Fdiv | Fmin | Fmax | Copysign | Atan2 | Pow | Hypot | Fmod
            | Remainder => self.all_of_kind(2, Type::is_float, "a float"),
            Fma => self.all_of_kind(3, Type::is_float, "a float"),
            Powi => {
                self.all_of_kind(1, Type::is_float, "a float");
                self.operand_is(1, Type::I64, "the exponent");
            }
            Ldexp => {
                self.all_of_kind(1, Type::is_float, "a float");
                self.operand_is(1, Type::I32, "the exponent");
            }
            SinApprox | CosApprox | Ex2Approx | Lg2Approx | TanhApprox => {
                self.operand_is(0, Type::F32, "the operand");
                self.same_as_result(0);
            }
            Select => self.check_select(),
            Icmp => self.check_compare(|t| t.is_int() || t.is_ptr(), "integers or pointers"),
            Fcmp => self.check_compare(Type::is_float, "floats"),
            Sextend | Uextend | Ireduce | Fpromote | Fdemote | FcvtToSint | FcvtToUint
            | FcvtFromSint | FcvtFromUint | Bitcast | F32ToBf16 => self.check_conversion(op),
            PtrAdd => self.check_ptr_add(),
            Load => {
                self.check_pointer(0, "the address");
            }
            Store => self.check_store(),
            LoadCa | LoadCg | LoadCs | LoadLu | LoadCv | StoreCg | StoreCs | StoreWb | StoreWt => {
                self.check_cached_access(op)
            }
            AtomicRmw | AtomicCas => self.check_atomic(),
            SharedAddr | LocalAddr | ConstAddr | StrAddr | DynSharedAddr => self.check_addr_of(op),
            ExcAddr => self.result_is(Type::Ptr(AddrSpace::Global)),
            Special | Activemask | LanemaskLt => self.result_is(Type::I32),
            SyncthreadsCount | SyncthreadsAnd | SyncthreadsOr => {
                self.operand_is(0, Type::I1, "the predicate");
                self.result_is(Type::I32);
            }
            Syncwarp => self.operand_is(0, Type::I32, "the mask"),
            Nanosleep => self.operand_is(0, Type::I32, "the duration"),
            Shuffle => self.check_shuffle(),
            Vote => self.check_vote(),
            Call => self.check_call(),
            Print => self.check_print(),
            Brif => self.operand_is(0, Type::I1, "the condition"),
            Return => self.check_return(),
            Jump | Syncthreads | GridSync | Threadfence | ThreadfenceBlock | ThreadfenceSystem
            | Trap | Exit => {}
            _ => self.all_of_kind(1, Type::is_float, "a float"),
        }
    }

    fn check_fconst(&mut self) {
        let r = self.result();
        let InstructionData::UnaryIeee { bits, .. } = *self.data() else {
            return;
        };
        if !r.is_float() {
            return self.err(format!("`fconst` gives a float, not {r}"));
        }
        self.want(r.bits() == 64 || bits >> r.bits() == 0, || {
            format!("constant bits 0x{bits:x} do not fit {r}")
        });
    }

    fn check_shift(&mut self) {
        let (a, b) = (self.ty(0), self.ty(1));
        self.want(a.is_int() && b.is_int(), || {
            format!("shifts take integers, not {a} and {b}")
        });
        self.same_as_result(0);
    }

    fn check_select(&mut self) {
        self.operand_is(0, Type::I1, "the condition");
        let (a, b) = (self.ty(1), self.ty(2));
        self.want(a == b, || format!("select arms differ: {a} and {b}"));
        self.same_as_result(1);
    }

    fn check_compare(&mut self, is: fn(Type) -> bool, kind: &str) {
        let (a, b) = (self.ty(0), self.ty(1));
        self.want(is(a) && a == b, || {
            format!("comparison operands must be {kind} of one type, not {a} and {b}")
        });
        self.result_is(Type::I1);
    }

    fn check_conversion(&mut self, op: Opcode) {
        use Opcode::*;
        let (a, r) = (self.ty(0), self.result());
        let ok = match op {
            Sextend | Uextend => a.is_int() && r.is_int() && r.bits() > a.bits(),
            Ireduce => a.is_int() && r.is_int() && r.bits() < a.bits(),
            Fpromote => a.is_float() && r.is_float() && r.bits() > a.bits(),
            Fdemote => a.is_float() && r.is_float() && r.bits() < a.bits(),
            FcvtToSint | FcvtToUint => a.is_float() && r.is_int(),
            FcvtFromSint | FcvtFromUint => a.is_int() && r.is_float(),
            F32ToBf16 => a == Type::F32 && r == Type::I16,
            _ => a.bits() == r.bits(),
        };
        self.want(ok, || format!("`{op}` cannot convert {a} to {r}"));
    }

    fn check_ptr_add(&mut self) {
        self.check_pointer(0, "the base");
        self.operand_is(1, Type::I64, "the offset");
        self.same_as_result(0);
    }

    fn check_pointer(&mut self, k: usize, what: &str) -> Option<AddrSpace> {
        let t = self.ty(k);
        self.want(t.is_ptr(), || format!("{what} must be a pointer, not {t}"));
        t.addr_space()
    }

    fn check_store(&mut self) {
        if let Some(space) = self.check_pointer(0, "the address") {
            self.want(space.is_writable(), || {
                format!("cannot store into {} memory", space.name())
            });
        }
    }

    /// A load or store with a cache hint: global memory only (PTX has the
    /// hints on `ld.global`/`st.global`), of an integer or float type
    /// (the `.b8` ... `.b64` accesses; not `i1` or a pointer).
    fn check_cached_access(&mut self, op: Opcode) {
        if let Some(space) = self.check_pointer(0, "the address") {
            self.want(space == AddrSpace::Global, || {
                format!("`{op}` needs global memory, not {}", space.name())
            });
        }
        let t = if op.is_cached_store() {
            Some(self.ty(1))
        } else {
            self.f
                .dfg
                .first_result(self.inst)
                .map(|r| self.f.dfg.value_type(r))
        };
        if let Some(t) = t {
            self.want(t.is_int() && t != Type::I1 || t.is_float(), || {
                format!("`{op}` does not support {t}")
            });
        }
    }

    fn check_atomic(&mut self) {
        if let Some(space) = self.check_pointer(0, "the address") {
            self.want(space.allows_atomics(), || {
                format!("atomics are not allowed on {} memory", space.name())
            });
        }
        let t = self.ty(1);
        let ok = match *self.data() {
            InstructionData::AtomicRmw { op, .. } => atomic_rmw_supports(op, t),
            _ => {
                let n = self.ty(2);
                self.want(n == t, || {
                    format!("expected and new values differ: {t} and {n}")
                });
                matches!(t, Type::I32 | Type::I64)
            }
        };
        let op = self.data().opcode();
        self.want(ok, || format!("`{op}` does not support {t}"));
        self.same_as_result(1);
    }

    fn check_addr_of(&mut self, op: Opcode) {
        let index = match *self.data() {
            InstructionData::AddrOf { index, .. } => index as usize,
            _ => 0,
        };
        let (count, space) = match op {
            Opcode::SharedAddr => (Some(self.f.shared.len()), AddrSpace::Shared),
            Opcode::LocalAddr => (Some(self.f.locals.len()), AddrSpace::Local),
            Opcode::ConstAddr => (self.m.map(|m| m.consts.len()), AddrSpace::Const),
            Opcode::StrAddr => (self.m.map(|m| m.strings.len()), AddrSpace::Global),
            _ => (None, AddrSpace::Shared),
        };
        if let Some(n) = count {
            self.want(index < n, || {
                format!("`{op}` names array {index}, but there are {n}")
            });
        }
        self.result_is(Type::Ptr(space));
    }

    fn check_shuffle(&mut self) {
        self.operand_is(0, Type::I32, "the mask");
        self.operand_is(2, Type::I32, "the lane");
        self.same_as_result(1);
    }

    fn check_vote(&mut self) {
        let InstructionData::Vote { mode, .. } = *self.data() else {
            return;
        };
        self.operand_is(0, Type::I32, "the mask");
        if mode.is_match() {
            self.operand_is_one_of(1, &[Type::I32, Type::I64], "the value");
        } else {
            self.operand_is(1, Type::I1, "the predicate");
        }
        self.result_is(mode.result_type());
    }

    fn arg_types(&self) -> Vec<Type> {
        let dfg = &self.f.dfg;
        self.args.iter().map(|&v| dfg.value_type(v)).collect()
    }

    fn check_call(&mut self) {
        let InstructionData::Call { func, .. } = *self.data() else {
            return;
        };
        let Some(m) = self.m else { return };
        let Some(callee) = m.functions.get(func) else {
            return self.err(format!("{func} does not exist"));
        };
        let sig = &callee.signature;
        let args = self.arg_types();
        self.want(args == sig.params, || {
            format!(
                "{func} takes ({}), given ({})",
                super::list(&sig.params),
                super::list(&args)
            )
        });
        let dfg = &self.f.dfg;
        let results: Vec<Type> = dfg
            .inst_results(self.inst)
            .iter()
            .map(|&v| dfg.value_type(v))
            .collect();
        self.want(results == sig.returns, || {
            format!(
                "{func} returns ({}), results are ({})",
                super::list(&sig.returns),
                super::list(&results)
            )
        });
    }

    fn check_print(&mut self) {
        let InstructionData::Print { format, .. } = *self.data() else {
            return;
        };
        if let Some(m) = self.m {
            self.want(format.index() < m.strings.len(), || {
                format!("{format} does not exist")
            });
        }
    }

    fn check_return(&mut self) {
        let args = self.arg_types();
        let want = &self.f.signature.returns;
        if &args != want {
            let msg = format!(
                "returns ({}), but the signature returns ({})",
                super::list(&args),
                super::list(want)
            );
            self.err(msg);
        }
    }
}

/// True when `atomic_rmw op` works on values of type `t`.
fn atomic_rmw_supports(op: AtomicRmwOp, t: Type) -> bool {
    use AtomicRmwOp::*;
    match op {
        Add | Sub | Xchg | Smin | Smax => {
            matches!(t, Type::I32 | Type::I64 | Type::F32 | Type::F64)
        }
        NanMax | NanMin => matches!(t, Type::F32 | Type::F64),
        _ => matches!(t, Type::I32 | Type::I64),
    }
}

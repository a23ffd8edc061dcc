//! kernelc's math library: accurate `sin`, `exp`, `log`, `pow`, ... for
//! `f32` and `f64`, written as builders of IR device functions.
//!
//! PTX has no `f64` transcendental instructions at all, and its `f32` ones
//! (`sin.approx`, `ex2.approx`, ...) are approximations with errors far
//! beyond what Python users expect from `math.sin`. So kernelc supplies
//! its own implementations, and it writes them as code that *builds IR*
//! rather than as CUDA or C sources:
//! - there is no toolchain to depend on: no `nvcc`, no libdevice bitcode,
//!   no linking step; the library is part of the compiler binary;
//! - every operation is explicit: which products are fused, which sums are
//!   carried as double-doubles, where the exponent bits are edited — the
//!   later passes cannot reassociate what the error analysis relies on;
//! - the functions are ordinary IR, so they are tested through the
//!   [interpreter](crate::ir::interp) against the host's C library
//!   (`tests/mathlib_accuracy.rs`, results in `ACCURACY.md`), and the same
//!   IR later goes through the optimiser and the PTX back end.
//!
//! The `f64` functions compute in `f64`, and so do the `f16` functions
//! and a few `f32` ones (`tgamma`, `lgamma`, `powi`, `fmod`): they widen their argument, run the `f64` algorithm and round
//! once at the end, so their error is the final rounding plus a
//! negligible `f64` error. The other `f32` functions
//! ([`single::implements`]) compute in float32 instead ([`single`]: its
//! own algorithms, or the `f64` one written once for both formats), with
//! libdevice's documented accuracy (1 to 4 ulp) at a fraction of the
//! cost: GPUs without a fast `f64` unit run the widened ones many times
//! slower than Numba's libdevice. The algorithms are the classic ones (Cody–Waite argument reduction,
//! polynomials on the reduced range, exponent manipulation through
//! bitcasts); the polynomial coefficients come from `gen/coeffs.py`.
//!
//! The exact functions (`ldexp`, `remainder`, and `frexp`, `modf` and
//! `nextafter`, which the lowering emits in place) are in [`exact`]: bit
//! edits and exact operations only, the same bits as C's on every input.
//!
//! [`expand_math`] builds each function a thread needs once and copies it
//! into every module that calls it, or only declares it there
//! ([`Bodies::Declared`], what the driver does): the PTX back end writes a
//! library function's text once per thread and target and reuses it, so
//! the copy of its IR would go unread.

mod coeffs;
pub mod emit;
mod erf;
pub mod exact;
mod explog;
mod fast;
mod gamma;
mod misc;
mod single;
mod trig;

use crate::ir::builder::FuncBuilder;
use crate::ir::entities::ConstVar;
use crate::ir::entities::{FuncRef, Inst, Value};
use crate::ir::function::{ConstDecl, FuncKind, Function, Module, Signature};
use crate::ir::instructions::{InstructionData, Opcode};
use crate::ir::library::function_name;
use crate::ir::types::Type;
use cranelift_entity::{EntityRef, PrimaryMap};
use emit::Emit;

/// The math-library opcodes this library implements (for `f16`, `f32`
/// and `f64`).
pub const IMPLEMENTED: &[Opcode] = &[
    Opcode::Exp,
    Opcode::Expm1,
    Opcode::Log,
    Opcode::Log2,
    Opcode::Log10,
    Opcode::Log1p,
    Opcode::Sinh,
    Opcode::Cosh,
    Opcode::Tanh,
    Opcode::Sin,
    Opcode::Cos,
    Opcode::Tan,
    Opcode::Atan,
    Opcode::Atan2,
    Opcode::Asin,
    Opcode::Acos,
    Opcode::Pow,
    Opcode::Powi,
    Opcode::Hypot,
    Opcode::Cbrt,
    Opcode::Asinh,
    Opcode::Acosh,
    Opcode::Atanh,
    Opcode::Fmod,
    Opcode::Erf,
    Opcode::Erfc,
    Opcode::Tgamma,
    Opcode::Lgamma,
    Opcode::Exp2,
    Opcode::Ldexp,
    Opcode::Remainder,
];

/// The signature of the library function for `op` on `ty`.
pub fn signature(op: Opcode, ty: Type) -> Signature {
    let params = match op {
        Opcode::Atan2 | Opcode::Pow | Opcode::Hypot | Opcode::Fmod | Opcode::Remainder => {
            vec![ty, ty]
        }
        Opcode::Powi => vec![ty, Type::I64],
        Opcode::Ldexp => vec![ty, Type::I32],
        _ => vec![ty],
    };
    Signature {
        params,
        returns: vec![ty],
    }
}

/// Builds the device function implementing `op` on the float type `ty`,
/// or `None` when the library has no implementation of it. Coefficient
/// tables it reads go to `consts` (the module's constant arrays).
pub fn build(
    op: Opcode,
    ty: Type,
    consts: &mut PrimaryMap<ConstVar, ConstDecl>,
) -> Option<Function> {
    if !IMPLEMENTED.contains(&op) || !ty.is_float() {
        return None;
    }
    let sig = signature(op, ty);
    let mut func = Function::new(function_name(op, ty), FuncKind::Device, sig.clone());
    func.library = Some((op, ty));
    let mut b = FuncBuilder::new(&mut func);
    let entry = b.create_block();
    let params: Vec<Value> = sig
        .params
        .iter()
        .map(|&t| b.append_param(entry, t))
        .collect();
    b.switch_to(entry);
    if ty == Type::F32 && single::implements(op) {
        let mut e = Emit {
            b: &mut b,
            consts,
            ty: Type::F32,
        };
        let r = single::body(&mut e, op, &params);
        b.ret(&[r]);
        return Some(func);
    }
    let wide: Vec<Value> = params
        .iter()
        .map(|&p| match b.ty(p) {
            Type::F16 | Type::F32 => b.unary(Opcode::Fpromote, Type::F64, p),
            _ => p,
        })
        .collect();
    let mut e = Emit {
        b: &mut b,
        consts,
        ty: Type::F64,
    };
    let r = body(&mut e, op, &wide);
    let r = if ty == Type::F64 {
        r
    } else {
        b.unary(Opcode::Fdemote, ty, r)
    };
    b.ret(&[r]);
    Some(func)
}

/// The `f64` algorithm of `op` applied to `args`.
fn body(e: &mut Emit, op: Opcode, args: &[Value]) -> Value {
    let x = args[0];
    match op {
        Opcode::Exp => explog::exp(e, x),
        Opcode::Expm1 => explog::expm1(e, x),
        Opcode::Log => explog::log(e, x),
        Opcode::Log2 => explog::log2(e, x),
        Opcode::Log10 => explog::log10(e, x),
        Opcode::Log1p => explog::log1p(e, x),
        Opcode::Sinh => explog::sinh(e, x),
        Opcode::Cosh => explog::cosh(e, x),
        Opcode::Tanh => explog::tanh(e, x),
        Opcode::Sin => trig::sin(e, x),
        Opcode::Cos => trig::cos(e, x),
        Opcode::Tan => trig::tan(e, x),
        Opcode::Atan => trig::atan(e, x),
        Opcode::Atan2 => trig::atan2(e, x, args[1]),
        Opcode::Asin => trig::asin(e, x),
        Opcode::Acos => trig::acos(e, x),
        Opcode::Pow => misc::pow(e, x, args[1]),
        Opcode::Powi => misc::powi(e, x, args[1]),
        Opcode::Hypot => misc::hypot(e, x, args[1]),
        Opcode::Cbrt => misc::cbrt(e, x),
        Opcode::Asinh => misc::asinh(e, x),
        Opcode::Acosh => misc::acosh(e, x),
        Opcode::Atanh => misc::atanh(e, x),
        Opcode::Fmod => misc::fmod(e, x, args[1]),
        Opcode::Erf => erf::erf(e, x),
        Opcode::Erfc => erf::erfc(e, x),
        Opcode::Tgamma => gamma::tgamma(e, x),
        Opcode::Lgamma => gamma::lgamma(e, x),
        Opcode::Exp2 => explog::exp2(e, x),
        Opcode::Ldexp => exact::ldexp(e, x, args[1]),
        Opcode::Remainder => exact::remainder(e, x, args[1]),
        _ => unreachable!("{op} is not implemented"),
    }
}

/// How [`expand_math`] adds library functions to a module.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bodies {
    /// With their IR: the module is complete (it can be interpreted,
    /// verified and printed in full).
    Copied,
    /// As declarations ([`Function::is_declaration`]) plus the constant
    /// tables they read: the PTX back end supplies the bodies. The copy
    /// costs as much as the rest of a compile for kernels calling several
    /// large functions (`sin`, `atan2`, ...), and emission reuses text.
    Declared,
}

/// Adds the library function for `op` on `ty` to `module` (once) and
/// returns it; `None` when the library has no implementation.
pub fn library_function(
    module: &mut Module,
    op: Opcode,
    ty: Type,
    bodies: Bodies,
    built: &mut BuiltFunctions,
) -> Option<FuncRef> {
    let name = function_name(op, ty);
    if let Some(f) = module.function_named(&name) {
        return Some(f);
    }
    let func = match bodies {
        Bodies::Copied => library_body(op, ty, &mut module.consts, built)?,
        Bodies::Declared => {
            let built = built.get(op, ty);
            built.func.as_ref()?;
            built.intern_tables(&mut module.consts);
            let mut func = Function::new(name, FuncKind::Device, signature(op, ty));
            func.library = Some((op, ty));
            func
        }
    };
    Some(module.functions.push(func))
}

/// The library functions built so far, each once, so that a compile
/// copies or declares a function rather than building it again. Owned by
/// the caller (the driver's `CompileContext` holds one); bounded by the
/// library's size (opcodes × types), so nothing is evicted.
#[derive(Default)]
pub struct BuiltFunctions {
    built: Vec<Built>,
}

impl BuiltFunctions {
    /// The library function for `op` on `ty`, built now if it was not.
    fn get(&mut self, op: Opcode, ty: Type) -> &Built {
        let i = match self.built.iter().position(|b| b.op == op && b.ty == ty) {
            Some(i) => i,
            None => {
                let mut tables = PrimaryMap::new();
                let func = build(op, ty, &mut tables);
                self.built.push(Built {
                    op,
                    ty,
                    func,
                    tables: tables.into_iter().map(|(_, t)| t).collect(),
                });
                self.built.len() - 1
            }
        };
        &self.built[i]
    }
}

/// A library function built in isolation, with the constant tables it
/// reads.
struct Built {
    /// The opcode it implements.
    op: Opcode,
    /// The type it implements it on.
    ty: Type,
    /// The function (`None`: not implemented); its `const_addr` indices
    /// number `tables`.
    func: Option<Function>,
    /// The tables, in the order the function first reads them.
    tables: Vec<ConstDecl>,
}

impl Built {
    /// Adds the tables to `consts` as [`build`] adds them (by name, in
    /// order of first use, reusing a table of the same name); returns
    /// where each one is.
    fn intern_tables(&self, consts: &mut PrimaryMap<ConstVar, ConstDecl>) -> Vec<ConstVar> {
        (self.tables.iter())
            .map(|t| emit::intern_table(consts, &t.name, || t.clone()))
            .collect()
    }
}

/// The body of the library function for `op` on `ty`: what [`build`]
/// returns, copied from the function `built` holds (what
/// [`Bodies::Copied`] adds, and what the back end writes for a
/// declaration). Its tables are added to `consts` as `build` adds them and
/// its `const_addr` indices renumbered to match.
pub fn library_body(
    op: Opcode,
    ty: Type,
    consts: &mut PrimaryMap<ConstVar, ConstDecl>,
    built: &mut BuiltFunctions,
) -> Option<Function> {
    let built = built.get(op, ty);
    let mut func = built.func.clone()?;
    let index = built.intern_tables(consts);
    if index.iter().enumerate().any(|(i, c)| c.index() != i) {
        for inst in (0..func.dfg.num_insts()).map(Inst::new) {
            if let InstructionData::AddrOf {
                opcode: Opcode::ConstAddr,
                index: i,
            } = func.dfg.inst_mut(inst)
            {
                *i = index[*i as usize].as_u32();
            }
        }
    }
    Some(func)
}

/// Replaces every implemented math-library instruction of `module` by a
/// call of its library function, adding the functions it needs (copied
/// or declared, as `bodies` says). In a function compiled with
/// `fastmath` (every function when `fastmath` is given), the `f32`
/// functions with a hardware approximation use it instead (`fast.rs`).
/// Opcodes without an implementation are left in place.
pub fn expand_math(module: &mut Module, fastmath: bool, bodies: Bodies) {
    expand_math_in(module, fastmath, bodies, &mut BuiltFunctions::default());
}

/// [`expand_math`], with the library functions `built` holds (and those
/// it builds, kept there).
pub fn expand_math_in(
    module: &mut Module,
    fastmath: bool,
    bodies: Bodies,
    built: &mut BuiltFunctions,
) {
    let originals: Vec<FuncRef> = module.functions.keys().collect();
    for fref in originals {
        let mut sites = Vec::new();
        let func = &module.functions[fref];
        for &block in func.layout.blocks() {
            for &inst in func.layout.block_insts(block) {
                let op = func.dfg.inst(inst).opcode();
                if op.is_math_library() {
                    let r = func.dfg.first_result(inst).expect("math ops have a result");
                    sites.push((inst, op, func.dfg.value_type(r)));
                }
            }
        }
        let fast = fastmath || module.functions[fref].fastmath;
        for (inst, op, ty) in sites {
            if fast && fast::approximate(&mut module.functions[fref], inst, op, ty) {
                continue;
            }
            let Some(callee) = library_function(module, op, ty, bodies, built) else {
                continue;
            };
            let dfg = &mut module.functions[fref].dfg;
            let args = dfg.inst_args(inst);
            let args = dfg.value_list(&args);
            dfg.replace_inst(
                inst,
                InstructionData::Call {
                    opcode: Opcode::Call,
                    func: callee,
                    args,
                },
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::interp::{Interpreter, ThreadCtx, Val};

    /// A kernel-like function `(x, y) -> (sin x, pow(x, y), tgamma x)`.
    fn caller(module: &mut Module, ty: Type) -> FuncRef {
        let sig = Signature {
            params: vec![ty, ty],
            returns: vec![ty, ty, ty],
        };
        let mut f = Function::new("user", FuncKind::Device, sig);
        let mut b = FuncBuilder::new(&mut f);
        let entry = b.create_block();
        let x = b.append_param(entry, ty);
        let y = b.append_param(entry, ty);
        b.switch_to(entry);
        let s = b.unary(Opcode::Sin, ty, x);
        let p = b.binary(Opcode::Pow, x, y);
        let e = b.unary(Opcode::Tgamma, ty, x);
        b.ret(&[s, p, e]);
        module.functions.push(f)
    }

    fn count(module: &Module, f: FuncRef, op: Opcode) -> usize {
        let func = &module.functions[f];
        func.layout
            .blocks()
            .iter()
            .flat_map(|&b| func.layout.block_insts(b))
            .filter(|&&i| func.dfg.inst(i).opcode() == op)
            .count()
    }

    #[test]
    fn expansion_calls_the_library_and_keeps_the_results() {
        let mut m = Module::new();
        let f = caller(&mut m, Type::F64);
        let args = [Val::F64(0.5), Val::F64(3.0)];
        let before = Interpreter::new(&m)
            .run(f, &args, ThreadCtx::single())
            .unwrap();
        expand_math(&mut m, false, Bodies::Copied);
        assert_eq!(
            count(&m, f, Opcode::Call),
            3,
            "sin, pow and tgamma become calls"
        );
        assert_eq!(count(&m, f, Opcode::Tgamma), 0);
        assert_eq!(m.functions.len(), 4);
        let after = Interpreter::new(&m)
            .run(f, &args, ThreadCtx::single())
            .unwrap();
        // The library's results against the reference's: within the
        // library's accuracy (ACCURACY.md), not bit for bit (here tgamma(0.5)
        // is correctly rounded by the library, one ulp off in the reference).
        assert_eq!(before.len(), after.len());
        for (b, a) in before.iter().zip(&after) {
            let (b, a) = (b.as_f64(), a.as_f64());
            let ulps = (b.to_bits() as i64 - a.to_bits() as i64).unsigned_abs();
            assert!(ulps <= 2, "{a} is {ulps} ulps from {b}");
        }
        // A second expansion reuses the library functions.
        let g = caller(&mut m, Type::F64);
        expand_math(&mut m, false, Bodies::Copied);
        assert_eq!(count(&m, g, Opcode::Call), 3);
        assert_eq!(m.functions.len(), 5);
    }

    #[test]
    fn copies_of_built_functions_match_fresh_builds() {
        use crate::ir::write::write_module;
        // A constant array already there moves the library's tables.
        let module = || {
            let mut m = Module::new();
            m.consts.push(ConstDecl {
                name: "user".into(),
                elem: Type::F32,
                count: 1,
                data: vec![0; 4],
            });
            m
        };
        for (op, ty) in [
            (Opcode::Erfc, Type::F64),
            (Opcode::Erf, Type::F32),
            (Opcode::Exp, Type::F64),
        ] {
            let mut fresh = module();
            let f = build(op, ty, &mut fresh.consts).unwrap();
            fresh.functions.push(f);
            for _ in 0..2 {
                let mut copy = module();
                library_function(
                    &mut copy,
                    op,
                    ty,
                    Bodies::Copied,
                    &mut BuiltFunctions::default(),
                )
                .unwrap();
                assert_eq!(write_module(&copy), write_module(&fresh), "{op} {ty}");
            }
        }
    }

    #[test]
    fn declared_functions_read_the_same_tables_and_round_trip_as_text() {
        use crate::ir::{parse_module, verify_module, write::write_module};
        let (mut copied, mut declared) = (Module::new(), Module::new());
        let f = caller(&mut copied, Type::F64);
        caller(&mut declared, Type::F64);
        expand_math(&mut copied, false, Bodies::Copied);
        expand_math(&mut declared, false, Bodies::Declared);
        assert_eq!(declared.functions.len(), copied.functions.len());
        assert_eq!(declared.consts.len(), copied.consts.len());
        for ((_, d), (_, c)) in declared.consts.iter().zip(copied.consts.iter()) {
            assert_eq!((&d.name, &d.data), (&c.name, &c.data));
        }
        for ((_, d), (_, c)) in
            (declared.functions.iter().skip(1)).zip(copied.functions.iter().skip(1))
        {
            assert!(d.is_declaration() && !c.is_declaration());
            assert_eq!(
                (&d.name, &d.signature, d.library),
                (&c.name, &c.signature, c.library)
            );
        }
        verify_module(&declared).expect("declarations verify");
        let text = write_module(&declared);
        assert!(
            text.contains("device fn1 \"__kernelc_sin_f64\"(f64) -> f64 library {\n}"),
            "{text}"
        );
        let parsed = parse_module(&text).expect("parses");
        assert_eq!(write_module(&parsed), text);
        assert!(parsed
            .functions
            .values()
            .skip(1)
            .all(Function::is_declaration));
        let err = Interpreter::new(&declared)
            .run(f, &[Val::F64(0.5), Val::F64(3.0)], ThreadCtx::single())
            .unwrap_err();
        assert!(err.to_string().contains("declared without a body"), "{err}");
    }

    #[test]
    fn the_library_implements_every_math_opcode() {
        for &op in Opcode::ALL {
            assert_eq!(op.is_math_library(), IMPLEMENTED.contains(&op), "{op:?}");
        }
    }

    #[test]
    fn half_precision_functions_round_the_f64_result_once() {
        for op in [
            Opcode::Exp,
            Opcode::Sin,
            Opcode::Log1p,
            Opcode::Atan,
            Opcode::Tgamma,
            Opcode::Lgamma,
        ] {
            let mut m = Module::new();
            let f = m
                .functions
                .push(build(op, Type::F16, &mut m.consts).unwrap());
            let mut it = Interpreter::new(&m);
            for x in [-3.5, -0.25, 0.0, 0.1, 1.0, 7.0] {
                let arg = Val::float(Type::F16, x);
                let got = it.run(f, &[arg], ThreadCtx::single()).unwrap()[0];
                let want = Val::float(
                    Type::F16,
                    crate::ir::interp::ops::math(op, arg.as_f64(), 0.0),
                );
                assert!(
                    got == want || (got.as_f64().is_nan() && want.as_f64().is_nan()),
                    "{op}({x}): {got:?} vs {want:?}"
                );
            }
        }
    }

    #[test]
    fn fastmath_uses_the_hardware_approximations_for_f32() {
        let mut m = Module::new();
        let f = caller(&mut m, Type::F32);
        expand_math(&mut m, true, Bodies::Copied);
        assert_eq!(count(&m, f, Opcode::SinApprox), 1);
        // pow(x, y) is ex2(y * lg2(x)), as libdevice's __nv_fast_powf.
        assert_eq!(count(&m, f, Opcode::Lg2Approx), 1);
        assert_eq!(count(&m, f, Opcode::Ex2Approx), 1);
        assert_eq!(count(&m, f, Opcode::Call), 1, "tgamma is still accurate");
        crate::ir::verify_function(&m.functions[f], Some(&m)).unwrap();
        assert!(build(Opcode::Fadd, Type::F32, &mut m.consts).is_none());
        assert!(build(Opcode::Sin, Type::I32, &mut m.consts).is_none());
    }

    #[test]
    fn a_function_without_fastmath_keeps_its_accurate_math() {
        let mut m = Module::new();
        let fast = caller(&mut m, Type::F32);
        m.functions[fast].fastmath = true;
        let precise = caller(&mut m, Type::F32);
        expand_math(&mut m, false, Bodies::Copied);
        assert_eq!(count(&m, fast, Opcode::SinApprox), 1);
        assert_eq!(count(&m, precise, Opcode::SinApprox), 0);
        assert_eq!(count(&m, precise, Opcode::Call), 3);
    }
}

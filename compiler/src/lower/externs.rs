//! Lowering of calls of functions declared with `cuda.declare_device`:
//! an IR `call` of an external declaration (one per declared function,
//! after the program's own functions: see [`declarations`]). The PTX back
//! end passes the result slot of Numba's ABI (`ptx/calls.rs`); here the
//! status it returns is tested as numba-cuda tests it: 0 and -2 (its
//! "none" return) go on, any other value ends the thread, as a Python
//! exception raised in a device function does.

use super::values::{flatten_type, ir_type, LValue};
use super::FnLowering;
use crate::ir::{self, ExternAbi, FuncKind, FuncRef, IntCC, Opcode};
use crate::sema::resolve::ExternDecl;
use crate::sema::typed::{TExpr, TypedProgram};
use cranelift_entity::EntityRef;

/// The IR function that declares `decl`: no blocks, its ABI recorded; its
/// signature is the arguments, then the result (when not `void`) and, in
/// Numba's ABI, the int32 status.
fn declaration(decl: &ExternDecl) -> ir::Function {
    let mut params = Vec::with_capacity(decl.params.len());
    for p in &decl.params {
        flatten_type(p, false, &mut params);
    }
    let mut returns: Vec<ir::Type> = decl.ret.map(ir_type).into_iter().collect();
    if decl.abi == ExternAbi::Numba {
        returns.push(ir::Type::I32);
    }
    let mut f = ir::Function::new(
        decl.name.clone(),
        FuncKind::Device,
        ir::Signature { params, returns },
    );
    f.external = Some(decl.abi);
    f
}

/// The declarations of every declared function of `program`, in order:
/// the module holds them after the program's functions, so that
/// declaration `k` is function `program.functions.len() + k`.
pub(super) fn declarations(program: &TypedProgram) -> impl Iterator<Item = ir::Function> + '_ {
    program.externs.iter().map(declaration)
}

impl FnLowering<'_> {
    /// A call of the declared function number `k` with (converted)
    /// arguments `args`.
    pub(super) fn extern_call(&mut self, k: u16, args: &[TExpr]) -> LValue {
        let decl = &self.program.externs[k as usize];
        let callee = FuncRef::new(self.program.functions.len() + k as usize);
        let signature = declaration(decl).signature;
        let abi = decl.abi;
        let has_result = decl.ret.is_some();
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.expr(a).scalar());
        }
        let results = self.ins().call(callee, &values, &signature.returns);
        if abi == ExternAbi::Numba {
            let status = *results.last().expect("a status result");
            let zero = self.ins().iconst(ir::Type::I32, 0);
            let none = self.ins().iconst(ir::Type::I32, -2);
            let is_ok = self.ins().icmp(IntCC::Eq, status, zero);
            let is_none = self.ins().icmp(IntCC::Eq, status, none);
            let ok = self.ins().binary(Opcode::Bor, is_ok, is_none);
            let (fail, cont) = (self.new_block(), self.new_block());
            self.ins().brif(ok, cont, &[], fail, &[]);
            self.switch_to(fail);
            self.ins().nullary(Opcode::Exit, None);
            self.switch_to(cont);
        }
        if has_result {
            LValue::Scalar(results[0])
        } else {
            LValue::Unit
        }
    }
}

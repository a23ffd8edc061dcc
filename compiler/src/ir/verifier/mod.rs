//! The IR verifier: checks the invariants every pass may rely on.
//!
//! [`verify_function`] and [`verify_module`] return every error found, each
//! with its location; [`VerifierErrors`] displays the function text with
//! the errors inline (`; error: ...`) after the offending instruction,
//! block header or function header.
//!
//! # Invariants
//!
//! Structure:
//! - the entry block exists and its parameters match the signature's
//!   parameters in number and type; kernels return nothing;
//! - every laid-out block ends with exactly one terminator (`jump`, `brif`,
//!   `return`, `trap`) and has none in the middle;
//! - every instruction's data has its opcode's format ([`InstFormat::of`]);
//! - every instruction has the number of results its opcode gives (none
//!   for `store`, barriers, fences, `print` and terminators; the callee's
//!   return count for `call`, when the module is given; one otherwise).
//!
//! Control flow and SSA:
//! - branch targets exist and are laid out, and each branch passes exactly
//!   as many arguments as the destination has parameters, of the same types;
//! - every operand exists, and each value is defined once (a block
//!   parameter is not an alias and is the parameter it says it is);
//! - every use is dominated by its definition: a definition in the same
//!   block comes before the use, block parameters dominate their block,
//!   and uses in unreachable blocks are not checked;
//! - no operand is the result of an instruction outside the layout (a
//!   removed instruction) or a parameter of a block outside it, unless it
//!   is an alias, which is followed first.
//!
//! Operand and result types, per opcode (checked in `typing.rs`):
//! - integer ops take integers of equal type and give that type (shift
//!   amounts may have any integer type); float ops take floats of equal
//!   type; `powi` takes a float and an `i64`; the `*_approx` opcodes
//!   (but `rcp_approx`) take `f32`;
//! - `icmp` compares two integers or two pointers of equal type, `fcmp`
//!   two floats of equal type, and both give `i1`;
//! - `select` takes an `i1` and two arms of equal type, which it gives;
//! - `sextend`/`uextend` go to a strictly wider integer, `ireduce` to a
//!   strictly narrower one, `fpromote`/`fdemote` to a strictly wider /
//!   narrower float, `fcvt_to_*` from a float to an integer, `fcvt_from_*`
//!   from an integer to a float, `bitcast` between types of equal width;
//! - `iconst` gives an integer and `fconst` a float whose bits fit it;
//! - `ptr_add` takes a pointer and an `i64` and gives the pointer's type;
//! - `load` and `store` take a pointer address; `store` never writes
//!   `const` or `param` memory;
//! - atomics take a `global` or `shared` pointer; `atomic_rmw` takes
//!   `i32`/`i64` for every operation, `f32`/`f64` also for `add`, `sub`, `xchg`,
//!   `smin` and `smax`; `atomic_cas` takes `i32`/`i64`; both give the value
//!   type;
//! - `shared_addr`/`local_addr`/`const_addr` name an existing array (the
//!   constant array only when the module is given) and give
//!   `ptr.shared`/`ptr.local`/`ptr.const`; `dyn_shared_addr` gives
//!   `ptr.shared`;
//! - `special`, `activemask`, `lanemask_lt` give `i32`; `syncthreads_*`
//!   take an `i1` and give `i32`; `syncwarp` takes an `i32`;
//! - `shuffle` takes an `i32` mask and an `i32` lane and gives the value's
//!   type; `vote` takes an `i32` mask and an `i1` predicate and gives `i1`
//!   (`i32` for `ballot`);
//! - `brif` tests an `i1`; `return` values match the signature's returns;
//! - with the module: calls name an existing function and pass arguments
//!   matching its parameters, results match its returns, and `print`
//!   names an existing string.

mod typing;

use super::cfg::{ControlFlowGraph, DominatorTree};
use super::dfg::ValueDef;
use super::entities::{Block, FuncRef, Inst, Value};
use super::formats::InstFormat;
use super::function::{FuncKind, Function, Module};
use super::write::{func_ref_in, write_function_with_notes, Notes};
use cranelift_entity::{EntityRef, SecondaryMap};
use std::fmt;

/// One broken invariant and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct VerifierError {
    /// The function's name.
    pub func: String,
    /// The block, when the error is in one.
    pub block: Option<Block>,
    /// The instruction, when the error is about one.
    pub inst: Option<Inst>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for VerifierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.func)?;
        if let Some(b) = self.block {
            write!(f, ", {b}")?;
        }
        if let Some(i) = self.inst {
            write!(f, ", {i}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Every error found, with the text of the functions they are in.
#[derive(Clone, Debug, Default)]
pub struct VerifierErrors {
    /// The errors, in the order found.
    pub errors: Vec<VerifierError>,
    /// The failing functions printed with the errors inline.
    pub text: String,
}

impl VerifierErrors {
    /// True when some error message contains `needle`.
    pub fn mentions(&self, needle: &str) -> bool {
        self.errors.iter().any(|e| e.message.contains(needle))
    }
}

impl fmt::Display for VerifierErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for VerifierErrors {}

/// Checks one function; with the module, calls, `print` strings and
/// constant arrays are checked too.
pub fn verify_function(f: &Function, m: Option<&Module>) -> Result<(), VerifierErrors> {
    verify_with_ref(f, m, func_ref_in(f, m))
}

/// Checks every function of a module.
pub fn verify_module(m: &Module) -> Result<(), VerifierErrors> {
    let mut all = VerifierErrors::default();
    for (r, f) in m.functions.iter() {
        if let Err(e) = verify_with_ref(f, Some(m), Some(r)) {
            all.errors.extend(e.errors);
            if !all.text.is_empty() {
                all.text.push('\n');
            }
            all.text.push_str(&e.text);
        }
    }
    if all.errors.is_empty() {
        Ok(())
    } else {
        Err(all)
    }
}

fn verify_with_ref(
    f: &Function,
    m: Option<&Module>,
    fref: Option<FuncRef>,
) -> Result<(), VerifierErrors> {
    let mut v = Verifier::new(f, m);
    v.run();
    if v.errors.is_empty() {
        return Ok(());
    }
    let mut notes = Notes::default();
    for e in &v.errors {
        let list = match (e.inst, e.block) {
            (Some(i), _) => notes.insts.entry(i).or_default(),
            (None, Some(b)) => notes.blocks.entry(b).or_default(),
            (None, None) => &mut notes.func,
        };
        list.push(e.message.clone());
    }
    let text = write_function_with_notes(f, m, fref, &notes);
    Err(VerifierErrors {
        errors: v.errors,
        text,
    })
}

/// The checking state of one function.
struct Verifier<'a> {
    f: &'a Function,
    m: Option<&'a Module>,
    errors: Vec<VerifierError>,
    /// Position of each laid-out instruction in its block.
    position: SecondaryMap<Inst, u32>,
    /// The operands of the instruction being checked (one buffer for all).
    args: Vec<Value>,
}

impl<'a> Verifier<'a> {
    fn new(f: &'a Function, m: Option<&'a Module>) -> Self {
        Verifier {
            f,
            m,
            errors: Vec::new(),
            position: SecondaryMap::new(),
            args: Vec::new(),
        }
    }

    fn report(&mut self, block: Option<Block>, inst: Option<Inst>, message: String) {
        self.errors.push(VerifierError {
            func: self.f.name.clone(),
            block,
            inst,
            message,
        });
    }

    fn run(&mut self) {
        if let (true, Some(abi)) = (self.f.is_declaration(), self.f.external) {
            // A function of linked code: its signature must be one the
            // back end can call (a Numba-ABI one ends with the status).
            let returns = &self.f.signature.returns;
            let status_ok = match abi {
                crate::ir::ExternAbi::Numba => {
                    returns.last() == Some(&crate::ir::Type::I32) && returns.len() <= 2
                }
                crate::ir::ExternAbi::C => returns.len() <= 1,
            };
            if self.f.library.is_some() || self.f.kind != crate::ir::FuncKind::Device || !status_ok
            {
                let msg = "an external declaration has a signature its ABI cannot have".into();
                self.report(None, None, msg);
            }
            return;
        }
        if self.f.is_declaration() {
            // A library function the back end supplies: nothing to check
            // but that the name matches what it is declared to be.
            if self.f.library != crate::ir::library::parse_function_name(&self.f.name) {
                let msg = "a library declaration's name does not match its function".into();
                self.report(None, None, msg);
            }
            return;
        }
        self.check_entry();
        for &b in self.f.layout.blocks() {
            self.check_block_shape(b);
        }
        let cfg = ControlFlowGraph::compute(self.f);
        let domtree = DominatorTree::compute(self.f, &cfg);
        for &b in self.f.layout.blocks() {
            for &inst in self.f.layout.block_insts(b) {
                self.check_inst(b, inst, &domtree);
            }
        }
    }

    fn check_entry(&mut self) {
        if self.f.kind == FuncKind::Kernel && !self.f.signature.returns.is_empty() {
            self.report(None, None, "a kernel cannot return values".into());
        }
        let Some(entry) = self.f.layout.entry_block() else {
            self.report(None, None, "the function has no entry block".into());
            return;
        };
        let params = self.f.dfg.block_params(entry);
        let types: Vec<_> = params.iter().map(|&p| self.f.dfg.value_type(p)).collect();
        if types != self.f.signature.params {
            let msg = format!(
                "entry block parameters ({}) do not match the signature ({})",
                list(&types),
                list(&self.f.signature.params)
            );
            self.report(Some(entry), None, msg);
        }
    }

    fn check_block_shape(&mut self, b: Block) {
        let dfg = &self.f.dfg;
        for (k, &p) in dfg.block_params(b).iter().enumerate() {
            if dfg.is_alias(p) || dfg.value_def(p) != ValueDef::Param(b, k) {
                self.report(
                    Some(b),
                    None,
                    format!("parameter {p} is defined elsewhere too"),
                );
            }
        }
        let insts = self.f.layout.block_insts(b);
        if insts.is_empty() {
            self.report(
                Some(b),
                None,
                "block is empty: it needs a terminator".into(),
            );
        }
        for (k, &inst) in insts.iter().enumerate() {
            self.position[inst] = k as u32;
            let is_term = dfg.inst(inst).opcode().is_terminator();
            if is_term && k + 1 != insts.len() {
                self.report(
                    Some(b),
                    Some(inst),
                    "terminator in the middle of the block".into(),
                );
            }
            if !is_term && k + 1 == insts.len() {
                self.report(
                    Some(b),
                    Some(inst),
                    "block does not end with a terminator".into(),
                );
            }
        }
    }

    fn check_inst(&mut self, b: Block, inst: Inst, domtree: &DominatorTree) {
        let data = self.f.dfg.inst(inst);
        let opcode = data.opcode();
        if InstFormat::of_data(data) != InstFormat::of(opcode) {
            let msg = format!(
                "`{opcode}` must use the {:?} format",
                InstFormat::of(opcode)
            );
            self.report(Some(b), Some(inst), msg);
            return;
        }
        let mut args = std::mem::take(&mut self.args);
        args.clear();
        self.f.dfg.for_each_arg(inst, |v| args.push(v));
        let num_values = self.f.dfg.num_values();
        if let Some(bad) = args.iter().find(|v| v.index() >= num_values) {
            self.report(Some(b), Some(inst), format!("{bad} does not exist"));
            self.args = args;
            return;
        }
        for &arg in &args {
            self.check_use(b, inst, arg, domtree);
        }
        if self.check_destinations(b, inst) {
            for msg in typing::check(self.f, self.m, inst, &args) {
                self.report(Some(b), Some(inst), msg);
            }
        }
        self.args = args;
    }

    /// Branch targets exist, are laid out, and get matching arguments.
    fn check_destinations(&mut self, b: Block, inst: Inst) -> bool {
        let dfg = &self.f.dfg;
        let mut ok = true;
        for dest in dfg.inst(inst).branch_destinations() {
            let target = dest.block;
            if target.index() >= dfg.num_blocks() || !self.f.layout.is_block_inserted(target) {
                self.report(
                    Some(b),
                    Some(inst),
                    format!("branch target {target} is not in the layout"),
                );
                ok = false;
                continue;
            }
            let args = dfg.block_call_args(dest);
            let params = dfg.block_params(target);
            if args.len() != params.len() {
                let msg = format!(
                    "{target} takes {} arguments, {} given",
                    params.len(),
                    args.len()
                );
                self.report(Some(b), Some(inst), msg);
                continue;
            }
            for (&a, &p) in args.iter().zip(params) {
                let (ta, tp) = (dfg.value_type(a), dfg.value_type(p));
                if ta != tp {
                    let msg = format!("argument {a} is {ta} but {target}'s parameter {p} is {tp}");
                    self.report(Some(b), Some(inst), msg);
                }
            }
        }
        ok
    }

    /// The definition of `arg` exists and dominates its use in `inst`.
    fn check_use(&mut self, b: Block, inst: Inst, arg: Value, domtree: &DominatorTree) {
        let layout = &self.f.layout;
        let (def_block, def_inst) = match self.f.dfg.value_def(arg) {
            ValueDef::Result(d, _) => match layout.inst_block(d) {
                Some(db) => (db, Some(d)),
                None => {
                    let msg = format!("{arg} is the result of a removed instruction");
                    return self.report(Some(b), Some(inst), msg);
                }
            },
            ValueDef::Param(db, _) if !layout.is_block_inserted(db) => {
                let msg = format!("{arg} is a parameter of {db}, which is not in the layout");
                return self.report(Some(b), Some(inst), msg);
            }
            ValueDef::Param(db, _) => (db, None),
        };
        if !domtree.is_reachable(b) {
            return;
        }
        let dominated = if def_block == b {
            def_inst.is_none_or(|d| self.position[d] < self.position[inst])
        } else {
            domtree.dominates(def_block, b)
        };
        if !dominated {
            let msg = format!("use of {arg} is not dominated by its definition");
            self.report(Some(b), Some(inst), msg);
        }
    }
}

fn list(types: &[super::types::Type]) -> String {
    let names: Vec<String> = types.iter().map(|t| t.to_string()).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests;

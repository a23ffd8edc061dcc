//! Text form of the typed program (`kernelc check --emit types`).
//!
//! Python-like and meant for people and snapshot tests: each function
//! starts with its specialised signature and the type of every variable;
//! the body shows every conversion the typing rules inserted as an explicit
//! call (`float64(x)`), constants of types other than int64/float64/bool
//! with their type (`float32(0.5)`), and ends each assignment or
//! expression statement with a `# type` comment.

use super::consts::ConstValue;
use super::intrinsics::Intrinsic;
use super::typed::*;
use crate::types::{Scalar, Type};
use std::fmt::Write;

/// Prints every function of a typed program.
pub fn dump_program(p: &TypedProgram) -> String {
    let mut out = String::new();
    for (i, c) in p.const_arrays.iter().enumerate() {
        let shape: Vec<String> = c.shape.iter().map(u64::to_string).collect();
        let _ = writeln!(
            out,
            "const[{i}] {}: {}[{}]",
            c.name,
            c.elem,
            shape.join(", ")
        );
    }
    for (i, g) in p.global_arrays.iter().enumerate() {
        let _ = writeln!(out, "global[{i}] {}: {}", g.name, g.array_type());
    }
    for (i, f) in p.functions.iter().enumerate() {
        if i > 0 || !p.const_arrays.is_empty() || !p.global_arrays.is_empty() {
            out.push('\n');
        }
        dump_function(&mut out, p, f);
    }
    out
}

fn dump_function(out: &mut String, p: &TypedProgram, f: &TypedFunction) {
    let kind = if f.is_kernel { "kernel" } else { "device" };
    let params: Vec<String> = f
        .param_vars()
        .iter()
        .zip(&f.param_types)
        .enumerate()
        .map(|(i, (v, t))| {
            match f.literal_params.iter().find(|(k, _)| *k as usize == i) {
                // A specialisation for a literal argument: its type as
                // Numba spells it (`Literal[int](32)`).
                Some((_, lit)) => format!("{}: {}", f.name_of(v), literal_type(lit)),
                None => format!("{}: {t}", f.name_of(v)),
            }
        })
        .collect();
    let _ = writeln!(out, "{kind} {}({}) -> {}", f.name, params.join(", "), f.ret);
    let flags = flag_names(&f.flags);
    if !flags.is_empty() {
        let _ = writeln!(out, "  flags: {}", flags.join(", "));
    }
    let locals: Vec<String> = f.vars[f.params as usize..]
        .iter()
        .map(|v| format!("{}: {}", f.label_of(v), v.ty))
        .collect();
    if !locals.is_empty() {
        let _ = writeln!(out, "  locals: {}", locals.join(", "));
    }
    for (i, a) in f.shared_arrays.iter().enumerate() {
        let _ = writeln!(out, "  shared[{i}]: {}", array_decl(a));
    }
    for (i, a) in f.local_arrays.iter().enumerate() {
        let _ = writeln!(out, "  local[{i}]: {}", array_decl(a));
    }
    let printer = Printer { p, f };
    printer.block(out, f.block(f.body), 1);
}

/// Numba's name of the literal type of `v`: `Literal[int](32)`,
/// `Literal[bool](False)`, `Tuple(Literal[int](4), Literal[int](8))`.
fn literal_type(v: &ConstValue) -> String {
    match v {
        ConstValue::Int(..) => format!("Literal[int]({v})"),
        ConstValue::Bool(_) => format!("Literal[bool]({v})"),
        ConstValue::Tuple(items) => {
            let items: Vec<String> = items.iter().map(literal_type).collect();
            format!("Tuple({})", items.join(", "))
        }
        ConstValue::Float(..) => v.ty().to_string(),
    }
}

fn array_decl(a: &ArrayDecl) -> String {
    if a.dynamic {
        return format!("{}[dynamic]", a.elem);
    }
    let shape: Vec<String> = a.shape.iter().map(u64::to_string).collect();
    format!("{}[{}]", a.elem, shape.join(", "))
}

fn flag_names(flags: &JitFlags) -> Vec<&'static str> {
    let mut v = Vec::new();
    for (on, name) in [
        (flags.fastmath, "fastmath"),
        (flags.debug, "debug"),
        (flags.boundscheck, "boundscheck"),
        (flags.lineinfo, "lineinfo"),
        (flags.inline, "inline"),
    ] {
        if on {
            v.push(name);
        }
    }
    v
}

struct Printer<'a> {
    p: &'a TypedProgram,
    f: &'a TypedFunction,
}

impl Printer<'_> {
    fn block(&self, out: &mut String, stmts: &[TStmt], depth: usize) {
        if stmts.is_empty() {
            indent(out, depth);
            out.push_str("pass\n");
        }
        // The recursive step (see `crate::stack`).
        crate::stack::deeper(|| {
            for s in stmts {
                self.stmt(out, s, depth);
            }
        })
    }

    /// A loop's `else` clause, when it has statements.
    fn loop_else(&self, out: &mut String, orelse: TStmtList, depth: usize) {
        if !orelse.is_empty() {
            indent(out, depth);
            out.push_str("else:\n");
            self.block(out, self.f.block(orelse), depth + 1);
        }
    }

    fn stmt(&self, out: &mut String, s: &TStmt, depth: usize) {
        indent(out, depth);
        match &s.kind {
            TStmtKind::Assign(v, e) => {
                let _ = writeln!(
                    out,
                    "{} = {}  # {}",
                    self.f.label_of(self.f.var(*v)),
                    self.expr(*e),
                    self.f.expr(*e).ty
                );
            }
            TStmtKind::Fill { view, value } => {
                let _ = writeln!(
                    out,
                    "{} = {}  # fill {}",
                    self.expr(*view),
                    self.expr(*value),
                    self.f.expr(*view).ty
                );
            }
            TStmtKind::Store {
                array,
                indices,
                value,
            } => {
                let _ = writeln!(
                    out,
                    "{}[{}] = {}  # {}",
                    self.expr(*array),
                    self.list(*indices),
                    self.expr(*value),
                    self.f.expr(*value).ty
                );
            }
            TStmtKind::StoreField {
                record,
                field,
                value,
            } => {
                let _ = writeln!(
                    out,
                    "{}.{} = {}  # {}",
                    self.expr(*record),
                    self.field_name(*record, *field),
                    self.expr(*value),
                    self.f.expr(*value).ty
                );
            }
            TStmtKind::Expr(e) if self.f.expr(*e).ty == Type::None => {
                let _ = writeln!(out, "{}", self.expr(*e));
            }
            TStmtKind::Expr(e) => {
                let _ = writeln!(out, "{}  # {}", self.expr(*e), self.f.expr(*e).ty);
            }
            TStmtKind::If {
                cond,
                then_body,
                else_body,
            } => {
                let _ = writeln!(out, "if {}:", self.expr(*cond));
                self.block(out, self.f.block(*then_body), depth + 1);
                if !else_body.is_empty() {
                    indent(out, depth);
                    out.push_str("else:\n");
                    self.block(out, self.f.block(*else_body), depth + 1);
                }
            }
            TStmtKind::While { cond, body, orelse } => {
                let _ = writeln!(out, "while {}:", self.expr(*cond));
                self.block(out, self.f.block(*body), depth + 1);
                self.loop_else(out, *orelse, depth);
            }
            TStmtKind::For {
                var,
                start,
                stop,
                step,
                body,
                orelse,
            } => {
                let v = self.f.var(*var);
                let _ = writeln!(
                    out,
                    "for {} in range({}, {}, {}):  # {}",
                    self.f.label_of(v),
                    self.expr(*start),
                    self.expr(*stop),
                    self.expr(*step),
                    v.ty
                );
                self.block(out, self.f.block(*body), depth + 1);
                self.loop_else(out, *orelse, depth);
            }
            TStmtKind::Break => out.push_str("break\n"),
            TStmtKind::Continue => out.push_str("continue\n"),
            TStmtKind::Return(None) => out.push_str("return\n"),
            TStmtKind::Return(Some(e)) => {
                let _ = writeln!(out, "return {}  # {}", self.expr(*e), self.f.expr(*e).ty);
            }
            TStmtKind::Print(args) => {
                let parts: Vec<String> = (self.f.print_args(*args).iter())
                    .map(|a| match a {
                        PrintArg::Str(s) => format!("{:?}", self.f.text(*s)),
                        PrintArg::Value(e) => self.expr(*e),
                        PrintArg::Dim3(e) => format!("dim3{}", self.expr(*e)),
                    })
                    .collect();
                let _ = writeln!(out, "print({})", parts.join(", "));
            }
            TStmtKind::Raise(text) => {
                let _ = writeln!(out, "raise  # {}", self.f.text(*text));
            }
            TStmtKind::Assert { cond, msg } => match msg {
                Some(m) => {
                    let m = self.f.text(*m);
                    let _ = writeln!(out, "assert {}, {m:?}", self.expr(*cond));
                }
                None => {
                    let _ = writeln!(out, "assert {}", self.expr(*cond));
                }
            },
        }
    }

    fn list(&self, items: TExprList) -> String {
        items
            .ids()
            .map(|i| self.expr(i))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn expr(&self, id: TExprId) -> String {
        // The recursive step (see `crate::stack`).
        crate::stack::deeper(|| self.expr_here(id))
    }

    /// [`Self::expr`] on the current stack.
    /// The name of field `k` of the record-typed expression `record`.
    fn field_name(&self, record: TExprId, k: u32) -> &'static str {
        match self.f.expr(record).ty {
            Type::Record(r) => &r.record.layout().fields[k as usize].name,
            _ => "?",
        }
    }

    fn expr_here(&self, id: TExprId) -> String {
        let e = self.f.expr(id);
        match &e.kind {
            TExprKind::Const(c) => constant(c),
            TExprKind::Var(v) => self.f.label_of(self.f.var(*v)).to_string(),
            TExprKind::Cast(a) => format!("{}({})", type_call_name(&e.ty), self.expr(*a)),
            TExprKind::Unary(op, a) => {
                let sep = if matches!(op, crate::front::ast::UnaryOp::Not) {
                    " "
                } else {
                    ""
                };
                format!("({}{sep}{})", op.symbol(), self.expr(*a))
            }
            TExprKind::Binary(op, a, b) => {
                format!("({} {} {})", self.expr(*a), op.symbol(), self.expr(*b))
            }
            TExprKind::Compare(op, a, b) => {
                format!("({} {} {})", self.expr(*a), op.symbol(), self.expr(*b))
            }
            TExprKind::And(a, b) => format!("({} and {})", self.expr(*a), self.expr(*b)),
            TExprKind::Or(a, b) => format!("({} or {})", self.expr(*a), self.expr(*b)),
            TExprKind::Select(c, a, b) => format!(
                "({} if {} else {})",
                self.expr(*a),
                self.expr(*c),
                self.expr(*b)
            ),
            TExprKind::Let(v, value, body) => {
                format!(
                    "(let {} = {} in {})",
                    self.f.label_of(self.f.var(*v)),
                    self.expr(*value),
                    self.expr(*body)
                )
            }
            TExprKind::Index(a, idx) => format!("{}[{}]", self.expr(*a), self.list(*idx)),
            TExprKind::Field(r, k) => format!("{}.{}", self.expr(*r), self.field_name(*r, *k)),
            TExprKind::Slice(parts) => {
                let mut parts: Vec<String> = (parts.ids())
                    .map(|p| match self.f.expr(p).ty {
                        Type::None => String::new(),
                        _ => self.expr(p),
                    })
                    .collect();
                // Written as Python writes it: no second colon without a step.
                if parts[2].is_empty() {
                    parts.pop();
                }
                parts.join(":")
            }
            TExprKind::Transpose(a) => format!("{}.T", self.expr(*a)),
            TExprKind::PartView(a, imag) => {
                format!("{}.{}", self.expr(*a), if *imag { "imag" } else { "real" })
            }
            TExprKind::Reshape(a, shape) => {
                format!("{}.reshape({})", self.expr(*a), self.expr(*shape))
            }
            TExprKind::ArrayProp(a, prop) => match prop {
                ArrayProp::Extent(k) => format!("{}.shape[{k}]", self.expr(*a)),
                ArrayProp::Stride(k) => format!("{}.strides[{k}]", self.expr(*a)),
                ArrayProp::Size => format!("{}.size", self.expr(*a)),
            },
            TExprKind::Tuple(_) if e.ty == Type::None => "None".to_string(),
            TExprKind::Tuple(_) if matches!(e.ty, Type::Function(_) | Type::Class(_)) => {
                match e.ty {
                    Type::Function(fv) => fv.name().to_string(),
                    other => other.to_string(),
                }
            }
            TExprKind::Tuple(items) => {
                if items.len() == 1 {
                    format!("({},)", self.list(*items))
                } else {
                    format!("({})", self.list(*items))
                }
            }
            // An optional's first component says it has a value.
            TExprKind::TupleGet(a, 0) if matches!(self.f.expr(*a).ty, Type::Optional(_)) => {
                format!("({} is not None)", self.expr(*a))
            }
            TExprKind::TupleGet(a, k) => format!("{}[{k}]", self.expr(*a)),
            TExprKind::TupleIndex(a, i) => format!("{}[{}]", self.expr(*a), self.expr(*i)),
            TExprKind::Intrinsic(i, args) => intrinsic(*i, &self.list(*args), &e.ty),
            TExprKind::Call(f, args) => {
                let callee = self.p.function(*f);
                let tys: Vec<String> = callee.param_types.iter().map(Type::to_string).collect();
                format!("{}<{}>({})", callee.name, tys.join(", "), self.list(*args))
            }
            TExprKind::SharedArray(i) => format!("shared[{i}]"),
            TExprKind::LocalArray(i) => format!("local[{i}]"),
            TExprKind::ConstArray(i) => format!("const[{i}]"),
            TExprKind::GlobalArray(i) => format!("global[{i}]"),
        }
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn type_call_name(t: &Type) -> String {
    match t {
        Type::Scalar(s) => s.name().to_string(),
        other => format!("<{other}>"),
    }
}

fn constant(c: &ConstValue) -> String {
    match c {
        ConstValue::Int(_, Scalar::I64)
        | ConstValue::Float(_, Scalar::F64)
        | ConstValue::Bool(_) => c.to_string(),
        ConstValue::Int(_, s) | ConstValue::Float(_, s) => format!("{s}({c})"),
        ConstValue::Tuple(items) => {
            let parts: Vec<String> = items.iter().map(constant).collect();
            if parts.len() == 1 {
                format!("({},)", parts[0])
            } else {
                format!("({})", parts.join(", "))
            }
        }
    }
}

fn intrinsic(i: Intrinsic, args: &str, ty: &Type) -> String {
    match i {
        Intrinsic::Special(..) | Intrinsic::LaneId | Intrinsic::WarpSize => i.to_string(),
        Intrinsic::Grid(n) | Intrinsic::GridSize(n) => format!("{i}({n})"),
        _ if *ty == Type::None => format!("{i}({args})"),
        _ => format!("{i}<{ty}>({args})"),
    }
}

//! One test per opcode group.

use super::*;
use crate::ir::builder::FuncBuilder;
use crate::ir::function::{ConstDecl, FuncKind, Function, MemDecl, Signature};
use crate::ir::instructions::{AtomicRmwOp, FloatCC, IntCC, Opcode, SpecialReg};
use crate::ir::types::Type;

/// Builds a one-block device function `params -> returns` with `body`.
fn func(
    m: &mut Module,
    params: &[Type],
    returns: &[Type],
    body: impl FnOnce(
        &mut FuncBuilder,
        &[crate::ir::entities::Value],
    ) -> Vec<crate::ir::entities::Value>,
) -> FuncRef {
    let sig = Signature {
        params: params.to_vec(),
        returns: returns.to_vec(),
    };
    let mut f = Function::new(format!("f{}", m.functions.len()), FuncKind::Device, sig);
    let mut b = FuncBuilder::new(&mut f);
    let entry = b.create_block();
    let ps: Vec<_> = params.iter().map(|&t| b.append_param(entry, t)).collect();
    b.switch_to(entry);
    let rs = body(&mut b, &ps);
    b.ret(&rs);
    m.functions.push(f)
}

fn run1(m: &Module, f: FuncRef, args: &[Val]) -> Val {
    Interpreter::new(m)
        .run(f, args, ThreadCtx::single())
        .unwrap()[0]
}

#[test]
fn integer_ops_wrap_and_follow_the_documented_edge_cases() {
    let mut m = Module::new();
    let cases: &[(Opcode, Type, i64, i64, i64)] = &[
        (Opcode::Iadd, Type::I8, 127, 1, -128),
        (Opcode::Imul, Type::I32, 0x10000, 0x10000, 0),
        (Opcode::Sdiv, Type::I32, -7, 2, -3),
        (Opcode::Srem, Type::I32, -7, 2, -1),
        (Opcode::Sdiv, Type::I32, 5, 0, 0),
        (Opcode::Udiv, Type::I64, 5, 0, 0),
        (
            Opcode::Sdiv,
            Type::I32,
            i32::MIN as i64,
            -1,
            i32::MIN as i64,
        ),
        (Opcode::Ishl, Type::I32, 1, 32, 0),
        (Opcode::Sshr, Type::I16, -4, 40, -1),
        (Opcode::Ushr, Type::I16, -4, 14, 3),
        (Opcode::Smin, Type::I8, -1, 1, -1),
        (Opcode::Umin, Type::I8, -1, 1, 1),
    ];
    for &(op, ty, a, b, want) in cases {
        let f = func(&mut m, &[ty, ty], &[ty], |bld, p| {
            vec![bld.binary(op, p[0], p[1])]
        });
        let got = run1(&m, f, &[Val::int(ty, a as u64), Val::int(ty, b as u64)]);
        assert_eq!(got, Val::int(ty, want as u64), "{op} {ty} {a} {b}");
    }
    let f = func(
        &mut m,
        &[Type::I32],
        &[Type::I32, Type::I32, Type::I32, Type::I32],
        |b, p| {
            let t = b.ty(p[0]);
            [Opcode::Popcnt, Opcode::Clz, Opcode::Ctz, Opcode::Bitrev]
                .map(|op| b.unary(op, t, p[0]))
                .to_vec()
        },
    );
    let r = Interpreter::new(&m)
        .run(f, &[Val::I32(0b1100)], ThreadCtx::single())
        .unwrap();
    assert_eq!(
        r,
        vec![
            Val::I32(2),
            Val::I32(28),
            Val::I32(2),
            Val::I32(0x3000_0000)
        ]
    );
}

#[test]
fn float_ops_conversions_and_compares() {
    let mut m = Module::new();
    let f = func(
        &mut m,
        &[Type::F32, Type::F32],
        &[Type::F32, Type::F32, Type::F32],
        |b, p| {
            let q = b.binary(Opcode::Fdiv, p[0], p[1]);
            let n = b.fma(p[0], p[1], q);
            let mn = b.binary(Opcode::Fmin, p[0], n);
            vec![q, n, mn]
        },
    );
    let r = Interpreter::new(&m)
        .run(f, &[Val::F32(1.0), Val::F32(4.0)], ThreadCtx::single())
        .unwrap();
    assert_eq!(r, vec![Val::F32(0.25), Val::F32(4.25), Val::F32(1.0)]);
    let to_int = func(
        &mut m,
        &[Type::F64],
        &[Type::I8, Type::I8, Type::I32],
        |b, p| {
            let s = b.unary(Opcode::FcvtToSint, Type::I8, p[0]);
            let u = b.unary(Opcode::FcvtToUint, Type::I8, p[0]);
            let n = b.unary(Opcode::Nearest, Type::F64, p[0]);
            vec![s, u, b.unary(Opcode::FcvtToSint, Type::I32, n)]
        },
    );
    let it = |x: f64| {
        Interpreter::new(&m)
            .run(to_int, &[Val::F64(x)], ThreadCtx::single())
            .unwrap()
    };
    assert_eq!(it(300.7), vec![Val::I8(127), Val::I8(255), Val::I32(301)]);
    assert_eq!(
        it(-2.5),
        vec![Val::I8(0xfe), Val::I8(0), Val::int(Type::I32, -2i64 as u64)]
    );
    assert_eq!(it(f64::NAN), vec![Val::I8(0), Val::I8(0), Val::I32(0)]);
    let cmp = func(
        &mut m,
        &[Type::F64, Type::F64],
        &[Type::I1, Type::I1, Type::I1],
        |b, p| {
            [FloatCC::Lt, FloatCC::Ne, FloatCC::Uno]
                .map(|c| b.fcmp(c, p[0], p[1]))
                .to_vec()
        },
    );
    let r = Interpreter::new(&m)
        .run(
            cmp,
            &[Val::F64(f64::NAN), Val::F64(1.0)],
            ThreadCtx::single(),
        )
        .unwrap();
    assert_eq!(r, vec![Val::I1(0), Val::I1(1), Val::I1(1)]);
    let half = func(&mut m, &[Type::F32], &[Type::F16, Type::F64], |b, p| {
        let h = b.unary(Opcode::Fdemote, Type::F16, p[0]);
        let s = b.binary(Opcode::Fadd, h, h);
        vec![s, b.unary(Opcode::Fpromote, Type::F64, s)]
    });
    let r = Interpreter::new(&m)
        .run(half, &[Val::F32(0.1)], ThreadCtx::single())
        .unwrap();
    assert_eq!(r[1], Val::F64(0.199951171875));
    let bits = func(&mut m, &[Type::F32], &[Type::I32, Type::F32], |b, p| {
        let i = b.unary(Opcode::Bitcast, Type::I32, p[0]);
        vec![i, b.unary(Opcode::Sin, Type::F32, p[0])]
    });
    let r = Interpreter::new(&m)
        .run(bits, &[Val::F32(1.0)], ThreadCtx::single())
        .unwrap();
    assert_eq!(r, vec![Val::I32(0x3f80_0000), Val::F32(1f64.sin() as f32)]);
}

#[test]
fn branches_loops_select_and_step_limit() {
    // sum = 0; for i in 0..n: sum += i
    let mut m = Module::new();
    let sig = Signature {
        params: vec![Type::I64],
        returns: vec![Type::I64],
    };
    let mut f = Function::new("sum", FuncKind::Device, sig);
    let mut b = FuncBuilder::new(&mut f);
    let (entry, head, body, exit) = (
        b.create_block(),
        b.create_block(),
        b.create_block(),
        b.create_block(),
    );
    let n = b.append_param(entry, Type::I64);
    let i = b.append_param(head, Type::I64);
    let s = b.append_param(head, Type::I64);
    let r = b.append_param(exit, Type::I64);
    b.switch_to(entry);
    let zero = b.iconst(Type::I64, 0);
    b.jump(head, &[zero, zero]);
    b.switch_to(head);
    let c = b.icmp(IntCC::Slt, i, n);
    b.brif(c, body, &[], exit, &[s]);
    b.switch_to(body);
    let one = b.iconst(Type::I64, 1);
    let i2 = b.binary(Opcode::Iadd, i, one);
    let s2 = b.binary(Opcode::Iadd, s, i);
    let big = b.icmp(IntCC::Sgt, s2, n);
    let s3 = b.select(big, s2, s2);
    b.jump(head, &[i2, s3]);
    b.switch_to(exit);
    b.ret(&[r]);
    let f = m.functions.push(f);
    assert_eq!(run1(&m, f, &[Val::I64(10)]), Val::I64(45));
    let mut it = Interpreter::new(&m);
    it.step_limit = 1000;
    assert_eq!(
        it.run(f, &[Val::I64(1 << 40)], ThreadCtx::single()),
        Err(InterpError::StepLimit(1000))
    );
}

#[test]
fn calls_recursion_limit_print_and_trap() {
    let mut m = Module::new();
    let fmt = m.intern_string("x=%d y=%.1f\n");
    let callee = func(&mut m, &[Type::I32], &[Type::I32], |b, p| {
        let one = b.iconst(Type::I32, 1);
        vec![b.binary(Opcode::Iadd, p[0], one)]
    });
    let caller = func(&mut m, &[Type::I32], &[Type::I32], |b, p| {
        let r = b.call(callee, &[p[0]], &[Type::I32])[0];
        let y = b.fconst(Type::F64, 2.5);
        b.print(fmt, &[r, y]);
        vec![r]
    });
    let mut it = Interpreter::new(&m);
    assert_eq!(
        it.run(caller, &[Val::I32(41)], ThreadCtx::single())
            .unwrap(),
        vec![Val::I32(42)]
    );
    assert_eq!(it.output(), "x=42 y=2.5\n");
    // A function that calls itself forever.
    let looping = FuncRef::new(m.functions.len());
    let rec = func(&mut m, &[], &[], |b, _| {
        b.call(looping, &[], &[]);
        vec![]
    });
    assert_eq!(
        Interpreter::new(&m).run(rec, &[], ThreadCtx::single()),
        Err(InterpError::RecursionLimit(DEFAULT_MAX_DEPTH))
    );
    let trap = func(&mut m, &[], &[], |b, _| {
        b.nullary(Opcode::Trap, None);
        vec![]
    });
    assert_eq!(
        Interpreter::new(&m).run(trap, &[], ThreadCtx::single()),
        Err(InterpError::Trap)
    );
}

#[test]
fn memory_spaces_atomics_and_bounds() {
    let mut m = Module::new();
    m.consts.push(ConstDecl {
        name: "TABLE".into(),
        elem: Type::I32,
        count: 2,
        data: [5i32, 7].iter().flat_map(|v| v.to_le_bytes()).collect(),
    });
    let g = Type::Ptr(AddrSpace::Global);
    let f = func(
        &mut m,
        &[g, Type::I64],
        &[Type::I32, Type::I32, Type::I32],
        |b, p| {
            b.func.locals.push(MemDecl {
                elem: Type::I32,
                count: 4,
            });
            b.func.shared.push(MemDecl {
                elem: Type::I32,
                count: 4,
            });
            let c = b.addr_of(Opcode::ConstAddr, 0, Type::Ptr(AddrSpace::Const));
            let seven = b.load(Type::I32, c, 4);
            let l = b.addr_of(Opcode::LocalAddr, 0, Type::Ptr(AddrSpace::Local));
            b.store(l, seven, 12);
            let back = b.load(Type::I32, l, 12);
            let s = b.addr_of(Opcode::SharedAddr, 0, Type::Ptr(AddrSpace::Shared));
            let old = b.atomic_rmw(AtomicRmwOp::Add, s, back);
            let gp = b.ptr_add(p[0], p[1]);
            let three = b.iconst(Type::I32, 3);
            let cas = b.atomic_cas(gp, back, three);
            b.atomic_rmw(AtomicRmwOp::Inc, gp, three);
            vec![back, old, cas]
        },
    );
    let mut it = Interpreter::new(&m);
    let buf = it.alloc_global(8);
    it.write(buf + 4, &7i32.to_le_bytes()).unwrap();
    let r = it
        .run(f, &[Val::Ptr(buf), Val::I64(4)], ThreadCtx::single())
        .unwrap();
    assert_eq!(r, vec![Val::I32(7), Val::I32(0), Val::I32(7)]);
    // cas stored 3, inc with limit 3 wraps to 0.
    assert_eq!(it.read(buf + 4, 4).unwrap(), 0i32.to_le_bytes());
    let err = it.run(f, &[Val::Ptr(buf), Val::I64(8)], ThreadCtx::single());
    assert!(
        matches!(err, Err(InterpError::OutOfBounds { .. })),
        "{err:?}"
    );
}

#[test]
fn kernels_run_serially_and_barriers_need_one_thread() {
    let mut m = Module::new();
    let g = Type::Ptr(AddrSpace::Global);
    // out[ctaid.x * ntid.x + tid.x] = tid.x + 10 * ctaid.x
    let k = func(&mut m, &[g], &[], |b, p| {
        let (t, c, n) = (
            b.special(SpecialReg::TidX),
            b.special(SpecialReg::CtaidX),
            b.special(SpecialReg::NtidX),
        );
        let base = b.binary(Opcode::Imul, c, n);
        let i = b.binary(Opcode::Iadd, base, t);
        let ten = b.iconst(Type::I32, 10);
        let v0 = b.binary(Opcode::Imul, c, ten);
        let v = b.binary(Opcode::Iadd, v0, t);
        let i64v = b.unary(Opcode::Sextend, Type::I64, i);
        let four = b.iconst(Type::I64, 4);
        let off = b.binary(Opcode::Imul, i64v, four);
        let a = b.ptr_add(p[0], off);
        b.store(a, v, 0);
        vec![]
    });
    let mut it = Interpreter::new(&m);
    let out = it.alloc_global(16);
    it.run_kernel_serial(k, &[Val::Ptr(out)], [2, 1, 1], [2, 1, 1])
        .unwrap();
    let got: Vec<i32> = it
        .read(out, 16)
        .unwrap()
        .chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(got, vec![0, 1, 10, 11]);
    let bar = func(&mut m, &[], &[], |b, _| {
        b.nullary(Opcode::Syncthreads, None);
        vec![]
    });
    let mut it = Interpreter::new(&m);
    assert!(it.run(bar, &[], ThreadCtx::single()).is_ok());
    let err = it
        .run_kernel_serial(bar, &[], [1, 1, 1], [2, 1, 1])
        .unwrap_err();
    assert!(err.to_string().contains("barrier needs the SIMT simulator"));
}

#[test]
fn warp_operations_for_a_single_lane() {
    use crate::ir::instructions::{ShuffleMode, VoteMode};
    let mut m = Module::new();
    let f = func(
        &mut m,
        &[Type::F32, Type::I1],
        &[Type::F32, Type::I32, Type::I1, Type::I32, Type::I32],
        |b, p| {
            let mask = b.iconst(Type::I32, -1);
            let lane = b.special(SpecialReg::Laneid);
            let sh = b.shuffle(ShuffleMode::Bfly, mask, p[0], lane);
            let ballot = b.vote(VoteMode::Ballot, mask, p[1]);
            let all = b.vote(VoteMode::All, mask, p[1]);
            let active = b.nullary(Opcode::Activemask, Some(Type::I32)).unwrap();
            let ws = b.special(SpecialReg::Warpsize);
            vec![sh, ballot, all, active, ws]
        },
    );
    let mut it = Interpreter::new(&m);
    let r = it
        .run(f, &[Val::F32(2.5), Val::I1(1)], ThreadCtx::single())
        .unwrap();
    assert_eq!(
        r,
        vec![
            Val::F32(2.5),
            Val::I32(1),
            Val::I1(1),
            Val::I32(1),
            Val::I32(32)
        ]
    );
    let two = ThreadCtx {
        ntid: [2, 1, 1],
        ..ThreadCtx::single()
    };
    let err = it.run(f, &[Val::F32(2.5), Val::I1(1)], two).unwrap_err();
    assert_eq!(err, InterpError::NeedsSimt("shuffle"));
}

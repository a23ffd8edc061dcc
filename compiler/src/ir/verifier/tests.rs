use super::*;
use crate::ir::builder::FuncBuilder;
use crate::ir::function::{FuncKind, Signature};
use crate::ir::instructions::{InstructionData, Opcode};
use crate::ir::types::{AddrSpace, Type};

fn kernel_with(build: impl FnOnce(&mut FuncBuilder, Value)) -> Function {
    let sig = Signature {
        params: vec![Type::I32],
        returns: vec![],
    };
    let mut f = Function::new("k", FuncKind::Kernel, sig);
    let mut b = FuncBuilder::new(&mut f);
    let entry = b.create_block();
    let x = b.append_param(entry, Type::I32);
    b.switch_to(entry);
    build(&mut b, x);
    f
}

fn errors_of(f: &Function) -> VerifierErrors {
    match verify_function(f, None) {
        Ok(()) => panic!("accepted"),
        Err(e) => e,
    }
}

#[test]
fn well_formed_function_passes() {
    let f = kernel_with(|b, x| {
        let y = b.binary(Opcode::Iadd, x, x);
        b.unary(Opcode::Ineg, Type::I32, y);
        b.ret(&[]);
    });
    assert!(verify_function(&f, None).is_ok());
}

#[test]
fn opcode_in_the_wrong_format_is_rejected() {
    let f = kernel_with(|b, x| {
        b.build(
            InstructionData::Binary {
                opcode: Opcode::Iconst,
                args: [x, x],
            },
            &[Type::I32],
        );
        b.ret(&[]);
    });
    assert!(errors_of(&f).mentions("`iconst` must use the UnaryImm format"));
}

#[test]
fn operands_that_do_not_exist_are_rejected() {
    use cranelift_entity::EntityRef;
    let f = kernel_with(|b, x| {
        b.binary(Opcode::Iadd, x, Value::new(99));
        b.ret(&[]);
    });
    assert!(errors_of(&f).mentions("v99 does not exist"));
}

#[test]
fn aliases_are_followed_and_alias_parameters_rejected() {
    let mut f = kernel_with(|b, x| {
        let y = b.binary(Opcode::Iadd, x, x);
        let z = b.binary(Opcode::Isub, x, x);
        b.binary(Opcode::Imul, z, z);
        b.ret(&[]);
        let _ = y;
    });
    let (y, z) = (Value::from_u32(1), Value::from_u32(2));
    f.dfg.change_to_alias(z, y);
    assert!(verify_function(&f, None).is_ok());
    let entry = f.layout.entry_block().unwrap();
    let p = f.dfg.block_params(entry)[0];
    f.dfg.change_to_alias(p, y);
    assert!(errors_of(&f).mentions("parameter v0 is defined elsewhere too"));
}

#[test]
fn results_counts_are_checked() {
    let f = kernel_with(|b, x| {
        b.build(
            InstructionData::Unary {
                opcode: Opcode::Syncwarp,
                arg: x,
            },
            &[Type::I32],
        );
        b.build(
            InstructionData::Nullary {
                opcode: Opcode::Activemask,
            },
            &[],
        );
        b.ret(&[]);
    });
    let e = errors_of(&f);
    assert!(e.mentions("`syncwarp` gives 0 results, not 1"));
    assert!(e.mentions("`activemask` gives 1 results, not 0"));
}

#[test]
fn empty_blocks_and_missing_terminators_are_located() {
    let mut f = kernel_with(|b, _| {
        let other = b.create_block();
        b.jump(other, &[]);
    });
    let e = errors_of(&f);
    assert!(e.mentions("block is empty"));
    assert_eq!(e.errors[0].block, f.layout.blocks().get(1).copied());
    assert_eq!(e.errors[0].inst, None);
    assert!(
        e.to_string()
            .contains("block1:\n    ; error: block is empty"),
        "{e}"
    );
    f.layout.remove_block(f.layout.blocks()[1]);
    assert!(errors_of(&f).mentions("branch target block1 is not in the layout"));
}

#[test]
fn error_display_names_the_location() {
    let f = kernel_with(|b, _| {
        b.iconst(Type::F32, 1);
        b.ret(&[]);
    });
    let e = errors_of(&f);
    assert_eq!(
        e.errors[0].to_string(),
        "k, block0, inst0: `iconst` gives an integer, not f32"
    );
}

/// A block parameter fed a value of another type (the shape of the
/// miscompile of a variable joining int32 and int64) is an error.
#[test]
fn block_argument_of_another_type_is_rejected() {
    let f = kernel_with(|b, x| {
        let join = b.create_block();
        let p = b.append_param(join, Type::I64);
        b.jump(join, &[x]);
        b.switch_to(join);
        b.unary(Opcode::Ineg, Type::I64, p);
        b.ret(&[]);
    });
    assert!(errors_of(&f).mentions("argument v0 is i32 but block1's parameter v1 is i64"));
}

/// A return of a value of another type than the signature's is an error.
#[test]
fn return_of_another_type_is_rejected() {
    let sig = Signature {
        params: vec![Type::I32],
        returns: vec![Type::F64],
    };
    let mut f = Function::new("d", FuncKind::Device, sig);
    let mut b = FuncBuilder::new(&mut f);
    let entry = b.create_block();
    let x = b.append_param(entry, Type::I32);
    b.switch_to(entry);
    b.ret(&[x]);
    assert!(errors_of(&f).mentions("returns (i32), but the signature returns (f64)"));
}

#[test]
fn match_modes_take_a_value_and_votes_a_predicate() {
    use crate::ir::instructions::VoteMode;
    // A match of an i32 or i64 value is well formed...
    let f = kernel_with(|b, x| {
        b.vote(VoteMode::MatchAny, x, x);
        let wide = b.unary(Opcode::Sextend, Type::I64, x);
        b.vote(VoteMode::MatchAll, x, wide);
        b.ret(&[]);
    });
    assert!(verify_function(&f, None).is_ok());
    // ...a match of a predicate is not, nor a vote of a value.
    let f = kernel_with(|b, x| {
        let zero = b.iconst(Type::I32, 0);
        let p = b.icmp(crate::ir::instructions::IntCC::Ne, x, zero);
        b.vote(VoteMode::MatchAny, x, p);
        b.vote(VoteMode::Ballot, x, x);
        b.ret(&[]);
    });
    let e = errors_of(&f);
    assert!(e.mentions("the value must be i32 or i64, not i1"), "{e}");
    assert!(e.mentions("the predicate must be i1, not i32"), "{e}");
}

#[test]
fn cached_accesses_need_global_numbers() {
    // Loads and stores with a cache hint of numbers through a global
    // pointer are well formed...
    let f = kernel_with(|b, x| {
        let p = b.nullary(Opcode::ExcAddr, Some(Type::Ptr(AddrSpace::Global)));
        let p = p.expect("result");
        let v = b.cached_load(Opcode::LoadCv, Type::F32, p);
        b.cached_store(Opcode::StoreWt, p, v);
        b.cached_store(Opcode::StoreCg, p, x);
        b.ret(&[]);
    });
    assert!(verify_function(&f, None).is_ok());
    // ...not through shared memory, nor of a predicate.
    let f = kernel_with(|b, x| {
        let s = b.nullary(Opcode::DynSharedAddr, Some(Type::Ptr(AddrSpace::Shared)));
        let s = s.expect("result");
        b.cached_load(Opcode::LoadCa, Type::I32, s);
        let g = b.nullary(Opcode::ExcAddr, Some(Type::Ptr(AddrSpace::Global)));
        let zero = b.iconst(Type::I32, 0);
        let p = b.icmp(crate::ir::instructions::IntCC::Ne, x, zero);
        b.cached_store(Opcode::StoreCs, g.expect("result"), p);
        b.ret(&[]);
    });
    let e = errors_of(&f);
    assert!(
        e.mentions("`load_ca` needs global memory, not shared"),
        "{e}"
    );
    assert!(e.mentions("`store_cs` does not support i1"), "{e}");
}

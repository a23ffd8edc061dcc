use super::grammar::parse_ieee;
use super::*;
use crate::ir::builder::FuncBuilder;
use crate::ir::function::{FuncKind, Function, Signature};
use crate::ir::instructions::{IntCC, Opcode};
use crate::ir::types::{AddrSpace, Type};
use crate::ir::write::{format_ieee, write_module};
use crate::ir::{verify_module, Module};

/// Print, parse, print: the two prints must agree.
fn assert_round_trip(m: &Module) -> String {
    let text = write_module(m);
    let parsed = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(write_module(&parsed), text);
    text
}

/// A function built the way passes leave them: gaps in value numbers,
/// aliases, a removed instruction, blocks created out of order, a block
/// outside the layout, and parameters appended to blocks in turn.
fn messy_module() -> Module {
    let mut m = Module::new();
    let sig = Signature {
        params: vec![Type::I32, Type::Ptr(AddrSpace::Global)],
        returns: vec![Type::I32],
    };
    let mut f = Function::new("messy", FuncKind::Device, sig);
    let mut b = FuncBuilder::new(&mut f);
    let entry = b.create_block();
    let x = b.append_param(entry, Type::I32);
    let unused = b.func.dfg.make_block();
    let exit = b.create_block();
    let p = b.append_param(entry, Type::Ptr(AddrSpace::Global));
    let r = b.append_param(exit, Type::I32);
    b.switch_to(entry);
    let one = b.iconst(Type::I32, 1);
    let sum = b.binary(Opcode::Iadd, x, one);
    let dead = b.binary(Opcode::Imul, sum, sum);
    let copy = b.binary(Opcode::Bor, sum, sum);
    let c = b.icmp(IntCC::Ne, copy, x);
    b.brif(c, exit, &[copy], exit, &[dead]);
    b.switch_to(exit);
    b.store(p, r, -12);
    b.ret(&[r]);
    let _ = b.append_param(unused, Type::F64);
    // `copy` becomes `sum`; `dead` is removed from the layout.
    f.dfg.change_to_alias(copy, sum);
    let dead_inst = match f.dfg.value_def(dead) {
        crate::ir::ValueDef::Result(i, _) => i,
        _ => unreachable!(),
    };
    f.layout.remove_inst(dead_inst);
    m.functions.push(f);
    m
}

#[test]
fn messy_functions_round_trip_exactly() {
    let m = messy_module();
    let text = assert_round_trip(&m);
    assert!(text.contains("v7 = icmp.i1 ne v4, v0"), "{text}");
    assert!(text.contains("brif v7, block2(v4), block2(v5)"), "{text}");
    assert!(text.contains("store v1-12, v2"), "{text}");
    let errors = verify_module(&parse_module(&text).unwrap()).unwrap_err();
    assert!(errors.mentions("v5 is the result of a removed instruction"));
}

#[test]
fn multi_result_calls_carry_types_when_the_callee_disagrees() {
    let text = "device fn0 \"f\"() {\nblock0:\n    v0: i32, v1: f64 = call fn0()\n    return\n}\n";
    let m = parse_module(text).unwrap();
    assert_eq!(write_module(&m), text);
    let fine =
        "device fn0 \"f\"() -> i8, i16 {\nblock0:\n    v0, v1 = call fn0()\n    return v0, v1\n}\n";
    assert_eq!(write_module(&parse_module(fine).unwrap()), fine);
}

#[test]
fn every_half_round_trips_through_text() {
    for bits in 0..=u16::MAX as u64 {
        let text = format_ieee(Type::F16, bits);
        assert_eq!(parse_ieee(Type::F16, &text), Some(bits), "{bits:#x} {text}");
    }
}

#[test]
fn single_and_double_bit_patterns_round_trip() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let edge = [
        0u64,
        1,
        0x8000_0000,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0x7fc0_0001,
        0xffc0_0000,
        0x0080_0000,
        0x7f7f_ffff,
    ];
    for bits in edge.into_iter().chain((0..20_000).map(|_| next() >> 32)) {
        let text = format_ieee(Type::F32, bits);
        assert_eq!(parse_ieee(Type::F32, &text), Some(bits), "{bits:#x} {text}");
    }
    for bits in [0, 1, 1u64 << 63, 0x7ff8_0000_0000_0001]
        .into_iter()
        .chain((0..20_000).map(|_| next()))
    {
        let text = format_ieee(Type::F64, bits);
        assert_eq!(parse_ieee(Type::F64, &text), Some(bits), "{bits:#x} {text}");
    }
    assert_eq!(parse_ieee(Type::F32, "nan:0x1"), None);
    assert_eq!(parse_ieee(Type::F16, "nan:0x17e01"), None);
    assert_eq!(parse_ieee(Type::F32, "infinity"), None);
}

#[test]
fn strings_and_names_round_trip() {
    let mut m = Module::new();
    m.strings
        .push("tab\there \"quoted\" back\\slash\n\0\u{7}é✓".to_string());
    m.consts.push(crate::ir::ConstDecl {
        name: "we\"ird".into(),
        elem: Type::I8,
        count: 3,
        data: vec![0, 0x7f, 0xff],
    });
    let text = assert_round_trip(&m);
    assert!(text.contains("data 0x007fff"), "{text}");
    let parsed = parse_module(&text).unwrap();
    assert_eq!(parsed.strings, m.strings);
    assert_eq!(parsed.consts, m.consts);
}

#[test]
fn comments_and_layout_are_free() {
    let text = "; leading\nkernel fn0 \"k\"(i32) fastmath { block0(v0: i32): ; c\n v1 = iadd.i32 v0, v0 return }";
    let m = parse_module(text).unwrap();
    assert!(m.functions.values().next().unwrap().fastmath);
    assert_round_trip(&m);
}

#[test]
fn mangled_text_never_panics() {
    let sample = include_str!("../../../tests/ir/samples/every_opcode.kcir");
    let mut state = 12345u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let boundaries: Vec<usize> = (0..=sample.len())
        .filter(|&i| sample.is_char_boundary(i))
        .collect();
    let check = |text: &str| {
        if let Ok(m) = parse_module(text) {
            let printed = write_module(&m);
            let _ = verify_module(&m);
            assert_eq!(write_module(&parse_module(&printed).unwrap()), printed);
        }
    };
    for &end in boundaries.iter().step_by(7) {
        check(&sample[..end]);
    }
    let pieces = [
        "v", "9", "-", "(", ")", ",", "block", "=", ":", "\"", ";", "}", "0x", ".", "v999999",
        "fn1", " ",
    ];
    for _ in 0..3000 {
        let mut text = sample.to_string();
        for _ in 0..1 + next() % 3 {
            let at = boundaries[next() % boundaries.len()].min(text.len());
            if !text.is_char_boundary(at) {
                continue;
            }
            let piece = pieces[next() % pieces.len()];
            if next() % 2 == 0 {
                text.insert_str(at, piece);
            } else {
                let end = (at + 1 + next() % 4).min(text.len());
                if text.is_char_boundary(end) {
                    text.replace_range(at..end, piece);
                }
            }
        }
        check(&text);
    }
}

#[test]
fn parse_error_displays_line_and_column() {
    let Err(e) = parse_module("\n  bogus") else {
        panic!("parsed")
    };
    assert_eq!((e.line, e.col), (2, 3));
    assert_eq!(
        e.to_string(),
        "2:3: unexpected `bogus` (items are numbered in order)"
    );
}

#[test]
fn a_function_printed_alone_parses_as_a_module() {
    let m = messy_module();
    let f = m.functions.values().next().unwrap();
    let alone = crate::ir::write_function(f, None);
    assert!(alone.starts_with("device fn0 \"messy\""), "{alone}");
    let parsed = parse_module(&alone).unwrap();
    assert_eq!(write_module(&parsed), alone);
    let with_module = crate::ir::DisplayFunction(f, Some(&m)).to_string();
    assert_eq!(with_module, write_module(&m));
}

#[test]
fn returns_stop_before_the_next_instruction_results() {
    let text = "device fn0 \"f\"(i32) -> i32, i32 {\nblock0(v0: i32):\n    return v0, v0\n    v1, v2 = call fn0(v0)\n    return v1\n    v3: i32, v4: f64 = call fn0(v0)\n    return\n    v5 = iconst.i32 0\n    return v5, v5\n}\n";
    let m = parse_module(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(write_module(&m), text);
}

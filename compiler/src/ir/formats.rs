//! Which operand format each opcode uses.
//!
//! [`InstructionData`] lets any opcode sit in any format; the text form
//! and the verifier need the one format each opcode is meant to use. The
//! printer writes an instruction by its format, the parser reads the
//! operands of an opcode by [`InstFormat::of`], and the verifier rejects an
//! instruction whose data has another format.

use super::instructions::{InstructionData, Opcode};

/// The operand format of an instruction (one per [`InstructionData`] variant).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum InstFormat {
    /// No operands.
    Nullary,
    /// An integer immediate.
    UnaryImm,
    /// A float immediate.
    UnaryIeee,
    /// One value.
    Unary,
    /// Two values.
    Binary,
    /// Three values.
    Ternary,
    /// An integer condition and two values.
    IntCompare,
    /// A float condition and two values.
    FloatCompare,
    /// An address and an offset.
    Load,
    /// An address, an offset and a value.
    Store,
    /// An operation, an address and a value.
    AtomicRmw,
    /// An address, the expected and the new value.
    AtomicCas,
    /// An array index.
    AddrOf,
    /// A special register.
    Special,
    /// A mode and three values.
    Shuffle,
    /// A mode and two values.
    Vote,
    /// A callee and arguments.
    Call,
    /// A format string and arguments.
    Print,
    /// One destination.
    Jump,
    /// A condition and two destinations.
    Brif,
    /// Returned values.
    Return,
}

impl InstFormat {
    /// The format `opcode` is meant to use.
    pub fn of(opcode: Opcode) -> InstFormat {
        use Opcode::*;
        if let Some((base, _)) = opcode.directed() {
            return InstFormat::of(base);
        }
        match opcode {
            Iconst => InstFormat::UnaryImm,
            Fconst => InstFormat::UnaryIeee,
            Fma | Select => InstFormat::Ternary,
            Icmp => InstFormat::IntCompare,
            Fcmp => InstFormat::FloatCompare,
            Load | LoadCa | LoadCg | LoadCs | LoadLu | LoadCv => InstFormat::Load,
            Store | StoreCg | StoreCs | StoreWb | StoreWt => InstFormat::Store,
            AtomicRmw => InstFormat::AtomicRmw,
            AtomicCas => InstFormat::AtomicCas,
            SharedAddr | LocalAddr | ConstAddr | StrAddr => InstFormat::AddrOf,
            Special => InstFormat::Special,
            Shuffle => InstFormat::Shuffle,
            Vote => InstFormat::Vote,
            Call => InstFormat::Call,
            Print => InstFormat::Print,
            Jump => InstFormat::Jump,
            Brif => InstFormat::Brif,
            Return => InstFormat::Return,
            DynSharedAddr | ExcAddr | Syncthreads | GridSync | Threadfence | ThreadfenceBlock
            | ThreadfenceSystem | Activemask | LanemaskLt | Trap | Exit => InstFormat::Nullary,
            Iadd | Isub | Imul | Sdiv | Udiv | Srem | Urem | Smin | Smax | Umin | Umax | Band
            | Bor | Bxor | Ishl | Sshr | Ushr | Fadd | Fsub | Fmul | Fdiv | Fmin | Fmax
            | Copysign | Atan2 | Pow | Powi | Hypot | Fmod | Ldexp | Remainder | PtrAdd => {
                InstFormat::Binary
            }
            _ => InstFormat::Unary,
        }
    }

    /// The format of existing instruction data.
    pub fn of_data(data: &InstructionData) -> InstFormat {
        use InstructionData as D;
        match data {
            D::Nullary { .. } => InstFormat::Nullary,
            D::UnaryImm { .. } => InstFormat::UnaryImm,
            D::UnaryIeee { .. } => InstFormat::UnaryIeee,
            D::Unary { .. } => InstFormat::Unary,
            D::Binary { .. } => InstFormat::Binary,
            D::Ternary { .. } => InstFormat::Ternary,
            D::IntCompare { .. } => InstFormat::IntCompare,
            D::FloatCompare { .. } => InstFormat::FloatCompare,
            D::Load { .. } => InstFormat::Load,
            D::Store { .. } => InstFormat::Store,
            D::AtomicRmw { .. } => InstFormat::AtomicRmw,
            D::AtomicCas { .. } => InstFormat::AtomicCas,
            D::AddrOf { .. } => InstFormat::AddrOf,
            D::Special { .. } => InstFormat::Special,
            D::Shuffle { .. } => InstFormat::Shuffle,
            D::Vote { .. } => InstFormat::Vote,
            D::Call { .. } => InstFormat::Call,
            D::Print { .. } => InstFormat::Print,
            D::Jump { .. } => InstFormat::Jump,
            D::Brif { .. } => InstFormat::Brif,
            D::Return { .. } => InstFormat::Return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unary_is_the_default_only_for_one_operand_opcodes() {
        assert_eq!(InstFormat::of(Opcode::Sqrt), InstFormat::Unary);
        assert_eq!(InstFormat::of(Opcode::Syncwarp), InstFormat::Unary);
        assert_eq!(InstFormat::of(Opcode::PtrAdd), InstFormat::Binary);
        assert_eq!(InstFormat::of(Opcode::Trap), InstFormat::Nullary);
    }
}

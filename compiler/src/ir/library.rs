//! The names of the math library's functions.
//!
//! A math opcode ([`Opcode::is_math_library`]) on a float type is computed
//! by a device function named `__kernelc_<opcode>_<type>` (`__kernelc_sin_f32`).
//! The IR owns the naming, so that its parser and verifier can tell a
//! library function from its name without knowing the library; what the
//! functions compute, and which the library implements, is
//! [`crate::mathlib`]'s business.

use super::instructions::Opcode;
use super::types::Type;

/// The prefix of every library function's name.
const PREFIX: &str = "__kernelc_";

/// The float types a library function exists for.
const FLOAT_TYPES: [Type; 3] = [Type::F16, Type::F32, Type::F64];

/// The name of the library function computing `op` on `ty`.
pub fn function_name(op: Opcode, ty: Type) -> String {
    format!("{PREFIX}{}_{}", op.name(), ty)
}

/// The opcode and type of the library function named `name` (the inverse
/// of [`function_name`]); `None` for any other name.
pub fn parse_function_name(name: &str) -> Option<(Opcode, Type)> {
    let (op, ty) = name.strip_prefix(PREFIX)?.rsplit_once('_')?;
    let ty = FLOAT_TYPES.into_iter().find(|t| t.to_string() == ty)?;
    let op = Opcode::from_name(op).filter(|o| o.is_math_library())?;
    Some((op, ty))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back() {
        let math = Opcode::ALL.iter().filter(|o| o.is_math_library());
        for &op in math {
            for ty in FLOAT_TYPES {
                assert_eq!(parse_function_name(&function_name(op, ty)), Some((op, ty)));
            }
        }
        assert_eq!(parse_function_name("__kernelc_sin_i32"), None);
        assert_eq!(parse_function_name("__kernelc_fadd_f32"), None);
        assert_eq!(parse_function_name("sin_f32"), None);
    }
}

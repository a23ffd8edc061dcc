//! The library's version, as macros (the header a program was compiled
//! against) and as functions (the library it runs with).

use std::ffi::c_char;

/// Major version of the header (`0` in `0.1.0`).
pub const KC_VERSION_MAJOR: u32 = 0;
/// Minor version of the header.
pub const KC_VERSION_MINOR: u32 = 1;
/// Patch version of the header.
pub const KC_VERSION_PATCH: u32 = 0;

/// The library's version as a static string, `"0.1.0"`. Never fails; do
/// not free it.
#[no_mangle]
pub extern "C" fn kc_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The library's major version (compare with `KC_VERSION_MAJOR` to detect
/// a header/library mismatch). Never fails.
#[no_mangle]
pub extern "C" fn kc_version_major() -> u32 {
    parse(env!("CARGO_PKG_VERSION_MAJOR"))
}

/// The library's minor version. Never fails.
#[no_mangle]
pub extern "C" fn kc_version_minor() -> u32 {
    parse(env!("CARGO_PKG_VERSION_MINOR"))
}

/// The library's patch version. Never fails.
#[no_mangle]
pub extern "C" fn kc_version_patch() -> u32 {
    parse(env!("CARGO_PKG_VERSION_PATCH"))
}

fn parse(s: &str) -> u32 {
    s.parse().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn header_macros_match_the_crate_version() {
        assert_eq!(
            (KC_VERSION_MAJOR, KC_VERSION_MINOR, KC_VERSION_PATCH),
            (kc_version_major(), kc_version_minor(), kc_version_patch()),
            "update the KC_VERSION_* constants in capi/src/version.rs"
        );
        let v = unsafe { CStr::from_ptr(kc_version()) };
        assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }
}

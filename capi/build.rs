//! Gives the shared library a versioned soname (`libkernelc.so.MAJOR`) on
//! Linux, so programs linked against it keep working across compatible
//! upgrades; `capi/install.sh` installs the matching symlinks.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os == "linux" {
        let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap_or_else(|_| "0".into());
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libkernelc.so.{major}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}

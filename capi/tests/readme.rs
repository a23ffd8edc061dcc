//! The C example in `capi/README.md` is `tests/c/readme_example.c`
//! verbatim, so the copy a reader sees is the one the tests compile and
//! run.

#[test]
fn readme_example_is_the_tested_program() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("capi/README.md");
    let example = std::fs::read_to_string(root.join("../tests/c/readme_example.c"))
        .expect("tests/c/readme_example.c");
    assert!(
        readme.contains(&format!("```c\n{example}```")),
        "capi/README.md's example differs from tests/c/readme_example.c: copy the file into it"
    );
}

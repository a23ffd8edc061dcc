//! The C example in `capi/README.md` and in the top-level `README.md` is
//! `tests/c/readme_example.c` verbatim, so the copy a reader sees is the
//! one the tests compile and run.

#[test]
fn readme_examples_are_the_tested_program() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let example = std::fs::read_to_string(root.join("../tests/c/readme_example.c"))
        .expect("tests/c/readme_example.c");
    for readme in ["README.md", "../README.md"] {
        let text = std::fs::read_to_string(root.join(readme)).expect(readme);
        assert!(
            text.contains(&format!("```c\n{example}```")),
            "{readme}'s C example differs from tests/c/readme_example.c: copy the file into it"
        );
    }
}

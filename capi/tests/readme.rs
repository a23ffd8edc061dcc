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

/// Every file the READMEs and the language reference point to is in the
/// repository: markdown links `](path)` and backticked `.md` paths (a
/// newcomer follows both).
#[test]
fn documentation_links_resolve() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for doc in [
        "README.md",
        "capi/README.md",
        "bindings/python/README.md",
        "docs/language.md",
    ] {
        let path = root.join(doc);
        let full = std::fs::read_to_string(&path).expect(doc);
        // Prose only: code blocks hold code, not links.
        let text: String = full.split("```").step_by(2).collect::<Vec<_>>().join("\n");
        let dir = path.parent().expect("a directory");
        // Outside inline code: links; inside: names of files.
        let plain: Vec<&str> = text.split('`').step_by(2).collect();
        let links = plain
            .iter()
            .flat_map(|p| p.split("](").skip(1))
            .filter_map(|s| s.split(')').next());
        let ticked = text
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|s| s.ends_with(".md") && !s.contains(' '));
        for target in links.chain(ticked) {
            let target = target.split('#').next().unwrap_or_default();
            if target.is_empty() || target.contains("://") {
                continue;
            }
            // A backticked name is relative to its file or to the root.
            let found = dir.join(target).exists() || root.join(target).exists();
            assert!(found, "{doc} points to '{target}', which does not exist");
            let resolved = dir.join(target).canonicalize();
            if let Ok(r) = resolved {
                assert!(
                    r.starts_with(root.canonicalize().unwrap()),
                    "{doc} points outside the repository: '{target}'"
                );
            }
        }
    }
}

/// The license the manifests name is in the repository, and the workspace
/// names no made-up repository URL.
#[test]
fn license_files_match_the_manifest() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    assert!(manifest.contains("license = \"MIT OR Apache-2.0\""));
    for file in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let text = std::fs::read_to_string(root.join(file)).expect(file);
        assert!(text.contains(if file == "LICENSE-MIT" {
            "Permission is hereby granted, free of charge"
        } else {
            "Apache License"
        }));
    }
    assert!(!manifest.contains("example.invalid"));
}

//! Linking PTX modules into one: what the CPU device loads for a kernel
//! module linked with others (`CpuDevice::load_module_linked`, code declared
//! with `cuda.declare_device` and supplied with `link=`), and what the
//! emulated driver's `cuLinkComplete` makes of several inputs, as a GPU
//! linker makes one image of them.
//!
//! The inputs are split into their top-level items (a directive line such
//! as `.version`, or a declaration ending at `;` or at the `}` that closes
//! its body). The result has one header (the highest `.version`, the first
//! input's `.target` and `.address_size`), then every input's items in
//! order, less: an `.extern` declaration of a name some input defines (the
//! linker resolves it to that definition), a second `.weak` definition of a
//! name (the first wins, as linkers keep one), and the `.file` directives
//! of the inputs after the first (their `.loc` lines then name the first
//! input's files: only the line information of those inputs is lost). Two
//! strong definitions of one name are an error, as for a GPU linker.
//!
//! A function or variable without a linking directive (`.func f`, not
//! `.visible .func f`) has internal linkage: it belongs to its input, as
//! C's `static` does (the math library and the device functions of a
//! kernelc module are such). Merged into one text, two inputs' internal
//! `f` would clash, so an input after the first has each internal name
//! that another input also uses renamed (`f__kc_in1`), everywhere in that
//! input. A declaration without a body (a prototype) defines nothing.

use std::collections::{HashMap, HashSet};

/// One top-level item of a PTX text.
struct Item<'a> {
    text: &'a str,
    kind: Kind,
    /// The name it declares or defines, for functions and variables.
    name: Option<&'a str>,
    /// It defines its name (a variable, or a function with a body).
    defines: bool,
    /// Its name has internal linkage (no `.visible`, `.extern`, `.weak`
    /// or `.common`; not an `.entry`).
    internal: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Version,
    Target,
    AddressSize,
    File,
    Extern,
    Weak,
    Other,
}

/// Links the PTX `inputs` into one module's text. The error says which
/// input is at fault (numbered from 0, in the order given).
pub fn link_ptx(inputs: &[&str]) -> Result<String, String> {
    let items: Vec<Vec<Item<'_>>> = inputs.iter().map(|t| split(t)).collect();
    let renames = internal_renames(&items);

    let mut defined: HashMap<&str, (usize, bool)> = HashMap::new();
    for (i, input) in items.iter().enumerate() {
        for item in input {
            let (Some(name), false) = (item.name, item.kind == Kind::Extern) else {
                continue;
            };
            if !item.defines || item.internal {
                // A prototype, or a name of its own input alone (renamed
                // when another input has it).
                continue;
            }
            let weak = item.kind == Kind::Weak;
            if let Some(&(first, first_weak)) = defined.get(name) {
                if !weak && !first_weak {
                    return Err(format!(
                        "`{name}` is defined in PTX input {first} and again in input {i}"
                    ));
                }
                if first_weak && !weak {
                    defined.insert(name, (i, false));
                }
            } else {
                defined.insert(name, (i, weak));
            }
        }
    }

    let version = items
        .iter()
        .flatten()
        .filter(|it| it.kind == Kind::Version)
        .filter_map(|it| version_of(it.text))
        .max()
        .ok_or("no PTX input has a .version directive")?;
    let first = |kind| {
        items
            .iter()
            .flatten()
            .find(|it| it.kind == kind)
            .map(|it| it.text.trim())
    };
    let mut out = format!(".version {}.{}\n", version.0, version.1);
    for kind in [Kind::Target, Kind::AddressSize] {
        if let Some(t) = first(kind) {
            out.push_str(t);
            out.push('\n');
        }
    }
    let mut kept_weak: HashSet<&str> = HashSet::new();
    for (i, input) in items.iter().enumerate() {
        for item in input {
            let keep = match item.kind {
                Kind::Version | Kind::Target | Kind::AddressSize => false,
                Kind::File => i == 0,
                Kind::Extern => item.name.is_none_or(|n| !defined.contains_key(n)),
                Kind::Weak => match item.name {
                    Some(n) if defined.get(n).is_some_and(|&(_, weak)| !weak) => false,
                    Some(n) => kept_weak.insert(n),
                    None => true,
                },
                Kind::Other => true,
            };
            if keep {
                let mut text = item.text.trim().to_string();
                for (from, to) in &renames[i] {
                    text = rename_ident(&text, from, to);
                }
                out.push_str(&text);
                out.push('\n');
            }
        }
    }
    Ok(out)
}

/// Per input, the internal names to rename (see the module): those of an
/// input after the first that an earlier input, or a visible definition
/// anywhere, also names.
fn internal_renames(items: &[Vec<Item<'_>>]) -> Vec<Vec<(String, String)>> {
    let visible: HashSet<&str> = (items.iter().flatten())
        .filter(|it| it.defines && !it.internal)
        .filter_map(|it| it.name)
        .collect();
    let mut earlier: HashSet<&str> = HashSet::new();
    let mut out = Vec::with_capacity(items.len());
    for (i, input) in items.iter().enumerate() {
        let mut renames: Vec<(String, String)> = Vec::new();
        let own: HashSet<&str> = (input.iter())
            .filter(|it| it.internal && it.kind != Kind::Extern)
            .filter_map(|it| it.name)
            .collect();
        if i > 0 {
            for &name in &own {
                if earlier.contains(name) || visible.contains(name) {
                    renames.push((name.to_string(), format!("{name}__kc_in{i}")));
                }
            }
            renames.sort();
        }
        earlier.extend(input.iter().filter_map(|it| it.name));
        out.push(renames);
    }
    out
}

/// `text` with every whole identifier `from` replaced by `to`.
fn rename_ident(text: &str, from: &str, to: &str) -> String {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || "_$%".contains(c);
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(p) = rest.find(from) {
        let before = rest[..p].chars().next_back();
        let after = rest[p + from.len()..].chars().next();
        out.push_str(&rest[..p]);
        if before.is_some_and(is_ident) || after.is_some_and(is_ident) {
            out.push_str(from);
        } else {
            out.push_str(to);
        }
        rest = &rest[p + from.len()..];
    }
    out.push_str(rest);
    out
}

/// `(major, minor)` of a `.version` line.
fn version_of(text: &str) -> Option<(u32, u32)> {
    let v = text.trim().strip_prefix(".version")?.trim();
    let (major, minor) = v.split_once('.')?;
    Some((major.trim().parse().ok()?, minor.trim().parse().ok()?))
}

/// The top-level items of `text`, comments between them dropped.
fn split(text: &str) -> Vec<Item<'_>> {
    let bytes = text.as_bytes();
    let mut items = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        // Skip whitespace and comments between items.
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if text[i..].starts_with("//") {
            i = text[i..].find('\n').map_or(bytes.len(), |n| i + n + 1);
            continue;
        }
        if text[i..].starts_with("/*") {
            i = text[i + 2..]
                .find("*/")
                .map_or(bytes.len(), |n| i + 2 + n + 2);
            continue;
        }
        let start = i;
        let line_directive = [".version", ".target", ".address_size", ".file"]
            .iter()
            .any(|d| text[i..].starts_with(d));
        let end = if line_directive {
            text[i..].find('\n').map_or(bytes.len(), |n| i + n)
        } else {
            item_end(text, i)
        };
        items.push(classify(&text[start..end]));
        i = end;
    }
    items
}

/// Where the declaration starting at `i` ends: after the `;` at depth 0,
/// or after the `}` that closes its body.
fn item_end(text: &str, mut i: usize) -> usize {
    let bytes = text.as_bytes();
    let mut depth = 0i32;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if text[i..].starts_with("//") => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
                continue;
            }
            b'/' if text[i..].starts_with("/*") => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |n| i + 2 + n + 2);
                continue;
            }
            b'"' => {
                i = text[i + 1..]
                    .find('"')
                    .map_or(bytes.len(), |n| i + 1 + n + 1);
                continue;
            }
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth <= 0 {
                    return i + 1;
                }
            }
            b';' if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

fn classify(text: &str) -> Item<'_> {
    let words: Vec<&str> = text.split_whitespace().take(2).collect();
    let first = words.first().copied();
    let kind = match first {
        Some(".version") => Kind::Version,
        Some(".target") => Kind::Target,
        Some(".address_size") => Kind::AddressSize,
        Some(".file") => Kind::File,
        Some(".extern") => Kind::Extern,
        Some(".weak") => Kind::Weak,
        _ => Kind::Other,
    };
    let name = declared_name(text);
    let function = find_word(text, ".func").is_some();
    let entry = find_word(text, ".entry").is_some();
    Item {
        text,
        kind,
        name,
        defines: name.is_some() && (!(function || entry) || text.contains('{')),
        internal: name.is_some()
            && kind == Kind::Other
            && !entry
            && !matches!(first, Some(".visible" | ".common")),
    }
}

/// The name a function or variable declaration declares: the identifier
/// after `.func`/`.entry` (and its return parameters), or before a
/// variable's `[`, `=` or `;`.
fn declared_name(text: &str) -> Option<&str> {
    for key in [".func", ".entry"] {
        if let Some(p) = find_word(text, key) {
            let mut rest = text[p + key.len()..].trim_start();
            if rest.starts_with('(') {
                rest = &rest[rest.find(')')? + 1..];
            }
            return ident(rest);
        }
    }
    if [".global", ".const", ".shared"]
        .iter()
        .any(|k| find_word(text, k).is_some())
    {
        let head = &text[..text.find(['[', '=', ';']).unwrap_or(text.len())];
        return head.split_whitespace().last().and_then(ident);
    }
    None
}

/// The identifier `s` starts with (after blanks).
fn ident(s: &str) -> Option<&str> {
    let s = s.trim_start();
    let n = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || "_$%.".contains(c)))
        .unwrap_or(s.len());
    (n > 0).then(|| &s[..n])
}

/// Where `word` occurs as a whole directive in `text` before any body.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let head = &text[..text.find(['{', '(']).unwrap_or(text.len())];
    head.split_whitespace()
        .any(|w| w == word)
        .then(|| text.find(word))?
}

#[cfg(test)]
mod tests {
    use super::*;

    const CALLER: &str = "\
.version 7.0
.target sm_80
.address_size 64
.file 1 \"a.py\"
// a helper defined elsewhere
.extern .func  (.param .b32 r) add_one
(
    .param .b32 x
)
;
.visible .entry k(.param .u64 p)
{
    ret;
}
";
    const HELPER: &str = "\
.version 7.8
.target sm_80
.address_size 64
.file 1 \"b.cu\"
.visible .func  (.param .b32 r) add_one(.param .b32 x)
{
    ret;
}
.weak .global .align 4 .u32 shared_counter;
";

    #[test]
    fn externs_resolve_to_definitions_in_other_inputs() {
        let out = link_ptx(&[CALLER, HELPER]).unwrap();
        assert!(
            out.starts_with(".version 7.8\n.target sm_80\n.address_size 64\n"),
            "{out}"
        );
        assert!(!out.contains(".extern"), "{out}");
        assert_eq!(out.matches(".file").count(), 1, "{out}");
        assert!(out.contains(".visible .entry k"), "{out}");
        assert!(
            out.contains(".visible .func  (.param .b32 r) add_one"),
            "{out}"
        );
        assert_eq!(out.matches(".weak .global").count(), 1);
    }

    #[test]
    fn internal_names_of_two_inputs_do_not_clash_and_prototypes_define_nothing() {
        // Both inputs have an internal `helper` (and a prototype of it); the
        // second's is renamed wherever that input uses it, and its visible
        // function keeps its name.
        let a = ".version 7.0\n.target sm_80\n.address_size 64\n\
                 .func (.param .b32 r) helper(.param .b32 x);\n\
                 .extern .func (.param .b32 r) api(.param .b32 x);\n\
                 .func (.param .b32 r) helper(.param .b32 x)\n{\n\tret;\n}\n\
                 .visible .entry k()\n{\n\tcall.uni (r), helper, (x);\n\tcall.uni (r), api, (x);\n}\n";
        let b = ".version 7.0\n.target sm_80\n.address_size 64\n\
                 .func (.param .b32 r) helper(.param .b32 helper_param_0);\n\
                 .visible .func (.param .b32 r) api(.param .b32 x)\n{\n\tcall.uni (r), helper, (x);\n}\n\
                 .func (.param .b32 r) helper(.param .b32 helper_param_0)\n{\n\tret;\n}\n";
        let out = link_ptx(&[a, b]).unwrap();
        assert_eq!(out.matches(") helper(").count(), 2, "{out}");
        assert_eq!(out.matches(") helper__kc_in1(").count(), 2, "{out}");
        assert!(out.contains("call.uni (r), helper__kc_in1, (x);"), "{out}");
        assert!(out.contains("call.uni (r), helper, (x);"), "{out}");
        assert!(out.contains("helper_param_0"), "{out}");
        assert!(out.contains(".visible .func (.param .b32 r) api("), "{out}");
        assert!(!out.contains(".extern"), "{out}");
        assert_eq!(rename_ident("f f_x xf (f) %f", "f", "g"), "g f_x xf (g) %f");
    }

    #[test]
    fn a_weak_definition_is_kept_once_and_a_strong_one_wins() {
        let out = link_ptx(&[HELPER, &HELPER.replace("add_one", "other")]);
        let out = out.unwrap();
        assert_eq!(out.matches("shared_counter").count(), 1, "{out}");
        let strong = HELPER.replace(".weak .global", ".visible .global");
        let out = link_ptx(&[&HELPER.replace("add_one", "x1"), &strong]).unwrap();
        assert_eq!(out.matches("shared_counter").count(), 1, "{out}");
        assert!(
            out.contains(".visible .global .align 4 .u32 shared_counter"),
            "{out}"
        );
    }

    #[test]
    fn two_strong_definitions_are_an_error_and_unresolved_externs_stay() {
        let err = link_ptx(&[HELPER, HELPER]).unwrap_err();
        assert!(
            err.contains("`add_one` is defined in PTX input 0 and again in input 1"),
            "{err}"
        );
        let out = link_ptx(&[CALLER]).unwrap();
        assert!(out.contains(".extern .func"), "{out}");
        assert!(link_ptx(&["// no directives"]).is_err());
    }
}

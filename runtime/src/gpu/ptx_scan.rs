//! A light scan of PTX text for its kernels (`.entry`) and the byte size
//! of each kernel's `.param`s, so that a launch with the wrong parameters
//! is refused with a clear message instead of corrupting the kernel's
//! arguments.

/// One kernel of a PTX module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryInfo {
    /// Its name.
    pub name: String,
    /// The size in bytes of each `.param`, in order.
    pub param_sizes: Vec<usize>,
}

/// The kernels declared in `ptx`, in order.
pub fn entries(ptx: &str) -> Vec<EntryInfo> {
    let text = strip_comments(ptx);
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find(".entry") {
        rest = &rest[at + ".entry".len()..];
        // `.entry` must be a whole directive, not `.entry_x`.
        if !rest.starts_with(|c: char| c.is_whitespace()) {
            continue;
        }
        let after = rest.trim_start();
        let name_len = after
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$' || c == '%'))
            .unwrap_or(after.len());
        let name = after[..name_len].to_string();
        let tail = after[name_len..].trim_start();
        let param_sizes = match tail.strip_prefix('(') {
            Some(list) => {
                let end = list.find(')').unwrap_or(list.len());
                list[..end]
                    .split(',')
                    .filter(|p| p.contains(".param"))
                    .map(param_size)
                    .collect()
            }
            None => Vec::new(),
        };
        if !name.is_empty() {
            found.push(EntryInfo { name, param_sizes });
        }
    }
    found
}

/// PTX without `//` and `/* */` comments.
fn strip_comments(ptx: &str) -> String {
    let mut out = String::with_capacity(ptx.len());
    let mut rest = ptx;
    loop {
        let next = match (rest.find("//"), rest.find("/*")) {
            (Some(l), Some(b)) => Some((l.min(b), l < b)),
            (Some(l), None) => Some((l, true)),
            (None, Some(b)) => Some((b, false)),
            (None, None) => None,
        };
        let Some((at, is_line)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        rest = if is_line {
            rest[at..].find('\n').map_or("", |n| &rest[at + n..])
        } else {
            out.push(' ');
            rest[at..].find("*/").map_or("", |e| &rest[at + e + 2..])
        };
    }
}

/// The size of one `.param` declaration: its scalar type's size times the
/// element count of a trailing `[N]`.
fn param_size(decl: &str) -> usize {
    let mut scalar = 0;
    for word in decl.split_whitespace() {
        let size = match word {
            ".b8" | ".u8" | ".s8" => 1,
            ".b16" | ".u16" | ".s16" | ".f16" | ".bf16" => 2,
            ".b32" | ".u32" | ".s32" | ".f32" | ".f16x2" | ".bf16x2" => 4,
            ".b64" | ".u64" | ".s64" | ".f64" => 8,
            _ => continue,
        };
        scalar = size;
        break;
    }
    let count = decl
        .rfind('[')
        .and_then(|open| {
            let close = decl[open..].find(']')? + open;
            decl[open + 1..close].trim().parse::<usize>().ok()
        })
        .unwrap_or(1);
    scalar * count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_entries_and_param_sizes() {
        let ptx = "
.version 7.0
.target sm_80
.address_size 64
// .entry commented_out(.param .u64 x)
.func helper(.param .b32 x) {}
.visible .entry vadd(
\t.param .u64 vadd_param_0, // a pointer
\t.param .s64 vadd_param_1,
\t.param .u8 vadd_param_2,
\t.param .align 8 .b8 vadd_param_3[24],
\t.param .f32 vadd_param_4
)
{ ret; }
/* .entry also_commented() */
.entry empty()
{ ret; }
";
        assert_eq!(
            entries(ptx),
            vec![
                EntryInfo {
                    name: "vadd".into(),
                    param_sizes: vec![8, 8, 1, 24, 4]
                },
                EntryInfo {
                    name: "empty".into(),
                    param_sizes: vec![]
                },
            ]
        );
    }

    #[test]
    fn pointer_attributes_do_not_change_the_size() {
        assert_eq!(param_size(".param .u64 .ptr .global .align 16 p"), 8);
    }
}

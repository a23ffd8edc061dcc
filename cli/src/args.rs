//! Command-line parsing shared by the subcommands: `--flag value`,
//! `--flag=value` and positional arguments, with clear errors.

/// A command-line mistake; printed with the usage text, exit code 2.
#[derive(Debug)]
pub struct UsageError(pub String);

/// The arguments of one subcommand, split into options and positionals.
pub struct Args {
    options: Vec<(String, String)>,
    /// Positional arguments, in order.
    pub positional: Vec<String>,
}

impl Args {
    /// Splits `argv` given the names of options that take a value.
    pub fn parse(argv: &[String], valued: &[&str]) -> Result<Args, UsageError> {
        let mut options = Vec::new();
        let mut positional = Vec::new();
        let mut it = argv.iter();
        while let Some(a) = it.next() {
            if let Some(body) = a.strip_prefix("--") {
                let (name, inline) = match body.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (body, None),
                };
                if !valued.contains(&name) {
                    return Err(UsageError(format!("unknown option '--{name}'")));
                }
                let value = match inline {
                    Some(v) => v,
                    None => it
                        .next()
                        .cloned()
                        .ok_or_else(|| UsageError(format!("option '--{name}' needs a value")))?,
                };
                options.push((name.to_string(), value));
            } else if a.starts_with('-') && a.len() > 1 {
                return Err(UsageError(format!("unknown option '{a}'")));
            } else {
                positional.push(a.clone());
            }
        }
        Ok(Args {
            options,
            positional,
        })
    }

    /// The last value of an option, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every value of a repeatable option.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.options
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The single positional argument (the input file).
    pub fn one_file(&self) -> Result<&str, UsageError> {
        match self.positional.as_slice() {
            [f] => Ok(f),
            [] => Err(UsageError("missing input file".into())),
            _ => Err(UsageError(format!(
                "expected one input file, got {}",
                self.positional.len()
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn parses_both_option_forms() {
        let a = Args::parse(
            &argv(&["k.py", "--kernel", "add", "--emit=types"]),
            &["kernel", "emit"],
        )
        .unwrap();
        assert_eq!(a.get("kernel"), Some("add"));
        assert_eq!(a.get("emit"), Some("types"));
        assert_eq!(a.one_file().unwrap(), "k.py");
    }

    #[test]
    fn rejects_unknown_and_missing_values() {
        assert!(Args::parse(&argv(&["--nope"]), &["kernel"]).is_err());
        assert!(Args::parse(&argv(&["--kernel"]), &["kernel"]).is_err());
    }
}

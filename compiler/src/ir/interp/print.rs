//! A small `printf` for the `print` instruction: flags `-+ 0#`, width,
//! precision, length modifiers (ignored: values carry their type) and the
//! conversions `d i u x X o c s f F e E g G p %`.

use super::value::Val;

struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    zero: bool,
    alt: bool,
    width: usize,
    prec: Option<usize>,
}

/// Formats `values` following the C format string `fmt`; `string(ptr)`
/// reads the NUL-terminated string a `%s` argument points to.
pub fn format(fmt: &str, values: &[Val], string: &dyn Fn(u64) -> String) -> String {
    let mut out = String::new();
    let mut args = values.iter();
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = Spec {
            left: false,
            plus: false,
            space: false,
            zero: false,
            alt: false,
            width: 0,
            prec: None,
        };
        while let Some(&f) = chars.peek() {
            match f {
                '-' => spec.left = true,
                '+' => spec.plus = true,
                ' ' => spec.space = true,
                '0' => spec.zero = true,
                '#' => spec.alt = true,
                _ => break,
            }
            chars.next();
        }
        spec.width = number(&mut chars);
        if chars.peek() == Some(&'.') {
            chars.next();
            spec.prec = Some(number(&mut chars));
        }
        while matches!(chars.peek(), Some('l' | 'h' | 'z' | 'j' | 't' | 'L')) {
            chars.next();
        }
        let Some(conv) = chars.next() else { break };
        if conv == '%' {
            out.push('%');
            continue;
        }
        let v = args.next().copied().unwrap_or(Val::I64(0));
        if conv == 's' {
            let mut text = string(v.bits());
            if let Some(p) = spec.prec {
                text = text.chars().take(p).collect();
            }
            out.push_str(&pad("", text, &spec, false));
            continue;
        }
        out.push_str(&convert(conv, v, &spec));
    }
    out
}

fn number(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> usize {
    let mut n = 0usize;
    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
        n = n.saturating_mul(10).saturating_add(d as usize);
        chars.next();
    }
    n
}

fn convert(conv: char, v: Val, s: &Spec) -> String {
    let (sign, body) = match conv {
        'd' | 'i' => {
            let i = v.as_i64();
            (sign_of(i < 0, s), i.unsigned_abs().to_string())
        }
        'u' => ("", v.bits().to_string()),
        'x' => (if s.alt { "0x" } else { "" }, format!("{:x}", v.bits())),
        'X' => (if s.alt { "0X" } else { "" }, format!("{:X}", v.bits())),
        'o' => ("", format!("{:o}", v.bits())),
        'p' => ("0x", format!("{:x}", v.bits())),
        'c' => ("", char::from(v.bits() as u8).to_string()),
        'f' | 'F' | 'e' | 'E' | 'g' | 'G' => {
            let x = v.as_f64();
            (
                sign_of(x.is_sign_negative() && !x.is_nan(), s),
                float(conv, x.abs(), s),
            )
        }
        _ => ("", format!("%{conv}")),
    };
    pad(sign, body, s, !matches!(conv, 'c' | 's'))
}

fn sign_of(neg: bool, s: &Spec) -> &'static str {
    match (neg, s.plus, s.space) {
        (true, _, _) => "-",
        (false, true, _) => "+",
        (false, false, true) => " ",
        _ => "",
    }
}

fn pad(sign: &str, body: String, s: &Spec, numeric: bool) -> String {
    let len = sign.len() + body.len();
    if len >= s.width {
        return format!("{sign}{body}");
    }
    let fill = s.width - len;
    if s.left {
        format!("{sign}{body}{}", " ".repeat(fill))
    } else if s.zero && numeric && body.chars().all(|c| c.is_ascii_alphanumeric() || c == '.') {
        format!("{sign}{}{body}", "0".repeat(fill))
    } else {
        format!("{}{sign}{body}", " ".repeat(fill))
    }
}

fn float(conv: char, x: f64, s: &Spec) -> String {
    if x.is_nan() {
        return if conv.is_uppercase() { "NAN" } else { "nan" }.into();
    }
    if x.is_infinite() {
        return if conv.is_uppercase() { "INF" } else { "inf" }.into();
    }
    let p = s.prec.unwrap_or(6);
    let text = match conv.to_ascii_lowercase() {
        'f' => format!("{x:.p$}"),
        'e' => exp_form(x, p),
        _ => general(x, p, s.alt),
    };
    if conv.is_uppercase() {
        text.to_uppercase()
    } else {
        text
    }
}

/// `%e`: Rust writes `1.5e3`; C wants `1.5e+03`.
fn exp_form(x: f64, p: usize) -> String {
    let t = format!("{x:.p$e}");
    let (mant, exp) = t.split_once('e').unwrap_or((&t, "0"));
    let e: i32 = exp.parse().unwrap_or(0);
    format!("{mant}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
}

/// `%g`: `%e` or `%f` by the exponent, trailing zeros removed.
fn general(x: f64, p: usize, alt: bool) -> String {
    let p = p.max(1);
    let e = if x == 0.0 {
        0
    } else {
        let t = format!("{x:.*e}", p - 1);
        t.split_once('e').map_or(0, |(_, e)| e.parse().unwrap_or(0))
    };
    let text = if e < -4 || e >= p as i32 {
        exp_form(x, p - 1)
    } else {
        format!("{x:.*}", (p as i32 - 1 - e) as usize)
    };
    if alt {
        return text;
    }
    match text.split_once('e') {
        Some((m, e)) => format!("{}e{e}", trim_zeros(m)),
        None => trim_zeros(&text).to_string(),
    }
}

fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printf_conversions() {
        let f = |fmt: &str, v: &[Val]| format(fmt, v, &|_| String::new());
        assert_eq!(
            f(
                "%d|%5d|%-4d|",
                &[Val::I32(0xffff_ffff), Val::I64(42), Val::I8(7)]
            ),
            "-1|   42|7   |"
        );
        assert_eq!(
            f(
                "%f %.2f %e",
                &[Val::F64(1.5), Val::F32(2.0), Val::F64(1234.5)]
            ),
            "1.500000 2.00 1.234500e+03"
        );
        assert_eq!(
            f(
                "%g %g %g",
                &[Val::F64(0.0001), Val::F64(1e20), Val::F64(3.25)]
            ),
            "0.0001 1e+20 3.25"
        );
        assert_eq!(
            f("%x %05d %% %u", &[Val::I32(255), Val::I32(42), Val::I64(7)]),
            "ff 00042 % 7"
        );
    }
}

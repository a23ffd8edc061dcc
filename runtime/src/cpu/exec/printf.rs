//! `vprintf` formatting: a C format string and CUDA's packed argument
//! buffer (each argument aligned to its size; `int`-sized conversions take
//! 4 bytes, `l`/`ll`/`z` ones, `%s`, `%p` and all floats take 8, floats are
//! doubles).

/// Widths and precisions are clamped to this (a format string cannot make
/// the simulator allocate without bound).
const MAX_FIELD: usize = 512;

/// Formats `fmt`; `arg(offset, size)` reads argument bytes from the buffer,
/// `string(addr)` reads a C string from device memory.
pub fn format(
    fmt: &[u8],
    arg: &mut dyn FnMut(usize, usize) -> Option<u64>,
    string: &mut dyn FnMut(u64) -> Vec<u8>,
) -> Vec<u8> {
    let mut out = Vec::new();
    let mut off = 0usize;
    let mut next = |size: usize, off: &mut usize| -> u64 {
        *off = off.next_multiple_of(size);
        let v = arg(*off, size).unwrap_or(0);
        *off += size;
        v
    };
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        if c != b'%' {
            out.push(c);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut spec = Spec::default();
        while i < fmt.len() {
            match fmt[i] {
                b'-' => spec.left = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                _ => break,
            }
            i += 1;
        }
        if fmt.get(i) == Some(&b'*') {
            let w = next(4, &mut off) as u32 as i32;
            if w < 0 {
                spec.left = true;
            }
            spec.width = (w.unsigned_abs() as usize).min(MAX_FIELD);
            i += 1;
        } else {
            while let Some(d) = fmt.get(i).filter(|d| d.is_ascii_digit()) {
                spec.width = (spec.width * 10 + (d - b'0') as usize).min(MAX_FIELD);
                i += 1;
            }
        }
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            let mut p = 0usize;
            if fmt.get(i) == Some(&b'*') {
                p = ((next(4, &mut off) as u32 as i32).max(0) as usize).min(MAX_FIELD);
                i += 1;
            } else {
                while let Some(d) = fmt.get(i).filter(|d| d.is_ascii_digit()) {
                    p = (p * 10 + (d - b'0') as usize).min(MAX_FIELD);
                    i += 1;
                }
            }
            spec.prec = Some(p);
        }
        let mut long = false;
        while let Some(&l) = fmt.get(i) {
            match l {
                b'l' | b'z' | b'j' | b't' | b'q' => long = true,
                b'h' | b'L' => {}
                _ => break,
            }
            i += 1;
        }
        let Some(&conv) = fmt.get(i) else {
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        let size = if long { 8 } else { 4 };
        let body: Vec<u8> = match conv {
            b'%' => {
                out.push(b'%');
                continue;
            }
            b'd' | b'i' => {
                let v = next(size, &mut off);
                let v = if long {
                    v as i64
                } else {
                    v as u32 as i32 as i64
                };
                spec.int(v < 0, v.unsigned_abs().to_string(), "")
            }
            b'u' | b'x' | b'X' | b'o' => {
                let v = next(size, &mut off);
                let v = if long { v } else { v as u32 as u64 };
                let (digits, prefix) = match conv {
                    b'u' => (v.to_string(), ""),
                    b'x' => (format!("{v:x}"), if spec.alt && v != 0 { "0x" } else { "" }),
                    b'X' => (format!("{v:X}"), if spec.alt && v != 0 { "0X" } else { "" }),
                    _ => (format!("{v:o}"), if spec.alt { "0" } else { "" }),
                };
                spec.plus = false;
                spec.space = false;
                spec.int(false, digits, prefix)
            }
            b'c' => {
                let v = next(4, &mut off) as u8;
                spec.pad(vec![v], false)
            }
            b's' => {
                let p = next(8, &mut off);
                let mut s = if p == 0 {
                    b"(null)".to_vec()
                } else {
                    string(p)
                };
                if let Some(n) = spec.prec {
                    s.truncate(n);
                }
                spec.pad(s, false)
            }
            b'p' => {
                let p = next(8, &mut off);
                spec.pad(format!("0x{p:x}").into_bytes(), false)
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                let v = f64::from_bits(next(8, &mut off));
                spec.float(v, conv)
            }
            _ => {
                out.extend_from_slice(&fmt[start..i]);
                continue;
            }
        };
        out.extend_from_slice(&body);
    }
    out
}

#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
}

impl Spec {
    fn sign(&self, neg: bool) -> &'static str {
        if neg {
            "-"
        } else if self.plus {
            "+"
        } else if self.space {
            " "
        } else {
            ""
        }
    }

    fn int(&self, neg: bool, mut digits: String, prefix: &str) -> Vec<u8> {
        if let Some(p) = self.prec {
            if p == 0 && digits == "0" {
                digits.clear();
            }
            while digits.len() < p {
                digits.insert(0, '0');
            }
        }
        let head = format!("{}{prefix}", self.sign(neg));
        self.assemble(&head, &digits, self.zero && self.prec.is_none())
    }

    fn assemble(&self, head: &str, body: &str, zero: bool) -> Vec<u8> {
        let len = head.len() + body.len();
        let pad = self.width.saturating_sub(len);
        let mut s = String::new();
        if self.left {
            s.push_str(head);
            s.push_str(body);
            s.extend(std::iter::repeat_n(' ', pad));
        } else if zero {
            s.push_str(head);
            s.extend(std::iter::repeat_n('0', pad));
            s.push_str(body);
        } else {
            s.extend(std::iter::repeat_n(' ', pad));
            s.push_str(head);
            s.push_str(body);
        }
        s.into_bytes()
    }

    fn pad(&self, body: Vec<u8>, _zero: bool) -> Vec<u8> {
        let pad = self.width.saturating_sub(body.len());
        let mut s = Vec::new();
        if !self.left {
            s.extend(std::iter::repeat_n(b' ', pad));
        }
        s.extend_from_slice(&body);
        if self.left {
            s.extend(std::iter::repeat_n(b' ', pad));
        }
        s
    }

    fn float(&self, v: f64, conv: u8) -> Vec<u8> {
        let upper = conv.is_ascii_uppercase();
        let neg = v.is_sign_negative() && !v.is_nan();
        let a = v.abs();
        let body = if !a.is_finite() {
            let t = if a.is_nan() { "nan" } else { "inf" };
            let t = if upper { t.to_uppercase() } else { t.into() };
            return self.assemble(self.sign(neg), &t, false);
        } else {
            let p = self.prec.unwrap_or(6);
            match conv.to_ascii_lowercase() {
                b'f' => {
                    let mut s = format!("{a:.p$}");
                    if self.alt && p == 0 {
                        s.push('.');
                    }
                    s
                }
                b'e' => exp_form(a, p, self.alt),
                b'a' => exp_form(a, p.max(13), self.alt),
                _ => {
                    let p = p.max(1);
                    let e = exp_of(a, p - 1);
                    let mut s = if e < -4 || e >= p as i32 {
                        exp_form(a, p - 1, self.alt)
                    } else {
                        format!("{a:.*}", (p as i32 - 1 - e) as usize)
                    };
                    if !self.alt {
                        s = strip_zeros(&s);
                    }
                    s
                }
            }
        };
        let body = if upper { body.to_uppercase() } else { body };
        self.assemble(self.sign(neg), &body, self.zero)
    }
}

/// The decimal exponent `a` has when printed with `p` fraction digits.
fn exp_of(a: f64, p: usize) -> i32 {
    let s = format!("{a:.p$e}");
    s.split_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0)
}

/// C's `%e`: `d.dddddde+XX`.
fn exp_form(a: f64, p: usize, alt: bool) -> String {
    let s = format!("{a:.p$e}");
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let dot = if alt && p == 0 { "." } else { "" };
    format!(
        "{m}{dot}e{}{:02}",
        if e < 0 { '-' } else { '+' },
        e.unsigned_abs()
    )
}

/// Removes trailing fraction zeros (and a bare dot) from `%g` output.
fn strip_zeros(s: &str) -> String {
    let (m, e) = match s.find('e') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    };
    let m = if m.contains('.') {
        m.trim_end_matches('0').trim_end_matches('.')
    } else {
        m
    };
    format!("{m}{e}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt_with(f: &str, args: &[u8]) -> String {
        let mut arg = |o: usize, n: usize| {
            let mut b = [0u8; 8];
            b[..n].copy_from_slice(args.get(o..o + n)?);
            Some(u64::from_le_bytes(b))
        };
        let mut string = |_| b"str".to_vec();
        String::from_utf8(format(f.as_bytes(), &mut arg, &mut string)).unwrap()
    }

    fn pack(items: &[(usize, u64)]) -> Vec<u8> {
        let mut out: Vec<u8> = Vec::new();
        for &(size, v) in items {
            while !out.len().is_multiple_of(size) {
                out.push(0);
            }
            out.extend_from_slice(&v.to_le_bytes()[..size]);
        }
        out
    }

    #[test]
    fn integers() {
        let a = pack(&[(4, (-42i32) as u32 as u64), (8, 7), (4, 255)]);
        assert_eq!(fmt_with("%d %ld %x|%%", &a), "-42 7 ff|%");
        let a = pack(&[(4, 5), (4, 5), (4, 5), (4, 5)]);
        assert_eq!(
            fmt_with("[%4d][%-4d][%04d][%+d]", &a),
            "[   5][5   ][0005][+5]"
        );
        let a = pack(&[(8, u64::MAX), (4, 0x41), (8, 0x10)]);
        assert_eq!(fmt_with("%llu %c %p", &a), "18446744073709551615 A 0x10");
        let a = pack(&[(4, 3)]);
        assert_eq!(fmt_with("%.3d|%#x", &a), "003|0");
    }

    #[test]
    fn floats() {
        let d = |x: f64| (8, x.to_bits());
        let a = pack(&[d(1.25), d(-0.5), d(1234.5), d(1e-5)]);
        assert_eq!(
            fmt_with("%f %.2f %e %g", &a),
            "1.250000 -0.50 1.234500e+03 1e-05"
        );
        let a = pack(&[d(100000.0), d(1e6), d(0.0001), d(2.5)]);
        assert_eq!(
            fmt_with("%g %g %g %8.3f", &a),
            "100000 1e+06 0.0001    2.500"
        );
        let a = pack(&[d(f64::INFINITY), d(f64::NAN), d(-f64::INFINITY)]);
        assert_eq!(fmt_with("%f %f %F", &a), "inf nan -INF");
        let a = pack(&[d(0.0), d(123456789.0)]);
        assert_eq!(fmt_with("%g %G", &a), "0 1.23457E+08");
    }

    #[test]
    fn strings_and_missing_args() {
        let a = pack(&[(8, 0x1000), (8, 0), (8, 0x1000)]);
        assert_eq!(fmt_with("<%s> <%s> <%5.2s>", &a), "<str> <(null)> <   st>");
        assert_eq!(fmt_with("%d %q", &[]), "0 %q");
    }
}

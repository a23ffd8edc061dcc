//! Mangled PTX never panics the CPU device: deterministic mutations of
//! real modules (lines dropped, duplicated or swapped, tokens replaced) are
//! loaded and, when they load, launched with checking and a step limit;
//! every outcome must be `Ok` or a typed error. `KERNELC_MUTANTS=N` runs N
//! mutants instead of 1500.

use kernelc_runtime::{CpuDevice, CpuOptions, LaunchConfig, PrintfSink};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as usize
    }
}

const TOKENS: &[&str] = &[
    "%r1",
    "%rd1",
    "%p1",
    "-1",
    "0",
    "4294967295",
    "[%rd1+8]",
    "{",
    "}",
    ";",
    "bra L;",
    "0f7FC00000",
    "ret;",
    "bar.sync 0;",
    "shfl.sync.idx.b32 %r1, %r1, 0, 31, -1;",
    ".reg .b32 %q<9999999>;",
    "exit;",
    "trap;",
    ".shared .b8 z[1099511627776];",
    "%tid.x",
    "@%p1",
    "cvta.local.u64",
];

fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    for _ in 0..1 + rng.next() % 3 {
        let n = lines.len();
        if n == 0 {
            break;
        }
        let i = rng.next() % n;
        match rng.next() % 4 {
            0 => {
                lines.remove(i);
            }
            1 => {
                let l = lines[i].clone();
                lines.insert(rng.next() % n, l);
            }
            2 => lines.swap(i, rng.next() % n),
            _ => {
                let words: Vec<&str> = lines[i].split_whitespace().collect();
                if !words.is_empty() {
                    let k = rng.next() % words.len();
                    let mut w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
                    w[k] = TOKENS[rng.next() % TOKENS.len()].to_string();
                    lines[i] = w.join(" ");
                }
            }
        }
    }
    lines.join("\n")
}

#[test]
fn mutated_ptx_gives_errors_not_panics() {
    let sources = [
        include_str!("ptx/vector_add.ptx"),
        include_str!("ptx/reduce.ptx"),
        include_str!("ptx/nvrtc/block_sum.ptx"),
        include_str!("ptx/nvrtc/warp_shuffle.ptx"),
        include_str!("ptx/nvrtc/calls.ptx"),
        include_str!("ptx/nvrtc/print_values.ptx"),
        include_str!("ptx/nvrtc/local_sort.ptx"),
        include_str!("ptx/nvrtc/atomic_cas_loops.ptx"),
    ];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut loaded, mut ran) = (0, 0);
    for round in 0..std::env::var("KERNELC_MUTANTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500)
    {
        let src = sources[round % sources.len()];
        let text = mutate(src, &mut rng);
        let d = CpuDevice::new(CpuOptions {
            workers: 1,
            check: true,
            step_limit: 20_000,
            printf: PrintfSink::Capture(Default::default()),
        });
        let Ok(m) = d.load_module(&text) else {
            continue;
        };
        loaded += 1;
        let buf = d.alloc(1 << 16).unwrap();
        for k in m.kernels() {
            let params: Vec<Vec<u8>> = m
                .kernel_params(k)
                .unwrap()
                .iter()
                .map(|p| {
                    let mut b = buf.0.to_le_bytes().to_vec();
                    b.resize(p.size, 0);
                    b
                })
                .collect();
            let refs: Vec<&[u8]> = params.iter().map(|p| p.as_slice()).collect();
            if d.launch(&m, k, &LaunchConfig::linear(2, 64), &refs).is_ok() {
                ran += 1;
            }
        }
    }
    eprintln!("{loaded} mutants loaded, {ran} launches succeeded");
    assert!(loaded > 100);
}

"""Groups the findings of a ``runner.py --log`` file and reduces a few of each.

    python tests/differential/triage.py LOG.jsonl OUTDIR [--per-group 2]
        [--features ...] [--seeds 12,40]

Findings are grouped by outcome and first error line (rejections, crashes)
or by outcome alone (disagreements, which only a reduced repro tells apart).
Each reduced repro is written to ``OUTDIR/seed<N>.py`` with the outcome
appended as comments; a summary of the groups is printed."""

import argparse
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import reduce  # noqa: E402
import runner  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log")
    ap.add_argument("outdir")
    ap.add_argument("--per-group", type=int, default=2)
    ap.add_argument("--features", default="all")
    ap.add_argument("--seeds", help="reduce exactly these seeds")
    args = ap.parse_args()
    features = sorted(runner.parse_features(args.features))
    os.makedirs(args.outdir, exist_ok=True)
    groups = collections.defaultdict(list)
    with open(args.log) as f:
        for line in f:
            res = json.loads(line)
            if res["outcome"] in runner.FINDINGS:
                groups[reduce.signature(res)].append(res["seed"])
    for sig, seeds in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"{len(seeds):5d}  {' | '.join(sig)}  (seeds {', '.join(map(str, seeds[:6]))})")
    if args.seeds:
        todo = [int(s) for s in args.seeds.split(",")]
    else:
        todo = [s for seeds in groups.values() for s in sorted(seeds)[:args.per_group]]
    for seed in todo:
        path = os.path.join(args.outdir, f"seed{seed}.py")
        if os.path.exists(path):
            continue
        try:
            prog, res = reduce.reduce_seed(seed, features, verbose=False)
        except SystemExit as e:
            print(f"seed {seed}: {e}")
            continue
        with open(path, "w") as f:
            f.write(f"# seed {seed}, features {args.features}, signature {prog.signature()}\n{prog.source}\n# {res['outcome']}: "
                    + res["detail"].replace("\n", "\n# ") + "\n")
        print(f"reduced seed {seed} -> {path}", flush=True)


if __name__ == "__main__":
    main()

"""pytest setup for the random-program differential test: the report header
and the end-of-run summary (printed with ``-q`` too) name the feature
classes the generator used and count the outcomes."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def _describe():
    import test_random_programs as t

    return (f"random differential programs: seeds {t.SEEDS[0]}..{t.SEEDS[-1]} ({len(t.SEEDS)}), "
            f"features: {', '.join(t.FEATURE_SET)}")


def pytest_report_header(config):
    return [_describe()]


def pytest_terminal_summary(terminalreporter):
    mod = sys.modules.get("test_random_programs")
    if mod is None or not mod.OUTCOMES:
        return
    counts = {}
    for outcome in mod.OUTCOMES.values():
        counts[outcome] = counts.get(outcome, 0) + 1
    terminalreporter.write_sep("-", "random differential programs")
    terminalreporter.write_line(_describe())
    terminalreporter.write_line("outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))

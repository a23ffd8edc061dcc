"""pytest setup for the random-program differential test: the report header
names the feature classes the generator uses in this run."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def pytest_report_header(config):
    import test_random_programs as t

    return [f"differential random programs: {len(t.SEEDS)} seeds from {t.SEEDS[0]}, "
            f"features: {', '.join(t.FEATURE_SET)}"]

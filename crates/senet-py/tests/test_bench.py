"""The benchmark beside royalur runs (its figures are read by people, side by side on one
machine; here only that it runs and plays games of the same length)."""

import subprocess
import sys

from conftest import ROOT


def test_the_benchmark_runs_beside_royalur():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benches" / "python_side_by_side.py"), "--quick"],
        capture_output=True, text=True, check=True,
    )
    assert "senet.sim jobs=1" in done.stdout and "royalur" in done.stdout
    assert "similar, so the rates compare" in done.stdout, done.stdout


def test_the_notebook_example_draws_its_figure(tmp_path):
    out = tmp_path / "readings.png"
    done = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "examples" / "compare_senet.py"), "--games", "300",
         "--out", str(out)],
        capture_output=True, text=True, check=True,
    )
    assert "senet/kendall" in done.stdout and out.stat().st_size > 10_000

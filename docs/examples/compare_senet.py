"""Three readings of Senet compared from Python: the share of games won by the side that moves
first, with its 95 % interval, and how long the games last, as a notebook would do it (pandas
and matplotlib).

    python docs/examples/compare_senet.py [--games N] [--out senet-readings.png]
"""

import argparse

import matplotlib

matplotlib.use("Agg")  # no window: the figure goes to a file
import matplotlib.pyplot as plt
import senet

READINGS = ["senet/kendall", "senet/jequier", "senet/bell-1979"]

ap = argparse.ArgumentParser()
ap.add_argument("--games", type=int, default=10_000)
ap.add_argument("--out", default="senet-readings.png")
a = ap.parse_args()

# One row per reading; every figure of docs/metrics.md with its interval, for random play.
report = senet.compare(READINGS, games=a.games, skill=[], seed=1)
frame = report.to_pandas()
wins = frame[frame["figure"] == "advantage"].set_index("rules")
turns = frame[frame["figure"] == "turns"].set_index("rules")
print(wins[["value", "low", "high"]].round(3))

fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.2), layout="constrained")
x = range(len(READINGS))
left.bar(x, wins["value"], color="#3a7d44")
left.errorbar(x, wins["value"], yerr=[wins["value"] - wins["low"], wins["high"] - wins["value"]],
              fmt="none", ecolor="black", capsize=4)
left.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
left.set(xticks=list(x), xticklabels=READINGS, ylim=(0.4, 0.6), ylabel="won by the side moving first",
         title=f"Random play, {a.games:,} games, 95 % intervals")
right.bar(x, turns["value"], color="#b5651d")
right.set(xticks=list(x), xticklabels=READINGS, ylabel="turns per game", title="Game length")
for ax in (left, right):
    ax.tick_params(axis="x", labelrotation=15)
fig.savefig(a.out, dpi=110)
print(f"wrote {a.out}")

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""What `aoe-result profile` computes, the way people do it today: pandas'
read_csv and a groupby per (Op Name, OP Type): calls, total, mean, median
and P95 of Task Duration(us), share of the device time; the top 20 by
total printed.

    tests/bench/profile_pandas.py OP_SUMMARY_CSV
"""
import sys

import pandas as pd


def main():
    df = pd.read_csv(sys.argv[1], na_values=["N/A"])
    d = pd.to_numeric(df["Task Duration(us)"], errors="coerce")
    df = df.assign(dur=d)
    g = df.groupby(["Op Name", "OP Type"], sort=False)["dur"]
    out = pd.DataFrame({"calls": g.size(), "total_us": g.sum(), "mean_us": g.mean(),
                        "median_us": g.median(), "p95_us": g.quantile(0.95, interpolation="higher")})
    out["share_pct"] = out["total_us"] / d.sum() * 100.0
    print(out.sort_values("total_us", ascending=False).head(20).to_string())
    print(f"rows {len(df)}, operators {len(out)}, total {d.sum():.3f} us")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A generated CANN 8.x op_summary CSV (46 columns, PipeUtilization metrics)
for the benchmark: N task rows of a few hundred operators, about 270 bytes a
row (600,000 rows: about 160 MB), every oddity of the real files (the tab
after start times, shapes in doubled quotes, N/A in HCCL rows).

    tests/bench/make_op_summary.py N OUT [--seed S]
"""
import argparse
import random

HEADER = ("Device_id,Model ID,Task ID,Stream ID,Op Name,OP Type,OP State,Task Type,"
          "Task Start Time(us),Task Duration(us),Task Wait Time(us),Block Dim,Mix Block Dim,"
          "HF32 Eligible,Input Shapes,Input Data Types,Input Formats,Output Shapes,"
          "Output Data Types,Output Formats,Context ID,aicore_time(us),aic_total_cycles,"
          "aic_mac_time(us),aic_mac_ratio,aic_scalar_time(us),aic_scalar_ratio,"
          "aic_mte1_time(us),aic_mte1_ratio,aic_mte2_time(us),aic_mte2_ratio,"
          "aic_fixpipe_time(us),aic_fixpipe_ratio,aic_icache_miss_rate,aiv_time(us),"
          "aiv_total_cycles,aiv_vec_time(us),aiv_vec_ratio,aiv_scalar_time(us),"
          "aiv_scalar_ratio,aiv_mte2_time(us),aiv_mte2_ratio,aiv_mte3_time(us),"
          "aiv_mte3_ratio,aiv_icache_miss_rate,cube_utilization(%)")
KINDS = [("MatMulV2", "AI_CORE"), ("Conv2D", "AI_CORE"), ("SoftmaxV2", "AI_VECTOR_CORE"),
         ("Add", "AI_VECTOR_CORE"), ("Cast", "AI_CPU"), ("HcomAllReduce", "HCCL"),
         ("FlashAttentionScore", "MIX_AIC")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rows", type=int)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    ops = []
    for i in range(400):
        op_type, task = KINDS[i % len(KINDS)]
        ops.append((f"{op_type}_{i}", op_type, task, rng.uniform(2.0, 400.0)))
    start = 1717747353905000.0
    with open(a.out, "w", newline="") as f:
        f.write(HEADER + "\n")
        lines = []
        for r in range(a.rows):
            name, op_type, task, base = ops[r % len(ops)]
            dur = base * rng.uniform(0.9, 1.1)
            start += dur + 1.0
            if task == "HCCL":
                tail = ",".join(["N/A"] * 35)
                line = (f"0,4294967295,{r % 65536},2,{name},{op_type},static,{task},"
                        f"{start:.3f}\t,{dur:.3f},1.000,{tail}")
            else:
                # aic_* read, aiv_* N/A, as an AI Core task's row has them.
                metrics = (f"{dur * 0.97:.3f},{int(dur * 1850)}," +
                           ",".join(f"{rng.random():.2f}" for _ in range(11)) + "," +
                           ",".join(["N/A"] * 11) + f",{rng.uniform(0, 100):.2f}")
                line = (f"0,4294967295,{r % 65536},2,{name},{op_type},static,{task},"
                        f"{start:.3f}\t,{dur:.3f},1.000,20,0,NO,\"\"\"8,1024;1024,1024\"\"\","
                        f"DT_FLOAT16,NCHW,\"\"\"8,1024\"\"\",DT_FLOAT16,NCHW,N/A,{metrics}")
            lines.append(line)
            if len(lines) == 10000:
                f.write("\n".join(lines) + "\n")
                lines = []
        if lines:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()

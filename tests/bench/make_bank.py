#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A generated MatMulV2 runtime_kb bank for docs/performance.md: N records of
about 850 bytes (24 info_dict keys, 24 knowledge keys), every info_dict a
distinct shape, one record a line, LF.

    tests/bench/make_bank.py N OUT
"""
import sys, random
n=int(sys.argv[1]); out=sys.argv[2]
random.seed(1)
kn='"knowledge": {"usedCoreNum": 20, "singleCoreM": %d, "singleCoreN": %d, "singleCoreK": %d, "baseM": %d, "baseN": 128, "baseK": 64, "depthA1": 8, "depthB1": 8, "stepM": 1, "stepN": 1, "iterateOrder": 0, "dbL0A": 2, "dbL0B": 2, "dbL0C": 1, "stepKa": 4, "stepKb": 4, "l1Load": 3, "shareL1Size": 262144, "shareL0CSize": 131072, "batchDim": 1, "mDim": 4, "nDim": 5, "kDim": 1}'
with open(out,'w') as f:
    for i in range(n):
        m=16*(1+i%512); k=16*(1+(i//512)%64); nn=16*(1+(i//32768)%64)
        f.write('{"id": %d, "info_dict": {"a_dtype": 1, "a_format": 2, "b_dtype": 1, "b_format": 2, "bias_flag": false, "k": %d, "m": %d, "n": %d, "out_dtype": 1, "out_format": 2, "trans_a_flag": false, "trans_b_flag": true, "aub_double_num": 1.0, "bub_double_num": 1.0, "fused_double_operand_num": 0.0, "batch_a1": 1, "batch_a2": 1, "batch_a3": 1, "batch_a4": 1, "batch_b1": 1, "batch_b2": 1, "batch_b3": 1, "batch_b4": 1, "l2_size": 201326592}, %s, "op": "MatMulV2", "version": 1}\n' % (i*2654435761 % (1<<40), k, m, nn, kn % (m, nn, k, min(m,256))))

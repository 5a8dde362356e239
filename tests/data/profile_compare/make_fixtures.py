import os, json
root = "tests/data/profile_compare"
H8 = "Device_id,Model ID,Task ID,Stream ID,Op Name,OP Type,OP State,Task Type,Task Start Time(us),Task Duration(us),Task Wait Time(us),Block Dim,Mix Block Dim,HF32 Eligible,Input Shapes,Input Data Types,Input Formats,Output Shapes,Output Data Types,Output Formats,Context ID,aicore_time(us),aic_total_cycles,aiv_time(us),aiv_total_cycles,cube_utilization(%)"
HK = "Step Id,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),Block Dim,Mix Block Dim,HF32 Eligible,Input Shapes,Input Data Types,Input Formats,Output Shapes,Output Data Types,Output Formats,Context ID,aicore_time(us),aic_total_cycles"
# name, type, task type, durations per step (3 steps)
before = [("MatMul_18","MatMulV2","AI_CORE",[300.0,302.0,304.0]),
          ("Conv_7_Relu_8","Conv2D","AI_CORE",[500.0,502.0,504.0]),
          ("Conv_125","Conv2D","AI_CORE",[72.0,72.0,72.0]),
          ("softmax","SoftmaxV2","AI_VECTOR_CORE",[130.0,132.0,134.0]),
          ("allreduce_grad_0","HcomAllReduce","HCCL",[150.0,150.0,150.0]),
          ("Cast_3","Cast","AI_CPU",[12.0,12.0,12.0])]
after =  [("MatMul_18","MatMulV2","AI_CORE",[250.0,252.0,254.0]),
          ("Conv_7_Relu_8","Conv2D","AI_CORE",[450.0,452.0,454.0]),
          ("Conv_125","Conv2D","AI_CORE",[72.0,72.0,72.0]),
          ("softmax","SoftmaxV2","AI_VECTOR_CORE",[131.0,132.0,133.0]),
          ("allreduce_grad_0","HcomAllReduce","HCCL",[150.0,150.0,150.0]),
          ("Transpose_9","TransposeD","AI_VECTOR_CORE",[5.0,5.0,5.0])]
stale = [(n,t,k,list(d)) for (n,t,k,d) in before]
def op_summary(path, ops):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    lines=[H8]; tid=100; start=1717747353905000.0
    for step in range(3):
        for n,t,k,d in ops:
            hccl = k=="HCCL"
            lines.append(f'0,4294967295,{tid},2,{n},{t},static,{k},{start:.3f}\t,{d[step]:.3f},1.000,'
                         + ('N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A' if hccl else
                            '20,0,NO,"""8,1024""",DT_FLOAT16,NCHW,"""8,1024""",DT_FLOAT16,NCHW,N/A,N/A,N/A,N/A,N/A,N/A'))
            tid+=1; start+=d[step]+2
    open(path,"w").write("\n".join(lines)+"\n")
def kernel(path, ops):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    lines=[HK]; tid=10; start=1000.0
    for step in range(3):
        for n,t,k,d in ops:
            lines.append(f'{step+1},4294967295,{tid},2,{n},{t},static,{k},"{start:.3f}\t",{d[step]:.3f},0.1,20,0,NO,"""8,1024""",DT_FLOAT16,ND,"""8,1024""",DT_FLOAT16,ND,N/A,N/A,N/A')
            tid+=1; start+=d[step]+2
    open(path,"w").write("\n".join(lines)+"\n")
op_summary(f"{root}/before/PROF_000001_20240607153010123_ABCDEFGHIJKLMNOP/mindstudio_profiler_output/op_summary_20240607153010.csv", before)
op_summary(f"{root}/after/PROF_000001_20240607183522123_ABCDEFGHIJKLMNOP/mindstudio_profiler_output/op_summary_20240607183522.csv", after)
op_summary(f"{root}/stale_after/PROF_000001_20240607193522123_ABCDEFGHIJKLMNOP/mindstudio_profiler_output/op_summary_20240607193522.csv", stale)
kernel(f"{root}/steps_before/ASCEND_PROFILER_OUTPUT/kernel_details.csv", before)
kernel(f"{root}/steps_after/ASCEND_PROFILER_OUTPUT/kernel_details.csv", after)
def mode(b,a):
    return {"Schedule":{"performance_after_tune(us)":a,"performance_before_tune(us)":b,
            "performance_improvement":f"{(b-a)/a*100:.2f}%","update_mode":"add"}}
ops=[{"op_name":"MatMul_18","op_type":"MatMulV2","tune_performance":mode(302.0,240.0)},
     {"op_name":"Conv_7_Relu_8","op_type":["Conv2D","Relu"],"tune_performance":mode(502.0,380.0)},
     {"op_name":"Conv_125","op_type":"Conv2D","tune_performance":mode(72.0,71.0)},
     {"op_name":"MatMul","op_type":"MatMulV2","tune_performance":mode(90.0,60.0)}]
doc={"report_20240607_160233905_3312":[{"basic":{"tuning_name":"yolo_infer","tuning_time(s)":812}},
     {"OPAT":{"opat_tuning_result":"tuning successful","repo_modified_operators":ops,
       "repo_summary":{"repo_add_num":4,"repo_hit_num":0,"repo_reserved_num":0,"repo_unsatisfied_num":0,"repo_update_num":0,"total_num":4},
       "tuning_failed_operators":["Cast_3"]}}]}
open(f"{root}/aoe_result_opat_20240607_160233905_pid3312.json","w").write(json.dumps(doc,indent=2)+"\n")

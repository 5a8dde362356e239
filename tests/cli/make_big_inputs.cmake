# Writes the big bad inputs the command-line tests read (CTest fixture
# cli.big_inputs): generated at test time, never committed.
#   deep_report.json   an unknown key nested 100,000 lists deep inside a report
#   deep_only.json     nothing but 100,000 nested lists
#   deep_cut.json      a report cut off 100,000 lists deep
#   long_name.json     an operator name of 12 MiB and a status of 10 MiB
set(depth 100000)
file(MAKE_DIRECTORY "${OUT}")
string(REPEAT "[" ${depth} open)
string(REPEAT "]" ${depth} close)
file(WRITE "${OUT}/deep_report.json"
  "[{\"basic\": {\"tuning_name\": \"deep_net\", \"nested\": ${open}${close}}}]\n")
file(WRITE "${OUT}/deep_only.json" "${open}${close}\n")
file(WRITE "${OUT}/deep_cut.json"
  "[{\"basic\": {\"tuning_name\": \"deep_cut_net\"}}, {\"SGAT\": ${open}")
string(REPEAT "n" 12582912 name)
string(REPEAT "s" 10485760 status)
file(WRITE "${OUT}/long_name.json"
  "[{\"basic\": {\"tuning_name\": \"long_net\"}}, {\"OPAT\": {\"opat_tuning_result\": \"${status}\",
  \"tuning_failed_operators\": [\"head_failed\"],
  \"repo_modified_operators\": [{\"op_name\": \"head${name}tail\", \"op_type\": \"Add\",
    \"tune_performance\": {\"Format\": {\"performance_after_tune(us)\": 1, \"performance_before_tune(us)\": 2,
      \"performance_improvement\": \"100.00%\", \"update_mode\": \"add\"}}}]}}]\n")

# The totals of `aoe-result summary --format json` (.totals), computed with
# jq for the benchmark in compare.sh. Per operator (cli.md, "Numbers"):
# before = its largest before-time over its tuning modes, after = its
# smallest after-time; the totals are the sums over every operator of every
# report. Handles report-keyed and bare-list files, nested (6.3+) and flat
# (6.0.1/6.2) operator entries.
#
#   jq -c -f summary.jq aoe_result_opat_*.json

# The reports of a file: a bare list is one report.
def reports: if type == "array" then [.] else [.[]] end;

# The operator entries of one report.
def operators:
  .[] | (.OPAT? // empty) | (.repo_modified_operators // empty)
  | if type == "object"
    then (.add_repo_operators // []) + (.update_repo_operators // [])
    else . end
  | .[];

# One operator's figures over its tuning modes.
def figures:
  (if .tune_performance then [.tune_performance[]] else [.] end)
  | {before: (map(.["performance_before_tune(us)"]) | max),
     after: (map(.["performance_after_tune(us)"]) | min)};

reports as $reports
| reduce ($reports[] | operators | figures) as $op
    ({reports: ($reports | length), operators: 0, time_before_us: 0, time_after_us: 0};
     .operators += 1
     | .time_before_us += $op.before
     | .time_after_us += $op.after)

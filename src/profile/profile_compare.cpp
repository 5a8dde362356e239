// SPDX-License-Identifier: Apache-2.0
// Result files against a profile (cross_check) and two profiles compared
// (compare_profiles): profile_compare.hpp has the rules.
#include "aoe_result/profile_compare.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "aoe_result/analysis.hpp"

namespace aoe {

std::string_view to_string(CrossCheckVerdict verdict) noexcept {
  switch (verdict) {
    case CrossCheckVerdict::as_tuned:
      return "as tuned";
    case CrossCheckVerdict::slower_than_aoe:
      return "slower than AOE said";
    case CrossCheckVerdict::not_in_profile:
      return "not in the profile";
    case CrossCheckVerdict::not_judged:
      break;
  }
  return "not judged";
}

std::string_view verdict_key(CrossCheckVerdict verdict) noexcept {
  switch (verdict) {
    case CrossCheckVerdict::as_tuned:
      return "as-tuned";
    case CrossCheckVerdict::slower_than_aoe:
      return "slower-than-aoe";
    case CrossCheckVerdict::not_in_profile:
      return "not-in-profile";
    case CrossCheckVerdict::not_judged:
      break;
  }
  return "not-judged";
}

std::string_view to_string(Presence presence) noexcept {
  switch (presence) {
    case Presence::added:
      return "added";
    case Presence::removed:
      return "removed";
    case Presence::both:
      break;
  }
  return "both";
}

std::string_view to_string(TunedChangeVerdict verdict) noexcept {
  switch (verdict) {
    case TunedChangeVerdict::faster:
      return "faster";
    case TunedChangeVerdict::unchanged:
      return "unchanged";
    case TunedChangeVerdict::slower:
      return "slower";
    case TunedChangeVerdict::not_in_both:
      break;
  }
  return "not in both profiles";
}

std::string_view verdict_key(TunedChangeVerdict verdict) noexcept {
  return verdict == TunedChangeVerdict::not_in_both ? "not-in-both" : to_string(verdict);
}

std::optional<double> step_percentile(std::vector<double>& values, double pct) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  // Nearest rank: the smallest value with at least pct % of the values at
  // or below it, rank ceil(pct / 100 × n), at least 1.
  const double n = static_cast<double>(values.size());
  auto rank = static_cast<std::size_t>(std::ceil(pct / 100.0 * n - 1e-9));
  rank = std::clamp<std::size_t>(rank, 1, values.size());
  return values[rank - 1];
}

namespace {

/// One tuned name over the result files: its last occurrence's figures.
struct TunedName {
  std::string name;
  std::string types;
  OperatorFigures figures;
  std::size_t occurrences = 0;
};

/// The tuned operators of the readable `files`, one per name, in order of
/// first appearance, and the failed names.
struct TunedSet {
  std::vector<TunedName> names;
  std::unordered_set<std::string> failed;
  std::size_t files = 0;
};

TunedSet tuned_set_of(const std::vector<ResultFile>& files) {
  TunedSet set;
  std::unordered_map<std::string, std::size_t> index;
  for (const ResultFile& f : files) {
    if (!f.readable) continue;
    ++set.files;
    for (const Report& r : f.reports) {
      for (const Operator& op : r.operators) {
        const auto [it, fresh] = index.try_emplace(op.name, set.names.size());
        if (fresh) set.names.push_back({op.name, {}, {}, 0});
        TunedName& t = set.names[it->second];
        t.types = joined_types(op);
        t.figures = figures(op);
        ++t.occurrences;
      }
      for (const std::string& name : r.failed_operators) set.failed.insert(name);
    }
  }
  return set;
}

/// The profile's operators of each name (several types may share one).
std::unordered_map<std::string_view, std::vector<const ProfileOperator*>> by_name(
    const Profile& profile) {
  std::unordered_map<std::string_view, std::vector<const ProfileOperator*>> map;
  for (const ProfileOperator& op : profile.operators) map[op.name].push_back(&op);
  return map;
}

ProfileMatch match_of(const std::vector<const ProfileOperator*>& ops, double profile_total_us) {
  ProfileMatch m;
  double best = -1.0;
  for (const ProfileOperator* op : ops) {
    m.calls += op->stats.calls;
    m.timed_calls += op->stats.timed_calls;
    m.total_us += op->stats.total_us;
    if (op->stats.total_us > best) {
      best = op->stats.total_us;
      m.type = op->type;
    }
  }
  if (m.timed_calls > 0) m.mean_us = m.total_us / static_cast<double>(m.timed_calls);
  if (profile_total_us > 0 && m.timed_calls > 0) m.share = m.total_us / profile_total_us;
  return m;
}

/// Profile names containing `name` or contained in it (3 bytes or more),
/// at most 3, in the profile's order (most time first).
std::vector<std::string> candidates_of(const std::string& name, const Profile& profile) {
  std::vector<std::string> out;
  constexpr std::size_t kMinBytes = 3;
  constexpr std::size_t kMost = 3;
  for (const ProfileOperator& op : profile.operators) {
    if (out.size() == kMost) break;
    const bool related = (name.size() >= kMinBytes && op.name.find(name) != std::string::npos) ||
                         (op.name.size() >= kMinBytes && name.find(op.name) != std::string::npos);
    if (related && std::find(out.begin(), out.end(), op.name) == out.end()) {
      out.push_back(op.name);
    }
  }
  return out;
}

/// The mean of `stats`; nullopt when there is no side or no duration.
std::optional<double> mean_of(const std::optional<ProfileStats>& stats) {
  return stats ? stats->mean_us : std::nullopt;
}

}  // namespace

CrossCheck cross_check(const std::vector<ResultFile>& files, const Profile& profile,
                       const CrossCheckOptions& options) {
  CrossCheck out;
  out.tolerance_pct = options.tolerance_pct;
  out.profile_total_us = profile.total_us;
  const TunedSet tuned = tuned_set_of(files);
  out.result_files = tuned.files;
  const auto names = by_name(profile);

  for (const TunedName& t : tuned.names) {
    CrossCheckEntry e;
    e.name = t.name;
    e.types = t.types;
    e.aoe_before_us = t.figures.before_us;
    e.aoe_after_us = t.figures.after_us;
    e.aoe_improvement_pct = t.figures.improvement_pct;
    e.occurrences = t.occurrences;
    const auto it = names.find(t.name);
    if (it == names.end()) {
      e.verdict = CrossCheckVerdict::not_in_profile;
      e.candidates = candidates_of(t.name, profile);
      out.unmatched.push_back(t.name);
    } else {
      ++out.matched;
      e.profile = match_of(it->second, profile.total_us);
      const std::optional<double> mean = e.profile->mean_us;
      // AOE's after-time is judged only when the operator counts.
      const bool aoe_timed = t.figures.timed() && *t.figures.after_us > 0;
      if (mean && aoe_timed) {
        const double after = *t.figures.after_us;
        e.mean_vs_aoe_after_pct = percent(*mean - after, after);
        e.verdict = *mean <= after * (1.0 + options.tolerance_pct / 100.0)
                        ? CrossCheckVerdict::as_tuned
                        : CrossCheckVerdict::slower_than_aoe;
      } else {
        e.verdict = CrossCheckVerdict::not_judged;
      }
      switch (e.verdict) {
        case CrossCheckVerdict::as_tuned:
          ++out.as_tuned;
          break;
        case CrossCheckVerdict::slower_than_aoe:
          ++out.slower;
          break;
        default:
          ++out.not_judged;
          break;
      }
    }
    out.entries.push_back(std::move(e));
  }

  std::unordered_set<std::string_view> tuned_names;
  for (const TunedName& t : tuned.names) tuned_names.insert(t.name);
  for (const ProfileOperator& op : profile.operators) {
    if (tuned_names.count(op.name) != 0) continue;
    ++out.untuned_operators;
    out.untuned_total_us += op.stats.total_us;
    if (out.hottest_untuned.size() < options.hottest_untuned) {
      out.hottest_untuned.push_back(
          {op.name, op.type, op.task_type, op.stats, op.share, tuned.failed.count(op.name) != 0});
    }
  }
  if (profile.total_us > 0) out.untuned_share = out.untuned_total_us / profile.total_us;
  return out;
}

std::optional<StepTimes> step_times(const Profile& profile) {
  if (profile.steps.empty()) return std::nullopt;
  std::vector<double> totals;
  totals.reserve(profile.steps.size());
  double sum = 0;
  for (const ProfileStep& s : profile.steps) {
    totals.push_back(s.total_us);
    sum += s.total_us;
  }
  StepTimes t;
  t.steps = totals.size();
  t.mean_us = sum / static_cast<double>(totals.size());
  t.p95_us = *step_percentile(totals, 95);
  t.p99_us = *step_percentile(totals, 99);
  return t;
}

namespace {

/// (after − before) / before × 100; nullopt when before is 0 or less.
std::optional<double> change_pct(double before, double after) {
  return percent(after - before, before);
}

std::string change_key(std::string_view name, std::string_view type) {
  std::string key(name);
  key += '\0';
  key += type;
  return key;
}

/// The mean of every operator of `name` in `profile`, pooled over types.
std::optional<double> pooled_mean(
    const std::unordered_map<std::string_view, std::vector<const ProfileOperator*>>& names,
    const std::string& name) {
  const auto it = names.find(name);
  if (it == names.end()) return std::nullopt;
  return match_of(it->second, 0).mean_us;
}

}  // namespace

ProfileComparison compare_profiles(const Profile& before, const Profile& after,
                                   const std::vector<ResultFile>* results,
                                   const CompareOptions& options) {
  ProfileComparison out;
  out.unchanged_tolerance_pct = options.unchanged_tolerance_pct;
  out.before_total_us = before.total_us;
  out.after_total_us = after.total_us;
  out.total_change_pct = change_pct(before.total_us, after.total_us);

  std::unordered_map<std::string, std::size_t> index;
  for (const ProfileOperator& op : before.operators) {
    index.emplace(change_key(op.name, op.type), out.operators.size());
    OperatorChange c;
    c.name = op.name;
    c.type = op.type;
    c.task_type = op.task_type;
    c.presence = Presence::removed;
    c.before = op.stats;
    out.operators.push_back(std::move(c));
  }
  for (const ProfileOperator& op : after.operators) {
    const auto [it, fresh] = index.try_emplace(change_key(op.name, op.type), out.operators.size());
    if (fresh) {
      OperatorChange c;
      c.name = op.name;
      c.type = op.type;
      c.presence = Presence::added;
      out.operators.push_back(std::move(c));
    }
    OperatorChange& c = out.operators[it->second];
    if (!fresh) c.presence = Presence::both;
    c.task_type = op.task_type;
    c.after = op.stats;
  }
  for (OperatorChange& c : out.operators) {
    const std::optional<double> b = c.before ? c.before->known_total_us() : 0.0;
    const std::optional<double> a = c.after ? c.after->known_total_us() : 0.0;
    if (a && b) c.total_change_us = *a - *b;
    const std::optional<double> mb = mean_of(c.before);
    const std::optional<double> ma = mean_of(c.after);
    if (mb && ma) {
      c.mean_change_us = *ma - *mb;
      c.mean_change_pct = change_pct(*mb, *ma);
    }
    switch (c.presence) {
      case Presence::both:
        ++out.in_both;
        break;
      case Presence::added:
        ++out.added;
        break;
      case Presence::removed:
        ++out.removed;
        break;
    }
  }
  std::stable_sort(out.operators.begin(), out.operators.end(),
                   [](const OperatorChange& x, const OperatorChange& y) {
                     // An unknown change first: it may be the largest.
                     const auto magnitude = [](const std::optional<double>& d) {
                       return d ? std::fabs(*d) : std::numeric_limits<double>::infinity();
                     };
                     const double ax = magnitude(x.total_change_us);
                     const double ay = magnitude(y.total_change_us);
                     if (ax != ay) return ax > ay;
                     if (x.name != y.name) return x.name < y.name;
                     return x.type < y.type;
                   });

  for (const OperatorChange& c : out.operators) {
    if (c.presence == Presence::both &&
        c.before->known_total_us().has_value() != c.after->known_total_us().has_value()) {
      out.timed_in_one_only.push_back(c.name);
    }
  }
  out.before_steps = step_times(before);
  out.after_steps = step_times(after);
  if (out.before_steps && out.after_steps) {
    out.p95_change_pct = change_pct(out.before_steps->p95_us, out.after_steps->p95_us);
    out.p99_change_pct = change_pct(out.before_steps->p99_us, out.after_steps->p99_us);
  }

  if (results == nullptr) return out;
  out.with_results = true;
  const TunedSet tuned = tuned_set_of(*results);
  const auto before_names = by_name(before);
  const auto after_names = by_name(after);
  const double tol = options.unchanged_tolerance_pct;
  for (const TunedName& t : tuned.names) {
    TunedChange c;
    c.name = t.name;
    c.types = t.types;
    c.aoe_before_us = t.figures.before_us;
    c.aoe_after_us = t.figures.after_us;
    c.aoe_improvement_pct = t.figures.improvement_pct;
    c.before_mean_us = pooled_mean(before_names, t.name);
    c.after_mean_us = pooled_mean(after_names, t.name);
    if (c.before_mean_us && c.after_mean_us) {
      c.profiled_improvement_pct = improvement_pct(*c.before_mean_us, *c.after_mean_us);
      c.mean_change_pct = change_pct(*c.before_mean_us, *c.after_mean_us);
    }
    if (c.mean_change_pct) {
      ++out.tuned_in_both;
      if (std::fabs(*c.mean_change_pct) <= tol) {
        c.verdict = TunedChangeVerdict::unchanged;
        ++out.tuned_unchanged;
      } else if (*c.mean_change_pct < 0) {
        c.verdict = TunedChangeVerdict::faster;
        ++out.tuned_faster;
      } else {
        c.verdict = TunedChangeVerdict::slower;
        ++out.tuned_slower;
      }
    }
    out.tuned.push_back(std::move(c));
  }
  out.stale_cache_suspected = out.tuned_in_both > 0 && out.tuned_unchanged == out.tuned_in_both;
  return out;
}

bool aoe_tunes_task_type(std::string_view task_type) noexcept {
  return task_type.empty() || task_type == "AI_CORE" || task_type == "AI_VECTOR_CORE" ||
         task_type == "MIX_AIC" || task_type == "MIX_AIV";
}

ProfileRetuneSelection select_from_profile(const Profile& profile,
                                           const std::vector<ResultFile>& results,
                                           const ProfileRetuneCriteria& criteria) {
  ProfileRetuneSelection out;
  // Names tuned with a measured gain in any readable result file.
  std::unordered_set<std::string> gained;
  for (const ResultFile& f : results) {
    if (!f.readable) continue;
    for (const Report& r : f.reports) {
      for (const Operator& op : r.operators) {
        const OperatorFigures fig = figures(op);
        if (fig.timed() && fig.improvement_pct && *fig.improvement_pct > 0 &&
            !fig.writer_artefact) {
          gained.insert(op.name);
        }
      }
    }
  }
  // Per name, its time summed over types, in the profile's order.
  struct Named {
    std::string_view name;
    double total_us = 0;
    std::vector<std::string_view> types;
  };
  std::vector<Named> named;
  std::unordered_map<std::string_view, std::size_t> index;
  std::unordered_set<std::string_view> untunable;  // names with time on other task types
  for (const ProfileOperator& op : profile.operators) {
    if (!aoe_tunes_task_type(op.task_type)) {
      if (op.stats.total_us > 0) untunable.insert(op.name);
      continue;
    }
    const auto [it, fresh] = index.try_emplace(op.name, named.size());
    if (fresh) named.push_back({op.name, 0, {}});
    Named& n = named[it->second];
    n.total_us += op.stats.total_us;
    if (!op.type.empty()) n.types.push_back(op.type);
  }
  std::stable_sort(named.begin(), named.end(),
                   [](const Named& a, const Named& b) { return a.total_us > b.total_us; });
  for (std::string_view name : untunable) {
    const auto it = index.find(name);
    if (it == index.end() || named[it->second].total_us <= 0) ++out.not_tunable;
  }
  std::unordered_set<std::string_view> typed;
  for (const Named& n : named) {
    if (n.total_us <= 0) continue;
    ++out.candidates;
    if (criteria.top != 0 && out.names.size() >= criteria.top) continue;  // counted, not looked at
    if (gained.count(std::string(n.name)) != 0) {
      out.already_tuned.emplace_back(n.name);
      continue;
    }
    if (criteria.min_share_pct) {
      const std::optional<double> share = percent(n.total_us, profile.total_us);
      if (!share || *share < *criteria.min_share_pct) {
        ++out.below_share;
        continue;
      }
    }
    out.names.emplace_back(n.name);
    for (std::string_view t : n.types) {
      if (typed.insert(t).second) out.types.emplace_back(t);
    }
  }
  return out;
}

}  // namespace aoe

// SPDX-License-Identifier: Apache-2.0
// `profile`: a model run's profile (msprof's op_summary, torch_npu's
// kernel_details.csv) per operator.
#include <filesystem>
#include <ostream>
#include <system_error>
#include <utility>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "commands/profile/profile_command.hpp"
#include "commands/profile/profile_compare_render.hpp"
#include "commands/profile/profile_render.hpp"
#include "commands/profile/profile_view.hpp"
#include "core/number_option.hpp"
#include "core/operator_filter_options.hpp"
#include "io/input_options.hpp"
#include "io/profile_inputs.hpp"
#include "text/term.hpp"

namespace aoe::cli {
namespace {

// The same file or folder given twice (by two spellings too).
bool same_path(const std::string& a, const std::string& b) {
  if (a == b) return true;
  std::error_code ec;
  return std::filesystem::equivalent(a, b, ec) && !ec;
}

std::vector<Choice> profile_sort_choices() {
  std::vector<Choice> names;
  for (const ProfileSortName& k : profile_sort_names()) {
    names.push_back({std::string(k.name), std::string(k.name)});
  }
  return names;
}

std::string profile_sort_help() {
  std::string out = "Order of the operators:";
  for (const ProfileSortName& k : profile_sort_names()) {
    out += (k.sort == ProfileSort::total ? " " : ", ") + std::string(k.name) + " (" +
           std::string(k.help) + ")";
  }
  return out + " (default: total)";
}

// JSON carries only UTF-8: a profile's name that is not valid UTF-8 is
// written there with U+FFFD in place of each bad byte (text escapes the
// bytes, CSV keeps them). Said, with how many, rather than changed unseen.
void warn_json_names_not_utf8(const ProfileView& view, const Context& ctx) {
  if (ctx.global.format != Format::json && ctx.global.format != Format::jsonl) return;
  std::vector<std::string_view> names;
  names.reserve(view.shown.size());
  for (const ProfileOperator* op : view.shown) names.emplace_back(op->name);
  const NamesNotUtf8 bad = names_not_utf8(view.input, names);
  if (bad.count > 0) ctx.warn(escape_text(bad.message + " (--format csv keeps the bytes)"));
}

// One profile: its operators.
Exit run_profile_summary(const ProfileOptions& options, Context& ctx) {
  const auto render = profile_outputs().pick(ctx.global.format);  // usage error before reading
  ProfileQuery query;
  bool known = false;
  const std::string sort = options.sort.value_or("total");
  for (const ProfileSortName& k : profile_sort_names()) {
    if (k.name == sort) {
      query.sort = k.sort;
      known = true;
    }
  }
  if (!known) {
    throw UsageError("--sort: unknown key '" + escape_text(sort) +
                     "'; it is one of total, mean, calls, name");
  }
  query.top = options.top;
  query.types = options.types;
  query.name = name_filter(options.name_regex);

  const std::string path =
      options.inputs.paths.empty() ? std::string() : options.inputs.paths.front();
  ReadProfile read = read_one_profile(options.inputs, path, ctx);
  const Profile& profile = read.profile;
  const std::string& input = read.label;
  ProfileView view = make_profile_view(profile, input, query);
  view.problems = std::move(read.problems);
  // Nothing read: text, Markdown and JSON say so; CSV and JSON Lines write nothing.
  if (!view.nothing_read ||
      (ctx.global.format != Format::csv && ctx.global.format != Format::jsonl)) {
    render.write(ctx.out, view, render_options(ctx));
    warn_json_names_not_utf8(view, ctx);
  }
  return read.status;
}

// --type, --name and --sort choose and order one profile's rows: they have
// no meaning beside AOE's results or between two profiles, whose tables have
// their own order (the cross-check's and the comparison's).
void refuse_filters(const ProfileOptions& options, const char* mode) {
  if (!options.types.empty() || options.name_regex) {
    throw UsageError(std::string("--type and --name filter one profile's table; not with ") + mode);
  }
  if (options.sort) {
    throw UsageError(std::string("--sort orders one profile's table; not with ") + mode +
                     " (that table keeps its own order)");
  }
}

}  // namespace

ProfileMode profile_mode(const ProfileOptions& options) {
  const std::size_t n = options.inputs.paths.size();
  if (n <= 1) return ProfileMode::summary;
  if (n == 2) return ProfileMode::compare;
  throw UsageError("profile takes one PROFILE, or two (BEFORE AFTER); " + std::to_string(n) +
                   " were given (the devices of one run are read together from its PROF_* "
                   "folder)");
}

CLI::App* setup_profile(CLI::App& app, ProfileOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "profile",
      "A model run's profile per operator (msprof op_summary, torch_npu kernel_details.csv): "
      "calls, total, mean, median and P95 of the task duration, share of the device time");
  cmd->add_option("profiles", options.inputs.paths,
                  "A profile: a PROF_* folder (CANN 8.x mindstudio_profiler_output/, CANN 7.x "
                  "device_<n>/summary/), an ASCEND_PROFILER_OUTPUT folder, a folder holding "
                  "them, an op_summary_*.csv or kernel_details.csv, or - for stdin (none: "
                  "stdin when it is not a terminal). Every file of a folder (every device) is "
                  "read together as one profile")
      ->type_name("PROFILE");
  add_read_options(*cmd, options.inputs.recursive, options.inputs.jobs,
                   "In a folder where no profile layout is found, look for op_summary_*.csv and "
                   "kernel_details.csv in subdirectories too");
  cmd->add_option("--sort", options.sort, profile_sort_help())
      ->transform(choice_option(profile_sort_choices()))
      ->option_text("KEY");
  add_operator_filter_options(*cmd, options.top, options.types, options.name_regex,
                              "Show only the first N operators (0: every one)");
  add_profile_compare_options(*cmd, options.compare);
  cmd->footer(profile_outputs().formats().help_line() + "\nCSV header: " + profile_csv_header() +
              "\n\nTimes are the task durations of the profile, in µs (Task Duration(us), "
              "Duration(us)); a row whose duration is N/A is a call without a time. Operators "
              "are rows of the same name and type; the median is of the durations, P95 is "
              "nearest-rank; share is of the total device time (every duration summed).\n\n"
              "Exit status (one profile): 0 the profile was read; 2 usage error; 3 an input "
              "could not be read, or no row of a profile was read (rows that cannot be read "
              "are named on stderr and the rest kept). With --result or BEFORE AFTER, 1 too: "
              "see below.\n"
              "Codes on stderr: invalid-csv (a warning: a row not read, named by "
              "file:line:column), not-a-profile (an error: no header this reader knows), "
              "io-error.\n\n"
              "Examples:\n"
              "  aoe-result profile PROF_000001_*\n"
              "  aoe-result profile --top 10 --type MatMulV2 ./prof_out\n"
              "  aoe-result profile --sort mean --name '^Conv' ASCEND_PROFILER_OUTPUT\n"
              "  aoe-result --format csv profile PROF_000001_* > "
              "ops.csv\n\n" +
              profile_compare_help());
  return cmd;
}

Exit run_profile(const ProfileOptions& options, Context& ctx) {
  switch (profile_mode(options)) {
    case ProfileMode::summary:
      if (options.compare.gated()) {
        throw UsageError(
            "--fail-above, --min-gain and --p95-worse judge two profiles (BEFORE AFTER); one "
            "was given");
      }
      if (options.compare.results.empty()) return run_profile_summary(options, ctx);
      refuse_filters(options, "--result");
      (void)profile_check_outputs().pick(ctx.global.format);  // usage error before reading
      return run_profile_check(
          options.compare,
          read_one_profile(
              options.inputs,
              options.inputs.paths.empty() ? std::string() : options.inputs.paths.front(), ctx),
          ctx);
    case ProfileMode::compare: {
      refuse_filters(options, "BEFORE AFTER");
      (void)profile_compare_outputs().pick(ctx.global.format);  // usage error before reading
      if (options.inputs.paths[0] == "-" && options.inputs.paths[1] == "-") {
        throw UsageError("BEFORE and AFTER cannot both be standard input ('-')");
      }
      const std::string& before_path = options.inputs.paths[0];
      const std::string& after_path = options.inputs.paths[1];
      if (same_path(before_path, after_path)) {
        ctx.warn(escape_text("BEFORE and AFTER are the same profile (" + before_path +
                             "): every change is 0; name the profile of the run before "
                             "tuning and the one after"));
      }
      const ReadProfile before = read_one_profile(options.inputs, before_path, ctx);
      const ReadProfile after = read_one_profile(options.inputs, after_path, ctx);
      return run_profile_compare(options.compare, before, after, options.top, ctx);
    }
  }
  return Exit::ok;
}

}  // namespace aoe::cli

// SPDX-License-Identifier: Apache-2.0
// `report`: one self-contained HTML page to look at and share.
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <ostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "commands/report/report_command.hpp"
#include "commands/report/report_render.hpp"
#include "commands/report/report_view.hpp"
#include "core/number_option.hpp"
#include "io/input_kind.hpp"
#include "io/input_options.hpp"
#include "io/profile_inputs.hpp"
#include "io/write_file.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {

CLI::App* setup_report(CLI::App& app, ReportOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "report",
      "Write one self-contained HTML page: the verdict and totals, figures, the operators "
      "(sortable, filterable), the reports and the check findings");
  add_input_options(*cmd, options.inputs);
  cmd->add_option("-o,--output", options.output, "The page to write; - for standard output")
      ->type_name("FILE")
      ->capture_default_str();
  cmd->add_option("--baseline", options.baseline,
                  "An older run to compare with (a file or a directory, as diff's OLD); "
                  "repeat it for several")
      ->type_name("OLD_PATH")
      ->allow_extra_args(false);
  cmd->add_option("--title", options.title,
                  "The page's title (default: \"AOE tuning report: <first tuning name>\")")
      ->type_name("TEXT");
  cmd->add_option("--rows", options.rows,
                  fmt::format("Operators listed in the table, largest saving first (0: no table; "
                              "a page holds at most {}: more is cut to that, with a warning)",
                              kReportMaxRows))
      ->type_name("N")
      ->transform(number_option({NumberSpec::Kind::count, 0.0, std::nullopt}))
      ->capture_default_str();
  cmd->add_option("--findings", options.findings,
                  "Findings listed, grouped by code with their counts: all (info folded away; "
                  "the default), warnings (errors and warnings; info only counted), none (only "
                  "the counts)")
      ->transform(enum_choice_option(
          std::vector<std::pair<std::string, FindingsShown>>{{"all", FindingsShown::all},
                                                             {"warnings", FindingsShown::warnings},
                                                             {"none", FindingsShown::none}}))
      ->option_text("WHICH");
  cmd->add_option("--profile", options.profile,
                  "A model run's profile (a PROF_* folder, an ASCEND_PROFILER_OUTPUT folder, an "
                  "op_summary_*.csv or kernel_details.csv), read as aoe-result profile reads it: "
                  "the page adds AOE's claim against the profile, each tuned operator's "
                  "after-tune time beside the profiled mean and median with the verdict of "
                  "profile --result. A profile that cannot be read: no page, exit 3")
      ->type_name("PROFILE");
  cmd->add_flag("-f,--force", options.force, "Overwrite FILE when it exists");
  cmd->footer(
      report_outputs().formats().help_line() +
      "\n\nThe page needs nothing else: no network, no other file; it opens from file:// and in CI "
      "artifact viewers. Sort it on opening with #sort=<column> (or #sort=-<column> for "
      "descending) after its address, e.g. report.html#sort=-improvement.\n"
      "An existing FILE is not overwritten without --force (exit 2). SOURCE_DATE_EPOCH, when "
      "set, is the time the page says it was made.\n\n"
      "Examples:\n"
      "  aoe-result report run.json                    # writes aoe-report.html\n"
      "  aoe-result report -o tuning.html --title \"ResNet-50, 8.0.RC1\" results/\n"
      "  aoe-result report new.json --baseline old.json -o compare.html\n"
      "  aoe-result report --findings warnings --rows 1000 results/  # info findings only counted\n"
      "  aoe-result report -o - run.json > page.html\n"
      "  aoe-result report --profile PROF_000001_* run.json");
  return cmd;
}

namespace {

// When the page says it was made: SOURCE_DATE_EPOCH (reproducible output)
// when set to a number, else now; UTC.
std::string made_at(const char* source_date_epoch) {
  std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  if (source_date_epoch != nullptr && *source_date_epoch != '\0') {
    char* end = nullptr;
    const long long v = std::strtoll(source_date_epoch, &end, 10);
    if (end != nullptr && *end == '\0' && v >= 0) t = static_cast<std::time_t>(v);
  }
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char buf[32];
  const std::size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return std::string(buf, n);
}

std::string size_text(std::size_t bytes) {
  if (bytes >= 1000 * 1000) return fmt::format("{:.1f} MB", static_cast<double>(bytes) / 1e6);
  if (bytes >= 1000) return fmt::format("{:.0f} kB", static_cast<double>(bytes) / 1e3);
  return fmt::format("{} bytes", bytes);
}

}  // namespace

Exit run_report(const ReportOptions& options, Context& ctx) {
  // The page is the report's one format: the default (text) gives it too.
  const auto render =
      report_outputs().pick(ctx.global.format == Format::text ? Format::html : ctx.global.format);
  const OutputFile file{options.output, options.force, "page"};
  if (!file.to_stdout() && file.path.empty()) {
    throw UsageError("-o needs a file name, or - for standard output");
  }
  refuse_directory(file);
  refuse_overwrite(file);
  const Inputs inputs = load_inputs(options.inputs, ctx);
  report_inputs(inputs, ctx);
  Exit status = inputs.status;
  std::optional<Inputs> baseline;
  if (!options.baseline.empty()) {
    InputOptions old = options.inputs;
    old.paths = options.baseline;
    baseline = load_inputs(old, ctx);
    report_inputs(*baseline, ctx);
    status = worst(status, baseline->status);
  }
  if (!any_readable(inputs.files, file, ctx)) return worst(status, Exit::input);
  std::optional<Profile> profile;
  if (!options.profile.empty()) {
    ReadProfile read = read_one_profile(PathOptions{}, options.profile, ctx);
    profile = std::move(read.profile);
    if (read.status == Exit::input || profile->rows == 0) {
      ctx.error(escape_text("--profile " + options.profile +
                            ": the profile could not be read; the page is not written"));
      return worst(status, Exit::input);
    }
  }

  ReportViewOptions view_options;
  view_options.title = options.title;
  view_options.rows = options.rows;
  view_options.findings = options.findings;
  view_options.generated_at = made_at(std::getenv("SOURCE_DATE_EPOCH"));
  for (const ResultFile& f : inputs.files) view_options.paths.push_back(f.path);
  view_options.empty_inputs = inputs.empty_inputs;
  view_options.threads = resolved_jobs(options.inputs.jobs);
  ReportView view =
      make_report_view(inputs.files, baseline ? &baseline->files : nullptr, view_options);
  if (profile) {
    view.profile_check = make_report_profile_check(inputs.files, *profile, options.profile);
  }
  if (view.rows_asked > view.row_limit && view.rows_total > view.row_limit) {
    ctx.warn(fmt::format(
        "--rows {}: a page holds at most {} operators (a larger one takes a browser too long to "
        "open); the table lists the first {} of {}, all of them: {}",
        view.rows_asked, view.row_limit, view.row_limit, view.rows_total,
        escape_text(view.csv_command)));
  }
  const std::string page = render(view, render_options(ctx));

  write_output(file, page, ctx.out);
  if (!file.to_stdout() && !ctx.global.quiet) {
    ctx.out << fmt::format(
        "wrote {} ({}): {}, {}{}\n", escape_text(options.output), size_text(page.size()),
        plural(view.reports.size(), "report"), plural(view.rows_total, "operator"),
        view.rows.size() >= view.rows_total ? std::string()
        : view.rows_asked > view.row_limit
            ? fmt::format(" ({} in the table, the most a page holds)", view.rows.size())
            : fmt::format(" ({} in the table; --rows to change)", view.rows.size()));
  }
  return status;
}

}  // namespace aoe::cli

// SPDX-License-Identifier: Apache-2.0
// aoe-result-watch-bench: the cost of one `watch` re-read of a big file,
// side by side in one run:
//
//   fresh      a fresh read of the file (`read_result_file`), what a re-read
//              cost before `ResultRereader`;
//   appended   a re-read (`ResultRereader`) of the file rewritten with one
//              more report appended, after a read of it without;
//   grown      a re-read of the whole file after a read of it caught in the
//              middle of its last report (the last report grown);
//   refresh    a whole `watch` refresh of the file rewritten unchanged
//              (`unchanged`) or with one more report (`appended`), after a
//              refresh of the file as it was: the re-read, its merge into
//              the follower (`Follower::update`, the events made
//              `WatchEvent`s) and the screen (the view computed from the
//              follower, then drawn), each part timed on its own.
//
//   aoe-result-watch-bench [--file PATH] [--operators N] [--reports N] [--refreshes N]
//
// Without --file a file is generated (aoe-result-gen's generator, nested
// layout; 20,000 operators in 4 reports by default). The file is copied to
// a temporary path, rewritten before each re-read (not timed). Each is
// timed `--refreshes` times in CPU time (std::clock) and wall time; the
// medians are printed, with the ratio of each to the fresh read, and each
// part's share of a refresh (of the medians' sum). Exits 1 when a re-read
// did not resume, its reports differ from the fresh read's, or a refresh
// gave other events than the change made.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "aoe_result/follow.hpp"
#include "aoe_result/reader.hpp"

#include "commands/watch/watch_render.hpp"
#include "commands/watch/watch_view.hpp"
#include "core/output.hpp"
#include "generator.hpp"

namespace {

struct Times {
  std::vector<double> cpu_ms;
  std::vector<double> wall_ms;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

// Times `work` once into `times`.
template <class Work>
void time_once(Times& times, const Work& work) {
  const std::clock_t cpu = std::clock();
  const auto wall = std::chrono::steady_clock::now();
  work();
  times.wall_ms.push_back(
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wall).count());
  times.cpu_ms.push_back(1000.0 * static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC);
}

void write_file(const std::filesystem::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

// `text` with one more report before the root object's closing brace.
std::string with_appended_report(const std::string& text) {
  const std::size_t close = text.find_last_of('}');
  return text.substr(0, close) +
         ",\n  \"report_20991231_235959999_1\": [{\"basic\": {\"tuning_name\": \"appended\"}}, "
         "{\"OPAT\": {\"opat_tuning_result\": \"tuning successful\", \"repo_modified_operators\": "
         "[{\"op_name\": \"appended_op\", \"op_type\": \"Add\", \"tune_performance\": "
         "{\"Schedule\": {\"performance_before_tune(us)\": 10, \"performance_after_tune(us)\": "
         "8, \"performance_improvement\": \"25.00%\", \"update_mode\": \"add\"}}}]}}]\n" +
         text.substr(close);
}

// One `watch` refresh in its parts: re-read, merge, screen.
struct Refresh {
  Times read, merge, show;
};

// Refreshes `path` holding `before` (not timed), then holding `after`
// (timed, into `times`); returns the events of the timed refresh.
std::size_t time_refresh(const std::filesystem::path& path, const std::string& before,
                         const std::string& after, Refresh& times) {
  aoe::ResultRereader reader;
  aoe::Follower follower;
  write_file(path, before);
  (void)follower.update(reader.read(path), reader.last_kept_reports());
  // A refresh as watch makes them after its first: the first refresh after
  // the whole read and merge pays once for the memory they gave back
  // (~75 ms of CPU for a 127 MB file), which is not what a refresh costs.
  (void)follower.update(reader.read(path), reader.last_kept_reports());
  write_file(path, after);
  const aoe::ResultFile* read = nullptr;
  std::vector<aoe::cli::WatchEvent> events;
  const auto now = aoe::cli::WatchClock::now();
  time_once(times.read, [&] { read = &reader.read(path); });
  time_once(times.merge, [&] {
    for (aoe::FollowEvent& f : follower.update(*read, reader.last_kept_reports())) {
      events.push_back(aoe::cli::watch_event(std::move(f), now, path.string()));
    }
  });
  const std::size_t made = events.size();
  std::size_t drawn = 0;
  time_once(times.show, [&] {
    aoe::cli::WatchView v;
    v.file = path.string();
    v.now = now;
    aoe::cli::show_follower(v, follower, aoe::cli::ReportRows::shown);
    v.screen_rows = 24;
    v.events = std::move(events);
    drawn = aoe::cli::watch_text(v, aoe::cli::RenderOptions()).size();
  });
  // A screen drawn, with the report rows of every report.
  return drawn > 0 ? made : std::size_t(-1);
}

}  // namespace

constexpr const char* kUsage =
    "Usage: aoe-result-watch-bench [--file PATH] [--operators N] [--reports N] [--refreshes N]\n"
    "The CPU and wall time of a watch re-read and of a whole watch refresh (re-read, merge,\n"
    "screen) against a fresh read of the same file, medians of --refreshes runs (10).\n"
    "Without --file: a generated file of --operators (20000) in --reports (4).\n";

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
  }
  aoe::bench::GenOptions gen;
  gen.operators = 20000;
  gen.reports = 4;
  int refreshes = 10;
  std::string file;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view arg = argv[i];
    if (arg == "--operators")
      gen.operators = std::strtoull(argv[i + 1], nullptr, 10);
    else if (arg == "--reports")
      gen.reports = std::strtoull(argv[i + 1], nullptr, 10);
    else if (arg == "--refreshes")
      refreshes = std::max(1, std::atoi(argv[i + 1]));
    else if (arg == "--file")
      file = argv[i + 1];
  }
  std::string text;
  if (file.empty()) {
    text = aoe::bench::generate_text(gen);
  } else {
    std::ifstream in(file, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "aoe_result_watch_bench.json";
  const std::string appended = with_appended_report(text);
  // Caught in the middle of the last report.
  const std::size_t last_key = text.rfind("\"report_");
  const std::string cut = text.substr(0, last_key + (text.size() - last_key) / 2);

  bool ok = true;
  Times fresh, grown, append;
  Refresh unchanged, append_refresh;
  std::size_t fresh_reports = 0;
  for (int i = 0; i < refreshes; ++i) {
    write_file(path, text);
    time_once(fresh, [&] { fresh_reports = aoe::read_result_file(path).reports.size(); });

    aoe::ResultRereader reader;
    (void)reader.read(path);
    write_file(path, appended);
    std::size_t reports = 0;
    time_once(append, [&] { reports = reader.read(path).reports.size(); });
    ok = ok && reader.last_parse_offset() > 0 && reports == fresh_reports + 1;

    write_file(path, cut);
    (void)reader.read(path);
    write_file(path, text);
    time_once(grown, [&] { reports = reader.read(path).reports.size(); });
    ok = ok && reader.last_parse_offset() > 0 && reports == fresh_reports;

    // Nothing new; a report, its operator and its status.
    ok = ok && time_refresh(path, text, text, unchanged) == 0;
    ok = ok && time_refresh(path, text, appended, append_refresh) == 3;
  }
  std::filesystem::remove(path);
  const double base_cpu = median(fresh.cpu_ms);
  const double base_wall = median(fresh.wall_ms);
  std::printf("%zu bytes, %zu reports; medians of %d:\n", text.size(), fresh_reports, refreshes);
  const auto row = [&](const char* name, const Times& t) {
    std::printf("  %-20s %9.1f ms CPU %6.3fx  %9.1f ms wall %6.3fx\n", name, median(t.cpu_ms),
                median(t.cpu_ms) / base_cpu, median(t.wall_ms), median(t.wall_ms) / base_wall);
  };
  row("fresh", fresh);
  row("appended", append);
  row("grown", grown);
  for (const auto& [name, r] :
       {std::pair{"unchanged", &unchanged}, {"appended", &append_refresh}}) {
    const double read = median(r->read.cpu_ms), merge = median(r->merge.cpu_ms),
                 show = median(r->show.cpu_ms);
    const double all = read + merge + show;
    const double wall =
        median(r->read.wall_ms) + median(r->merge.wall_ms) + median(r->show.wall_ms);
    std::printf("  refresh, %-9s %9.1f ms CPU %6.3fx  %9.1f ms wall %6.3fx\n", name, all,
                all / base_cpu, wall, wall / base_wall);
    std::printf("    re-read %5.1f%%  merge %5.1f%%  screen %5.1f%% of its CPU\n", 100 * read / all,
                100 * merge / all, 100 * show / all);
  }
  if (!ok) std::printf("a re-read did not resume, its reports differ, or a refresh's events\n");
  return ok ? 0 : 1;
}

// aoe_totals: per report of an AOE result file, the tuning status and how
// much faster its operators got; then the totals. Uses only the public API
// of the aoe_result library (find_package(aoe_result), target aoe::result).
//
//   aoe_totals aoe_result_opat_20250428_203017761_pid18230.json
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include <aoe_result/analysis.hpp>
#include <aoe_result/check.hpp>
#include <aoe_result/error.hpp>
#include <aoe_result/reader.hpp>
#include <aoe_result/version.hpp>

namespace {

std::string pct(std::optional<double> v) {
  if (!v) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%", *v);
  return buf;
}

void print_totals(const char* label, const aoe::Totals& t) {
  std::printf("%s: %zu operators, %zu failed, %.3f -> %.3f us, saved %.3f us (improvement %s)\n",
              label, t.operators, t.failed_operators, t.time_before_us, t.time_after_us,
              t.saved_us(), pct(t.improvement_pct()).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: aoe_totals RESULT_FILE   (aoe_result %s)\n", aoe::kVersion);
    return 2;
  }
  try {
    // Throws aoe::InputError when nothing can be read; a file cut off
    // mid-write comes back with complete == false and its complete part.
    const aoe::ResultFile file = aoe::load_result_file(argv[1]);
    for (const aoe::Report& report : file.reports) {
      std::printf("%s  %s  %s\n", report.id.c_str(),
                  report.tuning_name ? report.tuning_name->c_str() : "(no name)",
                  std::string(aoe::to_string(report.status)).c_str());
      print_totals("  operators", aoe::totals(report));
    }
    print_totals("total", aoe::totals(file));

    // The file's invariants, as `aoe-result check` reports them.
    const std::vector<aoe::Diagnostic> findings = aoe::check(file);
    std::printf("check: %zu error(s), %zu warning(s)%s\n",
                aoe::count(findings, aoe::Severity::error),
                aoe::count(findings, aoe::Severity::warning),
                file.complete ? "" : " (the file was cut off)");
    return aoe::passes(findings) ? 0 : 1;
  } catch (const aoe::InputError& e) {
    std::fprintf(stderr, "aoe_totals: %s\n", e.what());
    return 3;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aoe_totals: %s\n", e.what());
    return 3;
  }
}

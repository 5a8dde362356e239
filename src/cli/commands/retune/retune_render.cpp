// SPDX-License-Identifier: Apache-2.0
#include "commands/retune/retune_render.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "text/json_util.hpp"
#include "text/numbers.hpp"
#include "text/shell.hpp"
#include "text/term.hpp"

namespace aoe::cli {

std::string retune_document(const RetuneView& view, const RenderOptions& /*options*/) {
  nlohmann::ordered_json j{{"tune_ops_name", view.selection.names}};
  if (view.by_type) j["tune_ops_type"] = view.selection.types;
  return dump(j);
}

const OutputTable<RetuneView>& retune_outputs() {
  static const OutputTable<RetuneView> table(
      "retune", {{Format::text, &retune_document, "the --tune_ops_file JSON AOE reads"}});
  return table;
}

namespace {

// Why the operators of a profile were chosen: "the 10 with the most device
// time in PROF_x; 2 left out as tuned with a gain, 3 under 1% of the time".
std::string profile_why(const RetuneView::FromProfile& from) {
  std::string why = fmt::format("by device time in {}", escape_text(from.label));
  if (from.top != 0) why += fmt::format(", at most {}", from.top);
  if (from.with_results) {
    why += fmt::format("; {} left out as tuned with a gain", from.chosen.already_tuned.size());
  }
  if (from.min_share_pct) {
    why += fmt::format("; {} under {}% of the device time", from.chosen.below_share,
                       fmt_plain(*from.min_share_pct));
  }
  if (from.chosen.not_tunable > 0) {
    why +=
        fmt::format("; {} left out as no AI Core work (HCCL, AI_CPU, ...: AOE does not tune them)",
                    from.chosen.not_tunable);
  }
  return why;
}

}  // namespace

RetuneNote retune_note(const RetuneView& view) {
  const RetuneSelection& sel = view.selection;
  std::string why = fmt::format("{} failed", sel.failed);
  if (view.below_pct) {
    why += fmt::format(", {} gained less than {}%", sel.below, fmt_plain(*view.below_pct));
  }
  if (view.from_profile) why = profile_why(*view.from_profile);
  const OutputFile& file = view.output;
  if (sel.names.empty()) {
    // Nothing to re-tune is not a success to chain on (`retune -o f && aoe
    // --tune_ops_file=f`): an existing FILE is not from this run.
    return {
        "aoe-result: no operator to re-tune (" + why + "); " + not_written(file) +
            (view.output_existed ? " (the existing file is left as it was; it is not from this run)"
                                 : "") +
            "\n",
        {}};
  }
  const std::string word = file.to_stdout() ? std::string("<saved file>") : shell_word(file.path);
  return {fmt::format("{} operator{} chosen ({}){}{}\n", sel.names.size(),
                      sel.names.size() == 1 ? "" : "s", why,
                      view.by_type ? ", " + plural(sel.types.size(), "type") : "",
                      file.to_stdout() ? "" : "; written to " + escape_text(file.path)) +
              (sel.names.size() == 1 ? "re-tune it" : "re-tune them") +
              " with (plus your usual aoe options):\n",
          "  aoe --tune_ops_file=" + escape_text(word) + "\n"};
}

}  // namespace aoe::cli

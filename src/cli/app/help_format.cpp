// SPDX-License-Identifier: Apache-2.0
#include "app/help_format.hpp"

#include <algorithm>
#include <cctype>

#include <CLI/CLI.hpp>

namespace aoe::cli {
namespace {

class HelpFormatter : public CLI::Formatter {
 public:
  HelpFormatter() { column_width(34); }

  // "-r,--recursive": the names alone (CLI11 2.7 splits them at commas).
  std::string make_option_name(const CLI::Option* opt, bool is_positional) const override {
    if (is_positional) return value_name(opt);
    std::string names;
    for (const std::string& s : opt->get_snames()) names += (names.empty() ? "-" : ",-") + s;
    for (const std::string& l : opt->get_lnames()) names += (names.empty() ? "--" : ",--") + l;
    return names;
  }

  // In the usage line, a positional is its value name alone ("[PATH...]"):
  // CLI11 would add its own "..." to ours.
  std::string make_option_usage(const CLI::Option* opt) const override {
    if (!opt->get_positional()) return CLI::Formatter::make_option_usage(opt);
    const std::string v = value_name(opt);
    return opt->get_required() ? v : "[" + v + "]";
  }

  // " N", " PATH...": the value name, nothing else.
  std::string make_option_opts(const CLI::Option* opt) const override {
    if (opt->get_positional()) return {};
    if (opt->get_type_size() == 0) return {};  // a flag
    std::string v = value_name(opt);
    return v.empty() ? std::string() : " " + v;
  }

  // What it does, then the default, when the option has one worth saying.
  std::string make_option_desc(const CLI::Option* opt) const override {
    std::string desc = opt->get_description();
    const std::string def = opt->get_default_str();
    if (!def.empty() && opt->get_type_size() != 0 && desc.find("default") == std::string::npos) {
      desc += " (default " + def + ")";
    }
    return desc;
  }

  // A command's help ends with the global options it takes.
  std::string make_footer(const CLI::App* app) const override {
    std::string footer = CLI::Formatter::make_footer(app);
    const CLI::App* parent = app->get_parent();
    if (parent == nullptr) return footer;
    // CLI11 2.7 lists the options a command takes from its parent among
    // its own already: then there is nothing to add.
    const auto own = app->get_options();
    std::string globals;
    for (const CLI::Option* opt : parent->get_options()) {
      if (std::find(own.begin(), own.end(), opt) != own.end()) return footer;
      if (opt->get_lnames().empty()) continue;
      const std::string& name = opt->get_lnames().front();
      if (name == "help" || name == "version") continue;
      globals += make_option(opt, false);
    }
    if (globals.empty()) return footer;
    return "Global options (before or after the command):\n" + globals + "\n" + footer;
  }

 private:
  static std::string value_name(const CLI::Option* opt) {
    std::string v = opt->get_option_text();
    if (v.empty()) v = opt->get_type_name();
    // What a validator added after ':' is CLI11's note, not a value name.
    if (const auto colon = v.find(':'); colon != std::string::npos) v.resize(colon);
    if (!v.empty() && opt->get_expected_max() > 1 && v.find("...") == std::string::npos) {
      v += "...";
    }
    return v;
  }
};

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

}  // namespace

std::shared_ptr<CLI::Formatter> make_help_formatter() {
  auto formatter = std::make_shared<HelpFormatter>();
#if CLI11_VERSION_MAJOR > 2 || (CLI11_VERSION_MAJOR == 2 && CLI11_VERSION_MINOR >= 6)
  // CLI11 2.6+ reflows footers as paragraphs (and 2.4-2.5 always do); ours
  // are laid out by hand, examples indented.
  formatter->enable_footer_formatting(false);
#endif
  return formatter;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size();
  const std::size_t m = b.size();
  // Three rows of the optimal-string-alignment table.
  std::vector<std::size_t> two(m + 1), one(m + 1), cur(m + 1);
  for (std::size_t j = 0; j <= m; ++j) one[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      cur[j] = std::min({one[j] + 1, cur[j - 1] + 1, one[j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
          lower(a[i - 2]) == lower(b[j - 1])) {
        cur[j] = std::min(cur[j], two[j - 2] + 1);
      }
    }
    two.swap(one);
    one.swap(cur);
  }
  return one[m];
}

std::optional<std::string> closest_word(std::string_view word,
                                        const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (const std::string& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d == 0) return c;
    if (d > 2 || 2 * d >= std::max(word.size(), c.size())) continue;
    if (!best || d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

}  // namespace aoe::cli

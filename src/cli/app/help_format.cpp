// SPDX-License-Identifier: Apache-2.0
#include "app/help_format.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "text/term.hpp"
#include "text/wrap.hpp"

namespace aoe::cli {
namespace {

class HelpFormatter : public CLI::Formatter {
 public:
  HelpFormatter() { column_width(kHelpColumn); }

  // The whole help, wrapped at the terminal's width when it goes to one.
  std::string make_help(const CLI::App* app, std::string name,
                        CLI::AppFormatMode mode) const override {
    std::string help = CLI::Formatter::make_help(app, std::move(name), mode);
    const char* columns = std::getenv("COLUMNS");
    if (!columns_env_width(columns) && !stdout_tty_columns()) return help;
    return wrap_help(help, terminal_width(columns, stdout_tty_columns()));
  }

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

namespace {

// The pieces of `text` split after each `sep` (kept), or at runs of spaces
// when `sep` is ' ' (dropped): the units `wrap_units` lays out.
std::vector<std::string_view> pieces(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const std::size_t at = text.find(sep);
    if (at == std::string_view::npos) {
      out.push_back(text);
      break;
    }
    if (sep != ' ') {
      out.push_back(text.substr(0, at + 1));
    } else if (at > 0) {
      out.push_back(text.substr(0, at));
    }
    text.remove_prefix(at + 1);
  }
  return out;
}

std::string laid_out(const std::vector<std::string_view>& units, std::size_t width,
                     std::size_t first_used, std::size_t hang, std::string_view gap = " ") {
  WrapLayout layout;
  layout.width = width;
  layout.first_used = first_used;
  layout.hang = hang;
  layout.gap = gap;
  return wrap_units(units, layout);
}

}  // namespace

std::string wrap_help(std::string_view help, std::size_t width) {
  // Below kHelpColumn + 40 columns every option's description goes under it.
  const bool narrow = width < kHelpColumn + 40;
  std::string out;
  for (std::size_t at = 0; at < help.size();) {
    std::size_t end = help.find('\n', at);
    const bool ended = end != std::string_view::npos;
    if (!ended) end = help.size();
    const std::string_view line = help.substr(at, end - at);
    at = end + 1;
    const std::size_t margin = std::min(line.find_first_not_of(' '), line.size());
    const std::string_view text = line.substr(margin);
    // An option's row ("  --top N"), a positional's ("  PATH...") or a
    // command's ("  show"): the name padded to the column (by two spaces at
    // least when it is a command's), then what it does.
    const bool option_row =
        margin == 2 && line.size() > kHelpColumn && line[kHelpColumn - 1] == ' ' &&
        line[kHelpColumn] != ' ' &&
        (text[0] == '-' || (text[0] >= 'A' && text[0] <= 'Z') || line[kHelpColumn - 2] == ' ');
    // Narrow, a description goes under its option, 6 columns in; so do the
    // lines CLI11 (2.4 and later) continues it on in the description column.
    const bool continued = margin >= kHelpColumn && margin < line.size();
    if (option_row && narrow) {
      const std::string_view name = line.substr(0, kHelpColumn);
      out += name.substr(0, name.find_last_not_of(' ') + 1);
      out += '\n';
      out += wrap_text(line.substr(kHelpColumn), width, 6, 6);
    } else if (continued && narrow) {
      out += wrap_text(text, width, 6, 6);
    } else if (display_width(line) <= width) {
      out += line;
      out += '\n';
    } else if (option_row) {
      out += line.substr(0, kHelpColumn);
      out += laid_out(pieces(line.substr(kHelpColumn), ' '), width, kHelpColumn, kHelpColumn);
    } else if (text.rfind("CSV header: ", 0) == 0) {
      // A header of fields, broken after its commas under its label.
      out += std::string(margin, ' ') + "CSV header:\n";
      out += laid_out(pieces(text.substr(12), ','), width, 0, margin + 2, "")
                 .insert(0, margin + 2, ' ');
    } else if (margin > 0 && margin <= 4 && text.rfind("aoe-result ", 0) == 0) {
      // An example command: its lines joined by the shell's " \\".
      std::string lines = wrap_text(text, width - 2, margin, margin + 4);
      for (std::size_t nl = lines.find('\n'); nl + 1 < lines.size();
           nl = lines.find('\n', nl + 3)) {
        lines.insert(nl, " \\");
      }
      out += lines;
    } else {
      // The margin kept while it leaves half the width for the words.
      const std::size_t keep = std::min(margin, width / 2);
      out += wrap_text(text, width, keep, keep);
    }
    if (!ended && !out.empty() && out.back() == '\n') out.pop_back();
  }
  return out;
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

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

  // A command's help ends with the global options it takes: the program's
  // (for `bank merge` too, not `bank`'s, which `bank merge` refuses).
  std::string make_footer(const CLI::App* app) const override {
    std::string footer = CLI::Formatter::make_footer(app);
    if (app->get_parent() == nullptr) return footer;
    const CLI::App* program = app->get_parent();
    while (program->get_parent() != nullptr) program = program->get_parent();
    // CLI11 2.7 lists the options a command takes from its parent among
    // its own already: then there is nothing to add.
    const auto own = app->get_options();
    std::string globals;
    for (const CLI::Option* opt : program->get_options()) {
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
  static std::string value_name(const CLI::Option* opt) { return option_value_name(*opt); }
};

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

}  // namespace

std::string option_value_name(const CLI::Option& opt) {
  std::string v = opt.get_option_text();
  if (v.empty()) v = opt.get_type_name();
  // What a validator added after ':' is CLI11's note, not a value name.
  if (const auto colon = v.find(':'); colon != std::string::npos) v.resize(colon);
  if (!v.empty() && opt.get_expected_max() > 1 && v.find("...") == std::string::npos) {
    v += "...";
  }
  return v;
}

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

// The widest line the help's lists are laid out in by hand (about 80).
constexpr std::size_t kHandWidth = 100;

std::size_t margin_of(std::string_view line) {
  return std::min(line.find_first_not_of(' '), line.size());
}

// "check: ", "diff, trend: ", "Formats: ": a label that starts an item of
// its own (letters, digits, spaces, ",", "." and "-" up to a ':' and a
// space or the end).
bool starts_with_label(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ':') return i > 0 && (i + 1 == text.size() || text[i + 1] == ' ');
    const bool word = std::isalnum(static_cast<unsigned char>(c)) != 0;
    if (!word && (i == 0 || (c != ' ' && c != ',' && c != '.' && c != '-'))) return false;
  }
  return false;
}

// The column where a line's words start: after a short term and two spaces
// or more ("  1    check: ...", "  errors:   invalid-json, ..."), else its
// margin.
std::size_t text_column(std::string_view line, std::size_t margin) {
  const std::size_t term_end = line.find(' ', margin);
  if (term_end == std::string_view::npos || term_end - margin > 10) return margin;
  const std::size_t words = line.find_first_not_of(' ', term_end);
  if (words == std::string_view::npos || words - term_end < 2) return margin;
  return words;
}

// A line of an example command ("  aoe-result ..."), not a line of prose.
bool is_example(std::string_view line, std::size_t margin) {
  return margin > 0 && margin <= 4 && line.substr(margin).rfind("aoe-result ", 0) == 0;
}

// An example command that does not fit: its comment, if any, on lines of
// its own above it ("# ..."), then its words on lines joined by the
// shell's " \", never broken inside a word or a quoted string, so that
// what is copied still runs as written.
std::string wrap_example(std::string_view line, std::size_t margin, std::size_t width) {
  std::vector<std::string_view> words;
  std::string_view comment;
  char quote = 0;
  std::size_t word_start = std::string_view::npos;
  for (std::size_t i = margin; i < line.size(); ++i) {
    const char c = line[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == ' ') {
      if (word_start != std::string_view::npos)
        words.push_back(line.substr(word_start, i - word_start));
      word_start = std::string_view::npos;
      continue;
    }
    if (c == '#' && word_start == std::string_view::npos) {
      comment = line.substr(i + 1);
      comment.remove_prefix(std::min(comment.find_first_not_of(' '), comment.size()));
      break;
    }
    if (c == '\'' || c == '"') quote = c;
    if (word_start == std::string_view::npos) word_start = i;
  }
  // The last word (after a comment's '#' there is none; an unclosed quote
  // makes the rest one word).
  if (word_start != std::string_view::npos) words.push_back(line.substr(word_start));
  // An option and its value, and a pipe or a redirection and what follows
  // it, stay on one line.
  std::vector<std::string> units;
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string unit(words[i]);
    const bool joins = (words[i][0] == '-' && words[i].size() > 1) || words[i] == "|" ||
                       words[i] == ">" || words[i] == ">>" || words[i] == "&&";
    if (joins && i + 1 < words.size() && words[i + 1][0] != '-' &&
        words[i + 1].find_first_of("|>&") != 0) {
      unit += ' ';
      unit += words[++i];
    }
    units.push_back(std::move(unit));
  }
  std::string out;
  const std::string pad(margin, ' ');
  if (!comment.empty()) {
    const std::string lines =
        wrap_text(comment, width > margin + 2 ? width - 2 : width, margin, margin);
    for (std::size_t at = 0; at < lines.size();) {
      const std::size_t nl = lines.find('\n', at);
      out += pad + "# " + lines.substr(at + margin, nl - at - margin) + "\n";
      at = nl + 1;
    }
  }
  const std::size_t hang = margin + 4;
  std::size_t used = 0;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const std::size_t w = display_width(units[i]);
    // Room for " \" unless this is the last unit.
    const std::size_t room = i + 1 < units.size() ? 2 : 0;
    if (used == 0) {
      out += pad;
      used = margin;
    } else if (used + 1 + w + room <= width) {
      out += ' ';
      ++used;
    } else {
      out += " \\\n" + std::string(hang, ' ');
      used = hang;
    }
    out += units[i];
    used += w;
  }
  if (!units.empty()) out += '\n';
  return out;
}

// A line of prose and the lines that continue it (indented under its
// words, with no label of their own), laid out again at `width`: the
// first line's margin and term kept, the next ones indented as the first
// continuation was (or under the words, two more after a label).
std::string reflow_item(const std::vector<std::string_view>& lines, std::size_t width) {
  const std::string_view first = lines.front();
  const std::size_t margin = margin_of(first);
  std::size_t column = text_column(first, margin);
  // A term that leaves less than half the width for the words is a word.
  if (column > width / 2) column = margin;
  std::string text(first.substr(column));
  for (std::size_t i = 1; i < lines.size(); ++i) {
    text += ' ';
    text += lines[i].substr(margin_of(lines[i]));
  }
  const std::size_t hang =
      std::min(lines.size() > 1 ? margin_of(lines[1])
                                : column + (column > 0 && starts_with_label(text) ? 2 : 0),
               width / 2);
  if (column > margin) {
    return std::string(first.substr(0, column)) + laid_out(pieces(text, ' '), width, column, hang);
  }
  return wrap_text(text, width, std::min(margin, width / 2), hang);
}

}  // namespace

std::string wrap_help(std::string_view help, std::size_t width) {
  // Below kHelpColumn + 40 columns every option's description goes under it.
  const bool narrow = width < kHelpColumn + 40;
  std::vector<std::string_view> lines;
  for (std::size_t at = 0; at <= help.size();) {
    std::size_t end = help.find('\n', at);
    if (end == std::string_view::npos) end = help.size();
    lines.push_back(help.substr(at, end - at));
    at = end + 1;
  }
  const bool ends_in_newline = !help.empty() && help.back() == '\n';
  if (ends_in_newline) lines.pop_back();
  std::string out;
  for (std::size_t n = 0; n < lines.size(); ++n) {
    const std::string_view line = lines[n];
    const std::size_t margin = margin_of(line);
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
      continue;
    }
    if (continued && narrow) {
      out += wrap_text(text, width, 6, 6);
      continue;
    }
    if (option_row || continued || text.empty() || is_example(line, margin) ||
        text.rfind("CSV header: ", 0) == 0) {
      if (display_width(line) <= width) {
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
      } else if (is_example(line, margin)) {
        out += wrap_example(line, margin, width);
      } else {
        out += wrap_text(text, width, std::min(margin, width / 2), std::min(margin, width / 2));
      }
      continue;
    }
    // Prose: this line and the lines that continue it, laid out by hand at
    // 80 columns, kept as they are when they fit, else laid out again.
    const std::size_t column = text_column(line, margin);
    std::vector<std::string_view> item{line};
    // Only a line broken by hand (at 100 columns at most, not after a ':')
    // is continued.
    while (n + 1 < lines.size() && item.back().back() != ':' &&
           display_width(item.back()) <= kHandWidth) {
      const std::string_view next = lines[n + 1];
      const std::size_t next_margin = margin_of(next);
      const bool under = column > margin ? next_margin >= column : next_margin > margin;
      if (!under || next_margin == next.size() || next_margin >= kHelpColumn ||
          is_example(next, next_margin) || starts_with_label(next.substr(next_margin)) ||
          (item.size() > 1 && next_margin != margin_of(item[1]))) {
        break;
      }
      item.push_back(next);
      ++n;
    }
    const bool fits = std::all_of(item.begin(), item.end(),
                                  [&](std::string_view l) { return display_width(l) <= width; });
    if (fits) {
      for (const std::string_view l : item) {
        out += l;
        out += '\n';
      }
    } else {
      out += reflow_item(item, width);
    }
  }
  if (!ends_in_newline && !out.empty() && out.back() == '\n') out.pop_back();
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

// SPDX-License-Identifier: Apache-2.0
// The profile reader's entry points: bytes (text, a stream, a file) in
// chunks (byte_source.hpp) → records (csv_tokenizer.hpp) → the header's
// columns (profile_columns.hpp) → rows summed (profile_tally.hpp). No row
// is kept.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>

#include "aoe_result/error.hpp"
#include "aoe_result/profile.hpp"
#include "aoe_result/reader.hpp"

#include "byte_source.hpp"
#include "diagnostic_codes.hpp"
#include "file_descriptor.hpp"
#include "profile/csv_tokenizer.hpp"
#include "profile/profile_columns.hpp"
#include "profile/profile_tally.hpp"
#include "reader/diagnostics.hpp"

namespace aoe {
namespace {

// Fields kept of a record: a header or a row of a known profile has at
// most a few hundred.
constexpr std::size_t kMaxFields = 4096;
// Bytes of a value quoted in a message.
constexpr std::size_t kQuoteBytes = 40;

std::string quoted_value(std::string_view s) {
  std::string out = "'";
  out.append(s.substr(0, kQuoteBytes));
  if (s.size() > kQuoteBytes) out += "...";
  out += "'";
  return out;
}

// Takes the tokenizer's records: the first is the header, the others rows.
class ProfileRows final : public internal::CsvSink {
 public:
  ProfileRows(ProfileFile& file, ProfileTally& tally, internal::CsvTokenizer& tokenizer,
              const ProfileReadOptions& options, std::size_t max_row,
              std::optional<std::int64_t> path_device)
      : max_row_(max_row),
        file_(file),
        tally_(tally),
        tokenizer_(tokenizer),
        options_(options),
        path_device_(path_device) {}

  void record(const internal::CsvRecord& r) override {
    if (stopped_) return;
    if (!columns_) {
      header(r);
      return;
    }
    row(r);
  }

  [[nodiscard]] bool header_seen() const noexcept { return columns_.has_value() || stopped_; }
  [[nodiscard]] bool stopped() const noexcept { return stopped_; }

  void not_a_profile(std::string why, std::optional<std::size_t> line) {
    Diagnostic d = internal::make_diagnostic(codes::not_a_profile, Severity::error, std::move(why),
                                             file_.path);
    d.line = line;
    file_.diagnostics.push_back(std::move(d));
    file_.readable = false;
    stopped_ = true;
  }

  // The first line is too long to be a header: said alike whether it is
  // seen whole or stopped at while still open.
  void header_too_long(std::size_t line) {
    not_a_profile(
        "the first line is longer than " + std::to_string(max_row_) + " bytes: no profile header",
        line);
  }

  void finish() {
    if (!columns_ && !stopped_) {
      not_a_profile("the file is empty: no header line", std::nullopt);
    }
    if (file_.bad_rows > named_bad_) {
      Diagnostic d = internal::make_diagnostic(
          codes::invalid_csv, Severity::warning,
          std::to_string(file_.bad_rows - named_bad_) + " more rows could not be read (not named)",
          file_.path);
      file_.diagnostics.push_back(std::move(d));
    }
    std::sort(file_.devices.begin(), file_.devices.end());
  }

 private:
  void header(const internal::CsvRecord& r) {
    if (r.too_long) {
      header_too_long(r.line);
      return;
    }
    if (r.unterminated_quote) {
      not_a_profile("the header's quote at line " + std::to_string(r.unterminated_quote->line) +
                        ", column " + std::to_string(r.unterminated_quote->column) +
                        " is not closed",
                    r.line);
      return;
    }
    std::vector<std::string_view> names;
    names.reserve(r.fields->size());
    for (const internal::CsvField& f : *r.fields) names.push_back(f.text);
    std::string why;
    columns_ = internal::profile_columns(names, why);
    if (!columns_) {
      not_a_profile(std::move(why), r.line);
      return;
    }
    columns_->count = r.field_count;
    header_line_ = r.line;
    file_.format = columns_->format;
    file_.has_steps = columns_->step.has_value();
    // From now on only the columns read keep their bytes.
    std::vector<char> keep(columns_->count, 0);
    for (const std::optional<std::size_t> c :
         {std::optional<std::size_t>(columns_->name),
          std::optional<std::size_t>(columns_->duration), columns_->type, columns_->task_type,
          columns_->start, columns_->step, columns_->device}) {
      if (c) keep[*c] = 1;
    }
    tokenizer_.keep_only(std::move(keep), false);
  }

  void bad_row(std::size_t line, std::optional<std::size_t> column, std::string message) {
    ++file_.bad_rows;
    if (named_bad_ >= options_.max_row_diagnostics) return;
    ++named_bad_;
    Diagnostic d = internal::make_diagnostic(codes::invalid_csv, Severity::warning,
                                             std::move(message), file_.path);
    d.line = line;
    d.column = column;
    file_.diagnostics.push_back(std::move(d));
  }

  void row(const internal::CsvRecord& r) {
    const internal::ProfileColumns& c = *columns_;
    if (r.unterminated_quote) {
      bad_row(r.unterminated_quote->line, r.unterminated_quote->column,
              "row not read: this quote is not closed before the end of the file (expected a "
              "closing '\"')");
      return;
    }
    if (r.too_long) {
      bad_row(r.line, std::nullopt,
              "row not read: longer than " + std::to_string(max_row_) + " bytes");
      return;
    }
    if (r.field_count != c.count) {
      bad_row(r.line, std::nullopt,
              "row not read: " + std::to_string(r.field_count) + " field" +
                  (r.field_count == 1 ? "" : "s") + " where the header (line " +
                  std::to_string(header_line_) + ") has " + std::to_string(c.count));
      return;
    }
    const auto& f = *r.fields;
    ProfileRowView v;
    v.line = r.line;
    const internal::CsvField& duration = f[c.duration];
    if (!internal::is_absent_value(duration.text)) {
      v.duration_us = internal::parse_profile_number(duration.text);
      // A task takes no less than no time: a negative duration would
      // lower the totals every share and gate is computed from.
      if (!v.duration_us || *v.duration_us < 0) {
        bad_row(duration.line, duration.column,
                "row not read: `" + c.duration_name + "` is " + quoted_value(duration.text) +
                    " (expected a number of microseconds at least 0, `N/A` or nothing)");
        return;
      }
    }
    v.name = f[c.name].text;
    const auto text_of = [&](const std::optional<std::size_t>& col) -> std::string_view {
      if (!col) return {};
      const std::string_view t = internal::trim_blanks(f[*col].text);
      return t == "N/A" ? std::string_view() : t;
    };
    v.type = text_of(c.type);
    v.task_type = text_of(c.task_type);
    if (c.start) v.start_us = internal::parse_profile_number(f[*c.start].text);
    if (c.step) v.step_id = internal::parse_profile_integer(f[*c.step].text);
    if (c.device) v.device_id = internal::parse_profile_integer(f[*c.device].text);
    if (!v.device_id) v.device_id = path_device_;
    if (options_.on_row) options_.on_row(file_, v);
    ++file_.rows;
    if (v.device_id && std::find(file_.devices.begin(), file_.devices.end(), *v.device_id) ==
                           file_.devices.end()) {
      file_.devices.push_back(*v.device_id);
    }
    tally_.add(v.name, v.type, v.task_type, v.duration_us, v.step_id, v.device_id);
  }

  std::size_t max_row_;
  ProfileFile& file_;
  ProfileTally& tally_;
  internal::CsvTokenizer& tokenizer_;
  const ProfileReadOptions& options_;
  std::optional<std::int64_t> path_device_;
  std::optional<internal::ProfileColumns> columns_;
  std::size_t header_line_ = 1;
  std::size_t named_bad_ = 0;
  bool stopped_ = false;
};

ProfilePart parse(internal::ByteSource& source, std::string display_path,
                  const ProfileReadOptions& options, std::optional<std::int64_t> path_device) {
  ProfilePart part;
  part.file.path = std::move(display_path);
  part.file.readable = true;
  auto tally = std::make_shared<ProfileTally>();
  const std::size_t max_row = std::max<std::size_t>(options.max_row_bytes, 64);
  internal::CsvTokenizer tokenizer(max_row, kMaxFields);
  ProfileRows rows(part.file, *tally, tokenizer, options, max_row, path_device);
  for (std::string_view chunk = source.next_chunk(); !chunk.empty(); chunk = source.next_chunk()) {
    tokenizer.feed(chunk, rows);
    if (rows.stopped()) break;
    if (!rows.header_seen() && tokenizer.open_record_too_long()) {
      // A binary file is not read to its end to find that out.
      rows.header_too_long(tokenizer.record_line());
      break;
    }
  }
  if (!rows.stopped()) tokenizer.finish(rows);
  rows.finish();
  if (source.read_failed()) {
    part.file.diagnostics.push_back(internal::make_diagnostic(codes::io_error, Severity::error,
                                                              "reading stopped at line " +
                                                                  std::to_string(tokenizer.line()) +
                                                                  ": the input could not be read",
                                                              part.file.path));
  }
  if (part.file.readable) part.tally = std::move(tally);
  return part;
}

}  // namespace

std::string_view to_string(ProfileFormat format) noexcept {
  switch (format) {
    case ProfileFormat::op_summary:
      return "op_summary";
    case ProfileFormat::kernel_details:
      return "kernel_details";
  }
  return "op_summary";
}

std::optional<std::int64_t> device_of_path(const std::filesystem::path& path) {
  std::optional<std::int64_t> found;
  for (const std::filesystem::path& part : path.parent_path()) {
    const std::string s = part.string();
    constexpr std::string_view prefix = "device_";
    if (s.size() <= prefix.size() || s.compare(0, prefix.size(), prefix) != 0) continue;
    if (const auto n = internal::parse_profile_integer(std::string_view(s).substr(prefix.size()));
        n && std::all_of(s.begin() + prefix.size(), s.end(),
                         [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); })) {
      found = n;  // the innermost one
    }
  }
  return found;
}

ProfilePart read_profile_part_text(std::string_view text, std::string display_path,
                                   const ProfileReadOptions& options) {
  internal::ByteSource source(text);
  return parse(source, std::move(display_path), options, std::nullopt);
}

ProfilePart read_profile_part_stream(std::istream& in, std::string display_path,
                                     const ProfileReadOptions& options) {
  internal::ByteSource source(in, options.chunk_bytes);
  return parse(source, std::move(display_path), options, std::nullopt);
}

ProfilePart read_profile_part(const std::filesystem::path& path,
                              const ProfileReadOptions& options) {
  if (const std::optional<std::string_view> kind = special_file_kind(path)) {
    throw InputError(path.string(),
                     "the file is " + std::string(*kind) + ", not a profile; not read");
  }
  std::string why;
  const internal::FileDescriptor fd = internal::open_regular_file(path, why);
  if (!fd.is_open()) {
    ProfilePart part;
    part.file.path = path.string();
    part.file.diagnostics.push_back(internal::make_diagnostic(codes::io_error, Severity::error,
                                                              "the file " + why, part.file.path));
    return part;
  }
  internal::ByteSource source(fd.get(), options.chunk_bytes);
  return parse(source, path.string(), options, device_of_path(path));
}

Profile read_profile(const std::vector<std::filesystem::path>& paths,
                     const ProfileReadOptions& options) {
  std::vector<ProfilePart> parts;
  parts.reserve(paths.size());
  for (const std::filesystem::path& p : paths) parts.push_back(read_profile_part(p, options));
  return combine_profile_parts(parts);
}

Profile read_profile_text(std::string_view text, std::string display_path,
                          const ProfileReadOptions& options) {
  return combine_profile_parts({read_profile_part_text(text, std::move(display_path), options)});
}

Profile read_profile_stream(std::istream& in, std::string display_path,
                            const ProfileReadOptions& options) {
  return combine_profile_parts({read_profile_part_stream(in, std::move(display_path), options)});
}

}  // namespace aoe

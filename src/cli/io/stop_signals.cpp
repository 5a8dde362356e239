// SPDX-License-Identifier: Apache-2.0
#include "io/stop_signals.hpp"

#include <array>
#include <csignal>

#include <signal.h>

namespace aoe::cli {
namespace {

// The signal number received first, 0 for none: the only thing a handler
// touches.
volatile std::sig_atomic_t g_stop_signal = 0;

extern "C" void on_stop_signal(int signal) {
  if (g_stop_signal == 0) g_stop_signal = signal;
}

constexpr std::array<int, 3> kStopSignals{SIGINT, SIGTERM, SIGHUP};

// The handlers in place before (index as kStopSignals) and whether ours
// replaced each.
std::array<struct sigaction, 3> g_previous{};
std::array<bool, 3> g_installed{};

}  // namespace

std::string_view to_string(StopSignal signal) noexcept {
  switch (signal) {
    case StopSignal::none:
      return "";
    case StopSignal::interrupt:
      return "SIGINT";
    case StopSignal::terminate:
      return "SIGTERM";
    case StopSignal::hangup:
      return "SIGHUP";
  }
  return "";
}

StopSignals::StopSignals() {
  g_stop_signal = 0;
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: a wait ends at once
  for (std::size_t i = 0; i < kStopSignals.size(); ++i) {
    g_installed[i] = false;
    if (::sigaction(kStopSignals[i], nullptr, &g_previous[i]) != 0) continue;
    // `nohup` ignores SIGHUP so that the program outlives its terminal: it
    // stays ignored. SIGINT and SIGTERM are always caught (a shell's
    // background job starts with SIGINT ignored, and stopping it is still
    // asked for by sending it).
    if (kStopSignals[i] == SIGHUP && g_previous[i].sa_handler == SIG_IGN) continue;
    g_installed[i] = ::sigaction(kStopSignals[i], &sa, nullptr) == 0;
  }
}

StopSignals::~StopSignals() {
  for (std::size_t i = 0; i < kStopSignals.size(); ++i) {
    if (g_installed[i]) ::sigaction(kStopSignals[i], &g_previous[i], nullptr);
  }
}

StopSignal StopSignals::raised() const noexcept {
  switch (g_stop_signal) {
    case SIGINT:
      return StopSignal::interrupt;
    case SIGTERM:
      return StopSignal::terminate;
    case SIGHUP:
      return StopSignal::hangup;
    default:
      return StopSignal::none;
  }
}

}  // namespace aoe::cli

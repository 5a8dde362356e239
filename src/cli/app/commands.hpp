// SPDX-License-Identifier: Apache-2.0
// Every command's options, setup_ and run_ (one header per command, in its
// room commands/<name>/), for the dispatch in app.cpp and for tests.
#pragma once

#include "commands/bank/bank_command.hpp"
#include "commands/check/check_command.hpp"
#include "commands/diff/diff_command.hpp"
#include "commands/failed/failed_command.hpp"
#include "commands/locate/locate_command.hpp"
#include "commands/log/log_command.hpp"
#include "commands/ops/ops_command.hpp"
#include "commands/profile/profile_command.hpp"
#include "commands/report/report_command.hpp"
#include "commands/retune/retune_command.hpp"
#include "commands/show/show_command.hpp"
#include "commands/summary/summary_command.hpp"
#include "commands/trend/trend_command.hpp"
#include "commands/watch/watch_command.hpp"
#include "io/input_options.hpp"

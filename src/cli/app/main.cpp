// SPDX-License-Identifier: Apache-2.0
// aoe-result: maps what escapes the command line to an exit status.
#include <exception>
#include <iostream>
#include <new>

#include "aoe_result/error.hpp"

#include "app/app.hpp"
#include "core/context.hpp"

int main(int argc, char** argv) {
  constexpr int kInput = static_cast<int>(aoe::cli::Exit::input);
  try {
    return aoe::cli::run_app(argc, argv);
  } catch (const aoe::InputError& e) {
    std::cerr << "aoe-result: error: " << e.what() << '\n';
    return kInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "aoe-result: error: out of memory\n";
    return kInput;
  } catch (const std::exception& e) {
    std::cerr << "aoe-result: internal error: " << e.what() << '\n';
    return kInput;
  }
}

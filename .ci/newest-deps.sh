#!/usr/bin/env bash
# Builds and installs the newest upstream releases of the dependencies
# (../shared/deps, or DEPS_DIR) into one prefix, as each one's README says:
#   .ci/newest-deps.sh <prefix>
# then configure the project with -DCMAKE_PREFIX_PATH=<prefix>.
set -euo pipefail
prefix=$(realpath -m "${1:?usage: newest-deps.sh <prefix>}")
here=$(cd "$(dirname "$0")/.." && pwd)
deps=${DEPS_DIR:-$here/../shared/deps}
[ -d "$deps" ] || deps=/work/shared/deps
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$deps" && sha256sum -c --quiet SHA256SUMS)
for a in nlohmann_json-3.11.3 fmt-12.2.0 CLI11-2.7.2; do
  tar -xzf "$deps/$a.tar.gz" -C "$work"
done
jobs=$(nproc)
cmake -S "$work/nlohmann_json-3.11.3" -B "$work/b-json" -DJSON_BuildTests=OFF \
  -DCMAKE_INSTALL_PREFIX="$prefix" >/dev/null
cmake --install "$work/b-json" >/dev/null
cmake -S "$work/fmt-12.2.0" -B "$work/b-fmt" -DFMT_TEST=OFF -DFMT_DOC=OFF \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
  ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER} >/dev/null
cmake --build "$work/b-fmt" -j "$jobs" >/dev/null
cmake --install "$work/b-fmt" >/dev/null
cmake -S "$work/CLI11-2.7.2" -B "$work/b-cli11" -DCLI11_BUILD_TESTS=OFF \
  -DCLI11_BUILD_EXAMPLES=OFF -DCLI11_BUILD_DOCS=OFF -DCMAKE_INSTALL_PREFIX="$prefix" >/dev/null
cmake --install "$work/b-cli11" >/dev/null
echo "nlohmann_json 3.11.3, fmt 12.2.0, CLI11 2.7.2 installed in $prefix"

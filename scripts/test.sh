#!/usr/bin/env bash
# The test command: installs dependencies (Debian 12), configures, builds and
# runs the lit suite. Ends with one line "N passed, N failed[, N skipped]"
# and exits with lit's status.
#
#   bash scripts/test.sh              # build dir: <repo>/build
#   BUILD_DIR=/tmp/b bash scripts/test.sh
#   LIT_FILTER=smoke bash scripts/test.sh   (any lit env option works)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
LLVM_PREFIX=/usr/lib/llvm-19
CC=${CC:-$LLVM_PREFIX/bin/clang}
CXX=${CXX:-$LLVM_PREFIX/bin/clang++}

tests_ran=0
on_exit() {
  local rc=$?
  if [[ $tests_ran -eq 0 && $rc -ne 0 ]]; then
    echo "test.sh: failed before the tests ran (exit $rc)" >&2
    echo "0 passed, 1 failed"
  fi
}
trap on_exit EXIT

echo "== dependencies"
bash "$ROOT/scripts/install-deps.sh"

echo "== configure ($BUILD_DIR)"
cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" \
  -DCMAKE_BUILD_TYPE=Release \
  -DLLVM_DIR="$LLVM_PREFIX/lib/cmake/llvm" \
  -DCMAKE_C_COMPILER="$CC" \
  -DCMAKE_CXX_COMPILER="$CXX"

echo "== build"
cmake --build "$BUILD_DIR"

echo "== lit"
# The lit command CMake settled on (cache variable LIT_COMMAND).
lit_command=$(sed -n 's/^LIT_COMMAND:STRING=//p' "$BUILD_DIR/CMakeCache.txt")
if [[ -z $lit_command ]]; then
  lit_command="python3 $LLVM_PREFIX/build/utils/lit/lit.py"
fi
read -r -a lit_cmd <<<"$lit_command"
xml="$BUILD_DIR/test/lit-results.xml"
rm -f "$xml"
set +e
"${lit_cmd[@]}" -sv --xunit-xml-output "$xml" "$BUILD_DIR/test" </dev/null
lit_rc=$?
set -e
tests_ran=1

summary=$(python3 - "$xml" <<'PY'
import sys
import xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
except (OSError, ET.ParseError):
    print("none")
    sys.exit(0)
passed = failed = skipped = 0
for case in root.iter("testcase"):
    if case.find("failure") is not None or case.find("error") is not None:
        failed += 1
    elif case.find("skipped") is not None:
        skipped += 1
    else:
        passed += 1
line = "%d passed, %d failed" % (passed, failed)
if skipped:
    line += ", %d skipped" % skipped
print(line)
PY
)
if [[ $summary == none ]]; then
  echo "test.sh: lit wrote no results ($xml), exit $lit_rc" >&2
  summary="0 passed, 1 failed"
  [[ $lit_rc -ne 0 ]] || lit_rc=1
elif [[ $lit_rc -eq 0 && ! $summary =~ ' 0 failed' ]]; then
  lit_rc=1
fi
echo
echo "$summary"
exit "$lit_rc"

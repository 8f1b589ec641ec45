#!/usr/bin/env bash
# The test command: installs dependencies (Debian 12), configures, builds and
# runs the lit suite. Ends with one line "N passed, N failed[, N skipped]"
# and exits with lit's status.
#
#   bash scripts/test.sh              # LLVM 19, build dir: <repo>/build
#   LLVM_VERSION=22 bash scripts/test.sh    # LLVM 22, build dir: <repo>/build-llvm22
#   LLVM_PREFIX=/opt/llvm bash scripts/test.sh   # another installation
#                                     # (its version from its llvm-config)
#   BUILD_DIR=/tmp/b bash scripts/test.sh
#   LIT_FILTER=smoke bash scripts/test.sh   (any lit env option works)
#   ASSERTIONS=1 bash scripts/test.sh       # assert() kept (Release build)
#
# LLVM_VERSION is 16, 19 or 22 (the tested releases; default 19) and chooses the
# Debian packages, /usr/lib/llvm-$LLVM_VERSION and the compilers of the
# build. The default build dir is <repo>/build for 19 and
# <repo>/build-llvm<N> otherwise, so both can sit side by side.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -z ${LLVM_VERSION:-} && -n ${LLVM_PREFIX:-} && -x $LLVM_PREFIX/bin/llvm-config ]]; then
  LLVM_VERSION=$("$LLVM_PREFIX/bin/llvm-config" --version)
  LLVM_VERSION=${LLVM_VERSION%%.*}
fi
LLVM_VERSION=${LLVM_VERSION:-19}
if [[ ! $LLVM_VERSION =~ ^[0-9]+$ ]]; then
  echo "test.sh: LLVM_VERSION must be a major version (16, 19 or 22), not '$LLVM_VERSION'" >&2
  exit 2
fi
LLVM_PREFIX=${LLVM_PREFIX:-/usr/lib/llvm-$LLVM_VERSION}
if [[ $LLVM_VERSION == 19 ]]; then
  BUILD_DIR=${BUILD_DIR:-$ROOT/build}
else
  BUILD_DIR=${BUILD_DIR:-$ROOT/build-llvm$LLVM_VERSION}
fi
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

echo "== dependencies (LLVM $LLVM_VERSION)"
if [[ $LLVM_PREFIX == "/usr/lib/llvm-$LLVM_VERSION" ]]; then
  bash "$ROOT/scripts/install-deps.sh" "$LLVM_VERSION"
else
  bash "$ROOT/scripts/install-deps.sh" --no-llvm   # an LLVM of one's own
fi

echo "== configure ($BUILD_DIR, LLVM $LLVM_VERSION: $LLVM_PREFIX)"
cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCACHELINE_ENABLE_ASSERTIONS="$([[ ${ASSERTIONS:-0} == 1 ]] && echo ON || echo OFF)" \
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
  [[ -e $LLVM_PREFIX/build/utils/lit/lit.py ]] || lit_command=$LLVM_PREFIX/bin/lit
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

#!/usr/bin/env bash
# Installs what building and testing cacheline-layout needs, from Debian 12
# (bookworm) packages. Idempotent and fast when everything is present: apt
# runs only if a package is missing. Works on a debootstrap minbase system
# as root (no sudo, no ca-certificates, no apt lists needed beforehand).
#
#   bash scripts/install-deps.sh            # LLVM 19 (the default release)
#   bash scripts/install-deps.sh 22         # LLVM 22 instead
#   bash scripts/install-deps.sh 16 19 22   # all three (CI tests each)
#   bash scripts/install-deps.sh --no-llvm  # only the rest (own LLVM_PREFIX)
#
# The tested LLVM releases are 16, 19 and 22 (CMakeLists.txt). LLVM 22 is
# in Debian 12's security archive (bookworm-security): apt must have it in
# its sources, as a Debian 12 installation does.
set -euo pipefail

log() { echo "install-deps: $*" >&2; }

LLVM_VERSIONS=()
for arg in "$@"; do
  case $arg in
    16|19|22) LLVM_VERSIONS+=("$arg") ;;
    --no-llvm) LLVM_VERSIONS=(none) ;;
    *) log "usage: install-deps.sh [16] [19] [22] | --no-llvm (got '$arg'; tested LLVM releases: 16, 19, 22)"; exit 2 ;;
  esac
done
[[ ${#LLVM_VERSIONS[@]} -gt 0 ]] || LLVM_VERSIONS=(19)
[[ ${LLVM_VERSIONS[0]} != none ]] || LLVM_VERSIONS=()

PACKAGES=(
  cmake ninja-build python3 make libc6-dev libstdc++-12-dev binutils file
  gcc gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static
  csmith libcsmith-dev gdb libgtest-dev
)
# lit as llvm-N-tools ships it: a script up to LLVM 19, a command from 22 on.
lit_of() {  # VERSION PREFIX
  if (( $1 >= 22 )); then echo "$2/bin/lit"; else echo "$2/build/utils/lit/lit.py"; fi
}
# Files that must exist afterwards (a package can be "installed" yet broken).
REQUIRED_FILES=()
for v in "${LLVM_VERSIONS[@]}"; do
  PACKAGES+=("clang-$v" "lld-$v" "llvm-$v-dev" "llvm-$v-tools" "libclang-rt-$v-dev")
  LLVM_PREFIX=/usr/lib/llvm-$v
  REQUIRED_FILES+=(
    "$LLVM_PREFIX/lib/cmake/llvm/LLVMConfig.cmake"
    "$(lit_of "$v" "$LLVM_PREFIX")"
    "$LLVM_PREFIX/bin/clang"
    "$LLVM_PREFIX/bin/clang++"
    "$LLVM_PREFIX/bin/ld.lld"
    "$LLVM_PREFIX/bin/opt"
    "$LLVM_PREFIX/bin/FileCheck"
    "$LLVM_PREFIX/bin/not"
    "$LLVM_PREFIX/bin/count"
    "$LLVM_PREFIX/bin/llvm-config"
  )
done
REQUIRED_COMMANDS=(cmake ninja python3 make csmith gdb)

missing_packages() {
  local p status
  if ! command -v dpkg-query >/dev/null 2>&1; then
    return 0
  fi
  for p in "${PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ $status == "install ok installed" ]] || echo "$p"
  done
}

missing_files() {
  local f c
  for f in "${REQUIRED_FILES[@]}"; do [[ -e $f ]] || echo "$f"; done
  for c in "${REQUIRED_COMMANDS[@]}"; do
    command -v "$c" >/dev/null 2>&1 || echo "command:$c"
  done
}

mapfile -t missing < <(missing_packages)
mapfile -t missing_f < <(missing_files)

if [[ ${#missing[@]} -eq 0 && ${#missing_f[@]} -eq 0 ]]; then
  log "all dependencies present"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  log "missing: ${missing[*]} ${missing_f[*]}; this script installs them only on Debian 12 (apt-get not found)"
  exit 1
fi

if [[ $(id -u) -ne 0 ]]; then
  echo "install-deps: missing packages (${missing[*]:-files: ${missing_f[*]}}); run as root: apt-get install -y ${PACKAGES[*]}" >&2
  exit 1
fi

if [[ -r /etc/os-release ]]; then
  # shellcheck disable=SC1091
  . /etc/os-release
  if [[ ${VERSION_CODENAME:-} != bookworm ]]; then
    log "warning: expected Debian 12 (bookworm), found ${PRETTY_NAME:-unknown}; trying anyway"
  fi
fi

export DEBIAN_FRONTEND=noninteractive
apt_opts=(-y -q --no-install-recommends)
if [[ ${#missing[@]} -eq 0 ]]; then
  # Every package is installed, yet files are gone: reinstall them all.
  missing=("${PACKAGES[@]}")
  apt_opts+=(--reinstall)
fi
log "installing: ${missing[*]}"
apt-get update -q </dev/null
# A package apt has no candidate for: one line saying where it comes from.
for p in "${missing[@]}"; do
  policy=$(apt-cache policy "$p" 2>/dev/null || true)
  if [[ ! $policy =~ Candidate:\ [0-9] ]]; then
    case $p in
      *-22|*-22-*) log "$p is not in apt's sources: LLVM 22 is in Debian 12's security archive (bookworm-security); add that suite to apt's sources" ;;
      *) log "$p is not in apt's sources" ;;
    esac
    exit 1
  fi
done
apt-get install "${apt_opts[@]}" "${missing[@]}" </dev/null

mapfile -t still_missing < <(missing_files)
if [[ ${#still_missing[@]} -gt 0 ]]; then
  log "still missing after apt-get install: ${still_missing[*]}"
  exit 1
fi
log "done"

#!/usr/bin/env bash
# Developer check (not CI): proves that `.ci/run` installs everything it
# needs on a minimal Debian 12 system. Builds a debootstrap minbase bookworm
# chroot (kept and reused across runs), copies a clean export of the repo
# into it and runs `bash .ci/run` there with CI=true and no stdin.
#
#   sudo bash utils/check-fresh-debian.sh [options] [REPO]
#     REPO          repo to export (default: the one holding this script)
#     --pristine    reset the chroot to the bare minbase state first (from a
#                   saved tarball; downloaded .debs stay cached), so the
#                   install step is proven again from scratch
#     --rebuild     delete the chroot and its minbase tarball; debootstrap anew
#     --worktree    export the working tree even if HEAD exists
#                   (default: `git clone` of HEAD when there is a commit,
#                   else the working tree minus build/ and .git)
#   env CHROOT_BASE (default /work/chroot), MIRROR (default: the first deb
#                   URI of this machine's apt configuration, utils/apt-sources)
set -euo pipefail

SCRIPT_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CHROOT_BASE=${CHROOT_BASE:-/work/chroot}
MIRROR=${MIRROR:-$(python3 "$SCRIPT_REPO/utils/apt-sources" deb-uri)}
SUITE=bookworm
ROOTFS=$CHROOT_BASE/$SUITE-minbase
TARBALL=$CHROOT_BASE/$SUITE-minbase.tar
APT_CACHE=$CHROOT_BASE/apt-archives
SRC_IN_CHROOT=/src/cacheline-layout

pristine=0 rebuild=0 worktree=0 repo=
while [[ $# -gt 0 ]]; do
  case $1 in
    --pristine) pristine=1 ;;
    --rebuild) rebuild=1 ;;
    --worktree) worktree=1 ;;
    -h|--help) sed -n '2,19p' "${BASH_SOURCE[0]}"; exit 0 ;;
    -*) echo "unknown option: $1" >&2; exit 2 ;;
    *) repo=$1 ;;
  esac
  shift
done
REPO=$(cd "${repo:-$SCRIPT_REPO}" && pwd)

log() { echo "check-fresh-debian: $*" >&2; }

if [[ $(id -u) -ne 0 ]]; then
  log "must run as root (debootstrap, mount, chroot)"
  exit 1
fi
case $ROOTFS in
  /*/*) ;;
  *) log "refusing suspicious chroot path: $ROOTFS"; exit 1 ;;
esac

# --- mounts -------------------------------------------------------------------
mounts_under() {  # mount points at or below $1, deepest first
  awk -v root="$1" '$5 == root || index($5, root "/") == 1 { print $5 }' \
    /proc/self/mountinfo | sort -r
}
unmount_all() {
  local m
  for m in $(mounts_under "$ROOTFS"); do
    umount "$m" 2>/dev/null || umount -l "$m" || log "could not unmount $m"
  done
}
assert_unmounted() {
  if [[ -n $(mounts_under "$ROOTFS") ]]; then
    log "still mounted under $ROOTFS, refusing to delete it:"
    mounts_under "$ROOTFS" >&2
    exit 1
  fi
}
wipe_rootfs() {
  unmount_all
  assert_unmounted
  rm -rf --one-file-system "$ROOTFS"
}
trap unmount_all EXIT
trap 'exit 130' INT TERM

unmount_all   # leftovers of an interrupted run

# --- the chroot -----------------------------------------------------------------
mkdir -p "$CHROOT_BASE" "$APT_CACHE"
if [[ $rebuild -eq 1 ]]; then
  log "removing $ROOTFS and $TARBALL"
  wipe_rootfs
  rm -f "$TARBALL"
fi
if [[ $pristine -eq 1 && -e $ROOTFS ]]; then
  log "resetting $ROOTFS to bare minbase"
  wipe_rootfs
fi
if [[ ! -f $ROOTFS/.minbase-complete ]]; then
  wipe_rootfs
  if [[ -f $TARBALL ]]; then
    log "unpacking saved minbase $TARBALL"
    mkdir -p "$ROOTFS"
    tar -C "$ROOTFS" -xpf "$TARBALL"
  else
    if ! command -v debootstrap >/dev/null 2>&1; then
      log "installing debootstrap"
      DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap </dev/null
    fi
    log "debootstrap --variant=minbase $SUITE $ROOTFS $MIRROR"
    debootstrap --variant=minbase "$SUITE" "$ROOTFS" "$MIRROR"
    # Empty the .deb cache so the tarball is the bare system.
    rm -f "$ROOTFS"/var/cache/apt/archives/*.deb
    tar -C "$ROOTFS" --one-file-system -cpf "$TARBALL.tmp" .
    mv "$TARBALL.tmp" "$TARBALL"
  fi
  touch "$ROOTFS/.minbase-complete"
else
  log "reusing $ROOTFS (--pristine to reset it to bare minbase)"
fi

# --- the source -----------------------------------------------------------------
dest=$ROOTFS$SRC_IN_CHROOT
rm -rf --one-file-system "$dest"
mkdir -p "$(dirname "$dest")"
if [[ $worktree -eq 0 ]] && git -C "$REPO" rev-parse --verify -q HEAD >/dev/null 2>&1; then
  log "git clone $REPO (HEAD $(git -C "$REPO" rev-parse --short HEAD); uncommitted changes are NOT included, --worktree for them)"
  git clone -q --no-local "$REPO" "$dest"
else
  log "exporting the working tree of $REPO (without build/ and .git)"
  mkdir -p "$dest"
  tar -C "$REPO" --exclude=./.git --exclude=./build -cf - . | tar -C "$dest" -xf -
fi

# --- run ------------------------------------------------------------------------
cp -L /etc/resolv.conf "$ROOTFS/etc/resolv.conf"
# This machine's apt configuration: a Debian 12 installation has its
# security archive (LLVM 22's packages) as well as the release, and
# debootstrap writes the release only.
python3 "$SCRIPT_REPO/utils/apt-sources" deb-sources > "$ROOTFS/etc/apt/sources.list.d/host.sources"
rm -f "$ROOTFS/etc/apt/sources.list"
mkdir -p "$ROOTFS/proc" "$ROOTFS/sys" "$ROOTFS/dev" "$ROOTFS/var/cache/apt/archives"
mount -t proc proc "$ROOTFS/proc"
mount --bind /dev "$ROOTFS/dev"
if [[ -d /dev/pts ]]; then mount --bind /dev/pts "$ROOTFS/dev/pts" || true; fi
mount -t sysfs sysfs "$ROOTFS/sys" 2>/dev/null || mount --bind /sys "$ROOTFS/sys"
# Keep downloaded .debs outside the chroot so --pristine need not fetch again.
mount --bind "$APT_CACHE" "$ROOTFS/var/cache/apt/archives"

log "running .ci/run in the chroot"
start=$(date +%s)
set +e
chroot "$ROOTFS" /usr/bin/env -i \
  HOME=/root TERM=dumb LANG=C.UTF-8 CI=true \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  /bin/bash -c "cd '$SRC_IN_CHROOT' && bash .ci/run" </dev/null
rc=$?
set -e
log "chroot run: exit $rc after $(( $(date +%s) - start ))s"
exit "$rc"

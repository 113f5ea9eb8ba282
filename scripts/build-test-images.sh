#!/usr/bin/env bash
# Builds the sandbox images the tests and examples use, from Debian packages only
# (no public registry is reachable from CI). An image that already exists is reused.
set -euo pipefail

IMAGE="${SANDBOX_GATE_TEST_IMAGE:-sandbox-gate-test/bookworm:1}"
PACKAGES="python3,nodejs,php-cli,ca-certificates"
# A 1 MB image (static busybox: sh, tar) for the registry tests, where every push and pull is timed.
SMALL_IMAGE="sandbox-gate-test/busybox:1"

log() { echo "build-test-images: $*" >&2; }

have() { docker image inspect "$1" >/dev/null 2>&1; }

build_small() {
  local dir
  dir=$(mktemp -d)
  (cd "$dir" && apt-get download busybox-static >/dev/null 2>&1) || { apt-get update -qq && (cd "$dir" && apt-get download busybox-static >/dev/null); }
  mkdir -p "$dir/root/bin" "$dir/root/work" "$dir/root/tmp"
  dpkg-deb -x "$dir"/busybox-static_*.deb "$dir/pkg"
  cp "$dir/pkg/bin/busybox" "$dir/root/bin/busybox"
  for tool in sh tar cat echo sleep id ls env; do ln -s busybox "$dir/root/bin/$tool"; done
  tar -C "$dir/root" -cf "$dir/root.tar" .
  docker import --change 'ENV PATH=/bin' "$dir/root.tar" "$SMALL_IMAGE" >/dev/null
  rm -rf "$dir"
  log "built $SMALL_IMAGE"
}

have "$SMALL_IMAGE" || build_small

if have "$IMAGE"; then
  log "$IMAGE already present"
  exit 0
fi

if ! command -v mmdebstrap >/dev/null 2>&1; then
  log "installing mmdebstrap"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq mmdebstrap >/dev/null
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
log "building $IMAGE ($PACKAGES)"
# Docs, man pages and locales are dropped to keep the image small; nothing here needs them.
mmdebstrap --quiet --variant=apt --include="$PACKAGES" \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  bookworm "$tmp/rootfs.tar"
docker import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  "$tmp/rootfs.tar" "$IMAGE" >/dev/null
log "built $IMAGE"

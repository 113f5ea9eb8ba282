#!/usr/bin/env bash
# Builds the sandbox images the tests and examples use, from Debian packages only
# (no public registry is reachable from CI). An image that already exists is reused.
set -euo pipefail

IMAGE="${SANDBOX_GATE_TEST_IMAGE:-sandbox-gate-test/bookworm:1}"
PACKAGES="python3,nodejs,php-cli,ca-certificates"

log() { echo "build-test-images: $*" >&2; }

if docker image inspect "$IMAGE" >/dev/null 2>&1; then
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

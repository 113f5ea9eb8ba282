#!/usr/bin/env bash
# Builds the sandbox images the tests and examples use, from Debian packages only
# (no public registry is reachable from CI). An image that already exists is reused.
set -euo pipefail

IMAGE="${SANDBOX_GATE_TEST_IMAGE:-sandbox-gate-test/bookworm:1}"
PACKAGES="python3,nodejs,php-cli,ca-certificates"
# A 1 MB image (static busybox: sh, tar) for the registry tests, where every push and pull is timed.
SMALL_IMAGE="sandbox-gate-test/busybox:1"
# The main image with Node 24 over Debian's 18: the typescript preset needs Node's own type stripping.
NODE24_IMAGE="sandbox-gate-test/node24:1"
# A repository's own tools: pip and venv (a setup that installs a dependency offline) and pytest.
PYTHON_DEV_IMAGE="sandbox-gate-test/python-dev:1"
PYTHON_DEV_PACKAGES="python3,python3-pip,python3-venv,python3-pytest,ca-certificates"
# A service for the `services` tests: Debian's Redis, listening on every address of its network (no
# config file: bind is all, protected mode off, since the sandbox reaches it from another address), no
# snapshots. EXPOSE says which port readiness waits for.
REDIS_IMAGE="sandbox-gate-test/redis:1"
REDIS_PACKAGES="redis-server"
REDIS_CHANGES=(--change 'EXPOSE 6379' --change 'CMD ["redis-server", "--protected-mode", "no", "--save", ""]')

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

# mmdebstrap's bookworm with the given packages, imported as the given image, with any further
# `docker import --change` arguments.
build_debian() {
  local image=$1 packages=$2
  shift 2
  if ! command -v mmdebstrap >/dev/null 2>&1; then
    log "installing mmdebstrap"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq mmdebstrap >/dev/null
  fi
  local tmp
  tmp=$(mktemp -d)
  log "building $image ($packages)"
  # Docs, man pages and locales are dropped to keep the image small; nothing here needs them.
  mmdebstrap --quiet --variant=apt --include="$packages" \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    bookworm "$tmp/rootfs.tar"
  docker import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' "$@" \
    "$tmp/rootfs.tar" "$image" >/dev/null
  rm -rf "$tmp"
  log "built $image"
}

# Node 24 comes from the npm registry (the `node` package ships the official binary), the same one the
# bundled-action tests run the action on; it needs only glibc and libstdc++, which the main image has.
build_node24() {
  local node dir
  node=$(npx -y node@24 -e 'process.stdout.write(process.execPath)')
  dir=$(mktemp -d)
  cp "$node" "$dir/node"
  printf 'FROM %s\nCOPY node /usr/local/bin/node\n' "$IMAGE" > "$dir/Dockerfile"
  docker build --quiet --tag "$NODE24_IMAGE" "$dir" >/dev/null
  rm -rf "$dir"
  log "built $NODE24_IMAGE ($(docker run --rm "$NODE24_IMAGE" node --version))"
}

if have "$IMAGE"; then log "$IMAGE already present"; else build_debian "$IMAGE" "$PACKAGES"; fi
if have "$PYTHON_DEV_IMAGE"; then log "$PYTHON_DEV_IMAGE already present"; else build_debian "$PYTHON_DEV_IMAGE" "$PYTHON_DEV_PACKAGES"; fi
if have "$REDIS_IMAGE"; then log "$REDIS_IMAGE already present"; else build_debian "$REDIS_IMAGE" "$REDIS_PACKAGES" "${REDIS_CHANGES[@]}"; fi
if have "$NODE24_IMAGE"; then log "$NODE24_IMAGE already present"; else build_node24; fi

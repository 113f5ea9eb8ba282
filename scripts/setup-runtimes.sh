#!/usr/bin/env bash
# Installs the stronger runtimes the tests prove (gVisor's runsc, podman) from Debian and registers
# runsc with dockerd. Run after setup-engine.sh and before any test: dockerd only reloads its config
# (SIGHUP; running containers are untouched), it is never restarted here. Safe to run again.
set -euo pipefail

log() { echo "setup-runtimes: $*" >&2; }

CONFIG=/etc/docker/daemon.json

missing=()
command -v runsc >/dev/null 2>&1 || missing+=(runsc)
command -v podman >/dev/null 2>&1 || missing+=(podman)
# podman's --init needs catatonit; docker brings its own docker-init.
[ -x /usr/libexec/podman/catatonit ] || [ -x /usr/bin/catatonit ] || missing+=(catatonit)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if docker info --format '{{json .Runtimes}}' | grep -q '"runsc"'; then
  log "runsc already registered"
  exit 0
fi

# Merged into any existing config. --network=none inside gVisor too: the sandbox gets no netstack
# beyond loopback even if a future flag gave the container a network.
mkdir -p "$(dirname "$CONFIG")"
node - "$CONFIG" "$(command -v runsc)" <<'EOF'
const fs = require("node:fs");
const [path, runsc] = process.argv.slice(2);
const config = fs.existsSync(path) ? JSON.parse(fs.readFileSync(path, "utf8")) : {};
config.runtimes = { ...config.runtimes, runsc: { path: runsc, runtimeArgs: ["--network=none"] } };
fs.writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
EOF

pid=$(cat /var/run/docker.pid 2>/dev/null || pgrep -xo dockerd)
log "reloading dockerd (pid $pid) with runsc registered"
kill -HUP "$pid"
for _ in $(seq 1 30); do
  if docker info --format '{{json .Runtimes}}' | grep -q '"runsc"'; then
    log "runsc registered"
    exit 0
  fi
  sleep 1
done
log "dockerd did not pick up runsc from $CONFIG"
exit 1

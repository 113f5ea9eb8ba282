#!/usr/bin/env bash
# The README's first command (`npm run setup`): everything the gate and its whole suite need on a fresh
# Debian 12 machine, as root, then the gate on the bundled example. CI (.ci/run) runs exactly this, so what
# CI proves is what the README promises. Safe to run again: what is there already is kept.
set -euo pipefail
cd "$(dirname "$0")/.."

# A Docker engine (docker.io), the local registry and bubblewrap (isolation: namespace).
bash scripts/setup-engine.sh
# gVisor (runsc) and podman, which the runtime tests prove; reloads dockerd, so before any test runs.
bash scripts/setup-runtimes.sh
# The sandbox images, built from Debian's packages (no public registry is reachable or needed).
bash scripts/build-test-images.sh
npm ci --no-audit --no-fund
# The gate on examples/, each verdict checked against what the example means to show.
bash scripts/try-example.sh

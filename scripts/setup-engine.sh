#!/usr/bin/env bash
# Makes a Docker engine answer on this machine, installing and starting one when needed.
# Used by .ci/run and by the README's set-up; safe to run again.
set -euo pipefail

log() { echo "setup-engine: $*" >&2; }

# docker-registry: a real local registry for the pull-path tests (no public one is reachable).
# bubblewrap: the seccomp-bpf unit test loads the compiled docker profile with `bwrap --seccomp`.
# acct (340 kB): `npm run bench` counts each candidate's execs by command name with its accton; the bench
# accounts into a file of its own while it runs, then turns accounting off (or back to Debian's own file).
missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v docker-registry >/dev/null 2>&1 || missing+=(docker-registry)
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
command -v accton >/dev/null 2>&1 || missing+=(acct)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if docker info >/dev/null 2>&1; then
  log "engine already running"
  exit 0
fi

log "starting dockerd"
mkdir -p /var/log
nohup dockerd >/var/log/sandbox-gate-dockerd.log 2>&1 &

for _ in $(seq 1 60); do
  if docker info >/dev/null 2>&1; then
    log "engine up"
    exit 0
  fi
  sleep 1
done
log "dockerd did not answer within 60 s; last lines of its log:"
tail -n 20 /var/log/sandbox-gate-dockerd.log >&2 || true
exit 1

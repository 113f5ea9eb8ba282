#!/usr/bin/env bash
# dist/ is what GitHub runs: it must be exactly what a fresh build of src/ gives.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build >/dev/null
if [ -n "$(git status --porcelain -- dist)" ]; then
  echo "check-dist: dist/ differs from a fresh build of src/; run 'npm run build' and commit dist/:" >&2
  git status --short -- dist >&2
  git --no-pager diff --stat -- dist >&2
  exit 1
fi
echo "check-dist: dist/ matches a fresh build"

#!/usr/bin/env bash
# CI: the unit suite (vitest, embedded database) once more on Node.js 24, the newer LTS, so the move
# is proven, not assumed. The `node` package of the npm registry provides the binary (no download
# step outside npm); it is put first on PATH so the suite's child processes (tsx, the CLI) run on it too.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
node24="$(npx -y node@24 -p process.execPath)"
export PATH="$(dirname "$node24"):$PATH"
echo "unit tests on $(node -v) ($node24)"
case "$(node -v)" in v24.*) ;; *) echo "expected Node.js 24, got $(node -v)" >&2; exit 1 ;; esac
node node_modules/vitest/vitest.mjs run "$@"

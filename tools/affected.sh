#!/usr/bin/env bash
# Runs the CI targets for the projects changed since a base, working tree included.
#   tools/affected.sh                    # base origin/main, else HEAD~1
#   tools/affected.sh v1.4.0             # any git revision
#   tools/affected.sh origin/main list   # only print the affected projects
#   TARGETS=test,build tools/affected.sh # other targets (default lint,typecheck,test,build,e2e)
set -euo pipefail
cd "$(dirname "$0")/.."

base="${1:-}"
if [ -z "$base" ]; then
  if git rev-parse --verify --quiet origin/main >/dev/null; then base=origin/main; else base=HEAD~1; fi
fi
git rev-parse --verify --quiet "$base^{commit}" >/dev/null || { echo "affected.sh: unknown git revision '$base'" >&2; exit 2; }

export NX_DAEMON=false NX_NO_CLOUD=true
if [ "${2:-}" = "list" ]; then
  exec npx nx show projects --affected --base="$base"
fi
echo "Affected since $base:" $(npx nx show projects --affected --base="$base")
exec npx nx affected -t "${TARGETS:-lint,typecheck,test,build,e2e}" --base="$base"

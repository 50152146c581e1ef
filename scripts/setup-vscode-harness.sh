#!/usr/bin/env bash
# Installs the VS Code test harness into the ignored .tools/ folder:
#   code-server 4.100.3 (= VS Code 1.100.3, the newest whose engines accept Node 20), pinned exactly,
#   plus the Debian packages it needs: chromium (the browser playwright-core drives),
#   fonts-nanum (Korean glyphs for screenshots of the workbench in Korean), libkrb5-dev (headers for
#   code-server's `kerberos` source build) and ripgrep (seeds @vscode/ripgrep, see below).
# Idempotent: a stamp file makes a second run return in milliseconds.
# Works offline except for the npm registry and Debian's apt (docs/decisions.md › VS Code test harness).
#
# Usage: scripts/setup-vscode-harness.sh          (prints the code-server path on its last line)
# Env:   OKSTRA_TOOLS_DIR  install root (default <repo>/.tools)
#        OKSTRA_SETUP_PROGRESS_SECONDS  how often the install says it is still going (default 15)
set -euo pipefail

CODE_SERVER_VERSION=4.100.3          # keep in sync with test/runner/harness.mjs
RIPGREP_PKG_VERSION=1.15.11          # @vscode/ripgrep pinned by code-server 4.100.3's lib/vscode
RIPGREP_BIN_VERSION=v13.0.0-10       # the ripgrep release that @vscode/ripgrep version downloads

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools=${OKSTRA_TOOLS_DIR:-$repo/.tools}
harness=$tools/vscode-harness
stamp=$harness/.installed-code-server-$CODE_SERVER_VERSION
code_server=$harness/node_modules/.bin/code-server

log() { echo "[setup-vscode-harness] $*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@";
  elif command -v sudo >/dev/null; then sudo -n "$@";
  else log "need root to run: $*  (install these Debian packages yourself and re-run)"; return 1; fi
}

# apt packages: install only the ones that are missing, in one apt call.
ensure_apt() {
  local missing=()
  for p in "$@"; do
    case $p in
      chromium) [ -x /usr/bin/chromium ] || missing+=("$p") ;;
      *) dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p") ;;
    esac
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "apt-get install ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

mkdir -p "$tools"
exec 9>"$tools/.setup.lock"
flock 9   # two concurrent `npm test` runs must not install into the same folder at once

if [ -f "$stamp" ] && [ -x "$code_server" ]; then
  # chromium: the only run-time system dependency; fonts-nanum: Korean glyphs, so that screenshots of the
  # workbench in Korean (test/ui) show text instead of empty boxes.
  ensure_apt chromium fonts-nanum
  echo "$code_server"
  exit 0
fi

started=$(date +%s)
ensure_apt chromium fonts-nanum libkrb5-dev ripgrep

# A private TMPDIR keeps the install's scratch files (and the ripgrep cache below) out of the shared /tmp.
export TMPDIR=$tools/tmp
mkdir -p "$TMPDIR"

# @vscode/ripgrep's postinstall downloads rg from GitHub, which this machine cannot reach. It first looks for
# $TMPDIR/vscode-ripgrep-cache-<pkg version>/ripgrep-<release>-<target>.tar.gz: seed that with Debian's rg.
case $(uname -m) in
  x86_64) rg_target=x86_64-unknown-linux-musl ;;
  aarch64) rg_target=aarch64-unknown-linux-musl ;;
  *) log "unsupported architecture $(uname -m)"; exit 1 ;;
esac
rg_cache=$TMPDIR/vscode-ripgrep-cache-$RIPGREP_PKG_VERSION
rg_tgz=$rg_cache/ripgrep-$RIPGREP_BIN_VERSION-$rg_target.tar.gz
if [ ! -f "$rg_tgz" ]; then
  mkdir -p "$rg_cache"
  d=$(mktemp -d); cp "$(command -v rg)" "$d/rg"
  tar czf "$rg_tgz" -C "$d" rg; rm -rf "$d"
fi

# node-gyp must find Node's headers locally (it would otherwise download them from nodejs.org).
if [ -z "${npm_config_nodedir:-}" ]; then
  node_prefix=$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")
  if [ -f "$node_prefix/include/node/node.h" ]; then export npm_config_nodedir=$node_prefix;
  else log "warning: no Node headers under $node_prefix/include/node; node-gyp may try to download them"; fi
fi

mkdir -p "$harness"
cd "$harness"
[ -f package.json ] || echo '{ "name": "okstra-vscode-harness", "private": true }' > package.json
# unsafe_perm: code-server's postinstall refuses to run as root without it (npm 11 warns "Unknown env config"; harmless).
# yes: node-pty's post-install runs `npx node-gyp`; a `yes=false` in ~/.npmrc makes npx cancel the whole install.
export npm_config_unsafe_perm=true npm_config_yes=true npm_config_update_notifier=false
# The install takes minutes (native builds) and prints to install.log: say every few seconds that it is still going.
progress_every=${OKSTRA_SETUP_PROGRESS_SECONDS:-15}
log "npm install code-server@$CODE_SERVER_VERSION into $harness: native builds, a few minutes; log: $harness/install.log"
npm install --no-audit --no-fund --save-exact --loglevel=error "code-server@$CODE_SERVER_VERSION" > "$harness/install.log" 2>&1 &
npm_pid=$!
elapsed=0
while kill -0 "$npm_pid" 2>/dev/null; do
  sleep 1
  elapsed=$((elapsed + 1))
  if [ $((elapsed % progress_every)) -eq 0 ] && kill -0 "$npm_pid" 2>/dev/null; then
    installed=$( (find "$harness/node_modules" -mindepth 1 -maxdepth 1 2>/dev/null || true) | wc -l)
    log "still installing code-server: ${elapsed}s, $installed packages so far"
  fi
done
if ! wait "$npm_pid"; then
  tail -n 60 "$harness/install.log" >&2
  log "code-server install failed; full log: $harness/install.log"
  exit 1
fi
# (XDG dirs: even --version writes ~/.config/code-server/config.yaml otherwise)
XDG_CONFIG_HOME=$TMPDIR/xdg-config XDG_DATA_HOME=$TMPDIR/xdg-data "$code_server" --version >/dev/null 2>&1 || { log "code-server does not start; see $harness/install.log"; exit 1; }
rm -rf "$TMPDIR"
touch "$stamp"
log "installed code-server $CODE_SERVER_VERSION in $(( $(date +%s) - started ))s"
echo "$code_server"

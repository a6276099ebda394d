#!/usr/bin/env bash
# Builds the playground into web/dist from a fresh clone, installing what it needs:
# the wasm32 target (rustup), wasm-bindgen-cli at the version of the wasm-bindgen crate
# in Cargo.lock (the glue it writes must match the crate), and the npm packages of
# web/package-lock.json. Then `tabula serve` serves web/dist.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}

if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    echo "installing wasm-bindgen-cli $version"
    cargo install --quiet wasm-bindgen-cli --version "$version"
fi

cargo build --quiet -p tabula-web --profile web --target wasm32-unknown-unknown
rm -rf web/dist
mkdir -p web/dist
wasm-bindgen --target web --out-dir web/dist/pkg "$target/wasm32-unknown-unknown/web/tabula_web.wasm"

cd web
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
fi
node build.mjs

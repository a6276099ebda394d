#!/bin/sh
# Runs every fuzz target for a budget: FUZZ_SECONDS each (60 by default), with the
# bounds of docs/limits.md (1 GB, 10 s an input). Fails at the first finding, which
# libFuzzer writes to fuzz/artifacts/TARGET/. Installs cargo-fuzz from crates.io when it
# is missing, and builds on the stable compiler: without a sanitizer (coverage only;
# the sanitizers' run-time libraries come with nightly compilers alone), and with
# RUSTC_BOOTSTRAP=1, which lets stable accept the flags cargo-fuzz passes.
# Usage: fuzz/run.sh [TARGET...]   (all five by default)
set -eu
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=${*:-rules state record moves gnubg}
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install --locked cargo-fuzz
fi
cargo build --release
TABULA=${TABULA:-target/release/tabula} fuzz/seed.sh
mkdir -p fuzz/logs
for t in $targets; do
  echo "fuzzing $t for $seconds s"
  status=0
  RUSTC_BOOTSTRAP=1 cargo fuzz run --sanitizer none -O "$t" "fuzz/corpus/$t" -- \
    -max_total_time="$seconds" -rss_limit_mb=1024 -timeout=10 -print_final_stats=1 \
    >"fuzz/logs/$t.log" 2>&1 || status=$?
  grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "fuzz/logs/$t.log" || true
  if [ "$status" -ne 0 ]; then
    tail -n 40 "fuzz/logs/$t.log"
    echo "fuzz target $t found a failing input (fuzz/artifacts/$t/)" >&2
    exit 1
  fi
done
echo "every fuzz target ran $seconds s without a finding"

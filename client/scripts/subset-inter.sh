#!/usr/bin/env bash
# Makes client/src/styles/fonts/inter-core.woff2: @fontsource's Inter (variable weight, Latin) cut to
# the unicode-range that src/styles/fonts.css declares for it, keeping kerning and tabular figures
# (decision 0051). Run it after upgrading @fontsource-variable/inter or widening that range, and
# commit the file: the build does not need fonttools.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash ../scripts/ensure-packages.sh fonttools=pyftsubset
range=$(sed -n 's/^ *unicode-range: *\(.*\);$/\1/p' src/styles/fonts.css | tr -d ' ')
[ -n "$range" ] || { echo "subset-inter: no unicode-range in src/styles/fonts.css" >&2; exit 1; }
pyftsubset ../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 \
  --unicodes="$range" --layout-features=kern,tnum --flavor=woff2 --output-file=src/styles/fonts/inter-core.woff2
echo "src/styles/fonts/inter-core.woff2: $(stat -c %s src/styles/fonts/inter-core.woff2) bytes for $range"

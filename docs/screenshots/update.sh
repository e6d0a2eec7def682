#!/bin/sh
# Remakes the README's screenshots: runs the screenshot tests (a real run of
# the demo workload, replays of recorded sessions, under Xvfb in the light,
# dark and 2x looks) and copies the pictures the README shows into this
# folder. Usage: docs/screenshots/update.sh [BUILD_DIR]   (default build/release)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build/release}
ctest --test-dir "$build" -R '^test_screenshot' --output-on-failure
shots=$build/tests/widgets/shell/screenshots
# SOURCE (look/file in the build tree) and its name here.
while read -r source name; do
    cp "$shots/$source" "$here/$name"
    echo "docs/screenshots/$name"
done <<'LIST'
light/perfdash-overview-1280x800.png overview.png
light/perfdash-1280x800.png live.png
light/perfdash-heatmap-1280x800.png heatmap.png
light/perfdash-setup-1280x800.png setup.png
light/perfdash-probes-1280x800.png probes.png
light/perfdash-topdown-1280x800.png topdown-synthetic.png
light/perfdash-hosts-1280x800.png hosts.png
light/perfdash-hotspots-flame-1280x800.png hotspots-flame.png
dark/perfdash-overview-1280x800.png overview-dark.png
dark/perfdash-heatmap-1280x800.png heatmap-dark.png
LIST

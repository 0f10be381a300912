#!/bin/sh
# The container's entrypoint (Dockerfile; deploy/container/README.md).
# - No arguments: serve $LIJNWIJZER_DATA/network.snapshot (default /data) when the volume holds one, else the demo
#   network with its simulated real-time feed; $LIJNWIJZER_DATA/keys.json is the keys file when there is one and
#   KEYS_FILE names none.
# - Arguments: `lijnwijzer <arguments>`, e.g. `import /data/gtfs.zip --out /data/network.snapshot --reference none`,
#   `inspect /data/network.snapshot`, `keys add`, `plan ...`.
set -eu
app="${LIJNWIJZER_APP:-/app}"
data="${LIJNWIJZER_DATA:-/data}"
if [ -z "${KEYS_FILE:-}" ] && [ -f "$data/keys.json" ]; then
  KEYS_FILE="$data/keys.json"
  export KEYS_FILE
fi
# `keys add` in the container writes the volume's keys file, the one the server reads.
if [ -z "${KEYS_FILE:-}" ] && [ "${1:-}" = keys ]; then
  KEYS_FILE="$data/keys.json"
  export KEYS_FILE
fi
if [ "$#" -eq 0 ]; then
  if [ -f "$data/network.snapshot" ]; then
    set -- serve --network "$data/network.snapshot"
  else
    set -- start
  fi
fi
exec node "$app/bin/lijnwijzer.js" "$@"

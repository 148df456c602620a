#!/usr/bin/env bash
# Installs Debian's Chromium and ChromeDriver for the viewer's browser tests, once.
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    echo "install-browser: chromium and chromedriver are missing; run as root or: apt-get install chromium chromium-driver" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium chromium-driver >/dev/null

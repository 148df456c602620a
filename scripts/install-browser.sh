#!/usr/bin/env bash
# Installs Debian's Chromium and ChromeDriver for the viewer's browser tests, once, system-wide with apt-get (as
# root), saying what it installs before it does.
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    echo "install-browser: chromium and chromedriver are missing; run as root or: apt-get install chromium chromium-driver" >&2
    exit 1
fi
echo "install-browser: the browser tests need Chromium: installing Debian's chromium and chromium-driver" \
     "system-wide with apt-get (after apt-get update)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium chromium-driver >/dev/null
echo "install-browser: installed chromium and chromium-driver"

#!/usr/bin/env bash
# The shared rate-store tests run a real redis-server on a loopback port. Install Debian's package when it is
# missing and we can (root on the project's machines); otherwise say how, and let those tests say so too.
command -v redis-server >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing redis-server for the shared rate-store tests..." >&2
  (apt-get install -y --no-install-recommends redis-server >/dev/null 2>&1 ||
    { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends redis-server >/dev/null 2>&1; }) ||
    echo "Could not install redis-server: the shared rate-store tests will fail." >&2
else
  echo "The shared rate-store tests need redis-server: apt-get install -y redis-server" >&2
fi
exit 0

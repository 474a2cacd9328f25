#!/usr/bin/env bash
# The completion tests drive real bash, zsh and fish. Install the missing ones from Debian's packages when we can
# (root on the project's machines); otherwise say how, and let the tests fail with the same advice.
missing=()
for shell in zsh fish; do command -v "$shell" >/dev/null 2>&1 || missing+=("$shell"); done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} for the shell-completion tests..." >&2
  (apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
    { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1; }) ||
    echo "Could not install ${missing[*]}: the completion tests for them will fail." >&2
else
  echo "The completion tests need ${missing[*]}: apt-get install -y zsh fish" >&2
fi
exit 0

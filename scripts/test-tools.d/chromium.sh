# Debian's chromium, for the approvals page test.
command -v chromium >/dev/null 2>&1 || need_apt chromium

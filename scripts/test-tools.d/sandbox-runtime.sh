# Anthropic's sandbox-runtime (the base of Claude Code's sandbox mode),
# which bench-confine runs side by side with governance-confine: its srt
# CLI running `true` in the same project. srt refuses to start without
# socat (its network proxy's bridge) and ripgrep (its scan for dangerous
# files); bubblewrap comes with the confinement tests.
command -v socat >/dev/null 2>&1 || need_apt socat
command -v rg >/dev/null 2>&1 || need_apt ripgrep
need_npm sandbox-runtime @anthropic-ai/sandbox-runtime@0.0.83

# The agent CLIs the harness end-to-end tests drive, at pinned versions:
# Claude Code's native binary, OpenCode, the plugin package OpenCode
# installs at start-up (the tests seed it, so that a run never waits on
# the network), Gemini CLI, and the native builds of Codex (a version of
# @openai/codex of its own) and Copilot CLI, which need no install script.
# One folder per package: an install into a folder removes the packages an
# earlier install put there.
need_npm claude @anthropic-ai/claude-code-linux-x64@2.1.330
need_npm opencode opencode-ai@1.18.33
need_npm opencode-plugin @opencode-ai/plugin@1.18.33
need_npm gemini @google/gemini-cli@0.61.0
need_npm codex @openai/codex@0.169.0-linux-x64
need_npm copilot @github/copilot-linux-x64@1.0.102

# git, which the gatekeeper asks whether targeted paths are tracked,
# ignored or generated (its tests use a real repository).
command -v git >/dev/null 2>&1 || need_apt git

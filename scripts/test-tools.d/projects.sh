# The real projects the confinement is measured on (internal/confine
# TestRealProjects): the Node project's TypeScript, test runner and linter
# at pinned versions under .tools/projects, and Debian's pytest and flake8
# for the Python project.
need_npm projects typescript@5.4.5 uvu@0.5.6 eslint@8.57.0 @types/node@20.12.7
command -v pytest-3 >/dev/null 2>&1 || need_apt python3-pytest
command -v flake8 >/dev/null 2>&1 || need_apt flake8

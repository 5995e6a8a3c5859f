# bubblewrap and strace, for the execution oracle (internal/oracle): it
# runs the commands the policy allows in a sandbox without network and
# traces what they really do.
command -v bwrap >/dev/null 2>&1 || need_apt bubblewrap
command -v strace >/dev/null 2>&1 || need_apt strace

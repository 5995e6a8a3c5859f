# Debian's docker-registry (the CNCF distribution registry), for the policy
# bundle test: it pushes a signed bundle and two machines pull it
# (cmd/governance/e2e_bundle_test.go starts it on 127.0.0.1).
command -v docker-registry >/dev/null 2>&1 || need_apt docker-registry

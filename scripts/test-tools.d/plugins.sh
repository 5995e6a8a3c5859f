# The OPA example plugin is a Go module of its own, so that OPA stays out
# of the governance module. Its tests, and the end-to-end test that builds
# it, run offline (GOPROXY=off) from the module cache; this fills it once,
# through the module proxy, and changes nothing when it is full.
if ! (cd plugins/examples/opa && GOPROXY=off go mod download >/dev/null 2>&1); then
	echo "downloading the modules of the OPA example plugin"
	if ! (cd plugins/examples/opa && go mod download); then
		echo "could not download the OPA example plugin's modules: its tests will fail" >&2
		[ "${CI:-}" = "true" ] && exit 1
	fi
fi

# An OpenTelemetry Collector (OTLP receiver, file exporter) that the
# decision-shipping tests and the benchmark send to. scripts/otelcol is a
# module of its own, pinned to one collector release, so that the
# governance module does not depend on the collector; it is built once into
# .tools/otelcol/ and rebuilt only when its go.mod or main.go changes.
otelcol_stamp=".tools/otelcol/stamp"
otelcol_want=$(cat scripts/otelcol/go.mod scripts/otelcol/go.sum scripts/otelcol/main.go | cksum)
if [ ! -x .tools/otelcol/otelcol ] || [ "$(cat "$otelcol_stamp" 2>/dev/null)" != "$otelcol_want" ]; then
	echo "building the OpenTelemetry Collector for the tests"
	mkdir -p .tools/otelcol
	if (cd scripts/otelcol && go build -trimpath -o ../../.tools/otelcol/otelcol .); then
		echo "$otelcol_want" > "$otelcol_stamp"
	else
		echo "could not build the OpenTelemetry Collector: the shipping tests will skip (fail in CI)" >&2
		[ "${CI:-}" = "true" ] && exit 1
	fi
fi

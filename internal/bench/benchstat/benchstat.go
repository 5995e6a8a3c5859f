// Package benchstat holds what the latency benchmarks share: percentiles
// of timings, and the table rows they are printed in.
package benchstat

import (
	"fmt"
	"slices"
	"time"
)

// Percentile returns the p-th percentile of d, the nearest rank below.
func Percentile(d []time.Duration, p int) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[(len(s)-1)*p/100]
}

// Millis formats a duration in milliseconds: "1.234ms".
func Millis(d time.Duration) string { return fmt.Sprintf("%.3fms", float64(d)/1e6) }

// Header is the heading of a percentile table whose first column is
// width characters wide.
func Header(width int, label string) string {
	return fmt.Sprintf("%-*s %10s %10s %10s", width, label, "p50", "p90", "p99")
}

// Row is a line of a percentile table: a name, then the p50, p90 and p99
// of d.
func Row(width int, name string, d []time.Duration) string {
	return fmt.Sprintf("%-*s %10s %10s %10s", width, name,
		Millis(Percentile(d, 50)), Millis(Percentile(d, 90)), Millis(Percentile(d, 99)))
}

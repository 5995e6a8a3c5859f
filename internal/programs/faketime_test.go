package programs_test

import (
	"slices"
	"testing"
)

func TestFaketimeLaunch(t *testing.T) {
	t.Parallel()
	for src, want := range map[string][]string{
		"faketime '2008-12-24 08:15:42' rm -rf x":      {"rm", "-rf", "x"},
		"faketime -f '+2d' make test":                  {"make", "test"},
		"faketime -m -p 42 @2020-01-01 date":           {"date"},
		"faketime --date-prog gdate 'last friday' git": {"git"},
		"faketime --help":                              {"faketime", "--help"},
		"faketime -- yesterday rm x":                   {"rm", "x"},
	} {
		c := walk(src, "/p", "/h").Commands[0]
		if got := c.Words(); !slices.Equal(got, want) {
			t.Errorf("%s: runs %q, want %q", src, got, want)
		}
	}
}

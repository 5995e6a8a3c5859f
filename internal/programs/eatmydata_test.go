package programs_test

import (
	"slices"
	"testing"
)

func TestEatmydataLaunch(t *testing.T) {
	t.Parallel()
	for src, want := range map[string][]string{
		"eatmydata apt-get install -y foo": {"apt-get", "install", "-y", "foo"},
		"eatmydata -- rm -rf x":            {"rm", "-rf", "x"},
		"eatmydata":                        {"eatmydata"},
	} {
		c := walk(src, "/p", "/h").Commands[0]
		if got := c.Words(); !slices.Equal(got, want) {
			t.Errorf("%s: runs %q, want %q", src, got, want)
		}
	}
}

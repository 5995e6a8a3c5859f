package confine

import "testing"

// must fails the test on an error; the tests of every system use it.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

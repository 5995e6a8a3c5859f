package jsonedit

import "testing"

func TestRoundTripKeepsOrderAndNumbers(t *testing.T) {
	t.Parallel()
	src := "{\n  \"z\": 1,\n  \"a\": {\n    \"n\": 1.50,\n    \"big\": 12345678901234567890\n  },\n  \"list\": [\n    true,\n    null,\n    \"<x>\"\n  ]\n}\n"
	v, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != src {
		t.Errorf("round trip:\n%s\nwant:\n%s", out, src)
	}
	o := v.(*Object)
	o.Set("new", "v")
	o.Delete("z")
	if got := o.Keys(); len(got) != 3 || got[0] != "a" || got[2] != "new" {
		t.Errorf("keys = %v", got)
	}
	if _, err := Parse([]byte(`{"a":1} {"b":2}`)); err == nil {
		t.Error("trailing data accepted")
	}
}

package snapshot

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/agentgov/governance/agents"
	"github.com/agentgov/governance/internal/engine"
)

// decodePlain is the plain way decodeInto is checked against: the JSON
// decoded by encoding/json into generic values, which assignPlain stores
// by field name.
func decodePlain(dst any, data []byte) error {
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return err
	}
	if _, err := dec.Token(); err == nil {
		return fmt.Errorf("data after the value")
	}
	return assignPlain(reflect.ValueOf(dst).Elem(), v)
}

// assignPlain stores a generic JSON value in dst.
func assignPlain(dst reflect.Value, src any) error {
	if src == nil {
		return nil
	}
	if dst.CanAddr() && dst.Addr().Type().Implements(textUnmarshaler()) {
		s, ok := src.(string)
		if !ok {
			return fmt.Errorf("%s: want a string", dst.Type())
		}
		return dst.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s))
	}
	switch dst.Kind() {
	case reflect.Pointer:
		if dst.IsNil() {
			dst.Set(reflect.New(dst.Type().Elem()))
		}
		return assignPlain(dst.Elem(), src)
	case reflect.Struct:
		m, ok := src.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: want an object", dst.Type())
		}
		for k, v := range m {
			f := dst.FieldByName(k)
			if !f.IsValid() || !f.CanSet() {
				continue
			}
			if err := assignPlain(f, v); err != nil {
				return fmt.Errorf("%s.%w", k, err)
			}
		}
	case reflect.Slice:
		list, ok := src.([]any)
		if !ok {
			return fmt.Errorf("%s: want a list", dst.Type())
		}
		out := reflect.MakeSlice(dst.Type(), len(list), len(list))
		for i, v := range list {
			if err := assignPlain(out.Index(i), v); err != nil {
				return err
			}
		}
		dst.Set(out)
	case reflect.Map:
		m, ok := src.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: want an object", dst.Type())
		}
		out := reflect.MakeMapWithSize(dst.Type(), len(m))
		for k, v := range m {
			e := reflect.New(dst.Type().Elem()).Elem()
			if err := assignPlain(e, v); err != nil {
				return err
			}
			out.SetMapIndex(reflect.ValueOf(k).Convert(dst.Type().Key()), e)
		}
		dst.Set(out)
	case reflect.String:
		s, ok := src.(string)
		if !ok {
			return fmt.Errorf("%s: want a string", dst.Type())
		}
		dst.SetString(s)
	case reflect.Bool:
		b, ok := src.(bool)
		if !ok {
			return fmt.Errorf("%s: want a boolean", dst.Type())
		}
		dst.SetBool(b)
	case reflect.Int, reflect.Int64, reflect.Int32:
		n, ok := src.(json.Number)
		i, err := n.Int64()
		if !ok || err != nil {
			return fmt.Errorf("%s: want a whole number", dst.Type())
		}
		dst.SetInt(i)
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := src.(json.Number)
		u, err := strconv.ParseUint(string(n), 10, 64)
		if !ok || err != nil {
			return fmt.Errorf("%s: want a whole number", dst.Type())
		}
		dst.SetUint(u)
	default:
		return fmt.Errorf("%s: unsupported kind %s", dst.Type(), dst.Kind())
	}
	return nil
}

// fill sets every exported field of v, at any depth, to a value that is
// not zero; n varies the values. Types that marshal themselves as text
// are left as they are.
func fill(v reflect.Value, n int, depth int) {
	if depth > 6 || v.CanAddr() && v.Addr().Type().Implements(textUnmarshaler()) {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), n, depth+1)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n+i, depth+1)
			}
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		fill(v.Index(0), n+1, depth+1)
		fill(v.Index(1), n+2, depth+1)
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		e := reflect.New(v.Type().Elem()).Elem()
		fill(e, n, depth+1)
		v.SetMapIndex(reflect.ValueOf(fmt.Sprintf("k%d\u00e9", n)).Convert(v.Type().Key()), e)
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d \"q\" \\ \t\n\u2028 é 😀 \x01 <&>", n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(-int64(n + 1))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(n + 1))
	}
}

// TestDecodeIntoAgrees checks that decodeInto reads back what the
// snapshot's encoding writes, every field of every type a snapshot holds
// set, and reads it as the plain way does.
func TestDecodeIntoAgrees(t *testing.T) {
	check := func(t *testing.T, data []byte, typ reflect.Type) reflect.Value {
		t.Helper()
		got, want := reflect.New(typ), reflect.New(typ)
		if err := decodeInto(got.Interface(), data); err != nil {
			t.Fatalf("decodeInto: %v\n%s", err, data)
		}
		if err := decodePlain(want.Interface(), data); err != nil {
			t.Fatalf("the plain way: %v\n%s", err, data)
		}
		if !reflect.DeepEqual(got.Interface(), want.Interface()) {
			t.Fatalf("decodeInto read %+v, the plain way %+v\n%s", got.Elem(), want.Elem(), data)
		}
		return got.Elem()
	}
	for _, v := range []any{engine.Settings{}, engine.RuleSpec{}, engine.Role{}, engine.PluginSpec{},
		Rule{}, agents.Agent{}, []*agents.Agent{}} {
		typ := reflect.TypeOf(v)
		t.Run(typ.String(), func(t *testing.T) {
			orig := reflect.New(typ).Elem()
			fill(orig, 0, 0)
			data, err := encodeLine(nonZero(orig))
			if err != nil {
				t.Fatal(err)
			}
			if got := check(t, data, typ); !reflect.DeepEqual(got.Interface(), orig.Interface()) {
				t.Errorf("read back %+v, wrote %+v", got, orig)
			}
		})
	}
	t.Run("snapshot", func(t *testing.T) {
		s := filedPolicy()
		s.Stamps = Stamps{{Path: "/p/\"x\"\n", Exists: true, Size: 3, MTime: 1 << 62, CTime: -1}, {Path: "/q"}}
		s.Agents = NewAgents([]*agents.Agent{{Name: "reviewer", Description: "reviews \"all\""}})
		s.Until, s.Held, s.ConfigDirs = 1<<62, "held", []string{"/c", "/é"}
		data, err := s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		got := check(t, line, reflect.TypeFor[Snapshot]()).Interface().(Snapshot)
		if !reflect.DeepEqual(got.Stamps, s.Stamps) || got.Until != s.Until || got.Root != s.Root {
			t.Errorf("read back %+v", got)
		}
		// The filed rules, a line each, and the agents at the end.
		for l := range strings.Lines(string(rest)) {
			if strings.HasPrefix(l, "{") {
				check(t, []byte(l), reflect.TypeFor[engine.RuleSpec]())
			}
		}
		check(t, rest[len(rest)-got.AgentsSize:], reflect.TypeFor[[]*agents.Agent]())
	})
}

// FuzzDecodeInto checks decodeInto against the plain way on any text:
// what decodeInto reads, the plain way reads alike. (decodeInto may
// refuse more: an integer that overflows its field, a duplicate key's
// earlier value of the wrong type.)
func FuzzDecodeInto(f *testing.F) {
	for _, s := range []string{
		`{"ID":"a","Decision":"deny","Match":[{"Program":["npm"],"Subcommand":["publish"]}],"Severity":"warn"}`,
		`{"ID":"\u00e9\ud83d\ude00\ud800x\"","Match":null,"Agents":[],"Tools":["read"]}`,
		`{"Decision":"allow","Decision":"deny","ID":"x","ID":"y"} `,
		`{"Match":[{"More":{"Prefix":[["sudo"],["x"]]}},{}],"Examples":{"Match":["a"],"NotMatch":[]}}`,
		`{"Bad":{"a":[1,-2.5e+3,true,false,null,"s"]},"ID":"\/\b\f\n\r\t"}`,
		"{\"ID\":\"\xff\xfe\"}", `{"ID":1}`, `[1]`, `{"ID":"x"}x`, `{"ID" "x"}`, `{,}`, `{"Match":[1,]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var got, want engine.RuleSpec
		if err := decodeInto(&got, []byte(s)); err != nil {
			return
		}
		if err := decodePlain(&want, []byte(s)); err != nil {
			t.Fatalf("decodeInto read %q, which the plain way refuses: %v", s, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: decodeInto read %+v, the plain way %+v", s, got, want)
		}
	})
}

// TestStampsRoundTrip checks that stamps read back as they were written,
// whatever their paths hold, and that damaged lines are refused.
func TestStampsRoundTrip(t *testing.T) {
	in := Stamps{{Path: "/a b/c", Exists: true, Size: 1, MTime: 2, CTime: 3}, {Path: "/q\"x\\y"}, {Path: "/é/😀"},
		{Path: "/bad\xff\xfe"}, {Path: "/nl\n\x01"}, {Path: ""}, {Path: "/m", Size: -1, MTime: 1 << 62, CTime: -(1 << 62)}}
	text, err := in.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var out Stamps
	if err := out.UnmarshalText(text); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(out, in) {
		t.Errorf("read back %+v, wrote %+v", out, in)
	}
	for _, bad := range []string{"1 1 2 3", "2 1 2 3 \"/p\"", "1 1 2 x \"/p\"", "1 1 2 3 /p", "1 1 2 3 \"/p", "1 1  3 \"/p\"", "1 1 2 3 \"/p\"x\""} {
		if err := out.UnmarshalText([]byte(bad + "\n")); err == nil {
			t.Errorf("%q read as %+v", bad, out)
		}
	}
}

// TestDecodeHeadAgrees checks that decodeHead reads every field of a
// snapshot's first line, and as the plain way does.
func TestDecodeHeadAgrees(t *testing.T) {
	if k := reflect.TypeFor[engine.ConfineMode]().Kind(); k != reflect.Uint8 {
		t.Fatalf("ConfineMode is a %s: decodespec.go reads it as a uint8", k)
	}
	var orig Snapshot
	fill(reflect.ValueOf(&orig).Elem(), 0, 0)
	orig.Agents = nil
	orig.Stamps = Stamps{{Path: "/p \"x\"", Exists: true, Size: 1, MTime: 2, CTime: 3}, {Path: "/q"}}
	data, err := encodeLine(nonZero(reflect.ValueOf(&orig)))
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeHead(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	var want Snapshot
	if err := decodePlain(&want, data); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*got, want) || !reflect.DeepEqual(*got, orig) {
		t.Errorf("decodeHead read %+v\nthe plain way %+v\nwritten %+v", *got, want, orig)
	}
}

// FuzzDecodeHead checks decodeHead against the plain way on any text, as
// FuzzDecodeInto checks decodeInto.
func FuzzDecodeHead(f *testing.F) {
	for _, s := range []string{
		`{"Version":16,"Root":"/p","Stamps":"1 2 3 4 \"/p\"\n","ConfigDirs":["/a",null],"Settings":{"Default":"ask"}}`,
		`{"From":{"Home":"/h"},"Until":-5,"Filed":"a-","FiledScopes":["repo"],"Rules":[{"Scope":"repo","Spec":{"ID":"x"}}]}`,
		`{"Version":null,"Root":null,"Unknown":[1,{"a":null}],"AgentsSize":9223372036854775808}`,
		`{"Version":1,"Version":2,"Settings":{"Default":"ask"},"Settings":{"ApprovalWaitSeconds":3}}`,
		`{"UntrustedRules":[{"Spec":{"Match":[{"Program":["a"],"More":{"Prefix":[["x"]]},"MinArgs":2,"Privileged":true},null],` +
			`"Decision":"ask","Tools":["read"],"Examples":{"Match":["a b"]}},"Scope":"repo"},null],"Learned":[],` +
			`"Settings":{"Default":"ask","Confine":2,"Gatekeeper":{"Enabled":true},"NeverExposed":["x"],"LogOnly":false}}`,
		`{"Stamps":"x"}`, `{"Projects":"x"}`, `[]`, `{"Root":"a"} x`, `{"Rules":[{"Spec":{"Match":{}}}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := decodeHead([]byte(s))
		if err != nil {
			return
		}
		var want Snapshot
		if err := decodePlain(&want, []byte(s)); err != nil {
			t.Fatalf("decodeHead read %q, which the plain way refuses: %v", s, err)
		}
		if !reflect.DeepEqual(*got, want) {
			t.Fatalf("%q: decodeHead read %+v, the plain way %+v", s, *got, want)
		}
	})
}

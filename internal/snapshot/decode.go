package snapshot

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
)

// Decode parses a snapshot. It decodes straight into the snapshot's
// types, by field name (see decodeInto): for a short-lived process this
// avoids the cost of building encoding/json's per-type decoders.
//
// The snapshot's first line is its JSON; the rules it files follow,
// still encoded (see [Snapshot.Encode]).
func Decode(data []byte) (*Snapshot, error) {
	head, tail := data, []byte(nil)
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		head, tail = data[:i+1], data[i+1:]
	}
	s, err := decodeHead(head)
	if err != nil {
		return nil, err
	}
	if s.AgentsSize < 0 || s.AgentsSize > len(tail) {
		return nil, damaged("its agent definitions are cut short")
	}
	if s.AgentsSize > 0 {
		cut := len(tail) - s.AgentsSize
		s.Agents = &Agents{text: bytes.Clone(tail[cut:])}
		tail = tail[:cut]
	}
	// The size is the file's layout, not the policy's: Encode sets it.
	s.AgentsSize = 0
	s.tail = tail
	return s, nil
}

// decodeHead decodes a snapshot's first line, as decodeInto does. Every
// call reads it: its fields of plain types are read here, by name, and
// only the others (the settings, rules, roles, plugins) through
// reflection. TestDecodeHeadAgrees checks that it reads every field.
func decodeHead(line []byte) (*Snapshot, error) {
	s := &Snapshot{}
	d := decoder{data: line}
	field := func(key string) error {
		switch key {
		case "Version":
			return d.whole(&s.Version)
		case "Root":
			return d.text(&s.Root)
		case "Until":
			return d.whole64(&s.Until)
		case "Held":
			return d.text(&s.Held)
		case "Stamps":
			var text string
			if ok, err := d.textOrNull(&text); !ok || err != nil {
				return err
			}
			return s.Stamps.parse(text)
		case "DisableBuiltin":
			return d.texts(&s.DisableBuiltin)
		case "StarFiles":
			return d.texts(&s.StarFiles)
		case "Projects":
			return d.texts(&s.Projects)
		case "StateDir":
			return d.text(&s.StateDir)
		case "AgentsSize":
			return d.whole(&s.AgentsSize)
		case "ConfigDirs":
			return d.texts(&s.ConfigDirs)
		case "Err":
			return d.text(&s.Err)
		case "UntrustedWhy":
			return d.text(&s.UntrustedWhy)
		case "Bundle":
			return d.text(&s.Bundle)
		case "BundleErr":
			return d.text(&s.BundleErr)
		case "Filed":
			return d.text(&s.Filed)
		case "FiledScopes":
			return d.texts(&s.FiledScopes)
		case "FiledPrograms":
			return d.whole(&s.FiledPrograms)
		case "From":
			return d.paths(&s.From)
		}
		var v any
		switch key {
		case "Settings":
			return d.settings(&s.Settings)
		case "Rules":
			return d.rules(&s.Rules)
		case "Learned":
			return d.rules(&s.Learned)
		case "UntrustedRules":
			return d.rules(&s.UntrustedRules)
		case "UntrustedLearned":
			return d.rules(&s.UntrustedLearned)
		case "Roles":
			v = &s.Roles
		case "Plugins":
			v = &s.Plugins
		default:
			// Agents are not in the line; a field it does not know is
			// left out, as decodeInto leaves it.
			return d.skip(1)
		}
		return d.value(reflect.ValueOf(v).Elem(), 1)
	}
	var err error
	if d.space(); d.next() != '{' {
		err = d.errorf("want an object")
	} else {
		err = d.object(0, func(key string) error {
			if err := field(key); err != nil {
				return fmt.Errorf("%s.%w", key, err)
			}
			return nil
		})
	}
	if err == nil {
		if d.space(); d.i < len(d.data) {
			err = d.errorf("data after the value")
		}
	}
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	return s, nil
}

// paths reads the folders a snapshot was compiled from; a null leaves
// them. A struct is read as decodeInto reads it, the last of duplicate
// keys whole.
func (d *decoder) paths(dst *layout.Paths) error {
	if d.next() == 'n' {
		return d.literal("null")
	}
	if d.next() != '{' {
		return d.errorf("%T: want an object", *dst)
	}
	*dst = layout.Paths{}
	return d.object(1, func(key string) error {
		var f *string
		switch key {
		case "ProjectRoot":
			f = &dst.ProjectRoot
		case "RepoDir":
			f = &dst.RepoDir
		case "UserDir":
			f = &dst.UserDir
		case "StateDir":
			f = &dst.StateDir
		case "Home":
			f = &dst.Home
		case "ManagedDir":
			f = &dst.ManagedDir
		case "Enclosing":
			f = &dst.Enclosing
		default:
			return d.skip(2)
		}
		return d.text(f)
	})
}

// textOrNull reads a string into dst; a null leaves it, and ok false.
func (d *decoder) textOrNull(dst *string) (ok bool, err error) {
	switch d.next() {
	case 'n':
		return false, d.literal("null")
	case '"':
		*dst, err = d.str()
		return err == nil, err
	}
	return false, d.errorf("want a string")
}

// text reads a string into dst; a null leaves it.
func (d *decoder) text(dst *string) error {
	_, err := d.textOrNull(dst)
	return err
}

// texts reads a list of strings into dst; a null leaves it, and a null
// in the list is "".
func (d *decoder) texts(dst *[]string) error {
	if d.next() == 'n' {
		return d.literal("null")
	}
	if d.next() != '[' {
		return d.errorf("want a list")
	}
	d.i++
	out := []string{}
	for first := true; ; first = false {
		if d.space(); d.next() == ']' && first {
			d.i++
			break
		}
		var s string
		if err := d.text(&s); err != nil {
			return err
		}
		out = append(out, s)
		if d.space(); d.next() == ']' {
			d.i++
			break
		}
		if err := d.expect(','); err != nil {
			return err
		}
		d.space()
	}
	*dst = out
	return nil
}

// whole64 reads a whole number into dst; a null leaves it.
func (d *decoder) whole64(dst *int64) error {
	if d.next() == 'n' {
		return d.literal("null")
	}
	n, err := d.number()
	if err != nil {
		return err
	}
	i, err := strconv.ParseInt(n, 10, 64)
	if err != nil {
		return d.errorf("want a whole number")
	}
	*dst = i
	return nil
}

// whole reads a whole number into dst; a null leaves it.
func (d *decoder) whole(dst *int) error {
	i := int64(*dst)
	if err := d.whole64(&i); err != nil {
		return err
	}
	if int64(int(i)) != i {
		return d.errorf("want a whole number")
	}
	*dst = int(i)
	return nil
}

// decodeInto decodes one JSON value into dst, a pointer: object keys
// match exported field names, a null leaves its field as it is, a
// duplicate key's last value holds.
//
// It reads the text straight into the typed value, without encoding/json:
// decoding into generic values and assigning those (the plain way) was
// about 6% of a hook call's processor time in a project governance init
// makes (perf, the first line of its snapshot), and encoding/json's typed
// decoders cost a short-lived process the building of their caches.
// TestDecodeIntoAgrees and FuzzDecodeInto check it against the plain way.
func decodeInto(dst any, data []byte) error {
	d := decoder{data: data}
	d.space()
	var err error
	if spec, ok := dst.(*engine.RuleSpec); ok {
		// A filed rule.
		err = d.ruleSpec(spec)
	} else {
		err = d.value(reflect.ValueOf(dst).Elem(), 0)
	}
	if err != nil {
		return err
	}
	if d.space(); d.i < len(d.data) {
		return d.errorf("data after the value")
	}
	return nil
}

// textUnmarshaler is the interface; a function, not a package-level
// variable, which a process would compute as it starts.
func textUnmarshaler() reflect.Type { return reflect.TypeFor[encoding.TextUnmarshaler]() }

// maxDepth bounds the nesting of the values decodeInto reads, as
// encoding/json bounds it.
const maxDepth = 10000

// decoder reads one JSON text into typed values.
type decoder struct {
	data []byte
	i    int
	// textuals says of the types met whether they unmarshal text.
	textuals map[reflect.Type]bool
}

// textual reports whether a pointer to a t unmarshals text; it asks
// reflect once per type, and not of types that have no methods: a
// predeclared type or an unnamed one other than a struct (which may
// embed some). Implements reads the type's methods, which a process
// touches for the first time (perf: about 25µs of a hook call).
func (d *decoder) textual(t reflect.Type) bool {
	if t.PkgPath() == "" && t.Kind() != reflect.Struct {
		return false
	}
	is, ok := d.textuals[t]
	if !ok {
		is = reflect.PointerTo(t).Implements(textUnmarshaler())
		if d.textuals == nil {
			d.textuals = map[reflect.Type]bool{}
		}
		d.textuals[t] = is
	}
	return is
}

// errorf reports a problem at the decoder's offset.
func (d *decoder) errorf(format string, args ...any) error {
	return fmt.Errorf("at byte %d: %s", d.i, fmt.Sprintf(format, args...))
}

// space skips white space.
func (d *decoder) space() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// next returns the byte at the offset, or 0 at the end.
func (d *decoder) next() byte {
	if d.i < len(d.data) {
		return d.data[d.i]
	}
	return 0
}

// expect consumes the byte c, after white space.
func (d *decoder) expect(c byte) error {
	if d.space(); d.next() != c {
		return d.errorf("want %q", c)
	}
	d.i++
	return nil
}

// value decodes the value at the offset into dst.
func (d *decoder) value(dst reflect.Value, depth int) error {
	if depth > maxDepth {
		return d.errorf("values nested too deep")
	}
	c := d.next()
	if c == 'n' {
		return d.literal("null")
	}
	if dst.CanAddr() && d.textual(dst.Type()) {
		if c != '"' {
			return d.errorf("%s: want a string", dst.Type())
		}
		s, err := d.str()
		if err != nil {
			return err
		}
		return dst.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s))
	}
	switch dst.Kind() {
	case reflect.Pointer:
		if dst.IsNil() {
			dst.Set(reflect.New(dst.Type().Elem()))
		}
		return d.value(dst.Elem(), depth+1)
	case reflect.Struct:
		if c != '{' {
			return d.errorf("%s: want an object", dst.Type())
		}
		// The last of duplicate keys holds, whole.
		dst.SetZero()
		return d.object(depth, func(key string) error {
			f := dst.FieldByName(key)
			if !f.IsValid() || !f.CanSet() {
				return d.skip(depth + 1)
			}
			if err := d.value(f, depth+1); err != nil {
				return fmt.Errorf("%s.%w", key, err)
			}
			return nil
		})
	case reflect.Slice:
		if c != '[' {
			return d.errorf("%s: want a list", dst.Type())
		}
		d.i++
		// Elements are decoded in place, the slice grown as it fills.
		dst.Set(reflect.MakeSlice(dst.Type(), 0, 0))
		for first := true; ; first = false {
			if d.space(); d.next() == ']' && first {
				d.i++
				break
			}
			n := dst.Len()
			if n == dst.Cap() {
				dst.Grow(1)
			}
			dst.SetLen(n + 1)
			if err := d.value(dst.Index(n), depth+1); err != nil {
				return err
			}
			if d.space(); d.next() == ']' {
				d.i++
				break
			}
			if err := d.expect(','); err != nil {
				return err
			}
			d.space()
		}
	case reflect.Map:
		if c != '{' {
			return d.errorf("%s: want an object", dst.Type())
		}
		if dst.Type().Key().Kind() != reflect.String {
			return d.errorf("%s: unsupported key kind", dst.Type())
		}
		out := reflect.MakeMap(dst.Type())
		err := d.object(depth, func(key string) error {
			e := reflect.New(dst.Type().Elem()).Elem()
			if err := d.value(e, depth+1); err != nil {
				return err
			}
			out.SetMapIndex(reflect.ValueOf(key).Convert(dst.Type().Key()), e)
			return nil
		})
		if err != nil {
			return err
		}
		dst.Set(out)
	case reflect.String:
		if c != '"' {
			return d.errorf("%s: want a string", dst.Type())
		}
		s, err := d.str()
		if err != nil {
			return err
		}
		dst.SetString(s)
	case reflect.Bool:
		switch c {
		case 't':
			dst.SetBool(true)
			return d.literal("true")
		case 'f':
			dst.SetBool(false)
			return d.literal("false")
		}
		return d.errorf("%s: want a boolean", dst.Type())
	case reflect.Int, reflect.Int64, reflect.Int32:
		n, err := d.number()
		if err != nil {
			return err
		}
		i, err := strconv.ParseInt(n, 10, 64)
		if err != nil || dst.OverflowInt(i) {
			return d.errorf("%s: want a whole number", dst.Type())
		}
		dst.SetInt(i)
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := d.number()
		if err != nil {
			return err
		}
		u, err := strconv.ParseUint(n, 10, 64)
		if err != nil || dst.OverflowUint(u) {
			return d.errorf("%s: want a whole number", dst.Type())
		}
		dst.SetUint(u)
	default:
		return d.errorf("%s: unsupported kind %s", dst.Type(), dst.Kind())
	}
	return nil
}

// object reads an object at the offset, calling member with each key
// once the offset is at its value.
func (d *decoder) object(depth int, member func(key string) error) error {
	d.i++
	for first := true; ; first = false {
		d.space()
		if d.next() == '}' && first {
			d.i++
			return nil
		}
		if d.next() != '"' {
			return d.errorf("want a key")
		}
		key, err := d.str()
		if err != nil {
			return err
		}
		if err := d.expect(':'); err != nil {
			return err
		}
		d.space()
		if err := member(key); err != nil {
			return err
		}
		if d.space(); d.next() == '}' {
			d.i++
			return nil
		}
		if err := d.expect(','); err != nil {
			return err
		}
	}
}

// skip reads the value at the offset and keeps nothing of it.
func (d *decoder) skip(depth int) error {
	if depth > maxDepth {
		return d.errorf("values nested too deep")
	}
	switch c := d.next(); {
	case c == '{':
		return d.object(depth, func(string) error { return d.skip(depth + 1) })
	case c == '[':
		d.i++
		for first := true; ; first = false {
			if d.space(); d.next() == ']' && first {
				d.i++
				return nil
			}
			if err := d.skip(depth + 1); err != nil {
				return err
			}
			if d.space(); d.next() == ']' {
				d.i++
				return nil
			}
			if err := d.expect(','); err != nil {
				return err
			}
			d.space()
		}
	case c == '"':
		_, err := d.str()
		return err
	case c == 't':
		return d.literal("true")
	case c == 'f':
		return d.literal("false")
	case c == 'n':
		return d.literal("null")
	default:
		_, err := d.number()
		return err
	}
}

// literal consumes the word w.
func (d *decoder) literal(w string) error {
	if !bytes.HasPrefix(d.data[d.i:], []byte(w)) {
		return d.errorf("want %s", w)
	}
	d.i += len(w)
	return nil
}

// number consumes a JSON number and returns its text.
func (d *decoder) number() (string, error) {
	start := d.i
	digits := func() int {
		n := 0
		for d.i < len(d.data) && '0' <= d.data[d.i] && d.data[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	if d.next() == '-' {
		d.i++
	}
	switch {
	case d.next() == '0':
		d.i++
	case digits() == 0:
		return "", d.errorf("want a value")
	}
	if d.next() == '.' {
		d.i++
		if digits() == 0 {
			return "", d.errorf("want a digit")
		}
	}
	if c := d.next(); c == 'e' || c == 'E' {
		d.i++
		if c := d.next(); c == '+' || c == '-' {
			d.i++
		}
		if digits() == 0 {
			return "", d.errorf("want a digit")
		}
	}
	return string(d.data[start:d.i]), nil
}

// str consumes a JSON string and returns its value. As encoding/json
// does, it reads a byte that is not UTF-8, and a lone surrogate, as
// U+FFFD.
func (d *decoder) str() (string, error) {
	d.i++
	start := d.i
	// Most strings hold neither escapes nor other than ASCII.
	for d.i < len(d.data) {
		c := d.data[d.i]
		if c == '"' {
			d.i++
			return string(d.data[start : d.i-1]), nil
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			break
		}
		d.i++
	}
	// The others are built in one buffer the size of their text (growing
	// one step by step was most of the time of a snapshot's stamps, each
	// larger buffer new memory to a process that decides one call).
	end := d.i
	for end < len(d.data) && d.data[end] != '"' {
		if d.data[end] == '\\' {
			end++
		}
		end++
	}
	var b strings.Builder
	b.Grow(min(end, len(d.data)) - start)
	b.Write(d.data[start:d.i])
	for d.i < len(d.data) {
		c := d.data[d.i]
		switch {
		case c == '"':
			d.i++
			return b.String(), nil
		case c < 0x20:
			return "", d.errorf("a control character in a string")
		case c == '\\':
			d.i++
			r, err := d.escape()
			if err != nil {
				return "", err
			}
			b.WriteRune(r)
		case c < utf8.RuneSelf:
			// The run up to the next byte that needs a look.
			j := d.i + 1
			for j < len(d.data) && d.data[j] >= 0x20 && d.data[j] < utf8.RuneSelf && d.data[j] != '"' && d.data[j] != '\\' {
				j++
			}
			b.Write(d.data[d.i:j])
			d.i = j
		default:
			r, size := utf8.DecodeRune(d.data[d.i:])
			d.i += size
			b.WriteRune(r)
		}
	}
	return "", d.errorf("a string not closed")
}

// escape reads the escape after a backslash.
func (d *decoder) escape() (rune, error) {
	c := d.next()
	d.i++
	switch c {
	case '"', '\\', '/':
		return rune(c), nil
	case 'b':
		return '\b', nil
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'u':
		r, ok := d.hex4()
		if !ok {
			return 0, d.errorf("a bad \\u escape")
		}
		if utf16.IsSurrogate(r) {
			// A pair makes one rune; a lone half is U+FFFD, and what
			// follows it is read again.
			save := d.i
			if d.next() == '\\' && d.i+1 < len(d.data) && d.data[d.i+1] == 'u' {
				d.i += 2
				if r2, ok := d.hex4(); ok {
					if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
						return pair, nil
					}
				}
			}
			d.i = save
			return utf8.RuneError, nil
		}
		return r, nil
	}
	d.i--
	return 0, d.errorf("a bad escape")
}

// hex4 reads the four hex digits of a \u escape.
func (d *decoder) hex4() (rune, bool) {
	if d.i+4 > len(d.data) {
		return 0, false
	}
	var r rune
	for _, c := range d.data[d.i : d.i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r*16 + rune(c)
	}
	d.i += 4
	return r, true
}

// encodeLine renders v as one line of JSON.
func encodeLine(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// textMarshaler is the interface, as textUnmarshaler is.
func textMarshaler() reflect.Type { return reflect.TypeFor[encoding.TextMarshaler]() }

// nonZero returns v for encoding/json with the zero-valued fields of its
// structs left out, at any depth. Values that marshal themselves, maps
// and scalars are returned as they are.
func nonZero(v reflect.Value) any {
	if v.Type().Implements(textMarshaler()) {
		return v.Interface()
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return nonZero(v.Elem())
	case reflect.Struct:
		t := v.Type()
		m := make(map[string]any, v.NumField())
		for i := range v.NumField() {
			if f := v.Field(i); t.Field(i).IsExported() && !f.IsZero() {
				m[t.Field(i).Name] = nonZero(f)
			}
		}
		return m
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		list := make([]any, v.Len())
		for i := range list {
			list[i] = nonZero(v.Index(i))
		}
		return list
	}
	return v.Interface()
}

// Write stores the snapshot at path, atomically: a reader sees the old
// snapshot or the new one, never a part.
func (s *Snapshot) Write(path string) error {
	data, err := s.Encode()
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data, 0o600)
}

package snapshot

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"

	"github.com/agentgov/governance/internal/atomicfile"
)

// Decode parses a snapshot. It decodes into generic values and assigns
// them by field name: for a short-lived process this avoids the cost of
// building encoding/json's per-type decoders.
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

// decodeHead decodes a snapshot's first line.
func decodeHead(line []byte) (*Snapshot, error) {
	s := &Snapshot{}
	if err := decodeInto(s, line); err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	return s, nil
}

// decodeInto decodes one JSON value into dst, a pointer.
func decodeInto(dst any, data []byte) error {
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	// Numbers stay exact: stamps are nanoseconds, beyond float64's range.
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return err
	}
	return assign(reflect.ValueOf(dst).Elem(), v)
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// assign stores a generic JSON value (as encoding/json decodes into any)
// in dst, matching object keys to exported field names.
func assign(dst reflect.Value, src any) error {
	if src == nil {
		return nil
	}
	if dst.CanAddr() && dst.Addr().Type().Implements(textUnmarshaler) {
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
		return assign(dst.Elem(), src)
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
			if err := assign(f, v); err != nil {
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
			if err := assign(out.Index(i), v); err != nil {
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
			if err := assign(e, v); err != nil {
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

var textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()

// nonZero returns v for encoding/json with the zero-valued fields of its
// structs left out, at any depth. Values that marshal themselves, maps
// and scalars are returned as they are.
func nonZero(v reflect.Value) any {
	if v.Type().Implements(textMarshaler) {
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

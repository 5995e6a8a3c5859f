package mcpproxy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// checkArguments checks a tool call's arguments, as received, before the
// policy sees them: they must be one JSON object, valid UTF-8, with no
// key twice in any object and every number representable, so that the
// policy and the upstream server cannot read the same bytes differently
// (a duplicate key is the first value to one parser and the last to
// another). The same bytes are then decided on and forwarded.
func checkArguments(raw json.RawMessage) error {
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil
	}
	if !utf8.Valid(raw) {
		return errors.New("arguments are not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("arguments are not JSON: %w", err)
	}
	if tok != json.Delim('{') {
		return errors.New("arguments must be a JSON object")
	}
	if err := checkObject(dec, "", 1); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("arguments hold more than one JSON value")
	}
	// What the policy decodes must be all there is: a number too large
	// for it would otherwise drop out silently.
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return fmt.Errorf("arguments cannot be read: %w", err)
	}
	return nil
}

// maxDepth bounds nesting, as the SDK's own decoder does.
const maxDepth = 1000

// checkObject reads the members of an object whose '{' was read.
func checkObject(dec *json.Decoder, at string, depth int) error {
	if depth > maxDepth {
		return errors.New("arguments are nested too deeply")
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("arguments are not JSON: %w", err)
		}
		key := tok.(string)
		if seen[key] {
			return fmt.Errorf("key %q appears twice in the arguments%s", key, where(at))
		}
		seen[key] = true
		if err := checkValue(dec, at+"/"+key, depth); err != nil {
			return err
		}
	}
	return closing(dec)
}

// closing reads the '}' or ']' that ends an object or array.
func closing(dec *json.Decoder) error {
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("arguments are not JSON: %w", err)
	}
	return nil
}

func checkValue(dec *json.Decoder, at string, depth int) error {
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("arguments are not JSON: %w", err)
	}
	switch tok {
	case json.Delim('{'):
		return checkObject(dec, at, depth+1)
	case json.Delim('['):
		if depth+1 > maxDepth {
			return errors.New("arguments are nested too deeply")
		}
		for i := 0; dec.More(); i++ {
			if err := checkValue(dec, fmt.Sprintf("%s/%d", at, i), depth+1); err != nil {
				return err
			}
		}
		return closing(dec)
	}
	if n, ok := tok.(json.Number); ok {
		if _, err := n.Float64(); err != nil {
			return fmt.Errorf("number %s%s is out of range", n, where(at))
		}
	}
	return nil
}

func where(at string) string {
	if at == "" {
		return ""
	}
	return " (at " + at + ")"
}

package proposals

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"

	"go.yaml.in/yaml/v3"
)

// AppendRule returns a rules file (`rules:` and a list) with one more
// rule at the end of its list, or the file as it is when its list already
// holds that rule (an accept that was killed after writing it is run
// again). data is the file as it is (empty for a new
// file); rule is one rule as YAML. Comments and the other rules are kept.
func AppendRule(data []byte, rule string) ([]byte, error) {
	var r yaml.Node
	if err := yaml.Unmarshal([]byte(rule), &r); err != nil {
		return nil, fmt.Errorf("the rule is not YAML: %w", err)
	}
	if len(r.Content) != 1 || r.Content[0].Kind != yaml.MappingNode {
		return nil, errors.New("the rule must be one mapping")
	}
	var doc yaml.Node
	if len(bytes.TrimSpace(data)) > 0 {
		if err := yaml.Unmarshal(data, &doc); err != nil {
			return nil, fmt.Errorf("the rules file is not YAML: %w", err)
		}
	}
	if len(doc.Content) == 0 {
		doc = yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode}}}
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, errors.New("the rules file is not a mapping")
	}
	var list *yaml.Node
	for i := 0; i+1 < len(top.Content); i += 2 {
		if top.Content[i].Value == "rules" {
			list = top.Content[i+1]
		}
	}
	if list == nil {
		list = &yaml.Node{Kind: yaml.SequenceNode}
		top.Content = append(top.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "rules"}, list)
	}
	if list.Kind == yaml.ScalarNode && list.Tag == "!!null" {
		*list = yaml.Node{Kind: yaml.SequenceNode}
	}
	if list.Kind != yaml.SequenceNode {
		return nil, errors.New("rules: in the rules file is not a list")
	}
	for _, old := range list.Content {
		if sameRule(old, r.Content[0]) {
			// Written already, by an accept killed before it marked the
			// proposal: the file stays as it is.
			return data, nil
		}
	}
	list.Content = append(list.Content, r.Content[0])
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// sameRule reports whether two rules are the same mapping, comments and
// layout aside.
func sameRule(a, b *yaml.Node) bool {
	if a.Kind != yaml.MappingNode {
		return false
	}
	var x, y any
	if a.Decode(&x) != nil || b.Decode(&y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

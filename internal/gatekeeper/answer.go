package gatekeeper

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// The model's decisions.
const (
	Allow    = "allow"
	Deny     = "deny"
	Escalate = "escalate"
)

// Answer is the model's answer to one request.
type Answer struct {
	// Decision is allow, deny or escalate.
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
	// Confidence is between 0 and 1; HasConfidence is false for a
	// one-line answer, which states none.
	Confidence    float64 `json:"confidence"`
	HasConfidence bool    `json:"has_confidence"`
}

// Answers that do not keep the contract.
var (
	// ErrMalformed is an answer that is neither the JSON object nor a
	// single ALLOW:/DENY:/ESCALATE: line.
	ErrMalformed = errors.New("malformed answer")
	// ErrAmbiguous is an answer that gives more than one decision.
	ErrAmbiguous = errors.New("ambiguous answer")
)

// maxReason bounds the reason kept from an answer.
const maxReason = 500

// ParseAnswer reads a model's answer: the strict JSON object
// {"decision": "allow|deny|escalate", "reason": "...", "confidence": 0.0},
// alone (a Markdown code fence around it is tolerated), or a single line
// "ALLOW: reason", "DENY: reason" or "ESCALATE: reason". Anything else is
// an error wrapping ErrMalformed or ErrAmbiguous.
func ParseAnswer(text string) (Answer, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return Answer{}, fmt.Errorf("%w: the answer is empty", ErrMalformed)
	}
	if inner, ok := unfence(s); ok {
		s = inner
	}
	if strings.HasPrefix(s, "{") {
		return parseJSON(s)
	}
	return parseLine(s)
}

// unfence returns the body of an answer that is one Markdown code block.
func unfence(s string) (string, bool) {
	if !strings.HasPrefix(s, "```") || !strings.HasSuffix(s, "```") || len(s) < 6 {
		return "", false
	}
	body := s[3 : len(s)-3]
	nl := strings.IndexByte(body, '\n')
	if nl < 0 {
		return "", false
	}
	if lang := strings.TrimSpace(body[:nl]); lang != "" && lang != "json" {
		return "", false
	}
	body = strings.TrimSpace(body[nl+1:])
	if strings.Contains(body, "```") {
		return "", false
	}
	return body, true
}

// parseJSON reads the JSON answer token by token, so that a key given
// twice (which encoding/json would silently resolve to the last) is
// refused as ambiguous, as are unknown keys and trailing text.
func parseJSON(s string) (Answer, error) {
	bad := func(format string, args ...any) (Answer, error) {
		return Answer{}, fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return bad("the answer is not a JSON object")
	}
	var a Answer
	seen := [3]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return bad("the answer is not valid JSON: %v", err)
		}
		key, _ := tok.(string)
		idx := -1
		switch key {
		case "decision":
			idx = 0
		case "reason":
			idx = 1
		case "confidence":
			idx = 2
		default:
			return bad("the answer has an unexpected field %q", key)
		}
		if seen[idx] {
			return Answer{}, fmt.Errorf("%w: the answer gives %q twice", ErrAmbiguous, key)
		}
		seen[idx] = true
		switch idx {
		case 0:
			var v string
			if err := dec.Decode(&v); err != nil {
				return bad("decision is not a string")
			}
			d, ok := decisionWord(v)
			if !ok {
				return bad("decision is %q, not allow, deny or escalate", clip(v, 40))
			}
			a.Decision = d
		case 1:
			var v string
			if err := dec.Decode(&v); err != nil {
				return bad("reason is not a string")
			}
			a.Reason = v
		case 2:
			var n json.Number
			if err := dec.Decode(&n); err != nil {
				return bad("confidence is not a number")
			}
			f, err := n.Float64()
			if err != nil || f < 0 || f > 1 {
				return bad("confidence %s is not between 0 and 1", n)
			}
			a.Confidence, a.HasConfidence = f, true
		}
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('}') {
		return bad("the answer is not valid JSON")
	}
	if _, err := dec.Token(); err != io.EOF {
		return bad("the answer has text after the JSON object")
	}
	switch {
	case !seen[0]:
		return bad("the answer has no decision")
	case !seen[2]:
		return bad("the answer has no confidence")
	}
	return finish(a)
}

// parseLine reads the one-line fallback, "ALLOW: reason".
func parseLine(s string) (Answer, error) {
	lines := strings.Split(s, "\n")
	var decided []string
	for _, l := range lines {
		if d, _, ok := decisionLine(l); ok {
			decided = append(decided, d)
		}
	}
	if len(decided) > 1 {
		return Answer{}, fmt.Errorf("%w: the answer has %d decision lines (%s)", ErrAmbiguous, len(decided), strings.Join(decided, ", "))
	}
	if len(lines) > 1 || len(decided) == 0 {
		return Answer{}, fmt.Errorf("%w: the answer is neither the JSON object nor one ALLOW:/DENY:/ESCALATE: line: %q",
			ErrMalformed, clip(s, 80))
	}
	d, reason, _ := decisionLine(lines[0])
	return finish(Answer{Decision: d, Reason: reason})
}

// decisionLine reads "ALLOW: reason" and the like.
func decisionLine(l string) (decision, reason string, ok bool) {
	l = strings.TrimSpace(l)
	for _, w := range []string{"ALLOW", "DENY", "ESCALATE"} {
		if rest, found := strings.CutPrefix(l, w+":"); found {
			return strings.ToLower(w), strings.TrimSpace(rest), true
		}
	}
	return "", "", false
}

// decisionWord accepts a decision in any case.
func decisionWord(v string) (string, bool) {
	switch d := strings.ToLower(strings.TrimSpace(v)); d {
	case Allow, Deny, Escalate:
		return d, true
	}
	return "", false
}

// finish checks what every answer needs: a reason.
func finish(a Answer) (Answer, error) {
	a.Reason = strings.TrimSpace(a.Reason)
	if a.Reason == "" {
		return Answer{}, fmt.Errorf("%w: the answer gives no reason", ErrMalformed)
	}
	a.Reason = clip(a.Reason, maxReason)
	return a, nil
}

// clip shortens s to at most n bytes, on a character boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xc0 == 0x80 {
		n--
	}
	return s[:n] + "..."
}

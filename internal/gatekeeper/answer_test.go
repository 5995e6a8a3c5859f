package gatekeeper

import (
	"errors"
	"testing"
)

func TestParseAnswer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		text    string
		want    Answer
		wantErr error
	}{
		{name: "json", text: `{"decision": "allow", "reason": "reads only", "confidence": 0.9}`,
			want: Answer{Decision: Allow, Reason: "reads only", Confidence: 0.9, HasConfidence: true}},
		{name: "json with blanks around", text: "\n  {\"decision\":\"deny\",\"reason\":\"deletes the home folder\",\"confidence\":1}\n",
			want: Answer{Decision: Deny, Reason: "deletes the home folder", Confidence: 1, HasConfidence: true}},
		{name: "json in a code fence", text: "```json\n{\"decision\": \"escalate\", \"reason\": \"unknown tool\", \"confidence\": 0.4}\n```",
			want: Answer{Decision: Escalate, Reason: "unknown tool", Confidence: 0.4, HasConfidence: true}},
		{name: "decision in capitals", text: `{"decision": "DENY", "reason": "x", "confidence": 0.5}`,
			want: Answer{Decision: Deny, Reason: "x", Confidence: 0.5, HasConfidence: true}},
		{name: "one line allow", text: "ALLOW: runs the project's tests", want: Answer{Decision: Allow, Reason: "runs the project's tests"}},
		{name: "one line deny", text: "DENY: pipes a download into a shell\n", want: Answer{Decision: Deny, Reason: "pipes a download into a shell"}},
		{name: "one line escalate", text: "ESCALATE: touches production", want: Answer{Decision: Escalate, Reason: "touches production"}},

		{name: "empty", text: "  \n", wantErr: ErrMalformed},
		{name: "prose", text: "Sure! This command looks fine to me.", wantErr: ErrMalformed},
		{name: "prose around json", text: `Here you go: {"decision": "allow", "reason": "x", "confidence": 0.9}`, wantErr: ErrMalformed},
		{name: "json then prose", text: `{"decision": "allow", "reason": "x", "confidence": 0.9} hope that helps`, wantErr: ErrMalformed},
		{name: "two json objects", text: `{"decision": "allow", "reason": "x", "confidence": 0.9}{"decision": "deny", "reason": "y", "confidence": 0.9}`, wantErr: ErrMalformed},
		{name: "unknown decision", text: `{"decision": "maybe", "reason": "x", "confidence": 0.5}`, wantErr: ErrMalformed},
		{name: "no decision", text: `{"reason": "x", "confidence": 0.5}`, wantErr: ErrMalformed},
		{name: "no reason", text: `{"decision": "allow", "confidence": 0.5}`, wantErr: ErrMalformed},
		{name: "empty reason", text: `{"decision": "allow", "reason": " ", "confidence": 0.5}`, wantErr: ErrMalformed},
		{name: "no confidence", text: `{"decision": "allow", "reason": "x"}`, wantErr: ErrMalformed},
		{name: "confidence out of range", text: `{"decision": "allow", "reason": "x", "confidence": 7}`, wantErr: ErrMalformed},
		{name: "confidence a string", text: `{"decision": "allow", "reason": "x", "confidence": "high"}`, wantErr: ErrMalformed},
		{name: "unknown field", text: `{"decision": "allow", "reason": "x", "confidence": 0.9, "override": true}`, wantErr: ErrMalformed},
		{name: "truncated json", text: `{"decision": "allow", "reason": "x"`, wantErr: ErrMalformed},
		{name: "line with chatter", text: "Let me think.\nALLOW: fine", wantErr: ErrMalformed},
		{name: "lower-case line", text: "allow: fine", wantErr: ErrMalformed},
		{name: "line without reason", text: "ALLOW:", wantErr: ErrMalformed},
		{name: "two decision lines", text: "ALLOW: it reads\nDENY: it writes", wantErr: ErrAmbiguous},
		{name: "decision given twice", text: `{"decision": "allow", "decision": "deny", "reason": "x", "confidence": 0.9}`, wantErr: ErrAmbiguous},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := ParseAnswer(tt.text)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("ParseAnswer(%q) = %+v, %v; want error %v", tt.text, got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseAnswer(%q) = %+v, %v; want %+v", tt.text, got, err, tt.want)
			}
		})
	}
}

func TestParseAnswerClipsLongReasons(t *testing.T) {
	t.Parallel()
	long := make([]byte, 2000)
	for i := range long {
		long[i] = 'x'
	}
	a, err := ParseAnswer("DENY: " + string(long))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Reason) > maxReason+3 {
		t.Fatalf("reason kept %d bytes, want at most %d", len(a.Reason), maxReason+3)
	}
}

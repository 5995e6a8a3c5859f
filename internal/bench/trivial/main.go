// Command trivial is the floor the hook is measured against: a Go program
// that decodes a JSON object from stdin and encodes a reply.
package main

import (
	"encoding/json"
	"os"
)

func main() {
	var in map[string]any
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		os.Exit(1)
	}
	json.NewEncoder(os.Stdout).Encode(map[string]any{"hookSpecificOutput": map[string]any{
		"hookEventName": "PreToolUse", "permissionDecision": "allow", "n": len(in)}})
}

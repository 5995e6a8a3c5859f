package engine

import "testing"

// TestStartWay: a protected folder's name, and a folder on the way to a
// protected name, are ways; other names, and those in node_modules or a
// git folder, are not.
func TestStartWay(t *testing.T) {
	for p, want := range map[string]bool{
		"/p/web/.vscode": true, "/p/web/.claude": true, "/p/web/.config": true, "/p/web/.config/mise": true,
		"/p/web/mise": true, "/p/web/.github": true, "/p/web/.github/hooks": true,
		"/p/web/src": false, "/p/web/.env.local": false, "/p/web/.github/workflows": false,
		"/p/node_modules/x/.vscode": false, "/p/.git/.claude": false,
	} {
		if got := StartWay(p); got != want {
			t.Errorf("StartWay(%s) = %v, want %v", p, got, want)
		}
	}
}

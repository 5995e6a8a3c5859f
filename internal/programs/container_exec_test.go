package programs_test

import (
	"strings"
	"testing"
)

// TestContainerExecLaunch: the command of an exec into a container or pod
// is found and marked with where it runs, with the exec's own folder,
// variables and privilege rather than the caller's.
func TestContainerExecLaunch(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]string{
		"docker exec -it web rm -rf /data":                   "rm -rf /data in docker:web cwd= origin=docker exec",
		"docker exec -w /app -e A=1 web make":                "make in docker:web cwd=/app env=A=1 origin=docker exec",
		"docker exec --privileged web id":                    "id in docker:web cwd= privileged origin=docker exec",
		"podman exec db psql":                                "psql in podman:db cwd= origin=podman exec",
		"docker compose exec api ls":                         "ls in docker:api cwd= origin=docker exec",
		"kubectl exec -n prod pod-1 -- cat /etc/passwd":      "cat /etc/passwd in kubectl:pod-1 cwd= origin=kubectl exec",
		"kubectl exec -it deploy/web -c app -- sh -c 'ls /'": "sh -c ls / in kubectl:deploy/web cwd= origin=kubectl exec",
		"cd /tmp && FOO=1 docker exec web printenv":          "printenv in docker:web cwd= origin=docker exec",
	} {
		a := walk(src, "/p", "/h")
		var got string
		for _, c := range a.Commands {
			if c.Container == "" {
				continue
			}
			got = c.String() + " in " + c.Container + " cwd=" + c.Cwd
			if len(c.Assigns) > 0 {
				got += " env=" + strings.Join(c.Assigns, ",")
			}
			if c.Privileged {
				got += " privileged"
			}
			got += " origin=" + c.Origin
			break
		}
		if got != want {
			t.Errorf("%s: %q, want %q", src, got, want)
		}
	}
}

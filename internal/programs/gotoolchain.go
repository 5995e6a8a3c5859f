package programs

import (
	"os/exec"
	"strconv"
	"strings"
	"sync"
)

// The go command reads go.mod (and go.work) before anything else, its
// version and help included: a go or toolchain line that asks for a
// newer Go than the local one makes it download that toolchain and run
// it in its place (GOTOOLCHAIN=auto, Go's default; GOTOOLCHAIN set for
// the call is unknown already, and one set in the environment or the
// user's go env file is not known here, so auto is assumed). The engine
// reads the nearest file when the call runs; one that asks for no newer
// Go keeps the call what it is.

// goToolchain records the toolchain switch a go.mod or go.work may ask
// for, in the folder the call runs in or above, and in the folder -C
// names.
func goToolchain(c *Call, fx *Effects) {
	const why = "a go or toolchain line asking for a newer Go makes the go command download and run that toolchain"
	dirs := c.ValueArgs("-C")
	for _, f := range []string{"go.mod", "go.work"} {
		fx.Add(Effect{Op: Unknown, IfPresent: f, Upward: true, Harmless: goModHarmless, Why: f + ": " + why})
		for _, d := range dirs {
			if d.Dynamic {
				fx.Unknown("-C names a folder only known at run time, whose " + f + " may ask for another toolchain")
				continue
			}
			fx.Add(Effect{Op: Unknown, IfPresent: strings.TrimSuffix(d.Value, "/") + "/" + f, Harmless: goModHarmless,
				Why: f + ": " + why})
		}
	}
}

// goModHarmless reports a go.mod or go.work whose go and toolchain lines
// ask for no Go newer than the local one.
func goModHarmless(content []byte) bool {
	local, ok := localGoVersion()
	if !ok {
		return false
	}
	for line := range strings.SplitSeq(string(content), "\n") {
		line, _, _ = strings.Cut(line, "//")
		fields := strings.Fields(line)
		if len(fields) == 0 || fields[0] != "go" && fields[0] != "toolchain" {
			continue
		}
		if len(fields) != 2 {
			return false
		}
		v := fields[1]
		if fields[0] == "toolchain" {
			if v == "default" || v == "local" {
				continue
			}
			v, ok = strings.CutPrefix(v, "go")
			if !ok {
				return false
			}
			// go1.22.1-custom names a local build of that release.
			v, _, _ = strings.Cut(v, "-")
		}
		want, ok := parseGoVersion(v)
		if !ok || goVersionLess(local, want) {
			return false
		}
	}
	return true
}

// localGoVersion is the version of the go command on PATH, read once
// from its build information (running go env GOVERSION costs a
// process).
func localGoVersion() ([3]int, bool) {
	localGo.once.Do(func() {
		path, err := exec.LookPath("go")
		if err != nil {
			return
		}
		version, ok := goBinaryVersion(path)
		if !ok {
			return
		}
		localGo.v, localGo.ok = parseGoVersion(strings.TrimPrefix(version, "go"))
	})
	return localGo.v, localGo.ok
}

var localGo struct {
	once sync.Once
	v    [3]int
	ok   bool
}

// parseGoVersion reads 1.N, 1.N.P, 1.NrcK or 1.NbetaK as major, minor
// and patch, a pre-release or a language version (1.N) before 1.N.0.
func parseGoVersion(v string) ([3]int, bool) {
	var out [3]int
	parts := strings.Split(v, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return out, false
	}
	if i := strings.IndexAny(parts[1], "rb"); i > 0 && len(parts) == 2 {
		// 1.23rc1: before 1.23.0.
		parts[1] = parts[1][:i]
		parts = append(parts, "-1")
	}
	if len(parts) == 2 {
		parts = append(parts, "-1")
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 && !(i == 2 && n == -1) {
			return out, false
		}
		out[i] = n
	}
	return out, true
}

// goVersionLess reports a < b.
func goVersionLess(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

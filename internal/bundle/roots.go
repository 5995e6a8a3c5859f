package bundle

import (
	"fmt"
	"strings"
)

// A manifest's roots say which data paths a bundle owns, as OPA's do: a
// root is a slash-separated path, "" owns everything, and no root may lie
// inside another. A governance bundle's files are data under the
// governance root (rules/team.yaml is governance/rules/team.yaml), and
// each must lie under one of the roots: a bundle that declares it owns
// only governance/rules cannot carry a config.yaml. A manifest without
// roots owns everything, as OPA defaults it.

// checkRoots validates the manifest's roots and that every file lies
// under one of them.
func (b *Bundle) checkRoots() error {
	roots := b.Manifest.Roots
	if roots == nil {
		return nil
	}
	if len(roots) == 0 {
		return fmt.Errorf(".manifest: roots is empty: the bundle owns no path, and holds %d files", len(b.names()))
	}
	clean := make([]string, len(roots))
	for i, r := range roots {
		c, err := cleanRoot(r)
		if err != nil {
			return err
		}
		clean[i] = c
	}
	for i := range clean {
		for j := i + 1; j < len(clean); j++ {
			if rootOverlaps(clean[i], clean[j]) {
				return fmt.Errorf(".manifest: roots %q and %q overlap", Clean(roots[i]), Clean(roots[j]))
			}
		}
	}
	for _, n := range b.names() {
		if n == ManifestFile {
			continue
		}
		p := Root + "/" + n
		under := false
		for _, r := range clean {
			under = under || r == "" || p == r || strings.HasPrefix(p, r+"/")
		}
		if !under {
			return fmt.Errorf(".manifest: roots %s do not permit %s (the bundle's files lie under %s/)", Clean(fmt.Sprintf("%q", roots)), Clean(p), Root)
		}
	}
	return nil
}

// cleanRoot returns a root without the leading and trailing slash OPA
// trims, or an error for one that is not a path of segments.
func cleanRoot(r string) (string, error) {
	c := strings.TrimSuffix(strings.TrimPrefix(r, "/"), "/")
	if c == "" {
		if r == "" || r == "/" {
			return "", nil
		}
		return "", fmt.Errorf(".manifest: root %q is malformed", Clean(r))
	}
	for _, seg := range strings.Split(c, "/") {
		bad := seg == "" || seg == "." || seg == ".."
		for _, ch := range seg {
			bad = bad || ch <= ' ' || ch == 0x7f || ch == '\\'
		}
		if bad {
			return "", fmt.Errorf(".manifest: root %q is malformed (write slash-separated names, such as %s)", Clean(r), Root)
		}
	}
	return c, nil
}

// rootOverlaps reports whether one root lies inside the other, by whole
// segments (governance and governance/rules overlap; governance and
// governance2 do not).
func rootOverlaps(a, b string) bool {
	return a == "" || b == "" || a == b || strings.HasPrefix(a, b+"/") || strings.HasPrefix(b, a+"/")
}

package cli

import "strconv"

// count writes n and a noun, singular for one: "1 problem", "3 problems".
// many is the plural when it is not the noun with an s.
func count(n int, one string, many ...string) string {
	if n == 1 {
		return "1 " + one
	}
	if len(many) > 0 {
		return strconv.Itoa(n) + " " + many[0]
	}
	return strconv.Itoa(n) + " " + one + "s"
}

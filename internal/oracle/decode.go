package oracle

// This file decodes the values inside a system call's arguments: quoted
// strings, arrays of strings, the file descriptor annotations of -yy
// ("3</home/agent/x>", "AT_FDCWD</home/agent>", "4<UDP:[a:1->b:53]>")
// and the iovec arrays of writev and sendmsg.

import (
	"strconv"
	"strings"
)

// unquote decodes a quoted string such as "a\x62\n", followed by "..."
// when strace truncated it.
func unquote(s string) (b []byte, truncated, ok bool) {
	if !strings.HasPrefix(s, `"`) {
		return nil, false, false
	}
	end, ok := skipString(s, 0)
	if !ok {
		return nil, false, false
	}
	return unescape(s[1:end]), strings.HasPrefix(s[end+1:], "..."), true
}

// unescape decodes the C escapes strace writes: \n \t \r \v \f \" \\,
// \xHH and octal \NNN.
func unescape(s string) []byte {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b = append(b, s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b = append(b, '\n')
		case 't':
			b = append(b, '\t')
		case 'r':
			b = append(b, '\r')
		case 'v':
			b = append(b, '\v')
		case 'f':
			b = append(b, '\f')
		case 'x':
			if i+2 < len(s) {
				if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
					b = append(b, byte(v))
					i += 2
					continue
				}
			}
			b = append(b, c)
		default:
			if c >= '0' && c <= '7' {
				j := i
				for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
					j++
				}
				v, _ := strconv.ParseUint(s[i:j], 8, 8)
				b = append(b, byte(v))
				i = j - 1
				continue
			}
			b = append(b, c)
		}
	}
	return b
}

// str decodes a quoted string argument, "" when it is not one (NULL).
func str(s string) string {
	b, _, _ := unquote(s)
	return string(b)
}

// strArray decodes ["a", "b"], whose last element is "..." when strace
// left some out.
func strArray(s string) (elems []string, truncated bool) {
	if !strings.HasPrefix(s, "[") {
		return nil, false
	}
	items, _, ok := splitArgs(s, 1, ']')
	if !ok {
		return nil, true
	}
	for _, it := range items {
		b, trunc, ok := unquote(it)
		if !ok {
			truncated = true
			continue
		}
		truncated = truncated || trunc
		elems = append(elems, string(b))
	}
	return elems, truncated
}

// annotation splits a -yy file descriptor, "3</path>", into the
// descriptor's text and what it refers to, with the device suffix of
// "/dev/null<char 1:3>" dropped. ok is false when there is none.
func annotation(s string) (fd, target string, ok bool) {
	i := strings.IndexByte(s, '<')
	if i < 0 || !strings.HasSuffix(s, ">") {
		return s, "", false
	}
	inner := s[i+1 : len(s)-1]
	for _, dev := range []string{"<char ", "<block "} {
		if j := strings.LastIndex(inner, dev); j >= 0 && strings.HasSuffix(inner, ">") {
			inner = inner[:j]
		}
	}
	return s[:i], string(unescape(inner)), true
}

// iovData concatenates the iov_base strings in s, an iovec array or a
// message header holding one.
func iovData(s string) (data []byte, truncated bool) {
	const key = "iov_base="
	for {
		i := strings.Index(s, key)
		if i < 0 {
			return data, truncated
		}
		s = s[i+len(key):]
		b, trunc, ok := unquote(s)
		if !ok {
			continue
		}
		data = append(data, b...)
		truncated = truncated || trunc
		end, _ := skipString(s, 0)
		s = s[end+1:]
	}
}

// field returns the value of name=value among the top-level fields of a
// structure, {a=1, b={...}}.
func field(s, name string) (string, bool) {
	if !strings.HasPrefix(s, "{") {
		return "", false
	}
	items, _, ok := splitArgs(s, 1, '}')
	if !ok {
		return "", false
	}
	for _, it := range items {
		if v, found := strings.CutPrefix(it, name+"="); found {
			return v, true
		}
	}
	return "", false
}

package oracle

import (
	"reflect"
	"strings"
	"testing"
)

func TestReaderLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []call
	}{
		{
			name:  "complete call with annotations",
			lines: []string{`7     openat(AT_FDCWD</home/agent/project>, "docs/deploy-key", O_RDONLY) = 3</home/agent/.ssh/id_rsa>`},
			want: []call{{pid: 7, name: "openat", ret: "3</home/agent/.ssh/id_rsa>",
				args: []string{"AT_FDCWD</home/agent/project>", `"docs/deploy-key"`, "O_RDONLY"}}},
		},
		{
			name:  "failed call",
			lines: []string{`6     openat(AT_FDCWD</home/agent/project/docs>, "/usr/x", O_WRONLY|O_CREAT|O_TRUNC, 0666) = -1 EROFS (Read-only file system)`},
			want: []call{{pid: 6, name: "openat", ret: "-1", errno: "EROFS",
				args: []string{"AT_FDCWD</home/agent/project/docs>", `"/usr/x"`, "O_WRONLY|O_CREAT|O_TRUNC", "0666"}}},
		},
		{
			name: "unfinished and resumed halves interleaved",
			lines: []string{
				`6     vfork( <unfinished ...>`,
				`7     execve("/usr/bin/cat", ["cat", "docs/key"], 0x56015659d8c8 /* 2 vars */ <unfinished ...>`,
				`6     <... vfork resumed>)              = 7`,
				`7     <... execve resumed>)             = 0`,
			},
			want: []call{
				{pid: 6, name: "vfork", ret: "7"},
				{pid: 7, name: "execve", ret: "0",
					args: []string{`"/usr/bin/cat"`, `["cat", "docs/key"]`, "0x56015659d8c8 /* 2 vars */"}},
			},
		},
		{
			name: "resumed in the middle of the arguments",
			lines: []string{
				`9     dup2(3<pipe:[59087]>, 0</dev/null<char 1:3>> <unfinished ...>`,
				`8     write(1<pipe:[1]>, "x", 1) = 1`,
				`9     <... dup2 resumed>)               = 0<pipe:[59087]>`,
			},
			want: []call{
				{pid: 8, name: "write", ret: "1", args: []string{"1<pipe:[1]>", `"x"`, "1"}},
				{pid: 9, name: "dup2", ret: "0<pipe:[59087]>", args: []string{"3<pipe:[59087]>", "0</dev/null<char 1:3>>"}},
			},
		},
		{
			name:  "socket annotation with an arrow",
			lines: []string{`10    sendto(3<UDP:[127.0.0.1:37198->127.0.0.1:53]>, "\x38\xd3", 2, MSG_NOSIGNAL, NULL, 0) = 2`},
			want: []call{{pid: 10, name: "sendto", ret: "2",
				args: []string{"3<UDP:[127.0.0.1:37198->127.0.0.1:53]>", `"\x38\xd3"`, "2", "MSG_NOSIGNAL", "NULL", "0"}}},
		},
		{
			name:  "quoted parenthesis, comma and escaped quote",
			lines: []string{`[pid  12] write(1, "a), \"b\\", 6) = 6`},
			want:  []call{{pid: 12, name: "write", ret: "6", args: []string{"1", `"a), \"b\\"`, "6"}}},
		},
		{
			name: "noise and broken lines",
			lines: []string{
				`5     --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=6} ---`,
				`5     +++ exited with 0 +++`,
				`11    read(0,  <unfinished ...>) = ?`,
				`12    <... write resumed>) = 3`,
				`13    write(1, "abc`,
				`strace: Process 14 attached`,
				``,
			},
		},
		{
			name:  "no arguments",
			lines: []string{`6     fork()                            = 9`},
			want:  []call{{pid: 6, name: "fork", ret: "9"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []call
			r := newReader()
			if err := r.each(strings.NewReader(strings.Join(tt.lines, "\n")), func(c call) { got = append(got, c) }); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestUnquote(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in        string
		want      string
		truncated bool
		ok        bool
	}{
		{in: `"plain"`, want: "plain", ok: true},
		{in: `"\x2f\x68\x6f"`, want: "/ho", ok: true},
		{in: `"a\nb\t\"c\\"`, want: "a\nb\t\"c\\", ok: true},
		{in: `"\250\237\1\0\7x"`, want: "\250\237\001\000\007x", ok: true},
		{in: `"3\236\1"`, want: "3\236\001", ok: true},
		{in: `"abc"...`, want: "abc", truncated: true, ok: true},
		{in: `"\xzz"`, want: "xzz", ok: true},
		{in: `"unterminated`, ok: false},
		{in: `NULL`, ok: false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			got, trunc, ok := unquote(tt.in)
			if ok != tt.ok || ok && (string(got) != tt.want || trunc != tt.truncated) {
				t.Errorf("unquote(%s) = %q, %v, %v; want %q, %v, %v", tt.in, got, trunc, ok, tt.want, tt.truncated, tt.ok)
			}
		})
	}
}

func TestDecodeValues(t *testing.T) {
	t.Parallel()
	t.Run("string array", func(t *testing.T) {
		t.Parallel()
		got, trunc := strArray(`["sh", "-c", "echo \"a, b\""]`)
		if want := []string{"sh", "-c", `echo "a, b"`}; !reflect.DeepEqual(got, want) || trunc {
			t.Errorf("got %q %v, want %q", got, trunc, want)
		}
		if got, trunc := strArray(`["a", "bb"..., ...]`); !reflect.DeepEqual(got, []string{"a", "bb"}) || !trunc {
			t.Errorf("truncated array: got %q %v", got, trunc)
		}
	})
	t.Run("annotations", func(t *testing.T) {
		t.Parallel()
		tests := []struct{ in, fd, target string }{
			{"3</home/agent/out>", "3", "/home/agent/out"},
			{`AT_FDCWD<\x2f\x68\x6f\x6d\x65>`, "AT_FDCWD", "/home"},
			{"1</dev/null<char 1:3>>", "1", "/dev/null"},
			{"3<UDP:[127.0.0.1:1->127.0.0.1:53]>", "3", "UDP:[127.0.0.1:1->127.0.0.1:53]"},
		}
		for _, tt := range tests {
			if fd, target, ok := annotation(tt.in); !ok || fd != tt.fd || target != tt.target {
				t.Errorf("annotation(%s) = %q %q %v", tt.in, fd, target, ok)
			}
		}
		if _, _, ok := annotation("AT_FDCWD"); ok {
			t.Error("a bare descriptor has no annotation")
		}
	})
	t.Run("iovec data", func(t *testing.T) {
		t.Parallel()
		got, trunc := iovData(`[{iov_base="ab", iov_len=2}, {iov_base="c\x64"..., iov_len=9}]`)
		if string(got) != "abcd" || !trunc {
			t.Errorf("got %q %v", got, trunc)
		}
	})
}

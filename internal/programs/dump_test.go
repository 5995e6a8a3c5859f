package programs_test

import "testing"

func TestDump(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"od -An -tx1 f", "read f"},
		{"od -c -N 16 f", "read f"},
		{"od -w16 f", "read f"},
		{"hexdump -C f", "read f"},
		{"hexdump -n 64 -s 10 f", "read f"},
		{"hexdump -f fmt f", "read fmt; read f"},
		{"hexdump -e '16/1 \"%02x\"' f", "read f"},
		{"strings f", "read f"},
		{"strings -n 8 -t x bin", "read bin"},
		{"strings -8 bin", "read bin"},
		{"strings -", ""},
		{"strings @opts bin", "read opts; unknown (strings @opts reads options and files from a file); read bin"},
	})
}

func TestXxd(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"xxd f", "read f"},
		{"xxd", ""},
		{"xxd -", ""},
		{"xxd -l 64 f", "read f"},
		{"xxd -s 10 -l 20 f", "read f"},
		{"xxd -c8 f", "read f"},
		{"xxd -cols 8 f", "read f"},
		{"xxd -g 4 -u f", "read f"},
		{"xxd -groupsize 4 f", "read f"},
		{"xxd -seek -16 f", "read f"},
		{"xxd -ps -c 32 f", "read f"},
		{"xxd -i -n name f", "read f"},
		{"xxd -capitalize -i f", "read f"},
		{"xxd --len 8 f", "read f"},
		{"xxd f /dev/stdout", "read f"},
		{"xxd f out.hex", "read f; write out.hex"},
		{"xxd f \"$out\"", "read f; write $out"},
		// -r turns a dump back into bytes, written at the offsets the
		// dump gives: into its output, which it patches.
		{"xxd -r f", "read f; unknown (xxd -r writes raw bytes, patching its output in place)"},
		{"xxd -r -p f out", "read f; write out; unknown (xxd -r writes raw bytes, patching its output in place)"},
		{"xxd -revert f", "read f; unknown (xxd -r writes raw bytes, patching its output in place)"},
		{"xxd --revert f", "read f; unknown (xxd -r writes raw bytes, patching its output in place)"},
		{"xxd -R always f", "read f"},
		// Options end at the first operand.
		{"xxd f -r", "read f; write -r"},
		{"xxd -- -r", "read -r"},
		{"xxd -v", ""},
		{"xxd -Q f", "unknown (the option -Q is not in the model of xxd); read f"},
		{"xxd $opt f", "unknown (the option $opt is not in the model of xxd); read f"},
		{"xxd -c", "unknown (the option -c (no value) is not in the model of xxd)"},
		{"xxd a b c", "read a; write b; unknown (xxd takes at most two files)"},
	})
}

// TestXxdFold: xxd -r -p of known hex text prints the bytes it spells.
func TestXxdFold(t *testing.T) {
	t.Parallel()
	checkFolds(t, []foldCase{
		{`cat "$(echo 2e656e76 | xxd -r -p)"`, []string{"cat", ".env"}},
		{`cat "$(echo 2e65 6e76 | xxd -p -r)"`, []string{"cat", ".env"}},
		{`cat "$(xxd -rp <<< 2e656e76)"`, []string{"cat", ".env"}},
		{`cat "$(echo 2e656e76 | xxd -pr)"`, []string{"cat", ".env"}},
		{`cat "$(echo 2e656e76 | xxd -r)"`, []string{"cat", "$(echo 2e656e76 | xxd -r)"}},
		{`cat "$(echo 2e656e7 | xxd -r -p)"`, []string{"cat", "$(echo 2e656e7 | xxd -r -p)"}},
		{`cat "$(xxd -r -p)"`, []string{"cat", "$(xxd -r -p)"}},
	})
}

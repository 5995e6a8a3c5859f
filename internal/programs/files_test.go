package programs_test

import "testing"

func TestFileChanges(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"rm a b", "delete a; delete b"},
		{"rm -rf build", "delete build (tree)"},
		{"rm --recur -f build", "delete build (tree)"},
		{"rm -- -x", "delete -x"},
		{"rmdir -p a/b/c", "delete a/b/c; delete a/b; delete a"},
		{"unlink f", "delete f"},
		{"shred -u key", "write key; delete key"},
		{"mv a b", "move a -> b"},
		{"mv a b dir", "move a -> dir; move b -> dir"},
		{"mv -t dir a b", "move a -> dir; move b -> dir"},
		{"mv .claude x", "move .claude -> x"},
		{"cp a b", "read a; write b"},
		{"cp -r src dst", "read src (tree, hidden); write dst (tree)"},
		{"cp -l a b", "link a -> b"},
		{"cp -s a b", "link a -> b"},
		{"install -m 755 bin/x /usr/local/bin/x", "read bin/x; write /usr/local/bin/x"},
		{"install -d a b", "write a; write b"},
		{"install --strip-program=evil a b", "exec sh:\"evil\"; read a; write b"},
		{"ln -s target name", "link target -> name"},
		{"ln target", "link target -> ."},
		{"ln -sf a b dir", "link a -> dir; link b -> dir"},
		{"mkdir -p a/b", "write a/b"},
		{"touch -r ref f", "stat ref; write f"},
		{"truncate -s 0 log", "write log"},
		{"chmod +x f", "chmod f"},
		{"chmod -x f", "chmod f"},
		{"chmod -R 755 dir", "chmod dir (tree)"},
		{"chmod --reference=a b", "stat a; chmod b"},
		{"chown -R user:grp dir", "chmod dir (tree)"},
		{"chgrp staff f", "chmod f"},
		{"dd if=/dev/zero of=disk.img bs=1M count=1", "read /dev/zero; write disk.img"},
		{"dd if=x of=/dev/null", "read x"},
		{"dd if=x foo=bar", "read x; unknown (dd's operand foo= is not modelled)"},
	})
}

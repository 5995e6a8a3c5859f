package programs_test

import "testing"

func TestBinutils(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"nm -C --defined-only lib.a", "read lib.a"},
		{"nm", "read a.out"},
		{"nm --plugin ./evil.so a.out", "unknown (the option --plugin is not in the model of nm); read ./evil.so; read a.out"},
		{"objdump -d -M intel a.out", "read a.out"},
		{"objdump -h -j .text bin/app", "read bin/app"},
		{"objdump -S a.out", "unknown (the option -S is not in the model of objdump); read a.out"},
		{"readelf -h -l -S app", "read app"},
		{"readelf -x .rodata app", "read app"},
		{"size -A app lib.o", "read app; read lib.o"},
	})
}

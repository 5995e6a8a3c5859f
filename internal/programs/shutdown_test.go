package programs_test

import "testing"

// TestShutdown checks that every shutdown changes state (-h halts), and help
// and --show do not.
func TestShutdown(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"shutdown -h now", "change (shutdown halts, powers off or reboots the machine, or warns its users)"},
		{"shutdown -r +5", "change (shutdown halts, powers off or reboots the machine, or warns its users)"},
		{"shutdown -P now", "change (shutdown halts, powers off or reboots the machine, or warns its users)"},
		{"shutdown -k now", "change (shutdown halts, powers off or reboots the machine, or warns its users)"},
		{"shutdown -c", "change (shutdown halts, powers off or reboots the machine, or warns its users)"},
		{"shutdown --show", ""},
		{"shutdown --show -r", "change (shutdown halts, powers off or reboots the machine, or warns its users)"},
		{"shutdown --help", ""},
		{"shutdown", "change (shutdown halts, powers off or reboots the machine, or warns its users)"},
		{"reboot", "change (reboot halts, powers off or reboots the machine)"},
		{"reboot -w", "change (reboot halts, powers off or reboots the machine)"},
		{"reboot --help", ""},
		{"halt -p", "change (halt halts, powers off or reboots the machine)"},
		{"halt", "change (halt halts, powers off or reboots the machine)"},
		{"poweroff -f", "change (poweroff halts, powers off or reboots the machine)"},
		{"poweroff --help", ""},
	})
}

package programs

// shutdown, reboot, halt and poweroff stop or restart the machine. Every
// form changes state: shutdown -h halts (it is not help), -k sends the
// warning to every user, -c cancels a pending shutdown, reboot -w writes
// a record to wtmp. Only --help, and systemd's shutdown --show of the
// pending shutdown, do nothing else. The tables hold the options of
// systemd, sysvinit and macOS.

var shutdownProgram = &Program{Names: []string{"shutdown"}, Node: Node{Opts: `
-a                 # sysvinit: check /etc/shutdown.allow
-c
-F
-f
-H --halt
-h
-k
-n
-o                 # macOS: with -h or -r, without asking the processes to stop
-P --poweroff
-r --reboot
-s                 # macOS: sleep
-t=SECONDS
-u                 # macOS: with -h, after an uninterruptible power supply's signal
--no-wall
--show
--help   help
`, Effects: func(c *Call, fx *Effects) {
	if len(c.Opts) == 1 && c.Has("--show") && len(c.Args()) == 0 {
		return
	}
	fx.Change("shutdown halts, powers off or reboots the machine, or warns its users")
}}}

// haltOptions are the options of reboot, halt and poweroff.
const haltOptions = `
--halt
-p --poweroff
--reboot
-f --force
-w --wtmp-only
-d --no-wtmp
-n
-i
-h
-l                 # macOS: without logging
-q                 # macOS: at once, without a graceful stop
--no-wall
--help   help
`

func haltEffects(c *Call, fx *Effects) {
	fx.Change(c.Name + " halts, powers off or reboots the machine")
}

var (
	rebootProgram   = &Program{Names: []string{"reboot"}, Node: Node{Opts: haltOptions, Effects: haltEffects}}
	haltProgram     = &Program{Names: []string{"halt"}, Node: Node{Opts: haltOptions, Effects: haltEffects}}
	poweroffProgram = &Program{Names: []string{"poweroff"}, Node: Node{Opts: haltOptions, Effects: haltEffects}}
)

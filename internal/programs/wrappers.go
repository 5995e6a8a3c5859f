package programs

// The programs that run their operands as another command and do nothing
// else a policy judges: each is known by its option grammar alone (see
// wrapper). A call that runs no command (nohup alone, timeout --help) is
// judged as a program nobody modelled.

var (
	busyboxProgram   = &Program{Names: []string{"busybox"}, LaunchOnly: true, wraps: &wrapper{}}
	catchsegvProgram = &Program{Names: []string{"catchsegv"}, LaunchOnly: true, wraps: &wrapper{}}
	chrtProgram      = &Program{Names: []string{"chrt"}, LaunchOnly: true, wraps: &wrapper{short: "T",
		long: []string{"sched-runtime", "sched-deadline", "sched-period"}, skip: 1, noCommand: "p"}}
	doasProgram = &Program{Names: []string{"doas"}, LaunchOnly: true, wraps: &wrapper{short: "uC", privileged: true, shell: "s"}}
	// flock's lock file, the operand before the command, is a file it
	// creates.
	flockProgram = &Program{Names: []string{"flock"}, LaunchOnly: true, wraps: &wrapper{short: "wEs",
		long: []string{"timeout", "conflict-exit-code"}, skip: 1, skipWrites: true}}
	ioniceProgram = &Program{Names: []string{"ionice"}, LaunchOnly: true, wraps: &wrapper{short: "cnP",
		long: []string{"class", "classdata", "pgid", "uid"}, noCommand: "pu"}}
	niceProgram        = &Program{Names: []string{"nice"}, LaunchOnly: true, wraps: &wrapper{short: "n", long: []string{"adjustment"}, transparent: true}}
	nohupProgram       = &Program{Names: []string{"nohup"}, LaunchOnly: true, wraps: &wrapper{transparent: true}}
	pkexecProgram      = &Program{Names: []string{"pkexec"}, LaunchOnly: true, wraps: &wrapper{long: []string{"user"}, privileged: true}}
	proxychainsProgram = &Program{Names: []string{"proxychains", "proxychains4"}, LaunchOnly: true, wraps: &wrapper{short: "f"}}
	// rtk runs the command it is given and condenses its output for an
	// agent; rtk proxy runs it as it is.
	rtkProgram      = &Program{Names: []string{"rtk"}, LaunchOnly: true, wraps: &wrapper{words: []string{"proxy"}}}
	setsidProgram   = &Program{Names: []string{"setsid"}, LaunchOnly: true, wraps: &wrapper{}}
	stdbufProgram   = &Program{Names: []string{"stdbuf"}, LaunchOnly: true, wraps: &wrapper{short: "ioe", long: []string{"input", "output", "error"}, transparent: true}}
	tasksetProgram  = &Program{Names: []string{"taskset"}, LaunchOnly: true, wraps: &wrapper{skip: 1, noCommand: "p"}}
	timeProgram     = &Program{Names: []string{"time"}, LaunchOnly: true, wraps: &wrapper{short: "fo", long: []string{"format", "output"}, writes: "o", writesLong: []string{"output"}, transparent: true}}
	timeoutProgram  = &Program{Names: []string{"timeout"}, LaunchOnly: true, wraps: &wrapper{short: "sk", long: []string{"signal", "kill-after"}, skip: 1, transparent: true}}
	torsocksProgram = &Program{Names: []string{"torsocks"}, LaunchOnly: true, wraps: &wrapper{}}
	unbufferProgram = &Program{Names: []string{"unbuffer"}, LaunchOnly: true, wraps: &wrapper{}}
	xvfbRunProgram  = &Program{Names: []string{"xvfb-run"}, LaunchOnly: true, wraps: &wrapper{short: "fnpsew",
		long:   []string{"auth-file", "server-num", "xauth-protocol", "server-args", "error-file", "wait"},
		writes: "fe", writesLong: []string{"auth-file", "error-file"}}}
)

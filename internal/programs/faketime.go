package programs

// faketime (libfaketime) runs a command with the clock it names: the
// timestamp, then the command. -p takes the process id to report, and
// --date-prog the program that reads the timestamp.
var faketimeProgram = &Program{Names: []string{"faketime"}, LaunchOnly: true,
	wraps: &wrapper{short: "p", long: []string{"date-prog"}, skip: 1}}

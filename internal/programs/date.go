package programs

import "strings"

// date prints the time, or sets the system clock: with -s, or with an
// operand that is not a +FORMAT (MMDDhhmm[[CC]YY][.ss]), unless BSD's -j
// says not to. -r names a file whose time it prints (BSD: or seconds).
// cal prints a calendar; its operands are numbers.

// dateProgram has GNU date's options and BSD's (-j -n -v).
var dateProgram = &Program{Names: []string{"date"}, Node: Node{Opts: `
-d --date=STRING
--debug
-f --file=DATEFILE
-I --iso-8601[=FMT]
--resolution
-R --rfc-email --rfc-822 --rfc-2822
--rfc-3339=FMT
-r --reference=FILE
-s --set=STRING           change
-u --utc --universal
-j
-n
-v=ADJUST
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("-r|--reference") {
		if !isDigits(v.Value) {
			fx.Stat(v)
		}
	}
	for _, v := range c.ValueArgs("-f|--file") {
		// GNU: a file of dates; BSD: the format of the operand.
		if !strings.Contains(v.Value, "%") && v.Value != "-" {
			fx.Read(v)
		}
	}
	if c.Has("-j") {
		return
	}
	for _, a := range c.Args() {
		if a.Dynamic || !strings.HasPrefix(a.Value, "+") {
			fx.Change("date " + a.Value + " sets the system clock")
		}
	}
}}}

// calProgram has util-linux cal's options and BSD cal's and ncal's.
var calProgram = &Program{Names: []string{"cal", "ncal"}, Node: Node{Opts: `
-1 --one
-3 --three
-n --months=NUM
-S --sunday
-m --monday
-j --julian
--reform=VAL
--iso
-y --year
-Y --twelve
-w --week[=NUM]
-v --vertical
--color[=WHEN]
-c --columns=NUM
-A=NUM
-B=NUM
-b
-C
-d=YYYY-MM
-e
-H=YYYY-MM-DD
-J
-M
-N
-o
-p
-s=COUNTRY
-h --help             help
-V --version          help
`, Effects: printsOnly}}

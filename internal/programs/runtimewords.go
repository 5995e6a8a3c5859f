package programs

// optionsAtRunTime records an unknown effect for each operand computed
// at run time that stands where an option may: before --, a word such as
// "$X" may expand to -K (ss), -d HOST (arp) or -o FILE (sar). Programs
// whose options only change what is printed do not need it; those with
// options that do more call it.
func optionsAtRunTime(c *Call, fx *Effects) {
	for j, a := range c.Args() {
		if c.DashDash >= 0 && c.NSub+j >= c.DashDash {
			return
		}
		if a.Dynamic {
			fx.Unknown(c.Name + " " + a.Value + ": a word known only at run time may hold options")
		}
	}
}

package programs

// eatmydata runs its command with fsync and its kin made to do nothing:
// what the command writes is what it would write, only less durably.
var eatmydataProgram = &Program{Names: []string{"eatmydata"}, LaunchOnly: true, wraps: &wrapper{}}

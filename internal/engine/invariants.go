package engine

import (
	"strings"
)

// Invariants are compiled in and no configuration turns them off: the
// catastrophic commands, and self-protection of the governance setup.

// invariants returns layer 0's verdict on a subject.
func (ev *evaluation) invariants(s *subject) Verdict {
	switch {
	case s.kind == KindShell:
		if v := catastrophic(s); v.Outcome != NoOpinion {
			return v
		}
		if ev.req.Role != "human" {
			if v := ev.signalVerdict(s); v.Outcome != NoOpinion {
				return v
			}
			if v := ev.daemonPageVerdict(s); v.Outcome != NoOpinion {
				return v
			}
			if v := ev.attachVerdict(s); v.Outcome != NoOpinion {
				return v
			}
			if v := ev.shellURLVerdict(s); v.Outcome != NoOpinion {
				return v
			}
			return ev.governanceCLI(s)
		}
	case (s.kind == KindWeb || s.kind == KindMCP) && ev.req.Role != "human":
		if v := ev.channelToolVerdict(s); v.Outcome != NoOpinion || s.kind != KindWeb {
			return v
		}
		return ev.webURLVerdict(s)
	case s.kind == KindRead && ev.req.Role != "human":
		if v := ev.stateReadVerdict(s); v.Outcome != NoOpinion {
			return v
		}
		return ev.procFileVerdict(s)
	case s.kind.modifies():
		if s.file.is(ClassDevice) {
			return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "device-write",
				Message:    "Writing to the device " + s.file.abs + " destroys what the disk holds.",
				Suggestion: "Write to a regular file instead; only a human may write to devices directly."}
		}
		if ev.req.Role != "human" {
			if v := ev.procFileVerdict(s); v.Outcome != NoOpinion {
				return v
			}
			if v := ev.plantedVerdict(s); v.Outcome != NoOpinion {
				return v
			}
			if v := ev.selfProtection(s); v.Outcome != NoOpinion {
				return v
			}
			return ev.startCodeVerdict(s)
		}
	}
	return Verdict{}
}

var recursive = "-r|-R|--recursive"

// catastrophic denies commands that destroy a system or a home directory.
func catastrophic(s *subject) Verdict {
	cl := s.cl
	deny := func(rule, msg, sug string) Verdict {
		return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: rule, Message: msg, Suggestion: sug}
	}
	target := func(classes ...string) (place, bool) {
		for _, t := range s.targets {
			if anyClass(classes, t) {
				return t, true
			}
		}
		return place{}, false
	}
	name := cl.name
	switch {
	case name == "rm" && cl.mayHave(recursive):
		if t, ok := target(ClassRoot, ClassHome); ok {
			return deny("rm-root-or-home", "Deleting "+describePlace(t)+" recursively destroys the system or the user's home directory.",
				"Delete only the specific files or folders inside the project that need to go.")
		}
	case name == "find" && cl.has("-delete"):
		if t, ok := target(ClassRoot, ClassHome); ok {
			return deny("find-delete-root-or-home", "find -delete over "+describePlace(t)+" deletes everything it finds there.",
				"Run find without -delete first to list the files, then delete specific paths inside the project.")
		}
	case (name == "chmod" || name == "chown" || name == "chgrp") && cl.hasAny(recursive):
		if t, ok := target(ClassRoot); ok {
			return deny("recursive-chmod-root", "Changing ownership or permissions of "+describePlace(t)+" recursively breaks the whole system.",
				"Change only the files inside the project that need it.")
		}
	case strings.HasPrefix(name, "mkfs") || name == "wipefs" || name == "mkswap" || name == "fdisk" || name == "sfdisk" ||
		name == "parted" || name == "sgdisk" || name == "blkdiscard" || name == "shred":
		if t, ok := target(ClassDevice); ok {
			return deny("disk-destroy", name+" on the device "+t.abs+" destroys the data on that disk.",
				"Only a human should format or wipe disks; ask the user to do it.")
		}
	case name == "dd":
		for _, t := range s.targets {
			if t.is(ClassDevice) && ddWritesTo(cl, t.raw) {
				return deny("disk-destroy", "dd onto the device "+t.abs+" overwrites the disk.",
					"Write the image to a regular file; only a human should write to a disk device.")
			}
		}
	}
	return Verdict{}
}

// ddWritesTo reports whether dd's of= operand is path.
func ddWritesTo(cl *cmdline, path string) bool {
	for _, a := range cl.cmd.Args[1:] {
		if v, ok := strings.CutPrefix(a.Value, "of="); ok && v == path {
			return true
		}
	}
	return false
}

func describePlace(p place) string {
	shown := p.raw
	if p.abs != "" && p.abs != p.raw {
		shown = p.raw + ", that is " + p.abs
	}
	switch {
	case p.is(ClassRoot):
		return "the root directory (" + shown + ")"
	case p.is(ClassHome):
		return "the home directory (" + shown + ")"
	}
	return shown
}

// hookOwned reports brain files that only the hook writes.
func (ev *evaluation) hookOwned(p place) bool {
	if p.abs == "" || ev.pc.root == "" {
		return false
	}
	base := ev.pc.root + "/.governance/brain/"
	rel := strings.TrimPrefix(p.abs, base)
	return rel == "metrics.json" || strings.HasPrefix(rel, "sessions/") || rel == "sessions" ||
		strings.HasPrefix(rel, "history/") || rel == "history"
}

package cli

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/validate"
)

// auditLine says, for status, whether every decision reached the decision
// log: the entries that could not be written (a full disk) are counted
// beside it.
func auditLine(logPath string, required bool) string {
	mode := "best-effort (a decision that cannot be written stands)"
	if required {
		mode = "required (a call whose decision cannot be written is denied)"
	}
	if logPath == "" {
		return mode + "; no state folder, so no decision log (set HOME or XDG_STATE_HOME)"
	}
	c, err := decisionlog.ReadFailures(logPath)
	switch {
	case err != nil:
		return fmt.Sprintf("%s; the failure counter is unreadable: %v", mode, err)
	case c.Count == 0:
		return mode + "; every decision was written"
	}
	return fmt.Sprintf("%s; %d decisions could not be written, the last at %s (%s); `governance validate --repair` clears the count",
		mode, c.Count, c.Last.Local().Format(time.DateTime), c.Error)
}

// logProblems lists what validate finds in the decision log at path: its
// torn lines, which readers skip, and the decisions that could not be
// written at all.
func logProblems(path string) ([]validate.Problem, error) {
	var out []validate.Problem
	h, err := decisionlog.Inspect(path)
	if err != nil {
		return nil, err
	}
	for _, tl := range h.Torn {
		msg := fmt.Sprintf("a torn entry (%d bytes), cut short by a process killed while writing it or by a full disk: readers skip it", tl.Bytes)
		switch {
		case tl.Recovered:
			msg = "a torn entry with a whole one written after it on the same line: the whole one is read, the torn one is lost"
		case tl.Tail:
			msg = "the last line is not a whole entry: cut short by a process killed while writing it or by a full disk, or being written now"
		}
		out = append(out, validate.Problem{File: fmt.Sprintf("%s:%d", tl.File, tl.Line), Message: msg})
	}
	c, err := decisionlog.ReadFailures(path)
	if err != nil {
		return nil, err
	}
	if c.Count > 0 {
		out = append(out, validate.Problem{File: decisionlog.FailuresPath(path), Message: fmt.Sprintf(
			"%d decisions could not be written to %s between %s and %s (the last: %s): no record of them is kept",
			c.Count, filepath.Base(path), c.First.Local().Format(time.DateTime), c.Last.Local().Format(time.DateTime), c.Error)})
	}
	return out, nil
}

// repairLog moves a decision log with torn lines aside as a rotated log,
// where it is kept, so that the current log starts whole, and clears the
// count of decisions that could not be written once it was reported. It
// says what it did.
func (a *App) repairLog(path string) error {
	h, err := decisionlog.Inspect(path)
	if err != nil {
		return err
	}
	if len(h.Torn) > 0 {
		to, err := decisionlog.Rotate(path, a.Now())
		if err != nil {
			return fmt.Errorf("rotating %s: %w", path, err)
		}
		fmt.Fprintf(a.Stderr, "governance: repaired %s (%d torn lines): it is kept as %s and a new log starts\n", path, len(h.Torn), to)
	}
	if c, err := decisionlog.ReadFailures(path); err == nil && c.Count > 0 {
		if err := decisionlog.ClearFailures(path); err != nil {
			return err
		}
		fmt.Fprintf(a.Stderr, "governance: cleared the count of %d decisions that could not be written (the last at %s: %s)\n",
			c.Count, c.Last.Local().Format(time.DateTime), c.Error)
	}
	return nil
}

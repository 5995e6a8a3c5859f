//go:build !unix

package pipeline

import (
	"errors"
	"os"
)

var errNoDaemon = errors.New("the daemon needs unix sockets")

func dialUnix(string) (*os.File, error)     { return nil, errNoDaemon }
func spawnDetached(string, ...string) error { return errNoDaemon }
func governanceBinary() (string, error)     { return "", errNoDaemon }

//go:build !unix

package hooks

import (
	"errors"
	"os"
	"time"
)

var errNoDaemon = errors.New("the daemon needs unix sockets")

func dialUnix(string) (*os.File, error)     { return nil, errNoDaemon }
func spawnDetached(string, ...string) error { return errNoDaemon }
func governanceBinary() (string, error)     { return "", errNoDaemon }

func runWithInput(string, []string, string, []byte, time.Duration) ([]byte, []byte, error) {
	return nil, nil, errNoDaemon
}

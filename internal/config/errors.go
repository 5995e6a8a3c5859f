// Package config finds and loads the governance configuration: the user's
// global folder, the project's .governance folder, the built-in policy and
// agent files in their native formats. Every problem it reports names the
// file and line, and says what to do.
package config

import (
	"strings"
)

// Errors is a list of configuration problems.
type Errors []error

func (e Errors) Error() string {
	var parts []string
	for _, err := range e {
		parts = append(parts, err.Error())
	}
	return strings.Join(parts, "\n")
}

// Unwrap returns the problems, for errors.Is and errors.As.
func (e Errors) Unwrap() []error { return e }

// flatten appends err, or the problems it holds, to list.
func flatten(list Errors, err error) Errors {
	if err == nil {
		return list
	}
	if es, ok := err.(Errors); ok {
		for _, e := range es {
			list = flatten(list, e)
		}
		return list
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			list = flatten(list, e)
		}
		return list
	}
	return append(list, err)
}

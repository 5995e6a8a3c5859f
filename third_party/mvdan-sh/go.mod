module mvdan.cc/sh/v3

go 1.26.0

// Command supervisor supervises one run of a program in the judge's sandbox, as the sandbox's
// first process: runner.Supervise in a binary of its own. The judge's binary supervises as
// well, but this one starts in a third of a millisecond where the judge's, with its command
// line and reports, takes over one, and the judge starts a supervisor for every test. judge.sh
// builds it beside the judge, which uses it when it finds it there.
//
//	supervisor __supervise COMMAND [ARG...]
//
// The judge gives it its brief on descriptor 4, not on the command line, which every process
// may read, and takes its report from descriptor 3.
package main

import (
	"fmt"
	"os"

	"bullseye/internal/runner"
)

func main() {
	if len(os.Args) < 2 || os.Args[1] != runner.SuperviseCommand {
		fmt.Fprintf(os.Stderr, "usage: supervisor %s COMMAND [ARG...], its brief on descriptor 4: the judge starts it, not people\n", runner.SuperviseCommand)
		os.Exit(2)
	}
	os.Exit(runner.Supervise(os.Args[2:]))
}

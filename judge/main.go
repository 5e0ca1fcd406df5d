// Command judge judges a contestant's program over the kit's tests as an online judge does:
// compiled by its extension, run on each test in a sandbox of its own under time, memory and
// output limits, its answers checked by the kit's checker, and a report with a verdict per
// test, the score and the first failing test. With --stress it tests the program against the
// reference solution on random inputs and shrinks the first input they disagree on. With
// --climb it hill-climbs the inputs the statement allows against the program's CPU time and
// reports the slowest it finds. With --contest it judges a whole class's folder and ranks it;
// with --hack too, it then searches for the inputs that break the class's programs and reports
// the fewest that break them all.
//
// judge.sh, at the root of the kit, builds this command and is the way to run it:
//
//	./judge.sh [flags] SUBMISSION
//	./judge.sh --stress [flags] SUBMISSION
//	./judge.sh --climb [flags] SUBMISSION
//	./judge.sh --contest DIR [flags]
//	./judge.sh --contest DIR --hack [flags]
//
// Exit status: 0 when every test is accepted (in stress mode: every case agrees; in climb mode:
// no input over the time limit and no wrong answer found; in contest mode: every contestant was
// judged, whatever the verdicts); 1 otherwise,
// a compilation error included; 2 for bad usage; 3 when the judge itself failed (a test it
// could not run, a reference solution that does not compile, a broken test set).
package main

import (
	"os"

	"bullseye/internal/runner"
)

func main() {
	// The same binary supervises each run inside the sandbox.
	if len(os.Args) > 1 && os.Args[1] == runner.SuperviseCommand {
		os.Exit(runner.Supervise(os.Args[2:]))
	}
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

package report

import (
	"fmt"
	"math"
	"syscall"

	"bullseye/internal/outcome"
)

// Summary sums a report up.
type Summary struct {
	// Verdict is AC when every test is; else CE, FAIL when any test failed the judge, or the
	// first test's verdict that is not AC.
	Verdict  outcome.Verdict         `json:"verdict"`
	Score    float64                 `json:"score"`
	MaxScore int                     `json:"max_score"`
	Passed   int                     `json:"passed"`
	Total    int                     `json:"total"`
	Counts   map[outcome.Verdict]int `json:"counts"`
	Slowest  *Slowest                `json:"slowest,omitempty"`
}

// Slowest is the test that took the most CPU time.
type Slowest struct {
	Name  string  `json:"name"`
	CPUMS float64 `json:"cpu_ms"`
}

// Summarize fills the report's summary from its results.
func (r *Report) Summarize() {
	s := Summary{MaxScore: MaxScore, Total: len(r.Results), Counts: map[outcome.Verdict]int{}, Verdict: outcome.Accepted}
	for _, t := range r.Results {
		s.Counts[t.Verdict]++
		if t.Verdict == outcome.Accepted {
			s.Passed++
		} else if s.Verdict == outcome.Accepted {
			s.Verdict = t.Verdict
		}
		if s.Slowest == nil || t.CPUMS > s.Slowest.CPUMS {
			s.Slowest = &Slowest{Name: t.Name, CPUMS: t.CPUMS}
		}
	}
	if s.Counts[outcome.Failure] > 0 {
		s.Verdict = outcome.Failure
	}
	switch {
	case r.Compile != nil:
		s.Verdict = r.Compile.Verdict
		s.Counts[r.Compile.Verdict]++
	case s.Total == 0:
		s.Verdict = outcome.Failure
	default:
		s.Score = math.Round(float64(MaxScore*s.Passed)/float64(s.Total)*10) / 10
	}
	r.Summary = s
}

// FirstFailure returns the first test whose verdict is not AC, or nil.
func (r *Report) FirstFailure() *Test {
	for i := range r.Results {
		if r.Results[i].Verdict != outcome.Accepted {
			return &r.Results[i]
		}
	}
	return nil
}

func signalName(sig int) string {
	names := map[syscall.Signal]string{
		syscall.SIGABRT: "SIGABRT", syscall.SIGBUS: "SIGBUS", syscall.SIGFPE: "SIGFPE", syscall.SIGILL: "SIGILL",
		syscall.SIGKILL: "SIGKILL", syscall.SIGSEGV: "SIGSEGV", syscall.SIGTERM: "SIGTERM", syscall.SIGXCPU: "SIGXCPU",
		syscall.SIGXFSZ: "SIGXFSZ", syscall.SIGPIPE: "SIGPIPE", syscall.SIGTRAP: "SIGTRAP", syscall.SIGSYS: "SIGSYS",
	}
	if name, ok := names[syscall.Signal(sig)]; ok {
		return name
	}
	return fmt.Sprintf("signal %d", sig)
}

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
	// Within scores the tests within the report's Bounds apart, when some tests lie beyond them.
	Within *Part `json:"within_bounds,omitempty"`
}

// Part is a score over part of the tests.
type Part struct {
	Passed int     `json:"passed"`
	Total  int     `json:"total"`
	Score  float64 `json:"score"`
}

// scoreOf returns the score of passed tests out of total, each weighing the same.
func scoreOf(passed, total int) float64 {
	return math.Round(float64(MaxScore*passed)/float64(total)*10) / 10
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
		s.Score = scoreOf(s.Passed, s.Total)
		s.Within = r.within()
	}
	r.Summary = s
}

// within scores the tests within the report's bounds apart, or returns nil when every test
// lies within them, or none does.
func (r *Report) within() *Part {
	p := &Part{}
	for _, t := range r.Results {
		if t.Beyond != "" {
			continue
		}
		p.Total++
		if t.Verdict == outcome.Accepted {
			p.Passed++
		}
	}
	if p.Total == 0 || p.Total == len(r.Results) {
		return nil
	}
	p.Score = scoreOf(p.Passed, p.Total)
	return p
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

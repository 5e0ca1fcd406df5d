package hunt

import "bullseye/internal/outcome"

// Report is the report of a climb, as ./judge.sh --climb --json writes it and its folder's
// climb.json keeps it: `go run ./generator climbed` reads it to record the input in a manifest.
type Report struct {
	Submission string `json:"submission"`
	// KitPath is the submission's path from the kit's root when it lies inside the kit.
	KitPath     string          `json:"kit_path,omitempty"`
	Language    string          `json:"language"`
	SHA256      string          `json:"sha256"` // of the submission's source
	Seed        uint64          `json:"seed"`
	MinGivens   int             `json:"min_givens"`
	MaxGivens   int             `json:"max_givens"`
	Jobs        int             `json:"jobs"`
	ClimbTimeMS int64           `json:"climb_time_ms"`
	TimeLimitMS int64           `json:"time_limit_ms"`
	CutMS       int64           `json:"cut_ms"` // where runs are stopped
	Verdict     outcome.Verdict `json:"verdict"`
	// Message is the compiler's message, for CE.
	Message     string    `json:"message,omitempty"`
	Interrupted bool      `json:"interrupted,omitempty"`
	ElapsedMS   int64     `json:"elapsed_ms"`
	Runs        int       `json:"runs"`
	FirstOverMS int64     `json:"first_over_ms,omitempty"`
	Slowest     *Reported `json:"slowest,omitempty"`
	Failure     *Reported `json:"failure,omitempty"`
	Saved       string    `json:"saved,omitempty"`
}

// Reported is an input a climb reports.
type Reported struct {
	Input  string `json:"input"` // the 81 digits in reading order
	Givens int    `json:"givens"`
	// Verdict and Message are the submission's on it: TLE over the limit, AC under it.
	Verdict outcome.Verdict `json:"verdict"`
	Message string          `json:"message,omitempty"`
	// CPUMS lists the submission's CPU times in the runs alone, MedianCPUMS their median (the
	// one run when none was alone); Cut tells that the median run was stopped at the cut.
	CPUMS          []float64 `json:"cpu_ms,omitempty"`
	MedianCPUMS    float64   `json:"median_cpu_ms"`
	Cut            bool      `json:"cut,omitempty"`
	ReferenceCPUMS float64   `json:"reference_cpu_ms,omitempty"`
	Answer         string    `json:"answer"` // the reference's
	Found          string    `json:"found,omitempty"`
	FoundAfterMS   int64     `json:"found_after_ms"`
}

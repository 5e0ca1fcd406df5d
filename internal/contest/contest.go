// Package contest is a whole class judged on one problem, as LemonLime and Cena judge a
// practice contest: the contestants' folders found in the layouts coaches have, each
// contestant's results, the ranking (RankingRule), and the ranking as text, CSV and JSON. Results are kept in a cache by what decides them, so that judging a class again only
// judges the submissions that changed.
package contest

import (
	"cmp"
	"encoding/json"
	"io"
	"math"
	"slices"
	"strings"
	"unicode"

	"bullseye/internal/bounds"
	"bullseye/internal/outcome"
	"bullseye/internal/report"
	"bullseye/internal/testlib"
	"bullseye/internal/warnings"
)

// Contest is a class judged on one problem over one test set.
type Contest struct {
	Problem string `json:"problem"`
	// TestSet names the tests: a group of the kit, or a folder.
	TestSet  string        `json:"test_set"`
	Tests    []string      `json:"tests"`
	Limits   report.Limits `json:"limits"`
	Isolated bool          `json:"isolated"`
	// ControlGroups says which control groups kept the runs' accounts; "" when the
	// supervisor sampled them, or nothing ran.
	ControlGroups string `json:"control_groups,omitempty"`
	// Bounds are the narrower statement's bounds the tests are weighed against (NOIP's, for
	// target sudoku), nil for none, which the JSON names; WithinOnly tells that only the tests
	// within them were judged (--bounds); Beyond says, for each test that lies beyond them, why.
	Bounds      *bounds.Bounds    `json:"-"`
	BoundsName  string            `json:"bounds,omitempty"`
	WithinOnly  bool              `json:"within_bounds_only,omitempty"`
	Beyond      map[string]string `json:"beyond,omitempty"`
	Contestants []Contestant      `json:"contestants"`
	// Hacks is what the hacking phase found (--hack); nil without one.
	Hacks *Hacks `json:"hacks,omitempty"`
}

// Status says how far a contestant's judging went.
type Status string

// The statuses.
const (
	Judged        Status = "judged"
	NoSubmission  Status = "no submission"
	TwoCandidates Status = "two candidate files"
	CompileError  Status = "compilation error"
	// NotJudged is a contestant whose file, or folder, the judge refuses to read: a link, a
	// device, a file over the source limit (the note says which).
	NotJudged Status = "not judged"
)

// Contestant is one contestant's judgement.
type Contestant struct {
	Rank int    `json:"rank"`
	Name string `json:"name"`
	// File is the submission, relative to the contest's folder; "" when there is none.
	File     string `json:"file,omitempty"`
	Language string `json:"language,omitempty"`
	Status   Status `json:"status"`
	// Note explains a status other than judged: the candidate files, the compiler's message.
	Note   string  `json:"note,omitempty"`
	Score  float64 `json:"score"`
	TimeMS float64 `json:"time_ms"`
	// AcceptedMS is the CPU time of the accepted tests, which orders contestants of equal score.
	AcceptedMS float64 `json:"accepted_ms"`
	// Verdicts is one letter per test (see Letter).
	Verdicts string `json:"verdicts"`
	// Hint tells a contestant who failed a test what the source does that the judge does not
	// serve, such as opening a file the judge does not give.
	Hint string `json:"hint,omitempty"`
	// Warnings are the compiler's warnings about the submission.
	Warnings []warnings.Warning `json:"warnings,omitempty"`
	// Cached tells that the results come from the cache, not from runs of this judging.
	Cached  bool     `json:"cached"`
	Results []Result `json:"results"`
}

// Result is a contestant's result on one test.
type Result struct {
	Test    string          `json:"test"`
	Verdict outcome.Verdict `json:"verdict"`
	CPUMS   float64         `json:"cpu_ms"`
	WallMS  float64         `json:"wall_ms"`
	PeakKiB int64           `json:"peak_kib"`
	Message string          `json:"message"`
	Rerun   bool            `json:"rerun,omitempty"`
	Output  string          `json:"output,omitempty"`
	Source  string          `json:"output_source,omitempty"`
	// FirstDifference is the first line where the output differs from the jury's answer.
	FirstDifference *Difference `json:"first_difference,omitempty"`
}

// Difference is a stretch of the jury's answer and of the output, from the first line where
// they differ.
type Difference struct {
	Line     int      `json:"line"` // 1-based number of the stretches' first line
	Expected []string `json:"expected"`
	Found    []string `json:"found"`
}

// DifferenceOf returns a checker's comparison as a Difference.
func DifferenceOf(c *testlib.Comparison) *Difference {
	if c == nil {
		return nil
	}
	return &Difference{Line: c.FirstLine, Expected: c.Expected, Found: c.Found}
}

// OutputExcerpt is the most bytes of an output a result keeps.
const OutputExcerpt = 4 << 10

// Letters are the verdicts' letters in a contestant's verdict string; NotRun is the letter of
// a test that did not run.
var letters = map[outcome.Verdict]byte{
	outcome.Accepted: 'A', outcome.WrongAnswer: 'W', outcome.PresentationError: 'P',
	outcome.TimeLimit: 'T', outcome.MemoryLimit: 'M', outcome.RuntimeError: 'R',
	outcome.OutputLimit: 'O', outcome.CompileError: 'C', outcome.Failure: 'F',
}

// NotRun is the letter of a test that did not run.
const NotRun = '-'

// Letter returns a verdict's letter: A accepted, W wrong answer, P presentation error, T time,
// M memory, O output limit, R run-time error, C compilation error, F judge failure.
func Letter(v outcome.Verdict) byte {
	if l, ok := letters[v]; ok {
		return l
	}
	return NotRun
}

// LetterLegend explains the letters.
const LetterLegend = "A accepted, W wrong answer, P presentation error, T time limit, M memory limit, R run-time error, O output limit, F judge failure, - not run"

// Summarize sets the contestant's score, total CPU time and verdict string from its results,
// over tests tests: a missing result did not run.
func (c *Contestant) Summarize(tests int) {
	var b strings.Builder
	passed, cpu, accepted := 0, 0.0, 0.0
	for _, r := range c.Results {
		b.WriteByte(Letter(r.Verdict))
		cpu += r.CPUMS
		if r.Verdict == outcome.Accepted {
			passed++
			accepted += r.CPUMS
		}
	}
	for range tests - len(c.Results) {
		b.WriteByte(NotRun)
	}
	c.Verdicts = b.String()
	c.TimeMS = math.Round(cpu*100) / 100
	c.AcceptedMS = math.Round(accepted*100) / 100
	c.Score = 0
	if tests > 0 {
		c.Score = math.Round(float64(report.MaxScore*passed)/float64(tests)*10) / 10
	}
}

// Explanation says why a contestant was not judged, for people: "" when judged.
func (c *Contestant) Explanation() string {
	switch c.Status {
	case Judged:
		return ""
	case TwoCandidates:
		return "two candidate files, neither judged: " + c.Note
	case NotJudged:
		return c.Note
	case NoSubmission:
		if c.Note != "" {
			return "no submission: " + c.Note
		}
	}
	return string(c.Status)
}

// Failed reports whether the judge failed on any of the contestant's tests.
func (c *Contestant) Failed() bool {
	return strings.IndexByte(c.Verdicts, Letter(outcome.Failure)) >= 0
}

// RankingRule is how Rank ranks, in words for the ranking's readers.
const RankingRule = "Ranking: by score, as at NOIP; equal scores share a rank. Within a rank, by the CPU " +
	"time of the accepted tests, fastest first; 0 points, by name. A rank never depends on the machine's speed."

// Rank orders the contestants and sets their ranks by RankingRule: the score decides the rank,
// equal scores sharing it; within a score, the CPU time of the accepted tests orders the
// contestants, and names those with 0 points (and any remaining tie).
func (c *Contest) Rank() {
	slices.SortStableFunc(c.Contestants, func(a, b Contestant) int {
		if by := cmp.Compare(b.Score, a.Score); by != 0 {
			return by
		}
		if a.Score > 0 {
			if by := cmp.Compare(a.AcceptedMS, b.AcceptedMS); by != 0 {
				return by
			}
		}
		return strings.Compare(a.Name, b.Name)
	})
	for i := range c.Contestants {
		if i > 0 && c.Contestants[i-1].Score == c.Contestants[i].Score {
			c.Contestants[i].Rank = c.Contestants[i-1].Rank
		} else {
			c.Contestants[i].Rank = i + 1
		}
	}
}

// ScoreWithin returns a contestant's score over the tests within the contest's bounds, and
// whether it means something: some tests lie beyond the bounds and some within.
func (c *Contest) ScoreWithin(x Contestant) (float64, bool) {
	if c.Bounds == nil || len(c.Beyond) == 0 || len(c.Beyond) >= len(c.Tests) {
		return 0, false
	}
	passed, total := 0, 0
	for i, test := range c.Tests {
		if _, beyond := c.Beyond[test]; beyond {
			continue
		}
		total++
		if i < len(x.Results) && x.Results[i].Verdict == outcome.Accepted {
			passed++
		}
	}
	return math.Round(float64(report.MaxScore*passed)/float64(total)*10) / 10, true
}

// WriteJSON writes the contest as indented JSON.
func (c *Contest) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(c)
}

// FirstDifference returns the first line where found differs from expected, compared token by
// token as the checkers do, or nil when every line matches.
func FirstDifference(expected, found []byte) *Difference {
	want, got := lines(expected), lines(found)
	for i := range max(len(want), len(got)) {
		var w, g string
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if strings.Join(strings.Fields(w), " ") != strings.Join(strings.Fields(g), " ") {
			c := &Difference{Line: i + 1, Expected: []string{}, Found: []string{}}
			if i < len(want) {
				c.Expected = []string{clip(w)}
			}
			if i < len(got) {
				c.Found = []string{clip(g)}
			}
			return c
		}
	}
	return nil
}

func lines(data []byte) []string {
	text := strings.TrimRightFunc(strings.ReplaceAll(string(data), "\r\n", "\n"), unicode.IsSpace)
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

func clip(s string) string {
	const width = 120
	if len(s) <= width {
		return s
	}
	return s[:width] + "..."
}

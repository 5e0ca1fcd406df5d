package htmlreport

import (
	"fmt"
	"testing"

	"bullseye/internal/bounds"
	"bullseye/internal/contest"
	"bullseye/internal/outcome"
)

// classNames are the first names of a class, some long, some in Chinese.
var classNames = []string{
	"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy",
	"mallory", "niaj", "olivia", "peggy", "rupert", "sybil", "trent", "victor", "walter", "xavier",
	"张伟", "王芳", "李娜", "刘洋", "陈静", "杨磊", "赵敏", "黄晓明", "周杰", "吴昊",
	"maximilian-alexander-von-humboldt", "yolanda", "zoe", "arthur", "beatrice", "cedric", "dolores", "edmund", "fiona", "gideon",
}

// classPage returns the page of a class of students judged on tests official-shaped tests
// (and, with hard, as many more of a group whose first three lie beyond NOIP's bounds), as a
// coach's class goes: a third pass every test, one fails only the last test (an output limit,
// the only one on the page), others fail a few, one crashes everywhere, one does not compile,
// one has no file. Its first two tests have the fixture's puzzles.
func classPage(t testing.TB, students, tests int, hard bool) *Page {
	t.Helper()
	base := fixture(t)
	con := &contest.Contest{Problem: "target", TestSet: "official", Limits: contestLimits, Isolated: true}
	var pageTests []Test
	for k := range tests {
		name := fmt.Sprintf("official/%02d", k+1)
		con.Tests = append(con.Tests, name)
		tt := base.Tests[k%2]
		tt.Name = name
		pageTests = append(pageTests, tt)
	}
	if hard {
		con.TestSet = "all"
		con.Bounds, con.BoundsName = &bounds.NOIP, bounds.NOIP.Name
		con.Beyond = map[string]string{}
		for k := range tests {
			name := fmt.Sprintf("hard/%02d", k+1)
			con.Tests = append(con.Tests, name)
			if k < 3 {
				con.Beyond[name] = "17 givens, fewer than 24"
			}
			tt := base.Tests[k%2]
			tt.Name = name
			pageTests = append(pageTests, tt)
		}
	}
	n := len(con.Tests)
	wrongGrid := base.Contest.Contestants[1].Results[0] // bob's: a grid that breaks a rule
	for i := range students {
		x := contest.Contestant{Name: classNames[i%len(classNames)], File: "x/sudoku.cpp", Language: "cpp", Status: contest.Judged}
		if i >= len(classNames) {
			x.Name += fmt.Sprint(i)
		}
		x.File = x.Name + "/sudoku.cpp"
		for k, test := range con.Tests {
			r := contest.Result{Test: test, Verdict: outcome.Accepted, CPUMS: float64(1 + (i*7+k*3)%40), WallMS: 9, PeakKiB: 2048, Message: "2855, the best score", Output: "2855\n"}
			fail := func(v outcome.Verdict, msg string) {
				r.Verdict, r.Message = v, msg
			}
			switch {
			case i%3 == 0:
			case i == 1 && k == n-1:
				fail(outcome.OutputLimit, "output over the limit of 16 MiB")
			case i == 1:
				r.CPUMS = 1 // the fastest of those who fail one test: right below the perfect rows
			case i == 4:
				fail(outcome.RuntimeError, "signal 11 (segmentation fault): SIGSEGV, an invalid memory access")
				r.CPUMS = 0.4
			case i%7 == 2 && k%5 == 1:
				r = wrongGrid
				r.Test = test
			case i%5 == 2 && k%6 == 4:
				fail(outcome.TimeLimit, "CPU time over the limit of 2 s")
				r.CPUMS = 2004
			case i%4 == 1 && k > n-4:
				fail(outcome.WrongAnswer, "expected 2855, found 2853")
				r.Output = "2853\n"
				r.FirstDifference = &contest.Difference{Line: 1, Expected: []string{"2855"}, Found: []string{"2853"}}
			case k == i*3%n:
				fail(outcome.WrongAnswer, "expected 2855, found 2849")
			}
			x.Results = append(x.Results, r)
		}
		switch i {
		case 7:
			x.Status, x.Results, x.Note = contest.CompileError, nil, "main.cpp:3:1: error: expected ';' before '}' token"
		case 10:
			x.Status, x.Results, x.File, x.Language = contest.NoSubmission, nil, "", ""
		}
		x.Summarize(n)
		con.Contestants = append(con.Contestants, x)
	}
	con.Rank()
	return &Page{Title: "Practice contest 7", Contest: con, Tests: pageTests}
}

package kattis

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// SubmissionsYAML is the file of submissions/ that sets requirements on the submissions.
const SubmissionsYAML = "submissions.yaml"

// Verdicts are the verdicts of a test case that submissions.yaml speaks of.
var Verdicts = []string{"AC", "WA", "TLE", "RTE"}

// SubmissionRule is one entry of submissions/submissions.yaml.
type SubmissionRule struct {
	// Pattern is a folder of submissions/, or the path of a submission in one.
	Pattern string
	// Permitted are the only verdicts its submissions may get on any test case, Required those
	// of which they must get one at least once; nil leaves the folder's default. A rule for a
	// default folder replaces the format's default for it.
	Permitted, Required []string
	// Entrypoint names the entry point, such as the class of a Java submission; "" for the
	// language's default.
	Entrypoint string
}

// checkSubmissions checks the rules and that every folder of submissions/ is one the format
// knows or one a rule sets requirements for.
func (p *Package) checkSubmissions() []error {
	var faults []error
	paths := map[string]bool{}
	var folders []string
	for _, name := range p.under(SubmissionsDir) {
		rel := strings.TrimPrefix(name, SubmissionsDir+"/")
		parts := strings.Split(rel, "/")
		if len(parts) == 1 {
			faults = append(faults, fmt.Errorf("%s: a submission must lie in a folder of submissions/", name))
			continue
		}
		for i := range parts {
			paths[strings.Join(parts[:i+1], "/")] = true
		}
		if !slices.Contains(folders, parts[0]) {
			folders = append(folders, parts[0])
		}
	}
	ruled := map[string]bool{}
	for _, r := range p.Submissions {
		if !paths[r.Pattern] {
			faults = append(faults, fmt.Errorf("%s: rule %q matches no submission", SubmissionsYAML, r.Pattern))
		}
		for _, v := range append(slices.Clone(r.Permitted), r.Required...) {
			if !slices.Contains(Verdicts, v) {
				faults = append(faults, fmt.Errorf("%s: rule %q: verdict %q is not one of %s", SubmissionsYAML, r.Pattern, v, strings.Join(Verdicts, ", ")))
			}
		}
		if r.Permitted != nil || r.Required != nil {
			ruled[r.Pattern] = true
		}
	}
	for _, folder := range folders {
		if known := p.Format.SubmissionFolders; !slices.Contains(known, folder) && !slices.Contains(p.Format.DOMjudgeFolders, folder) && !ruled[folder] {
			faults = append(faults, fmt.Errorf("submissions/%s is not a folder the format knows (%s), and no rule of %s says what its submissions must get",
				folder, strings.Join(known, ", "), SubmissionsYAML))
		}
	}
	return faults
}

// submissionsYAML writes submissions/submissions.yaml from the rules, sorted by pattern.
func (p *Package) submissionsYAML() ([]byte, error) {
	if len(p.Submissions) == 0 {
		return nil, nil
	}
	if !p.Format.HasSubmissionsYAML {
		return nil, fmt.Errorf("%s: format %s has no rules for submissions", SubmissionsYAML, p.Format.Version)
	}
	rules := slices.Clone(p.Submissions)
	slices.SortFunc(rules, func(a, b SubmissionRule) int { return strings.Compare(a.Pattern, b.Pattern) })
	var b strings.Builder
	for i, r := range rules {
		if i > 0 && rules[i-1].Pattern == r.Pattern {
			return nil, errors.New(SubmissionsYAML + ": two rules for " + r.Pattern)
		}
		fmt.Fprintf(&b, "%s:\n", quote(r.Pattern))
		if r.Entrypoint != "" {
			fmt.Fprintf(&b, "  entrypoint: %s\n", quote(r.Entrypoint))
		}
		for _, list := range []struct {
			key      string
			verdicts []string
		}{{"permitted", r.Permitted}, {"required", r.Required}} {
			if list.verdicts == nil {
				continue
			}
			quoted := make([]string, len(list.verdicts))
			for j, v := range list.verdicts {
				quoted[j] = quote(v)
			}
			fmt.Fprintf(&b, "  %s: [%s]\n", list.key, strings.Join(quoted, ", "))
		}
	}
	return []byte(b.String()), nil
}

package kattis

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Licenses are the values the format allows for license.
var Licenses = []string{"unknown", "public domain", "cc0", "cc by", "cc by-sa", "educational", "permission"}

// Metadata is what problem.yaml says of a problem, as far as the kit sets it.
type Metadata struct {
	// Name is the problem's name by language code; the statement must exist in exactly these
	// languages.
	Name map[string]string
	// UUID identifies the problem across renames; a new one is due when the problem changes
	// significantly.
	UUID string
	// Source is the contest the problem comes from; "" for none.
	Source string
	// License is one of Licenses.
	License string
	// RightsOwner owns the rights when the license needs an owner; "" leaves it to the source.
	RightsOwner string
	// TimeLimit is the time limit in seconds; MemoryMiB the memory limit in MiB.
	TimeLimit float64
	MemoryMiB int
	// CodeKiB is the largest submission's source in KiB, 0 for the format's default (128 KiB
	// for problemtools, which refuses a bigger accepted submission).
	CodeKiB int
	// Keywords describe the problem.
	Keywords []string
}

var (
	languagePattern = regexp.MustCompile(`^[a-z]{2,3}(-[A-Z]{2})?$`)
	uuidPattern     = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
)

// Check checks the metadata against the format: a name in at least one language, given by its
// ISO 639 code; a UUID; a known license, with a rights owner (given, or the source's) when the
// license needs one and none for the public domain; positive limits.
func (m Metadata) Check() error {
	var faults []error
	if len(m.Name) == 0 {
		faults = append(faults, errors.New("problem.yaml: the name is required"))
	}
	for _, lang := range sortedKeys(m.Name) {
		if !languagePattern.MatchString(lang) {
			faults = append(faults, fmt.Errorf("problem.yaml: name language %q is not an ISO 639 code", lang))
		}
		if strings.TrimSpace(m.Name[lang]) == "" {
			faults = append(faults, fmt.Errorf("problem.yaml: the %s name is empty", lang))
		}
	}
	if !uuidPattern.MatchString(m.UUID) {
		faults = append(faults, fmt.Errorf("problem.yaml: uuid %q is not a lower-case UUID", m.UUID))
	}
	switch {
	case !slices.Contains(Licenses, m.License):
		faults = append(faults, fmt.Errorf("problem.yaml: license %q is not one of %s", m.License, strings.Join(Licenses, ", ")))
	case m.License == "public domain" && m.RightsOwner != "":
		faults = append(faults, errors.New("problem.yaml: a public domain problem has no rights owner"))
	case m.License != "unknown" && m.License != "public domain" && m.RightsOwner == "" && m.Source == "":
		faults = append(faults, fmt.Errorf("problem.yaml: license %q needs a rights owner, or a source that owns the rights", m.License))
	}
	if !(m.TimeLimit > 0) {
		faults = append(faults, fmt.Errorf("problem.yaml: time limit %v: want a positive number of seconds", m.TimeLimit))
	}
	if m.MemoryMiB <= 0 {
		faults = append(faults, fmt.Errorf("problem.yaml: memory limit %d: want a positive number of MiB", m.MemoryMiB))
	}
	texts := []string{m.Source, m.RightsOwner}
	for _, lang := range sortedKeys(m.Name) {
		texts = append(texts, m.Name[lang])
	}
	for _, s := range append(texts, m.Keywords...) {
		if !utf8.ValidString(s) || strings.ContainsFunc(s, isControl) {
			faults = append(faults, fmt.Errorf("problem.yaml: %q is not UTF-8 text without control characters", s))
		}
	}
	return errors.Join(faults...)
}

// YAML returns problem.yaml in format f. Every string is double-quoted, so that no value is read
// as a number, a date or a YAML keyword; keys come in the order of the format's table. Legacy has
// one name (the English one; the statements carry the others), no time limit (Kattis derives it
// from the accepted submissions; DOMjudge reads it from domjudge-problem.ini), keywords as one
// string, and says that the output validator is custom.
func (m Metadata) YAML(f Format) ([]byte, error) {
	if err := m.Check(); err != nil {
		return nil, err
	}
	if f.Version == Legacy.Version {
		return m.legacyYAML(), nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "problem_format_version: %s\n", quote(f.Version))
	if len(m.Name) == 1 && m.Name["en"] != "" {
		fmt.Fprintf(&b, "name: %s\n", quote(m.Name["en"]))
	} else {
		b.WriteString("name:\n")
		for _, lang := range sortedKeys(m.Name) {
			fmt.Fprintf(&b, "  %s: %s\n", lang, quote(m.Name[lang]))
		}
	}
	fmt.Fprintf(&b, "uuid: %s\n", quote(m.UUID))
	if m.Source != "" {
		fmt.Fprintf(&b, "source: %s\n", quote(m.Source))
	}
	fmt.Fprintf(&b, "license: %s\n", quote(m.License))
	if m.RightsOwner != "" {
		fmt.Fprintf(&b, "rights_owner: %s\n", quote(m.RightsOwner))
	}
	fmt.Fprintf(&b, "limits:\n  time_limit: %s\n  memory: %d\n", seconds(m.TimeLimit), m.MemoryMiB)
	if m.CodeKiB > 0 {
		fmt.Fprintf(&b, "  code: %d\n", m.CodeKiB)
	}
	if len(m.Keywords) > 0 {
		b.WriteString("keywords:\n")
		for _, k := range m.Keywords {
			fmt.Fprintf(&b, "  - %s\n", quote(k))
		}
	}
	return []byte(b.String()), nil
}

// quote writes s as a YAML double-quoted scalar. Go's escapes, for the printable text allowed
// here, are a subset of YAML's.
func quote(s string) string { return strconv.Quote(s) }

// seconds writes a time limit as a YAML float, with a decimal point even when whole, since the
// format types it as a float.
func seconds(v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

func (m Metadata) legacyYAML() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "problem_format_version: %s\n", quote(Legacy.Version))
	name := m.Name["en"]
	if name == "" {
		name = m.Name[sortedKeys(m.Name)[0]]
	}
	fmt.Fprintf(&b, "name: %s\n", quote(name))
	fmt.Fprintf(&b, "uuid: %s\n", quote(m.UUID))
	if m.Source != "" {
		fmt.Fprintf(&b, "source: %s\n", quote(m.Source))
	}
	fmt.Fprintf(&b, "license: %s\n", quote(m.License))
	if m.RightsOwner != "" {
		fmt.Fprintf(&b, "rights_owner: %s\n", quote(m.RightsOwner))
	}
	b.WriteString("validation: \"custom\"\n")
	fmt.Fprintf(&b, "limits:\n  memory: %d\n", m.MemoryMiB)
	if m.CodeKiB > 0 {
		fmt.Fprintf(&b, "  code: %d\n", m.CodeKiB)
	}
	if len(m.Keywords) > 0 {
		words := make([]string, len(m.Keywords))
		for i, k := range m.Keywords {
			words[i] = strings.ReplaceAll(k, " ", "-") // the list is one string, split at spaces
		}
		fmt.Fprintf(&b, "keywords: %s\n", quote(strings.Join(words, " ")))
	}
	return []byte(b.String())
}

// DOMjudgeINI returns domjudge-problem.ini, DOMjudge's own metadata file, which carries the time
// limit where legacy problem.yaml has none.
func (m Metadata) DOMjudgeINI() []byte {
	return []byte("timelimit = " + strconv.FormatFloat(m.TimeLimit, 'f', -1, 64) + "\n")
}

func isControl(r rune) bool { return r < ' ' || r == 0x7f }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

package kattistest

import "gopkg.in/yaml.v3"

// ProblemYAML is problem.yaml as version 2025-09 of the format defines it: every key the format
// knows and no other, so that ReadYAML refuses an unknown key as the format does.
type ProblemYAML struct {
	ProblemFormatVersion string         `yaml:"problem_format_version"`
	Type                 any            `yaml:"type"`
	Name                 Names          `yaml:"name"`
	UUID                 string         `yaml:"uuid"`
	Version              string         `yaml:"version"`
	Credits              any            `yaml:"credits"`
	Source               any            `yaml:"source"`
	License              string         `yaml:"license"`
	RightsOwner          string         `yaml:"rights_owner"`
	EmbargoUntil         any            `yaml:"embargo_until"`
	Limits               *Limits        `yaml:"limits"`
	Keywords             []string       `yaml:"keywords"`
	Languages            any            `yaml:"languages"`
	AllowFileWriting     *bool          `yaml:"allow_file_writing"`
	Constants            map[string]any `yaml:"constants"`
}

// Limits is the limits map of problem.yaml. TimeLimit is an any, so that a test can tell a
// float from an integer.
type Limits struct {
	TimeMultipliers   map[string]float64 `yaml:"time_multipliers"`
	TimeLimit         any                `yaml:"time_limit"`
	TimeResolution    float64            `yaml:"time_resolution"`
	Memory            int                `yaml:"memory"`
	Output            int                `yaml:"output"`
	Code              int                `yaml:"code"`
	CompilationTime   int                `yaml:"compilation_time"`
	CompilationMemory int                `yaml:"compilation_memory"`
	ValidationTime    int                `yaml:"validation_time"`
	ValidationMemory  int                `yaml:"validation_memory"`
	ValidationOutput  int                `yaml:"validation_output"`
	ValidationPasses  int                `yaml:"validation_passes"`
}

// TestGroupYAML is test_group.yaml as version 2025-09 of the format defines it.
type TestGroupYAML struct {
	MaxScore              any      `yaml:"max_score"`
	ScoreAggregation      string   `yaml:"score_aggregation"`
	StaticValidationScore any      `yaml:"static_validation_score"`
	RequirePass           any      `yaml:"require_pass"`
	Args                  []string `yaml:"args"`
	InputValidatorArgs    []string `yaml:"input_validator_args"`
	StaticValidatorArgs   []string `yaml:"static_validator_args"`
	OutputValidatorArgs   []string `yaml:"output_validator_args"`
	InputVisualizerArgs   []string `yaml:"input_visualizer_args"`
	OutputVisualizerArgs  []string `yaml:"output_visualizer_args"`
	FullFeedback          *bool    `yaml:"full_feedback"`
}

// Names is the name of problem.yaml by language: a map, or one string, which names the problem
// in English.
type Names map[string]string

// UnmarshalYAML reads a map of names, or a string as the English name.
func (n *Names) UnmarshalYAML(node *yaml.Node) error {
	if node.Kind == yaml.ScalarNode {
		*n = Names{"en": node.Value}
		return nil
	}
	var m map[string]string
	if err := node.Decode(&m); err != nil {
		return err
	}
	*n = m
	return nil
}

// SubmissionSettings is one entry of submissions/submissions.yaml as version 2025-09 of the
// format defines it, without requirements for single test groups.
type SubmissionSettings struct {
	Language        string   `yaml:"language"`
	Entrypoint      string   `yaml:"entrypoint"`
	Authors         any      `yaml:"authors"`
	ModelSolution   *bool    `yaml:"model_solution"`
	Permitted       []string `yaml:"permitted"`
	Required        []string `yaml:"required"`
	Score           any      `yaml:"score"`
	Message         string   `yaml:"message"`
	UseForTimeLimit any      `yaml:"use_for_time_limit"`
}

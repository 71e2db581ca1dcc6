package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestBriefHidesTheCues writes every shipped and instructor lesson as a
// brief and wants no cue left in any block, and everything a rater needs
// (prompts, model and strong answers, rubric descriptions, the prose) kept.
func TestBriefHidesTheCues(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../../serving-incidents/*.md")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../../testdata/instructor*/*/*.md")
	files = append(files, more...)
	if len(files) < 5 {
		t.Fatalf("found only %d lesson files", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := write(&out, src); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		descriptions := 0
		for _, m := range fence.FindAllSubmatch(out.Bytes(), -1) {
			var block map[string]any
			if err := yaml.Unmarshal(m[2], &block); err != nil {
				t.Fatalf("%s: the brief's block does not parse: %v", f, err)
			}
			for k := range cueKeys {
				if _, ok := block[k]; ok {
					t.Errorf("%s: a %s block keeps %q", f, m[1], k)
				}
			}
			rubric, _ := block["rubric"].(map[string]any)
			for name, c := range rubric {
				crit, _ := c.(map[string]any)
				for k := range ruleKeys {
					if _, ok := crit[k]; ok {
						t.Errorf("%s: criterion %s keeps %q", f, name, k)
					}
				}
				if d, _ := crit["description"].(string); d != "" {
					descriptions++
				}
			}
		}
		if descriptions == 0 {
			t.Errorf("%s: the brief lost the rubric's descriptions", f)
		}
		firstLine := strings.SplitN(string(src), "\n", 2)[0]
		if !strings.HasPrefix(out.String(), firstLine) {
			t.Errorf("%s: the brief does not keep the lesson's prose", f)
		}
	}
}

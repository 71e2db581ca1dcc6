package lessons

// What a probe holds for a mock interview: how long the learner has to
// answer it, and the follow-up the interviewer asks after each answer,
// chosen by what the answer missed. Both fields are optional, so lesson
// files written before mock interviews keep working unchanged.

import (
	"regexp"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/practicum-dev/practicum/grading"
)

// The bounds and default of a probe's time limit. Written answers to the
// shipped probes run to a few paragraphs: five minutes is an interviewer's
// patience for a first answer, thirty past any interviewer's.
const (
	DefaultTimeLimit = 5 * time.Minute
	MinTimeLimit     = 30 * time.Second
	MaxTimeLimit     = 30 * time.Minute
)

// Limit is how long a learner has to answer the probe, and then its
// follow-up, in a mock interview: the authored time_limit, else
// DefaultTimeLimit.
func (p *Probe) Limit() time.Duration {
	if p.TimeLimit <= 0 {
		return DefaultTimeLimit
	}
	return p.TimeLimit
}

// FollowUpAfter is the follow-up an interviewer asks after an answer that
// scored sc: the follow-up the author wrote for the first criterion, in
// rubric order, that the answer missed, with that criterion; else, when
// the answer missed none that has one, the probe's own follow_up and "".
func (p *Probe) FollowUpAfter(sc grading.Score) (grading.Criterion, HTML) {
	for _, cs := range sc.Criteria {
		if q, ok := p.FollowUps[cs.Criterion]; ok && !cs.Awarded {
			return cs.Criterion, q
		}
	}
	return "", p.FollowUp
}

// FollowUpFor is the follow-up asked for criterion c: its own, or for ""
// (or a criterion whose follow-up an edit removed) the probe's follow_up.
func (p *Probe) FollowUpFor(c grading.Criterion) HTML {
	if q, ok := p.FollowUps[c]; ok {
		return q
	}
	return p.FollowUp
}

// timeLimitPattern is minutes and seconds as authors write them: 5m, 90s,
// 2m30s.
var timeLimitPattern = regexp.MustCompile(`^([0-9]+m)?([0-9]+s)?$`)

// parseInterview reads a probe's time_limit and follow_ups.
func parseInterview(f *fields, p *Probe) {
	if s, line := f.str("time_limit", false); s != "" {
		d, err := time.ParseDuration(s)
		if !timeLimitPattern.MatchString(s) || err != nil || d < MinTimeLimit || d > MaxTimeLimit {
			f.r.at(line, "%s field \"time_limit\" must be minutes and seconds from 30s to 30m, such as 5m, 90s or 2m30s, not %q", f.what, s)
		} else {
			p.TimeLimit = d
		}
	}
	n := f.lookup("follow_ups")
	if n == nil || (n.Kind == yaml.ScalarNode && n.Tag == "!!null") {
		return
	}
	ff := newFields(f.r, f.base, f.what+" follow_ups", n)
	if !ff.ok {
		return
	}
	for _, c := range grading.Criteria {
		if ff.lookup(string(c)) == nil {
			continue
		}
		p.FollowUps = setFollowUp(p.FollowUps, c, markdown(ff, string(c)))
	}
	ff.done()
}

func setFollowUp(m map[grading.Criterion]HTML, c grading.Criterion, q HTML) map[grading.Criterion]HTML {
	if q == "" {
		return m
	}
	if m == nil {
		m = map[grading.Criterion]HTML{}
	}
	m[c] = q
	return m
}

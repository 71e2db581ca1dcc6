package grading

import (
	"math"
	"sort"
	"strings"
)

// ScorerVersion names the scoring rules; every stored auto score records
// it, so a change of rules never rewrites history.
const ScorerVersion = "cues-30+combiner-10+provisional-4"

// Score is the auto score of one answer.
type Score struct {
	Criteria [4]CriterionScore `json:"criteria"`
	Total    int               `json:"total"`
	// Confidence is how sure the scorer is, 0–1; low scores go to review.
	Confidence float64 `json:"confidence"`
	// Provisional is true when the scorer's signals give its total a fair
	// chance of being wrong (markProvisional): a reviewer should confirm
	// the score before anyone relies on it.
	Provisional bool   `json:"provisional"`
	Version     string `json:"version"`
	// TotalSignals is what decided Provisional: for fitting, never shown.
	TotalSignals *TotalSignals `json:"-"`
}

// CriterionScore is one criterion's point, with the answer's own words
// that earned it.
type CriterionScore struct {
	Criterion Criterion  `json:"criterion"`
	Awarded   bool       `json:"awarded"`
	Evidence  []Evidence `json:"evidence"`
	Rationale string     `json:"rationale"`
	// Cues says which authored concepts decided it, for instructors.
	Cues string `json:"cues,omitempty"`
	// Provisional is true when the scorer's own signals say this point
	// may be wrong.
	Provisional bool `json:"provisional,omitempty"`
	// Doubt says why, for reviewers.
	Doubt string `json:"doubt,omitempty"`
	// Signals is what the combiner read, where it decided (nil where the
	// cues alone did): for fitting its weights, never shown.
	Signals *Signals `json:"-"`
}

// Evidence is a span of the answer, by byte offsets, and its text.
type Evidence struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Quote string `json:"quote"`
}

// Scores returns the awarded points by criterion.
func (r Score) Scores() map[Criterion]int {
	m := make(map[Criterion]int, 4)
	for _, c := range r.Criteria {
		if c.Awarded {
			m[c.Criterion] = 1
		} else {
			m[c.Criterion] = 0
		}
	}
	return m
}

const (
	minWords = 5
	// An answer with fewer function words than this share is a list of
	// terms, not sentences: naming concepts is not explaining them.
	listRatio       = 0.15
	borderlineRatio = 0.25
)

// Grade scores an answer on the cues alone. It is a pure function of the
// rubric and the text.
func (r *Rubric) Grade(answer string) (Score, error) { return r.GradeWith(answer) }

// GradeWith scores an answer with both opinions: the authored cues, and
// the labelled answers in sets (see weigh). It is a pure function of the
// rubric, the sets and the text.
func (r *Rubric) GradeWith(answer string, sets ...*LabelledSet) (Score, error) {
	score, _, err := r.grade(answer, sets)
	return score, err
}

// grade is GradeWith, returning too what the labelled answers said (the
// zero opinion where the answer was not read), for Explain.
func (r *Rubric) grade(answer string, sets []*LabelledSet) (Score, opinion, error) {
	c, err := r.compile()
	if err != nil {
		return Score{}, opinion{}, err
	}
	res := Score{Version: ScorerVersion}
	for i := range res.Criteria {
		res.Criteria[i] = CriterionScore{Criterion: Criteria[i], Evidence: []Evidence{}}
	}
	toks, unread := readAnswer(answer, r.shown())
	function := 0
	for _, t := range toks {
		if t.function {
			function++
		}
	}
	ratio := float64(function) / math.Max(1, float64(len(toks)))
	switch unread {
	case tooShort:
		return res.deny("Too short to score: write your answer out in sentences.", 0.9, answer), opinion{}, nil
	case listOfTerms:
		conf := 0.85
		if ratio > listRatio*0.6 {
			conf = 0.6
		}
		return res.deny("Reads as a list of terms rather than an answer: say what you would do and why.", conf, answer), opinion{}, nil
	case copiedOnly:
		return res.deny("Repeats what the lesson showed you (its text, the question, the feedback or the model answer) rather than answering: say what you would do and why, in your own words.", 0.9, answer), opinion{}, nil
	}

	found := map[string]conceptMatch{}
	ans := newAnswer(toks, c.words)
	defer ans.release()
	lookup := func(name string) conceptMatch {
		m, ok := found[name]
		if !ok {
			m = c.concepts[name].find(ans)
			found[name] = m
		}
		return m
	}
	confidence := 0.95
	if len(toks) < 25 {
		confidence -= 0.1
	}
	if ratio < borderlineRatio {
		confidence -= 0.15
	}
	var verdicts [4]cueVerdict
	for i, rule := range c.rules {
		verdicts[i] = judge(rule, c.needs[i], r.Phrases, lookup, toks, answer)
		confidence -= verdicts[i].penalty
	}
	op := opinionOf(answer, toks, sets...)
	weigh(&res, verdicts, &op, statesFalsifier(toks), namesTrap(toks), &confidence)
	for _, cr := range res.Criteria {
		if cr.Awarded {
			res.Total++
		}
	}
	res.Confidence = math.Round(math.Max(0.05, math.Min(0.99, confidence))*100) / 100
	res.markProvisional(answer)
	return res, op, nil
}

// unreadReason says why an answer is not read at all.
type unreadReason int

const (
	readable    unreadReason = iota
	tooShort                 // fewer than minWords words
	listOfTerms              // a list of terms as a whole (isList)
	copiedOnly               // fewer than minWords words not copied from what was shown
)

// readAnswer tokenizes answer as every reading of it does (GradeWith,
// Explain, PatternsMatched): whether it is read at all and, when it is,
// with the lists of terms inside it and the runs copied from what was
// shown marked, so that neither opinion reads them.
func readAnswer(answer string, shown *shownText) ([]token, unreadReason) {
	toks := tokenize(answer)
	fragments := fragmentsOf(answer, toks)
	switch {
	case len(toks) < minWords:
		return toks, tooShort
	case isList(toks, fragments):
		return toks, listOfTerms
	}
	markListed(toks, fragments)
	if copied := shown.markCopied(toks); copied > 0 && len(toks)-copied < minWords {
		return toks, copiedOnly
	}
	return toks, readable
}

func (r Score) deny(why string, confidence float64, answer string) Score {
	for i := range r.Criteria {
		r.Criteria[i].Rationale = why
	}
	r.Confidence = confidence
	r.markProvisional(answer)
	return r
}

// cueVerdict is the cues' decision on one criterion, with what the
// second opinion and the provisional flag need to know about it.
type cueVerdict struct {
	CriterionScore
	penalty float64
	// missing counts the required concepts not found, plus one when none
	// of the "any" concepts was.
	missing  int
	rejected bool
	// proposed: a move the item rules out is one the learner proposes in
	// the first person ("I'd revert v43", "I'd …, then do a rolling
	// restart"), not one whose turning down went unread.
	proposed bool
	// anyMissing: none of the rule's alternatives was found — often the
	// moves an author accepts, so an answer without them may offer another.
	anyMissing bool
	// negated: negation decided it (a concept found only negated).
	negated bool
	// near counts the missing parts whose words are all there, but split
	// over two sentences.
	near int
	// weak: a match rested on a typo or a synonym.
	weak bool
	// hedged: a required concept was found only inside an "if" clause
	// or as a move weighed with "would": shown, but not claimed.
	hedged bool
	noCue  bool
	// needs is what earns the criterion, in the rubric's words.
	needs string
}

// judge decides one criterion from the cues and how much doubt the
// decision carries.
func judge(rule Rule, needs string, phrases map[string]string, lookup func(string) conceptMatch, toks []token, answer string) cueVerdict {
	v := cueVerdict{CriterionScore: CriterionScore{Criterion: rule.Criterion, Evidence: []Evidence{}}, needs: needs}
	if rule.empty() {
		v.Rationale = "No automatic cues for this criterion; a reviewer scores it."
		v.penalty, v.noCue = 0.2, true
		return v
	}
	var missing, shown []string
	var missingNames, shownNames []string
	var evidence []conceptMatch
	claim := rule.Criterion == Result
	// Naming a trap is the failure case, however the answer turns it down:
	// "I'd resist adding GPUs" names the capacity trap as well as "adding
	// GPUs would be a mistake" does.
	named := func(m conceptMatch) conceptMatch {
		if rule.Criterion == FailureCase && m.negatedOnly && m.refused {
			m.found, m.framed = true, true
		}
		return m
	}
	for _, name := range rule.Requires {
		m := named(lookup(name))
		if !m.found || (claim && m.framed) {
			missing = append(missing, label(name))
			missingNames = append(missingNames, name)
			if m.near {
				v.near++
			}
			if m.negatedOnly || m.framed {
				v.penalty += 0.05
				v.negated = true
			}
			continue
		}
		shown = append(shown, label(name))
		shownNames = append(shownNames, name)
		evidence = append(evidence, m)
		v.hedged = v.hedged || m.conditional
		if m.typo {
			v.penalty += 0.04
			v.weak = true
		}
	}
	anyOK, anyNear := len(rule.Any) == 0, false
	for _, name := range rule.Any {
		m := named(lookup(name))
		anyNear = anyNear || m.near
		if m.found && !(claim && m.framed) {
			if !anyOK {
				shown = append(shown, label(name))
				shownNames = append(shownNames, name)
				evidence = append(evidence, m)
				v.weak = v.weak || m.typo
			}
			anyOK = true
		}
	}
	var rejected []string
	for _, name := range rule.Rejects {
		// A wrong move only named as a trap or a hypothesis ("the tempting
		// answer is to roll back") is not offered.
		// Nor is one the answer judges useless as the subject of its
		// clause ("Restarting the brokers doesn't help").
		if m := lookup(name); m.found && !m.framed && !m.conditional && !deniedRemedyAfter(toks, m) {
			rejected = append(rejected, label(name))
			evidence = append(evidence, m)
			v.proposed = v.proposed || m.ordered || proposedInPerson(toks, m)
			if m.typo {
				v.penalty += 0.05
				v.weak = true
			}
		} else if m.negatedOnly || m.framed || m.conditional || m.found {
			v.penalty += 0.03
			v.negated = true
		}
	}
	v.missing = len(missing) + boolInt(!anyOK)
	v.anyMissing = !anyOK
	v.near += boolInt(!anyOK && anyNear)
	switch {
	case len(rejected) > 0:
		v.rejected = true
		v.Cues = "Not awarded: the answer offers " + strings.Join(rejected, " and ") + ", which this item rules out."
		v.Rationale = "Not awarded: the answer proposes a move this question rules out. " + needs
		v.Evidence = quotes(toks, answer, evidence[len(evidence)-len(rejected):])
		if len(missing) == 0 && anyOK {
			v.penalty += 0.1 // right parts, wrong move: worth a human look
		}
	case v.missing > 0:
		parts := missing
		if !anyOK {
			parts = append(parts, "one of "+strings.Join(labels(rule.Any), ", "))
		}
		v.Cues = "Not awarded: missing " + strings.Join(parts, "; ") + "."
		v.Rationale = "Not awarded yet. " + needs
		if said, ok := say(phrases, missingNames, "; "); ok && anyOK {
			v.Rationale = "Not awarded yet: the answer should also " + said + "."
		}
		if v.missing == 1 && len(rule.Requires)+boolInt(len(rule.Any) > 0) > 1 {
			v.penalty += 0.08 // one part short of the point
		}
	default:
		v.Awarded = true
		v.Cues = "Awarded: shows " + strings.Join(shown, "; ") + "."
		v.Rationale = "Awarded: the highlighted words show it. " + needs
		if said, ok := say(phrases, shownNames, "; "); ok {
			v.Rationale = "Awarded: you " + said + "."
		}
		v.Evidence = quotes(toks, answer, evidence)
	}
	return v
}

// quotes turns matches into spans of the answer, in reading order, merging
// overlaps.
func quotes(toks []token, answer string, ms []conceptMatch) []Evidence {
	type span struct{ start, end int }
	var spans []span
	for _, m := range ms {
		spans = append(spans, span{toks[m.first].start, toks[m.last].end})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var out []Evidence
	for _, s := range spans {
		if n := len(out); n > 0 && s.start <= out[n-1].End {
			if s.end > out[n-1].End {
				out[n-1].End = s.end
				out[n-1].Quote = answer[out[n-1].Start:s.end]
			}
			continue
		}
		out = append(out, Evidence{Start: s.start, End: s.end, Quote: answer[s.start:s.end]})
	}
	if out == nil {
		out = []Evidence{}
	}
	return out
}

func label(name string) string { return strings.ReplaceAll(name, "-", " ") }

func labels(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = label(n)
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

var markdownMarks = strings.NewReplacer("`", "", "**", "", "*", "")

// needsText says in the rubric's own words what earns a criterion: the
// first sentence of its description. Worked out once per rubric.
func needsText(rule Rule) string {
	d := strings.Join(strings.Fields(markdownMarks.Replace(rule.Description)), " ")
	if d == "" {
		return ""
	}
	if i := strings.Index(d, ". "); i > 0 {
		d = d[:i+1]
	}
	if !strings.HasSuffix(d, ".") {
		d += "."
	}
	switch first, _, _ := strings.Cut(d, " "); first {
	case "The", "A", "An", "Any", "Answers", "Answer":
		return "This point is for: " + d
	}
	return "This point is for an answer that " + lowerFirst(d)
}

func lowerFirst(s string) string {
	if s == "" || strings.HasPrefix(s, "I ") {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// say joins the authors' learner-facing phrases for concepts; ok is false
// unless every one of them has a phrase.
func say(phrases map[string]string, names []string, sep string) (string, bool) {
	if len(names) == 0 {
		return "", false
	}
	out := make([]string, 0, len(names))
	for _, n := range names {
		p, ok := phrases[n]
		if !ok {
			return "", false
		}
		out = append(out, p)
	}
	return strings.Join(out, sep), true
}

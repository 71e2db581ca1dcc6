package grading

import (
	"fmt"
	"math"
	"strings"
)

// Explanation is how the scorer reached a score, concept by concept: for
// authors trying answers against their cues, never for learners.
type Explanation struct {
	Score    Score           `json:"score"`
	Criteria [4]CriterionWhy `json:"criteria"`
	// Note says why no concept was read at all (too short, a list).
	Note string `json:"note,omitempty"`
	// Unread are the words of lists inside the answer, and of long runs
	// copied from the question, which the cues and the labelled answers
	// ignore.
	Unread []string `json:"unread,omitempty"`
	// Closest are the labelled answers whose scores the second opinion
	// weighed, closest first: where it overruled the cues, these are why.
	Closest []Closest `json:"closest,omitempty"`

	traces map[string]Trace // by concept, shared between criteria
	// useless: concepts found as a move its clause judges useless
	// ("Restarting the brokers doesn't help"), which a rejects rule
	// does not count as offered (deniedRemedyAfter).
	useless map[string]bool
}

// CriterionWhy is one criterion's verdict and the concepts that decided it.
type CriterionWhy struct {
	Criterion Criterion `json:"criterion"`
	Awarded   bool      `json:"awarded"`
	// CuesAwarded is the cues' own verdict; it differs from Awarded where
	// the labelled answers overruled them.
	CuesAwarded bool    `json:"cues_awarded"`
	Decision    string  `json:"decision"`
	Concepts    []Trace `json:"concepts"`
}

// Closest is a labelled answer the second opinion weighed.
type Closest struct {
	// Source is "example", "model" or "reviewer".
	Source string `json:"source"`
	// Opening is the answer's first words.
	Opening    string            `json:"opening"`
	Similarity float64           `json:"similarity"`
	Scores     map[Criterion]int `json:"scores"`
}

// openingWords bounds Closest.Opening.
const openingWords = 12

// Role is what a concept does for a criterion.
type Role string

const (
	Required   Role = "requires"
	OneOf      Role = "any"
	RuledOut   Role = "rejects"
	traceFound      = "found"
)

// Trace is what the scorer made of one concept in the answer.
type Trace struct {
	Concept string `json:"concept"`
	Role    Role   `json:"role"`
	// Status is found, framed (named as a trap or hypothesis, not
	// claimed), conditional (inside an "if"), refused (turned down:
	// "don't X"), negated, or missing.
	Status string `json:"status"`
	// Words are the answer's words that matched, where it was found.
	Words string `json:"words,omitempty"`
	// Approximate: some of those words matched only as a synonym or with
	// a typo, never as the pattern wrote them.
	Approximate bool `json:"approximate,omitempty"`
	// Pattern is the pattern that matched, as the author wrote it (each
	// slot's first few alternatives), where the concept was found in any
	// reading.
	Pattern string `json:"pattern,omitempty"`
	// NearMiss says, where it was not found, which of its patterns came
	// closest and why it did not match.
	NearMiss string `json:"near_miss,omitempty"`
}

// Explain scores an answer as GradeWith does and says, per criterion,
// which concepts were found, with which words, and for each one that was
// not, how close its best pattern came. It is slower than GradeWith and
// meant for one answer at a time.
func (r *Rubric) Explain(text string, sets ...*LabelledSet) (Explanation, error) {
	score, op, err := r.grade(text, sets)
	if err != nil {
		return Explanation{}, err
	}
	c, _ := r.compile()
	ex := Explanation{Score: score, traces: map[string]Trace{}}
	toks, unread := readAnswer(text, r.shown())
	switch unread {
	case tooShort:
		ex.Note = "The answer is too short to read: no concept was looked for."
	case listOfTerms:
		ex.Note = "The answer reads as a list of terms, so no concept was looked for: every criterion is denied."
	case copiedOnly:
		ex.Note = "The answer repeats what the lesson showed the learner (the question, the scene before it, the lesson's prose, the feedback or the model answer) nearly word for word, so no concept was looked for: every criterion is denied."
	default:
		for _, t := range toks {
			if t.listed {
				ex.Unread = append(ex.Unread, text[t.start:t.end])
			}
		}
	}
	read := ex.Note == ""
	for _, n := range op.closest[:op.voters] {
		ex.Closest = append(ex.Closest, closestOf(n))
	}
	var ans *answer
	if read {
		ans = newAnswer(toks, c.words)
		defer ans.release()
	}
	for i, rule := range c.rules {
		why := CriterionWhy{Criterion: rule.Criterion, Awarded: score.Criteria[i].Awarded}
		claim := rule.Criterion == Result
		roles := []struct {
			role  Role
			names []string
		}{{Required, rule.Requires}, {OneOf, rule.Any}, {RuledOut, rule.Rejects}}
		for _, group := range roles {
			for _, name := range group.names {
				t := Trace{Concept: name, Role: group.role, Status: "missing"}
				if read {
					t = ex.trace(c.concepts[name], ans, text)
					t.Role = group.role
					if group.role == RuledOut && t.Status == traceFound && ex.useless[name] {
						t.Status = "framed"
						t.NearMiss = "judged useless as its clause's subject (\"X doesn't help\"): it counts for a failure case, never as a ruled-out move offered"
					}
				}
				why.Concepts = append(why.Concepts, t)
			}
		}
		why.CuesAwarded = read && cuesAward(why.Concepts, claim, rule)
		why.Decision = decision(why, rule, score.Criteria[i])
		ex.Criteria[i] = why
	}
	return ex, nil
}

func closestOf(n neighbour) Closest {
	words := strings.Fields(n.doc.text)
	opening := strings.Join(words[:min(len(words), openingWords)], " ")
	if len(words) > openingWords {
		opening += " …"
	}
	scores := make(map[Criterion]int, len(Criteria))
	for i, c := range Criteria {
		scores[c] = n.doc.scores[i]
	}
	return Closest{Source: n.doc.source, Opening: opening, Similarity: math.Round(n.sim*100) / 100, Scores: scores}
}

// cuesAward repeats judge's rule on the traces: every required concept,
// one of the "any" ones, and no ruled-out move offered as the learner's.
func cuesAward(traces []Trace, claim bool, rule Rule) bool {
	if rule.empty() {
		return false
	}
	anyOK := len(rule.Any) == 0
	for _, t := range traces {
		// A conditional match still counts; a framed one never claims
		// the result.
		counts := t.Status == traceFound || t.Status == "conditional" || (!claim && t.Status == "framed") ||
			rule.Criterion == FailureCase && t.Status == "refused"
		switch t.Role {
		case Required:
			if !counts {
				return false
			}
		case OneOf:
			anyOK = anyOK || counts
		case RuledOut:
			if t.Status == traceFound {
				return false
			}
		}
	}
	return anyOK
}

func decision(why CriterionWhy, rule Rule, cs CriterionScore) string {
	switch {
	case rule.empty():
		return "No cues: a reviewer scores this criterion."
	case why.Awarded && !why.CuesAwarded:
		return "Awarded by the labelled answers, overruling the cues: " + cs.Doubt + "."
	case !why.Awarded && why.CuesAwarded:
		return "Denied by the labelled answers, overruling the cues."
	case why.Awarded:
		return "Awarded by the cues."
	}
	return "Not awarded by the cues."
}

// trace explains one concept, once per answer.
func (ex *Explanation) trace(con *concept, a *answer, text string) Trace {
	if t, ok := ex.traces[con.name]; ok {
		return t
	}
	t := Trace{Concept: con.name}
	m := con.find(a)
	switch {
	case m.found:
		t.Status = traceFound
		if !m.framed && !m.conditional && deniedRemedyAfter(a.toks, m) {
			if ex.useless == nil {
				ex.useless = map[string]bool{}
			}
			ex.useless[con.name] = true
		}
		if m.framed {
			t.Status = "framed"
		} else if m.conditional {
			t.Status = "conditional"
		}
		t.Words = text[a.toks[m.first].start:a.toks[m.last].end]
		t.Approximate = m.typo
	case m.negatedOnly && m.refused:
		t.Status = "refused"
		t.Words = text[a.toks[m.first].start:a.toks[m.last].end]
	case m.negatedOnly:
		t.Status = "negated"
	default:
		t.Status = "missing"
	}
	switch t.Status {
	case "framed":
		t.NearMiss = "named as a trap, a hypothesis or a move judged wrong: it counts for a failure case or a check, never as the answer's own result"
	case "conditional":
		t.NearMiss = "only supposed — inside an \"if\" clause or as the subject of would/could/might: it counts as shown, but never as a ruled-out move offered"
	case "refused":
		t.NearMiss = "found only turned down" + by(negationOf(a.toks, text, m)) + ": it names the move, which counts for the failure case, never as offered or claimed"
	case "negated":
		t.NearMiss = "found only with a negation before it in its clause or just after it" + by(negationOf(a.toks, text, m))
	case "missing":
		t.NearMiss = con.nearMiss(a, text)
	}
	if t.Status != "missing" && m.patternIndex < len(con.patterns) {
		t.Pattern = con.patterns[m.patternIndex].summary()
	}
	ex.traces[con.name] = t
	return t
}

// nearMiss says how close the concept's best pattern came: the pattern
// with the most slots filled, and what stopped it.
func (con *concept) nearMiss(a *answer, text string) string {
	best, bestFilled := "", -1
	for _, p := range con.patterns {
		why, filled := p.nearMiss(a, text)
		if filled > bestFilled {
			best, bestFilled = why, filled
		}
	}
	return best
}

// nearMiss explains one pattern's failure and counts its filled slots.
func (p pattern) nearMiss(a *answer, text string) (string, int) {
	toks := a.toks
	var filled []string
	var empty []string
	var listedOnly []string
	firstSentence := make([]map[int]bool, len(p.slots))
	for s, slot := range p.slots {
		firstSentence[s] = map[int]bool{}
		any, unlisted, words, notOpening := false, false, "", ""
		for _, ph := range slot {
			for _, i := range a.starts(ph[0]) {
				oc, ok := ph.at(a, i)
				if !ok {
					continue
				}
				any = true
				if listedWithin(toks, oc) {
					continue
				}
				if p.opens[s] && !opensOrder(toks, oc) {
					if notOpening == "" {
						notOpening = text[toks[oc.first].start:toks[oc.last].end]
					}
					continue
				}
				if !unlisted {
					words = text[toks[oc.first].start:toks[oc.last].end]
				}
				unlisted = true
				firstSentence[s][toks[oc.first].sentence] = true
			}
		}
		switch {
		case unlisted:
			filled = append(filled, fmt.Sprintf("%q", words))
		case any && notOpening != "":
			empty = append(empty, fmt.Sprintf("%q (found %q, but not opening its clause, as \"^\" asks)", p.slotSummary(s), notOpening))
		case any:
			listedOnly = append(listedOnly, fmt.Sprintf("%q", p.slotSummary(s)))
		default:
			empty = append(empty, fmt.Sprintf("%q", p.slotSummary(s)))
		}
	}
	n := len(filled)
	switch {
	case len(empty) > 0 && n == 0:
		return "no words for " + strings.Join(empty, " + "), 0
	case len(empty) > 0:
		return fmt.Sprintf("matched %s, but nothing for %s", strings.Join(filled, " + "), strings.Join(empty, " + ")), n
	case len(listedOnly) > 0:
		return fmt.Sprintf("%s appears only inside a list of terms, which is not read", strings.Join(listedOnly, " + ")), n
	}
	// Every slot has words: were they ever in one sentence?
	for sentence := range firstSentence[0] {
		together := true
		for s := 1; s < len(p.slots); s++ {
			together = together && firstSentence[s][sentence]
		}
		if together {
			return fmt.Sprintf("every part (%s) is in one sentence, but more than %d words apart or sharing words", strings.Join(filled, " + "), maxSpan), n
		}
	}
	return fmt.Sprintf("every part (%s) is in the answer, but never all in one sentence", strings.Join(filled, " + ")), n
}

// slotSummary is a slot's alternatives as the author wrote them, the first
// few only.
func (p pattern) slotSummary(s int) string {
	const shown = 6
	alts := strings.Split(p.source[s], "|")
	if len(alts) > shown {
		return strings.Join(alts[:shown], "|") + "|…"
	}
	return p.source[s]
}

// by quotes the words that turned a match down, or says where to look.
func by(words string) string {
	if words == "" {
		return " (\"not\", \"don't\", \"I wouldn't\", \"isn't\")"
	}
	return " by \"" + words + "\""
}

// negationOf quotes what negates the match m: the nearest negating word
// before it in its clause (with the "I" that says it: "I wouldn't"), the
// "no" that answers the question it is in, or a negation after it in its
// clause ("rollback isn't").
func negationOf(toks []token, text string, m conceptMatch) string {
	if m.first < 0 || m.first >= len(toks) {
		return ""
	}
	quote := func(from, to int) string { return text[toks[from].start:toks[to].end] }
	for j := m.first - 1; j >= 0 && toks[j].clause == toks[m.first].clause; j-- {
		if toks[j].negator {
			if j > 0 && speaker(toks, j-1) && toks[j-1].clause == toks[j].clause {
				return quote(j-1, j)
			}
			return quote(j, j)
		}
	}
	if by := toks[m.first].answeredBy; by > 0 {
		return quote(by-1, by-1)
	}
	for j := m.last + 1; j < len(toks) && j <= m.last+6 && toks[j].clause == toks[m.first].clause; j++ {
		if toks[j].negator {
			return quote(j, j)
		}
	}
	return ""
}

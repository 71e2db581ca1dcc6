package grading

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strings"
)

// The second opinion: answers people have already scored for this item
// (calibration examples, the model answer, reviewers' decisions). An
// answer written much like answers that earned a criterion probably earns
// it too, whatever words the cues expected; where the two opinions part,
// the score is provisional.

// Labelled is an answer with the points a person gave it.
type Labelled struct {
	Text   string            `json:"text"`
	Scores map[Criterion]int `json:"scores"`
	// Source says who decided: "example", "model" or "reviewer".
	Source string `json:"source,omitempty"`
}

// LabelledSet is an item's labelled answers, indexed for similarity.
type LabelledSet struct {
	docs []labelledDoc
	// vocab numbers the features labelled answers have; idf by number.
	vocab map[string]int32
	idf   []float64
	// unseen is the weight of a feature no labelled answer has.
	unseen float64
	// evidence holds, per criterion, sentences that earned it (see
	// WithEvidence).
	evidence [4][]sparse
}

type labelledDoc struct {
	key    string // normalised text, to leave an answer out of its own opinion
	vec    sparse
	scores [4]int
	// source and text say which labelled answer it is, for Explain.
	source, text string
}

// sparse is a unit vector of features, sorted by feature.
type sparse []feature

type feature struct {
	id     int32
	weight float64
}

// NewLabelledSet indexes answers. Answers without all four scores are
// skipped.
func NewLabelledSet(answers []Labelled) *LabelledSet {
	set := &LabelledSet{vocab: map[string]int32{}}
	counts := make([]map[string]int, 0, len(answers))
	var kept []Labelled
	df := map[string]int{}
	for _, a := range answers {
		if len(a.Scores) < 4 || strings.TrimSpace(a.Text) == "" {
			continue
		}
		c := featureCounts(a.Text)
		for f := range c {
			df[f]++
		}
		counts = append(counts, c)
		kept = append(kept, a)
	}
	n := float64(len(kept))
	// Features are numbered in sorted order, not map order, so that every
	// process sums similarities in the same order: the scorer must give the
	// same score to the same answer, to the last bit.
	for _, f := range slices.Sorted(maps.Keys(df)) {
		set.vocab[f] = int32(len(set.idf))
		set.idf = append(set.idf, math.Log((n+1)/(float64(df[f])+1))+1)
	}
	set.unseen = math.Log(n+1) + 1
	for i, a := range kept {
		d := labelledDoc{key: textKey(a.Text), vec: set.vector(counts[i]), source: a.Source, text: a.Text}
		for j, c := range Criteria {
			d.scores[j] = a.Scores[c]
		}
		set.docs = append(set.docs, d)
	}
	return set
}

// Len is how many labelled answers the set holds.
func (s *LabelledSet) Len() int {
	if s == nil {
		return 0
	}
	return len(s.docs)
}

func textKey(text string) string { return strings.Join(strings.Fields(strings.ToLower(text)), " ") }

// featureCounts reads an answer as content-word stems; a word under
// negation is a different feature from the same word affirmed ("roll
// back" against "don't roll back"). (Pairs of neighbouring words were
// tried too: they lost agreement on the blind sets.)
func featureCounts(text string) map[string]int { return featuresOf(tokenize(text)) }

func featuresOf(toks []token) map[string]int {
	counts := make(map[string]int, len(toks))
	negated := false
	clause := -1
	for _, t := range toks {
		if t.clause != clause {
			clause, negated = t.clause, false
		}
		if t.negator {
			negated = true
			continue
		}
		if t.function || t.listed {
			continue // a list of terms says as little here as to the cues
		}
		f := t.stem
		if negated {
			f = "!" + f
		}
		counts[f]++
	}
	return counts
}

func (s *LabelledSet) vector(counts map[string]int) sparse {
	// Features no labelled answer has count in the length, never in a
	// match; they carry id -1 until the length is summed.
	v := make(sparse, 0, len(counts))
	for f, c := range counts {
		idf, id := s.unseen, int32(-1)
		if known, ok := s.vocab[f]; ok {
			idf, id = s.idf[known], known
		}
		v = append(v, feature{id, (1 + math.Log(float64(c))) * idf})
	}
	// Sorted before summing, so the length (and every sum over v) comes
	// out the same whatever order the map gave.
	slices.SortFunc(v, func(a, b feature) int {
		if a.id != b.id {
			return int(a.id - b.id)
		}
		return cmp.Compare(a.weight, b.weight)
	})
	var norm float64
	for _, f := range v {
		norm += f.weight * f.weight
	}
	norm = math.Sqrt(norm)
	unseen, _ := slices.BinarySearchFunc(v, int32(0), func(f feature, id int32) int { return int(f.id - id) })
	v = v[unseen:]
	for i := range v {
		v[i].weight /= norm
	}
	return v
}

// opinion is what the labelled answers say of one answer.
type opinion struct {
	// earned[i] is the similarity-weighted share of the nearest answers
	// that earned criterion i.
	earned [4]float64
	// nearest is the similarity of the closest labelled answer; support
	// is the mean similarity of the neighbours that voted.
	nearest, support float64
	voters           int
	// topical counts the answer's distinct content words that the
	// labelled answers use too.
	topical int
	// like[i] is the best similarity of a sentence of the answer to a
	// sentence that earned criterion i.
	like [4]float64
	// closest are the labelled answers that voted, closest first.
	closest [neighbourCount]neighbour
}

// neighbour is a labelled answer that voted, and how close it is.
type neighbour struct {
	doc *labelledDoc
	sim float64
}

// onTopicBelow is the similarity to every sentence that earned a point
// below which a sentence of an answer is about something else.
const onTopicBelow = 0.17

// onTopic works out, for each criterion, how like a sentence that earned
// it the answer's most like sentence is, and returns the features of the
// sentences on the item's subject: like some sentence that earned a
// point. The answer is compared with labelled answers on those alone, so
// sentences about other things, however many, move it no closer to any.
// (Answers none of whose sentences are on the subject are compared whole.)
func (op *opinion) onTopic(toks []token, sets []*LabelledSet) map[string]int {
	// Negation never reaches past a sentence, so the sentences' features
	// add up to those of the sentences read together.
	kept := map[string]int{}
	core := map[string]bool{}
	seen := map[string]bool{}
	// One dense vector per set, filled for a sentence and cleared after:
	// a dot product then costs one pass over the evidence's few features.
	dense := make([][]float64, len(sets))
	for k, s := range sets {
		if s.Len() > 0 {
			dense[k] = make([]float64, len(s.idf))
		}
	}
	for _, sentence := range sentencesAt(toks, 0, 1<<30) {
		// A sentence said twice is said once.
		key := sentenceKey(sentence)
		if seen[key] {
			continue
		}
		seen[key] = true
		counts := featuresOf(sentence)
		var best float64
		for k, s := range sets {
			if s.Len() == 0 {
				continue
			}
			v := s.vector(counts)
			for _, f := range v {
				dense[k][f.id] = f.weight
			}
			for c := range op.like {
				for _, e := range s.evidence[c] {
					sim := denseDot(dense[k], e)
					op.like[c] = max(op.like[c], sim)
					best = max(best, sim)
				}
			}
			for _, f := range v {
				dense[k][f.id] = 0
			}
		}
		if best >= onTopicBelow {
			for f, c := range counts {
				kept[f] += c
			}
		}
		if best >= evidenceLike {
			for f := range counts {
				core[f] = true
			}
		}
	}
	// How much the answer says: the distinct words of its sentences like
	// ones that earned a point, counted in the item's own labelled answers.
	if i := slices.IndexFunc(sets, func(s *LabelledSet) bool { return s.Len() > 0 }); i >= 0 {
		for f := range core {
			if _, ok := sets[i].vocab[f]; ok {
				op.topical++
			}
		}
	}
	if len(kept) == 0 {
		return featuresOf(toks)
	}
	return kept
}

func sentenceKey(sentence []token) string {
	var b strings.Builder
	for _, t := range sentence {
		b.WriteString(t.norm)
		b.WriteByte(' ')
	}
	return b.String()
}

// sentenceLike is the best similarity of a sentence of the answer to a
// sentence that earned criterion i.
func (op *opinion) sentenceLike(i int) float64 { return op.like[i] }

// denseDot is the dot product of a dense vector (by feature id) and a
// sparse one: one pass over the sparse one's few features.
func denseDot(dense []float64, v sparse) float64 {
	var sum float64
	for _, f := range v {
		sum += dense[f.id] * f.weight
	}
	return sum
}

// neighbourCount is how many nearest answers vote.
const neighbourCount = 5

// opinionOf asks the labelled answers about an answer (its text and
// tokens); sets may be nil.
func opinionOf(text string, toks []token, sets ...*LabelledSet) opinion {
	type scored struct {
		sim float64
		doc *labelledDoc
	}
	var best []scored
	var counts map[string]int
	key := ""
	var op opinion
	for _, s := range sets {
		if s.Len() > 0 {
			key, counts = textKey(text), op.onTopic(toks, sets)
			break
		}
	}
	for _, s := range sets {
		if s.Len() == 0 {
			continue
		}
		dense := make([]float64, len(s.idf))
		vec := s.vector(counts)
		for _, f := range vec {
			dense[f.id] = f.weight
		}
		for k := range s.docs {
			d := &s.docs[k]
			if d.key == key {
				continue // an answer is no evidence about itself
			}
			best = append(best, scored{denseDot(dense, d.vec), d})
		}
	}
	slices.SortStableFunc(best, func(a, b scored) int {
		switch {
		case a.sim > b.sim:
			return -1
		case a.sim < b.sim:
			return 1
		}
		return 0
	})
	if len(best) == 0 {
		return op
	}

	best = best[:min(len(best), neighbourCount)]
	op.nearest = best[0].sim
	var total float64
	for _, b := range best {
		if b.sim <= 0 {
			break
		}
		op.closest[op.voters] = neighbour{b.doc, b.sim}
		op.voters++
		total += b.sim
		for i := range op.earned {
			op.earned[i] += b.sim * float64(b.doc.scores[i])
		}
	}
	if total > 0 {
		for i := range op.earned {
			op.earned[i] /= total
		}
		op.support = total / float64(op.voters)
	}
	return op
}

// WithEvidence indexes, for each criterion, the sentences of labelled
// answers that earned it in which the cues found their evidence: what
// earning that point looks like, sentence by sentence. It returns s.
func (s *LabelledSet) WithEvidence(r *Rubric, answers []Labelled) *LabelledSet {
	if s.Len() == 0 {
		return s
	}
	for _, a := range answers {
		sc, err := r.Grade(a.Text)
		if err != nil {
			return s
		}
		toks := tokenize(a.Text)
		for i, cr := range sc.Criteria {
			if !cr.Awarded || a.Scores[cr.Criterion] != 1 {
				continue
			}
			for _, e := range cr.Evidence {
				for _, sentence := range sentencesAt(toks, e.Start, e.End) {
					s.evidence[i] = append(s.evidence[i], s.vector(featuresOf(sentence)))
				}
			}
		}
	}
	return s
}

// sentencesAt returns the sentences overlapping bytes start..end.
func sentencesAt(toks []token, start, end int) [][]token {
	var out [][]token
	for i := 0; i < len(toks); {
		j := i
		for j < len(toks) && toks[j].sentence == toks[i].sentence {
			j++
		}
		if toks[i].start < end && toks[j-1].end > start {
			out = append(out, toks[i:j])
		}
		i = j
	}
	return out
}

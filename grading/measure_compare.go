package grading

// ReportChange is what changed between two reports on the same answers:
// an author's run before a change to the cues and the run after it.
type ReportChange struct {
	MeanBefore float64               `json:"mean_agreement_before"`
	MeanAfter  float64               `json:"mean_agreement_after"`
	Before     map[Criterion]float64 `json:"agreement_before"`
	After      map[Criterion]float64 `json:"agreement_after"`
	// Mended are the disagreements of the run before that the run after
	// no longer has; Broken the run after's that the run before had not.
	Mended []Disagreement `json:"mended"`
	Broken []Disagreement `json:"broken"`
}

// Compare reports what changed from before to r, answer by answer and
// criterion by criterion, matching answers by id: both runs must have
// scored the same answers (the same N says so, not proves it).
func (r Report) Compare(before Report) ReportChange {
	ch := ReportChange{MeanBefore: before.MeanAgreement, MeanAfter: r.MeanAgreement, Before: before.Agreement, After: r.Agreement,
		Mended: []Disagreement{}, Broken: []Disagreement{}}
	type key struct {
		id string
		c  Criterion
	}
	in := func(ds []Disagreement) map[key]bool {
		m := make(map[key]bool, len(ds))
		for _, d := range ds {
			m[key{d.ID, d.Criterion}] = true
		}
		return m
	}
	was, is := in(before.Disagreements), in(r.Disagreements)
	for _, d := range before.Disagreements {
		if !is[key{d.ID, d.Criterion}] {
			ch.Mended = append(ch.Mended, d)
		}
	}
	for _, d := range r.Disagreements {
		if !was[key{d.ID, d.Criterion}] {
			ch.Broken = append(ch.Broken, d)
		}
	}
	return ch
}

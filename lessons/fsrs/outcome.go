package fsrs

// Outcome is what a learner did with one card in one session: a checkpoint
// answered, or one criterion of a scored answer. The learner never grades
// themselves; RatingFor turns the result into the rating.
type Outcome struct {
	// Correct: the checkpoint's right option was chosen, or the answer
	// earned the criterion.
	Correct bool
	// WrongEarlier: an earlier attempt at the same card in the same
	// session was wrong (a wrong option chosen, or a revision that missed
	// the criterion).
	WrongEarlier bool
	// NotYet: the learner rated their answer's confidence "Not yet".
	// Checkpoints carry no confidence rating: leave it false.
	NotYet bool
}

// RatingFor is the rating an outcome earns:
//
//	wrong (a wrong checkpoint, a missed criterion)          Again
//	right after a wrong attempt in the same session         Hard
//	right at the first attempt, confidence "Not yet"        Hard
//	right at the first attempt, otherwise                   Good
//
// Easy is never given. It means recalled without effort, which nothing here
// measures: "Confident" is the learner's own word, and an automatic score
// may be wrong. On a new card Easy skips the learning steps and sets a
// stability 3.6 times Good's (8.3 days against 2.3 with the default
// weights), so a wrong Easy hides a card for a week or more, where a wrong
// Good costs one early review. For the same reason confidence can only
// bring a review sooner, never later: a right answer the learner was
// unsure of is what FSRS calls Hard.
func RatingFor(o Outcome) Rating {
	switch {
	case !o.Correct:
		return Again
	case o.WrongEarlier, o.NotYet:
		return Hard
	default:
		return Good
	}
}

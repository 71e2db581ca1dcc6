// Package fsrs schedules review cards with FSRS-6, the Free Spaced
// Repetition Scheduler, as the TypeScript reference implementation ts-fsrs
// 5.4.2 does with its default settings: the same default weights, requested
// retention 0.9, a maximum interval of 36,500 days, learning steps of 1 and
// 10 minutes and a relearning step of 10 minutes (short-term scheduling on).
// reference_test.go holds it to ts-fsrs, run under node, step by step.
//
// Interval fuzz is off (ts-fsrs's default too) and not implemented: the
// same card, time and rating always give the same result, which the
// reference test and the Review page's dates depend on.
//
// The package is pure: no clock (the review time is a parameter), no
// storage, no HTTP. Next turns a card, a time and a rating into the card's
// next state and a log of the review; RatingFor turns what the learner did
// into the rating, since learners never grade themselves.
//
// Arithmetic follows ts-fsrs operation by operation, including its rounding
// of intermediate results to 8 decimals and JavaScript's Math.round, so that
// due dates agree to the millisecond and stability and difficulty to the
// last bits (reference_test.go states the tolerance).
package fsrs

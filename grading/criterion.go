// Package grading holds the four-point rubric model. It knows nothing of
// HTTP or the database.
package grading

// Criterion names one of the four rubric criteria. The string value is the
// key authors write in lesson files and the value stored in the database.
type Criterion string

const (
	Result       Criterion = "result"
	Reasoning    Criterion = "reasoning"
	FailureCase  Criterion = "failure_case"
	Verification Criterion = "verification"
)

// Criteria lists the four criteria in the order they are shown and scored.
var Criteria = [4]Criterion{Result, Reasoning, FailureCase, Verification}

// Label is the criterion's name as learners read it.
func (c Criterion) Label() string {
	switch c {
	case Result:
		return "Result"
	case Reasoning:
		return "Reasoning"
	case FailureCase:
		return "Failure case"
	case Verification:
		return "Verification"
	}
	return string(c)
}

// Valid reports whether c is one of the four criteria.
func (c Criterion) Valid() bool {
	for _, k := range Criteria {
		if c == k {
			return true
		}
	}
	return false
}

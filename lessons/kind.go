package lessons

// Kind is a block type. The structured kinds are the names authors write
// after "yaml" in a fence's info string.
//
// Every rule that depends on a block's kind — is it answered, scored,
// edited in a form, what is it called — is a method here, read from the
// kinds table below, so adding a block type means one row. Code outside
// this package asks these methods and never compares kind names; SQL gets
// the kinds it needs as a parameter (e.g. `kind = ANY($1)` with
// ScoredKinds()).
type Kind string

const (
	KindProse         Kind = "prose"
	KindCheckpoint    Kind = "checkpoint"
	KindExercise      Kind = "exercise"
	KindProbe         Kind = "probe"
	KindExplain       Kind = "explain"
	KindExample       Kind = "example"
	KindTrace         Kind = "trace"
	KindMisconception Kind = "misconception"
	KindSources       Kind = "sources"
)

// kindRules is what a kind is and how learners and authors meet it.
type kindRules struct {
	// label names the kind at the start of a line or heading; noun names
	// it inside a sentence ("Add an interview probe").
	label, noun string
	// answered: learners answer it, and it counts toward completion.
	answered bool
	// written: answered with free text and a confidence rating.
	written bool
	// scored: the written answer is scored against the block's rubric and
	// may be reviewed.
	scored bool
	// form: instructors edit it in a form of its own rather than in the
	// lesson's Markdown.
	form bool
}

// kinds lists every kind; the structured ones in the order the parser
// names them in its messages.
var kinds = []struct {
	kind Kind
	kindRules
}{
	{KindCheckpoint, kindRules{label: "Checkpoint", noun: "checkpoint", answered: true, form: true}},
	{KindExercise, kindRules{label: "Exercise", noun: "exercise", answered: true, written: true, scored: true, form: true}},
	{KindProbe, kindRules{label: "Interview probe", noun: "interview probe", answered: true, written: true, scored: true, form: true}},
	{KindExplain, kindRules{label: "Explain it back", noun: "explain-it-back prompt", answered: true, written: true}},
	{KindExample, kindRules{label: "Worked example", noun: "worked example"}},
	{KindTrace, kindRules{label: "Trace", noun: "trace"}},
	{KindMisconception, kindRules{label: "Misconception", noun: "misconception"}},
	{KindSources, kindRules{label: "Sources", noun: "sources"}},
	{KindProse, kindRules{label: "Prose", noun: "prose"}},
}

func (k Kind) rules() kindRules {
	for _, r := range kinds {
		if r.kind == k {
			return r.kindRules
		}
	}
	return kindRules{label: string(k), noun: string(k)}
}

// Answerable reports whether learners answer blocks of kind k
// (checkpoints and written answers); a lesson is complete when every such
// block has an answer.
func (k Kind) Answerable() bool { return k.rules().answered }

// Written reports whether blocks of kind k are answered with free text
// and a confidence rating.
func (k Kind) Written() bool { return k.rules().written }

// Scored reports whether answers to blocks of kind k are scored against
// the block's rubric, and so can be reviewed.
func (k Kind) Scored() bool { return k.rules().scored }

// HasForm reports whether blocks of kind k have their own form in the
// instructor area; the others are edited in the lesson's Markdown.
func (k Kind) HasForm() bool { return k.rules().form }

// Label names the kind at the start of a heading or line: "Interview
// probe".
func (k Kind) Label() string { return k.rules().label }

// Noun names the kind inside a sentence: "an interview probe".
func (k Kind) Noun() string { return k.rules().noun }

// kindsWhere lists the kinds with a rule, in table order.
func kindsWhere(rule func(kindRules) bool) []Kind {
	var out []Kind
	for _, r := range kinds {
		if rule(r.kindRules) {
			out = append(out, r.kind)
		}
	}
	return out
}

// AnswerableKinds, ScoredKinds and FormKinds list the kinds with each rule,
// for SQL parameters and for menus.
func AnswerableKinds() []Kind { return kindsWhere(func(r kindRules) bool { return r.answered }) }
func ScoredKinds() []Kind     { return kindsWhere(func(r kindRules) bool { return r.scored }) }
func FormKinds() []Kind       { return kindsWhere(func(r kindRules) bool { return r.form }) }

// structuredKinds are the kinds written as fenced YAML blocks: all but
// prose.
var structuredKinds = func() []Kind {
	var out []Kind
	for _, r := range kinds {
		if r.kind != KindProse {
			out = append(out, r.kind)
		}
	}
	return out
}()

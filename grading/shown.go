package grading

// What the learner was shown: before answering, the item's question and
// the scene the lesson sets before it (Rubric.Shown); after an answer is
// scored, the model answer and the rubric's descriptions, which the
// feedback quotes (Rubric.Revealed). A long run of either copied into an
// answer is the item's words, not the learner's: pasted back, the question
// names every move and number the cues and the labelled answers look for
// (the question of preemption-release-or-tenant, pasted, earned three of
// four), and the feedback and the model answer are the answer key.
// Neither opinion reads a copied run, as neither reads a list of terms.
// Restating a fact in the question's words ("v43 reached 50% of the
// fleet") is far shorter. Each kind of text has its own run read as
// copied, one word more than any of the 2,547 blind answers shares with
// it: 13 words in a row with the question or scene, 15 with a criterion's
// description, 29 with the model answer (strong answers echo it). The rest
// of the lesson's prose (Rubric.Taught) teaches the mechanism and the
// traps: pasted, one of its paragraphs earned a point on most items and
// disk-still-full's earned three; blind answers share up to 17 words in a
// row with it.
const (
	minCopiedRun      = 14 // the question, the scene
	minTaughtRun      = 18 // the lesson's prose
	minDescriptionRun = 16 // a criterion's description
	minRevealedRun    = 30 // the model answer
)

// shownText is the item's shown texts as words, indexed by pairs of
// words for finding runs: every run read as copied is longer than two
// words, and a pair ("the queue") occurs far less often than its first
// word, which matters once the lesson's prose is among the texts.
type shownText struct {
	texts []shownWords
	at    map[[2]string][]shownPos // two words in a row → where they occur
}

// shownWords is one shown text's words and the run of them read as
// copied.
type shownWords struct {
	words  []string
	minRun int
}

type shownPos struct{ text, i int }

// compileShown indexes the texts shown before answering (before, and the
// lesson's prose, taught) and the model answers and descriptions shown
// after (models, descriptions).
func compileShown(before, taught, models, descriptions []string) *shownText {
	s := &shownText{at: map[[2]string][]shownPos{}}
	add := func(text string, minRun int) {
		toks := tokenize(text)
		if len(toks) < minRun {
			return
		}
		words := make([]string, len(toks))
		for i, t := range toks {
			words[i] = t.norm
		}
		for i := range len(words) - 1 {
			pair := [2]string{words[i], words[i+1]}
			s.at[pair] = append(s.at[pair], shownPos{len(s.texts), i})
		}
		s.texts = append(s.texts, shownWords{words, minRun})
	}
	for _, text := range before {
		add(text, minCopiedRun)
	}
	for _, text := range taught {
		add(text, minTaughtRun)
	}
	for _, text := range models {
		add(text, minRevealedRun)
	}
	for _, text := range descriptions {
		add(text, minDescriptionRun)
	}
	if len(s.texts) == 0 {
		return nil
	}
	return s
}

// markCopied marks as listed the answer's words that are part of a run
// copied from what was shown, long enough for its text, and returns how
// many it marked.
func (s *shownText) markCopied(toks []token) int {
	if s == nil {
		return 0
	}
	marked := 0
	for i := 0; i < len(toks); {
		longest := 0
		var pair [2]string
		if i+1 < len(toks) {
			pair = [2]string{toks[i].norm, toks[i+1].norm}
		}
		for _, p := range s.at[pair] {
			text := s.texts[p.text]
			n := 0
			for i+n < len(toks) && p.i+n < len(text.words) && toks[i+n].norm == text.words[p.i+n] {
				n++
			}
			if n >= text.minRun {
				longest = max(longest, n)
			}
		}
		if longest == 0 {
			i++
			continue
		}
		for k := i; k < i+longest; k++ {
			toks[k].listed = true
		}
		marked += longest
		i += longest
	}
	return marked
}

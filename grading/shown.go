package grading

// What the learner was shown before answering: the item's question and the
// scene the lesson sets before it (Rubric.Shown). A long run of it copied
// into an answer is the item's words, not the learner's: pasted back, the
// question names every move and number the cues and the labelled answers
// look for, and earned points it never argued (the question of
// preemption-release-or-tenant, pasted, earned three of four). Neither
// opinion reads a copied run, as neither reads a list of terms.
// Restating a fact in the question's words ("v43 reached 50% of the
// fleet") is far shorter: of the 2,547 blind answers none shares more
// than 13 words in a row with its question or scene, and 3 share 11 or
// more.

// minCopiedRun is the fewest words in a row, as the question has them,
// read as copied: one more than any blind answer shares.
const minCopiedRun = 14

// shownText is the item's shown texts as words, indexed by word for
// finding runs.
type shownText struct {
	texts [][]string
	at    map[string][]shownPos // word → where it occurs
}

type shownPos struct{ text, i int }

func compileShown(texts []string) *shownText {
	s := &shownText{at: map[string][]shownPos{}}
	for _, text := range texts {
		toks := tokenize(text)
		if len(toks) < minCopiedRun {
			continue
		}
		words := make([]string, len(toks))
		for i, t := range toks {
			words[i] = t.norm
			s.at[t.norm] = append(s.at[t.norm], shownPos{len(s.texts), i})
		}
		s.texts = append(s.texts, words)
	}
	if len(s.texts) == 0 {
		return nil
	}
	return s
}

// markCopied marks the answer's words that are part of a run of at least
// minCopiedRun words copied from what was shown (token.copied), and
// returns how many it marked.
func (s *shownText) markCopied(toks []token) int {
	if s == nil {
		return 0
	}
	marked := 0
	for i := 0; i < len(toks); {
		longest := 0
		for _, p := range s.at[toks[i].norm] {
			words := s.texts[p.text]
			n := 0
			for i+n < len(toks) && p.i+n < len(words) && toks[i+n].norm == words[p.i+n] {
				n++
			}
			longest = max(longest, n)
		}
		if longest < minCopiedRun {
			i++
			continue
		}
		for k := i; k < i+longest; k++ {
			toks[k].copied, toks[k].listed = true, true
		}
		marked += longest
		i += longest
	}
	return marked
}

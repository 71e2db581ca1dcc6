package grading

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
)

//go:generate go run ./internal/wordnetgen -o synonyms.txt

// synonymTable is WordNet 3.0 reduced to the stems of words sharing one of
// a word's most frequent senses (see internal/wordnetgen and
// WORDNET-LICENSE). It is data compiled into the binary, so the scorer
// stays a pure function.
//
//go:embed synonyms.txt
var synonymTable string

// servingFamilies are paraphrase families of the subject the product
// teaches (serving and operating systems), which a general dictionary does
// not know: the same idea in the
// words learners use for it. Each line is one family; every word stands for
// the others.
var servingFamilies = []string{
	"rollback revert undo downgrade",
	"queue backlog",
	"latency delay slowness lag",
	"replica instance pod",
	"throttle cap limit restrict ration bound ceiling",
	"shed drop reject discard",
	"restart reboot bounce recycle",
	"deploy release rollout",
	"spike surge jump burst",
	"prompt input",
	"output response completion generation reply",
	"prove confirm verify validate",
	"disprove falsify refute contradict",
	"compare contrast versus",
	"coincide overlap simultaneous concurrent",
	"cause culprit driver trigger",
	"wrong mistaken incorrect",
	"stall pause freeze hiccup",
	"capacity headroom",
	"tenant customer",
	"retry resend resubmit reattempt",
	"timeout deadline",
	"decline decrease ease taper subside",
	"isolate separate split",
	"mitigation stopgap workaround",
	"balancer lb",
	"old legacy former previous outgoing",
	"decommission retire",
	// The words operations people use for the same thing, whatever the
	// incident: instructors' probes are about every kind.
	"connection socket",
	"descriptor handle fd",
	"server host machine node",
	"error failure",
	"database db",
	"alert alarm",
	"config configuration setting",
	"memory ram",
	"disk storage volume",
	"request call",
	"dashboard graph chart",
	"outage downtime",
}

// familyBeyondPrefix returns the stems of the subject's paraphrase family
// members a prefix pattern does not reach, when it reaches one of them:
// "retr*" reaches retry, so resend, resubmit and reattempt stand
// for it too. Only the curated families: WordNet's senses are too wide to
// follow from a prefix.
func familyBeyondPrefix(prefix string) []string {
	var out []string
	for _, fam := range servingFamilies {
		words := strings.Fields(fam)
		if !slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, prefix) }) {
			continue
		}
		for _, w := range words {
			if !strings.HasPrefix(w, prefix) {
				out = append(out, lookup(w).stem)
			}
		}
	}
	return out
}

// falseFriends are WordNet synonyms that mean something else in the
// subject's language: a performance regression is not a revert.
var falseFriends = [][2]string{
	{"revert", "regress"},
	{"revert", "return"},
}

var (
	synonymsOnce sync.Once
	synonymIndex map[string][]string // stem → other stems
)

// knownWord reports whether the dictionary knows stem as a word of its
// own (one with synonyms in WordNet or in the subject's families).
func knownWord(stem string) bool {
	synonymsOnce.Do(loadSynonyms)
	_, ok := synonymIndex[stem]
	return ok
}

// synonymsOf returns the stems that may stand for stem in an answer.
func synonymsOf(stem string) []string {
	synonymsOnce.Do(loadSynonyms)
	return synonymIndex[stem]
}

func loadSynonyms() {
	synonymIndex = make(map[string][]string, 12000)
	for line := range strings.Lines(synonymTable) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) > 1 {
			synonymIndex[fs[0]] = fs[1:]
		}
	}
	for _, pair := range falseFriends {
		a, b := lookup(pair[0]).stem, lookup(pair[1]).stem
		synonymIndex[a] = slices.DeleteFunc(synonymIndex[a], func(s string) bool { return s == b })
		synonymIndex[b] = slices.DeleteFunc(synonymIndex[b], func(s string) bool { return s == a })
	}
	for _, fam := range servingFamilies {
		words := strings.Fields(fam)
		stems := make([]string, len(words))
		for i, w := range words {
			stems[i] = lookup(w).stem
		}
		for _, s := range stems {
			for _, t := range stems {
				if s != t && !slices.Contains(synonymIndex[s], t) {
					synonymIndex[s] = append(synonymIndex[s], t)
				}
			}
		}
	}
}

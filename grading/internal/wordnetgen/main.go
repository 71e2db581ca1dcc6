// Command wordnetgen reduces WordNet 3.0 (Debian's wordnet-base) to the
// scorer's synonym table: for each common English word, the stems of the
// single words that share one of its most frequent senses, or are derived
// from it ("compare" → "comparison"). The table is committed, so the
// scorer needs neither WordNet nor I/O at run time; run `go generate
// ./grading` to rebuild it.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kljensen/snowball/english"
)

var (
	dict = flag.String("dict", "/usr/share/wordnet", "WordNet dictionary directory (index.* and data.*)")
	out  = flag.String("o", "synonyms.txt", "output file")
	// Only a word's most frequent senses: rarer senses ("cap" as a
	// headdress) would let unrelated words match.
	senses = flag.Int("senses", 2, "senses per part of speech to draw synonyms from")
	limit  = flag.Int("max", 12, "synonyms kept per word")
)

var posFiles = []string{"noun", "verb", "adj", "adv"}

type synset struct {
	words []string
	// derived[i] lists words derivationally related to words[i].
	derived map[int][]ref
}

type ref struct {
	pos    byte
	offset int64
	word   int // 1-based word in the target synset; 0 for the whole synset
}

func main() {
	flag.Parse()
	log.SetFlags(0)
	synsets := map[string]*synset{} // "n:offset"
	for _, pos := range posFiles {
		if err := readData(filepath.Join(*dict, "data."+pos), synsets); err != nil {
			log.Fatal(err)
		}
	}
	best := map[string][]entry{} // by stem, one per part of speech
	for _, pos := range posFiles {
		if err := readIndex(filepath.Join(*dict, "index."+pos), best); err != nil {
			log.Fatal(err)
		}
	}
	table := map[string]map[string]bool{}
	for stem, entries := range best {
		expand(stem, entries, synsets, table)
	}
	stems := make([]string, 0, len(table))
	for s := range table {
		stems = append(stems, s)
	}
	sort.Strings(stems)
	f, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "# Synonyms and derived words for the scorer, reduced from WordNet 3.0 by grading/internal/wordnetgen.")
	fmt.Fprintln(w, "# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. See WORDNET-LICENSE.")
	fmt.Fprintln(w, "# Each line: a stem, then the stems of words that share one of its most frequent senses.")
	for _, s := range stems {
		syn := make([]string, 0, len(table[s]))
		for t := range table[s] {
			syn = append(syn, t)
		}
		sort.Strings(syn)
		if len(syn) > *limit {
			syn = syn[:*limit]
		}
		fmt.Fprintf(w, "%s %s\n", s, strings.Join(syn, " "))
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d words", len(stems))
}

// readData reads synsets: offset lex_filenum ss_type w_cnt (word lex_id)…
// p_cnt (symbol offset pos source/target)… | gloss.
func readData(path string, synsets map[string]*synset) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "  ") {
			continue // licence header
		}
		if i := strings.Index(line, " | "); i >= 0 {
			line = line[:i]
		}
		fs := strings.Fields(line)
		if len(fs) < 4 {
			continue
		}
		pos := fs[2][0]
		if pos == 's' {
			pos = 'a'
		}
		n, err := strconv.ParseInt(fs[3], 16, 0)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		s := &synset{derived: map[int][]ref{}}
		k := 4
		for i := 0; i < int(n); i++ {
			s.words = append(s.words, strings.ToLower(fs[k]))
			k += 2
		}
		pc, _ := strconv.Atoi(fs[k])
		k++
		for i := 0; i < pc && k+3 < len(fs); i++ {
			sym, off, tpos, st := fs[k], fs[k+1], fs[k+2][0], fs[k+3]
			k += 4
			if sym != "+" { // derivationally related form
				continue
			}
			if tpos == 's' {
				tpos = 'a'
			}
			o, _ := strconv.ParseInt(off, 10, 64)
			src, _ := strconv.ParseInt(st[:2], 16, 0)
			dst, _ := strconv.ParseInt(st[2:], 16, 0)
			s.derived[int(src)] = append(s.derived[int(src)], ref{tpos, o, int(dst)})
		}
		synsets[fmt.Sprintf("%c:%s", pos, fs[0])] = s
	}
	return sc.Err()
}

// entry is a lemma's senses in one part of speech, most frequent first.
type entry struct {
	lemma   string
	pos     byte
	tagged  int // how often the sense-tagged corpus saw it
	offsets []string
}

// readIndex reads lemma pos synset_cnt p_cnt symbols… sense_cnt
// tagsense_cnt offsets…, offsets in order of frequency. Only lemmas seen
// in the sense-tagged corpus (tagsense_cnt > 0) are common enough to keep.
// Words that stem alike ("drop", "droppings") share one entry per part of
// speech: the most frequent of them speaks for the stem.
func readIndex(path string, best map[string][]entry) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "  ") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) < 6 || !plainWord(fs[0]) {
			continue
		}
		pos := fs[1][0]
		if pos == 's' {
			pos = 'a'
		}
		pc, _ := strconv.Atoi(fs[3])
		k := 4 + pc
		tagged, _ := strconv.Atoi(fs[k+1])
		if tagged == 0 {
			continue
		}
		stem := english.Stem(fs[0], false)
		e := entry{fs[0], pos, tagged, fs[k+2:]}
		replaced := false
		for i, old := range best[stem] {
			if old.pos == pos {
				if tagged > old.tagged {
					best[stem][i] = e
				}
				replaced = true
			}
		}
		if !replaced {
			best[stem] = append(best[stem], e)
		}
	}
	return sc.Err()
}

// expand adds a stem's synonyms: the top senses of its dominant part of
// speech ("long" is mostly an adjective, so not "yearn"), and the first
// sense of any other part of speech used at least half as often.
func expand(stem string, entries []entry, synsets map[string]*synset, table map[string]map[string]bool) {
	top := 0
	for _, e := range entries {
		top = max(top, e.tagged)
	}
	for _, e := range entries {
		n := 1
		switch {
		case e.tagged == top:
			n = *senses
		case 2*e.tagged < top:
			continue
		}
		for i, off := range e.offsets {
			if i >= n {
				break
			}
			s := synsets[fmt.Sprintf("%c:%s", e.pos, off)]
			if s == nil {
				continue
			}
			for wi, w := range s.words {
				if w == e.lemma {
					for _, r := range s.derived[wi+1] {
						addRef(table, stem, synsets, r)
					}
					continue
				}
				add(table, stem, w)
			}
		}
	}
}

func addRef(table map[string]map[string]bool, stem string, synsets map[string]*synset, r ref) {
	t := synsets[fmt.Sprintf("%c:%08d", r.pos, r.offset)]
	if t == nil || r.word < 1 || r.word > len(t.words) {
		return
	}
	add(table, stem, t.words[r.word-1])
}

func add(table map[string]map[string]bool, stem, word string) {
	if i := strings.IndexByte(word, '('); i >= 0 {
		word = word[:i] // adjective markers such as "(a)"
	}
	if !plainWord(word) {
		return
	}
	s := english.Stem(word, false)
	if s == stem || len(s) < 3 {
		return
	}
	if table[stem] == nil {
		table[stem] = map[string]bool{}
	}
	table[stem][s] = true
}

// plainWord is a single lowercase word of three letters or more: phrases
// ("roll_back"), names and abbreviations are left out.
func plainWord(w string) bool {
	if len(w) < 3 {
		return false
	}
	return !slices.ContainsFunc([]rune(w), func(r rune) bool { return r < 'a' || r > 'z' })
}

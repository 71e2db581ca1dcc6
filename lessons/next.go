package lessons

import "fmt"

// A learner's next step in a lesson is an item: the first block, in the
// order the lesson is read, that they answer and have not answered yet.
// Its "section" is the heading the lesson page shows above that item
// (ItemHeading): "Checkpoint 2 of 5", an exercise's title, "Interview
// probe", "Explain it back". Those headings are what a learner scrolls
// to; the lesson's own ## headings group several items ("Checkpoints")
// and some items sit under none.

// NextItem is the first answerable block of the lesson, in reading order,
// whose key answered does not hold; ok is false when every one is.
func (l *Lesson) NextItem(answered map[string]bool) (b Block, ok bool) {
	for _, b := range l.Blocks {
		if b.Kind.Answerable() && !answered[b.Key] {
			return b, true
		}
	}
	return Block{}, false
}

// ItemHeading is the heading the lesson page shows above an answerable
// block.
func (l *Lesson) ItemHeading(b Block) string {
	switch {
	case b.Kind == KindCheckpoint:
		return fmt.Sprintf("Checkpoint %d of %d", b.Ordinal, l.Count(KindCheckpoint))
	case b.Kind == KindExercise && b.Exercise != nil && b.Exercise.Title != "":
		return b.Exercise.Title
	}
	return b.Kind.Label()
}

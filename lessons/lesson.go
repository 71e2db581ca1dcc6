// Package lessons is the course content model: the lesson file format, its
// parser and the Markdown rendering that turns a file into safe HTML once,
// when it is imported or saved. It knows nothing of HTTP or the database.
package lessons

// HTML is markup produced by this package's Markdown renderer and sanitizer.
// Only this package creates values of it from author text.
type HTML string

// Course is a course.yaml file.
type Course struct {
	Slug    string `json:"slug"`
	Title   string `json:"title"`
	Summary string `json:"summary"`
}

// Lesson is one parsed lesson file: its front matter and its blocks in the
// order the author wrote them, with every Markdown field already rendered.
type Lesson struct {
	Course   string    `json:"course"`
	Position int       `json:"position"`
	Slug     string    `json:"slug"`
	Title    string    `json:"title"`
	Goal     string    `json:"goal"`
	Minutes  int       `json:"minutes"`
	Outline  []Heading `json:"outline"`
	Blocks   []Block   `json:"blocks"`
}

// Heading is a section heading, kept for the lesson's table of contents.
type Heading struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// Count returns how many blocks of kind k the lesson has.
func (l *Lesson) Count(k Kind) int {
	n := 0
	for _, b := range l.Blocks {
		if b.Kind == k {
			n++
		}
	}
	return n
}

// Item returns the structured block with the given key.
func (l *Lesson) Item(key string) (Block, bool) {
	for _, b := range l.Blocks {
		if b.Key == key && b.Kind != KindProse {
			return b, true
		}
	}
	return Block{}, false
}

// Package content embeds the shipped courses, so that "practicum serve" can
// import them into an empty database wherever the binary runs.
package content

import "embed"

// FS holds one directory per course, each with its course.yaml and lessons.
//
//go:embed */course.yaml */*.md
var FS embed.FS

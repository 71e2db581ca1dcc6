package web

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/web/views"
)

// maxLessonForm bounds an edited lesson file: the longest shipped lesson
// is 117 KB, and percent-encoding can triple a file's size.
const maxLessonForm = 1 << 20

// auditLimit is how many changes the course and history pages list.
const auditLimit = 100

func (s *Server) authorHome(w http.ResponseWriter, r *http.Request) error {
	courses, err := s.catalog.AuthorCourses(r.Context())
	if err != nil {
		return err
	}
	return s.render(w, r, views.AuthorHome(courses))
}

func (s *Server) newCourse(w http.ResponseWriter, r *http.Request) error {
	return s.render(w, r, views.AuthorNewCourse(views.Form{}))
}

func (s *Server) createCourse(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	f := formValues(r, "slug", "title", "summary")
	c := lessons.Course{Slug: f.Values["slug"], Title: f.Values["title"], Summary: f.Values["summary"]}
	err := s.catalog.CreateCourse(r.Context(), s.currentUser(r).ID, c)
	var exists *catalog.CourseExistsError
	switch {
	case err == nil:
		http.Redirect(w, r, views.AuthorCourseURL(c.Slug), http.StatusSeeOther)
		return nil
	case errors.As(err, &exists):
		f.Errors["slug"] = exists.Error()
	case !courseProblems(err, c, f.Errors):
		return err
	}
	return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.AuthorNewCourse(f))
}

// courseProblems puts each lessons.Problems of a course check beside its
// field, by the line of course.yaml it was found on.
func courseProblems(err error, c lessons.Course, errs map[string]string) bool {
	var ps lessons.Problems
	if !errors.As(err, &ps) {
		return false
	}
	src := lessons.CourseYAML(c)
	lines := map[int]string{}
	for _, key := range []string{"slug", "title", "summary"} {
		for i, line := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(line, key+":") {
				lines[i+1] = key
			}
		}
	}
	for _, p := range ps {
		key := lines[p.Line]
		if key == "" {
			key = "summary" // a multi-line summary's later lines
		}
		addError(errs, key, plainMessage(p.Msg, "course.yaml field", key))
	}
	return true
}

// plainMessage turns the parser's `front matter field "title" is empty`
// into "Title is empty" for a form, where the field is already in view.
func plainMessage(msg, prefix, key string) string {
	rest, ok := strings.CutPrefix(msg, fmt.Sprintf("%s %q ", prefix, key))
	if !ok {
		return msg
	}
	return strings.ToUpper(key[:1]) + key[1:] + " " + rest
}

func addError(errs map[string]string, key, msg string) {
	if errs[key] != "" {
		msg = errs[key] + "\n" + msg
	}
	errs[key] = msg
}

// formValues reads the named fields as sent, with newlines normalised:
// browsers send CRLF from textareas.
func formValues(r *http.Request, names ...string) views.Form {
	f := views.Form{Values: map[string]string{}, Errors: map[string]string{}}
	for _, n := range names {
		f.Values[n] = string(lessons.NormalizeNewlines([]byte(r.PostFormValue(n))))
	}
	return f
}

func (s *Server) authorCourse(w http.ResponseWriter, r *http.Request) error {
	v, err := s.authorCourseView(r)
	if err != nil {
		return err
	}
	v.Saved = r.URL.Query().Has("saved")
	return s.render(w, r, views.AuthorCourse(v))
}

// authorCourseView is the course page with its forms as first shown.
func (s *Server) authorCourseView(r *http.Request) (views.AuthorCourseView, error) {
	slug := chi.URLParam(r, "course")
	c, err := s.catalog.AuthorCourse(r.Context(), slug)
	if err != nil {
		return views.AuthorCourseView{}, err
	}
	audit, err := s.catalog.Audit(r.Context(), slug, "", auditLimit)
	if err != nil {
		return views.AuthorCourseView{}, err
	}
	return views.AuthorCourseView{
		AuthorCourse: c, Audit: audit,
		Details:   views.Form{Values: map[string]string{"title": c.Course.Title, "summary": c.Course.Summary}},
		NewLesson: views.Form{Values: map[string]string{}},
	}, nil
}

func (s *Server) updateCourse(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	slug := chi.URLParam(r, "course")
	f := formValues(r, "title", "summary")
	c := lessons.Course{Slug: slug, Title: f.Values["title"], Summary: f.Values["summary"]}
	err := s.catalog.UpdateCourse(r.Context(), s.currentUser(r).ID, c)
	if err == nil {
		http.Redirect(w, r, views.AuthorCourseSavedURL(slug), http.StatusSeeOther)
		return nil
	}
	if !courseProblems(err, c, f.Errors) {
		return err
	}
	v, err := s.authorCourseView(r)
	if err != nil {
		return err
	}
	v.Details = f
	return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.AuthorCourse(v))
}

// createLesson writes a new lesson's file from the form and saves it as
// the first draft, at the end of the course.
func (s *Server) createLesson(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	course := chi.URLParam(r, "course")
	f := formValues(r, "title", "slug", "goal", "minutes", "body")
	position, err := s.catalog.NextPosition(r.Context(), course)
	if err != nil {
		return err
	}
	parts := lessons.SourceParts{Front: lessons.FrontMatter{
		Course: course, Position: position, Slug: strings.TrimSpace(f.Values["slug"]),
		Title: f.Values["title"], Goal: f.Values["goal"],
	}, Body: f.Values["body"]}
	if strings.TrimSpace(parts.Body) == "" {
		// The parser refuses an empty lesson; start with a section to edit.
		parts.Body = "\n## Overview\n\n" + strings.TrimSpace(f.Values["goal"]) + "\n"
	} else if !strings.HasPrefix(parts.Body, "\n") {
		parts.Body = "\n" + parts.Body
	}
	minutes, ok := readMinutes(f)
	parts.Front.Minutes = minutes
	if ok {
		src := parts.Bytes()
		_, err = s.catalog.CreateLesson(r.Context(), s.currentUser(r).ID, course, src)
		if err == nil {
			http.Redirect(w, r, views.AuthorLessonURL(course, parts.Front.Slug), http.StatusSeeOther)
			return nil
		}
		var ps lessons.Problems
		if !errors.As(err, &ps) {
			return err
		}
		general, _ := lessonProblems(ps, src, parts, f.Errors, "title", "slug", "goal", "minutes")
		for _, msg := range general {
			addError(f.Errors, "slug", msg) // course or position: the address
		}
	}
	v, err := s.authorCourseView(r)
	if err != nil {
		return err
	}
	v.NewLesson = f
	return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.AuthorCourse(v))
}

// readMinutes reads the minutes field, reporting a value that is not a
// whole number beside it; the parser checks the range.
func readMinutes(f views.Form) (int, bool) {
	text := strings.TrimSpace(f.Values["minutes"])
	n, err := strconv.Atoi(text)
	if err != nil {
		addError(f.Errors, "minutes", "Minutes must be a whole number from 1 to 240, such as 25.")
		return 0, false
	}
	return n, true
}

// lessonProblems puts the parser's problems with a lesson file beside the
// form's fields: a front-matter line beside its field, a body line beside
// the body as "Line N of the body". It returns the others, those about
// front-matter fields that are not among the form's editable ones, and
// the body's problems with their lines, for the editor to link to.
func lessonProblems(ps lessons.Problems, src []byte, parts lessons.SourceParts, errs map[string]string, editable ...string) (other []string, body []views.BodyProblem) {
	fields := map[int]string{}
	for _, key := range []string{"course", "position", "slug", "title", "goal", "minutes"} {
		if line := lessons.FrontMatterLine(src, key); line > 1 {
			fields[line] = key
		}
	}
	bodyLine := parts.BodyLine()
	for _, p := range ps {
		switch key := fields[p.Line]; {
		case p.Line >= bodyLine:
			body = append(body, views.BodyProblem{Line: p.Line - bodyLine + 1, Msg: p.Msg})
			addError(errs, "body", fmt.Sprintf("Line %d of the body: %s", p.Line-bodyLine+1, p.Msg))
		case key != "" && slices.Contains(editable, key):
			addError(errs, key, plainMessage(p.Msg, "front matter field", key))
		default:
			other = append(other, p.Msg)
		}
	}
	return other, body
}

package web

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/views"
)

// maxCalibrationForm bounds the form with a file of scored answers: the
// block's own fields, and a file well past lessons.BrowserTrialLimits, so
// that a file a little too large is refused with its size beside the box
// and the form intact, rather than as an oversized request.
const maxCalibrationForm = maxBlockForm + 8<<20

// measureCalibration scores a file of scored answers, uploaded or pasted,
// against the block form's cues as sent and shows the form again with
// the agreement report, or with why the file was refused beside its box.
func (s *Server) measureCalibration(w http.ResponseWriter, r *http.Request) error {
	br, err := readBlockRequest(r)
	if err != nil {
		return err
	}
	if err := parseUploadForm(r); err != nil {
		return err
	}
	v, sc, problem, err := s.sentBlockForm(r, br)
	if err != nil {
		return err
	}
	if problem == "" {
		var trials []grading.Trial
		trials, problem = readCalibrationUpload(r, v.Calibrate.Text)
		if problem == "" {
			report, err := sc.MeasureExplained(trials)
			if err != nil {
				problem = "The answers could not be scored: " + err.Error() + "."
			} else {
				v.Calibrate.Report = &report
			}
		}
	}
	if problem != "" {
		v.Calibrate.Problem = problem
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.AuthorBlock(v))
	}
	return s.render(w, r, views.AuthorBlock(v))
}

// readCalibrationUpload reads the uploaded file or the pasted text, one
// of them, or says why it cannot.
func readCalibrationUpload(r *http.Request, pasted string) ([]grading.Trial, string) {
	var file io.Reader
	if r.MultipartForm != nil {
		if fhs := r.MultipartForm.File[views.FieldCalibrationFile]; len(fhs) > 0 && fhs[0].Size > 0 {
			f, err := fhs[0].Open()
			if err != nil {
				return nil, "The file could not be read: " + err.Error() + "."
			}
			defer f.Close()
			file = f
		}
	}
	hasText := strings.TrimSpace(pasted) != ""
	switch {
	case file != nil && hasText:
		return nil, "You chose a file and pasted answers too: empty the box to measure the file, or choose no file to measure what you pasted."
	case file == nil && !hasText:
		return nil, "Choose a file of scored answers, or paste them in the box."
	case file == nil:
		file = strings.NewReader(pasted)
	}
	trials, err := lessons.ReadTrials(file, lessons.BrowserTrialLimits)
	var bad *lessons.TrialError
	switch {
	case errors.As(err, &bad):
		return nil, bad.Problem()
	case err != nil:
		return nil, "The file could not be read: " + err.Error() + "."
	case len(trials) == 0:
		return nil, "The file has no answers: write one JSON object a line."
	}
	return trials, ""
}

// parseUploadForm reads a form that may carry a file, holding it in
// memory (the route bounds its size), and refuses text Postgres could not
// store, as parseForm does.
func parseUploadForm(r *http.Request) error {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "multipart/form-data" {
		return parseForm(r)
	}
	err := r.ParseMultipartForm(maxCalibrationForm)
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return errFormTooLarge
	case err != nil:
		return errBadForm
	}
	for k, vs := range r.MultipartForm.Value {
		if !storable(k) || slices.ContainsFunc(vs, func(v string) bool { return !storable(v) }) {
			return errUnstorableText
		}
	}
	return nil
}

package lessons

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/practicum-dev/practicum/grading"
)

// A calibration file is JSON Lines of answers a person has scored, one
// {"id", "text", "scores"} object a line: what `practicum calibrate` reads
// from a file and the block form reads from an upload or a paste. Both
// read it here, so that they accept and refuse the same files.

// TrialLimits bound a calibration file; zero means no bound. The browser
// sets them so that one request stays quick; the command line, reading
// the author's own file, does not.
type TrialLimits struct {
	Bytes int64
	Lines int
}

// BrowserTrialLimits are the bounds of a file uploaded or pasted in the
// browser: scoring 2,000 answers takes a few seconds.
var BrowserTrialLimits = TrialLimits{Bytes: 2 << 20, Lines: 2000}

// maxTrialLine bounds one line, as the command line always has.
const maxTrialLine = 1 << 20

// TrialError is a calibration file refused at a line; Line is 0 when the
// file as a whole is refused (too large).
type TrialError struct {
	Line int
	Msg  string
	Err  error // the JSON decoder's error, when that is the reason
}

func (e *TrialError) Error() string {
	if e.Err != nil {
		return e.Err.Error()
	}
	return e.Msg
}

func (e *TrialError) Unwrap() error { return e.Err }

// Problem says what is wrong in a sentence, with the line, for a person
// who pasted the file.
func (e *TrialError) Problem() string {
	switch {
	case e.Line == 0:
		return e.Msg
	case e.Err != nil:
		return fmt.Sprintf("Line %d is not a JSON object: %s.", e.Line, e.Err)
	}
	return fmt.Sprintf("Line %d: %s.", e.Line, e.Msg)
}

// ReadTrials reads a calibration file. Blank lines are skipped; an
// answer without an id is named for its line. Every score must be 0 or 1
// for all four criteria, checked here so that the line is known.
func ReadTrials(r io.Reader, lim TrialLimits) ([]grading.Trial, error) {
	if lim.Bytes > 0 {
		// The size is judged first, so a large file is refused as large
		// rather than at whichever line gave out.
		data, err := io.ReadAll(io.LimitReader(r, lim.Bytes+1))
		if err != nil {
			return nil, err
		}
		if int64(len(data)) > lim.Bytes {
			return nil, tooLarge(lim)
		}
		r = bytes.NewReader(data)
	}
	var trials []grading.Trial
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxTrialLine)
	line := 0
	for sc.Scan() {
		line++
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		if lim.Lines > 0 && len(trials) == lim.Lines {
			return nil, &TrialError{Msg: fmt.Sprintf("The file has more than %d answers; split it and measure each part.", lim.Lines)}
		}
		var t grading.Trial
		if err := json.Unmarshal(sc.Bytes(), &t); err != nil {
			return nil, &TrialError{Line: line, Err: err}
		}
		if msg := checkScores(t.Scores); msg != "" {
			return nil, &TrialError{Line: line, Msg: msg}
		}
		if t.ID == "" {
			t.ID = fmt.Sprintf("line %d", line)
		}
		trials = append(trials, t)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &TrialError{Line: line + 1, Msg: fmt.Sprintf("the line is longer than %d MiB", maxTrialLine>>20)}
		}
		return nil, err
	}
	return trials, nil
}

func tooLarge(lim TrialLimits) *TrialError {
	size := fmt.Sprintf("%d bytes", lim.Bytes)
	if lim.Bytes%(1<<20) == 0 {
		size = fmt.Sprintf("%d MiB", lim.Bytes>>20)
	}
	return &TrialError{Msg: fmt.Sprintf("The file is larger than %s; split it and measure each part.", size)}
}

// checkScores says what is wrong with a line's scores, or nothing.
func checkScores(scores map[grading.Criterion]int) string {
	var missing []string
	for _, c := range grading.Criteria {
		v, ok := scores[c]
		switch {
		case !ok:
			missing = append(missing, string(c))
		case v != 0 && v != 1:
			return fmt.Sprintf("the score for %s must be 0 or 1, not %d", c, v)
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf(`"scores" has no %s: every line scores all four criteria, 0 or 1`, strings.Join(missing, ", "))
	}
	return ""
}

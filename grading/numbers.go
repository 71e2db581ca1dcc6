package grading

import (
	"strconv"
	"strings"
)

// Numbers are read as written: "2,000" and "2000" are one number, "0.60"
// is "0.6", "3k" is "3000", "two" is "2", and a unit glued to its number
// ("0.6s", "2min") is a word of its own, named one way ("14 seconds" and
// "14 s" both end in the unit "s").

// unitAliases names each unit one way. They apply only right after a
// number: "second" alone is an ordinal, "min" alone may be a minimum.
var unitAliases = map[string]string{
	"s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
	"ms": "ms", "msec": "ms", "msecs": "ms", "millisecond": "ms", "milliseconds": "ms",
	"min": "min", "mins": "min", "minute": "min", "minutes": "min",
	"h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
	"percent": "%", "pct": "%",
}

// gluedUnits may follow a number without a space.
var gluedUnits = map[string]bool{
	"s": true, "sec": true, "secs": true, "ms": true, "min": true, "mins": true,
	"h": true, "hr": true, "hrs": true, "x": true, "k": true, "pct": true,
}

var numberWords = map[string]string{
	"zero": "0", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
	"seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
	"fifteen": "15", "twenty": "20", "thirty": "30", "forty": "40", "fifty": "50", "hundred": "100",
}

type wordPart struct {
	text   string
	offset int
}

// splitUnit splits "0.6s" into "0.6" and "s" (n = 2); "3k" (read as 3000
// by canonicalNumber) and other words stay whole ("v42", "p95"). It runs
// for every word of every answer, so it returns an array, not a slice.
func splitUnit(w string) (parts [2]wordPart, n int) {
	parts[0] = wordPart{w, 0}
	if w == "" || w[0] < '0' || w[0] > '9' {
		return parts, 1
	}
	i := 0
	for i < len(w) && (w[i] >= '0' && w[i] <= '9' || w[i] == '.' || w[i] == ',') {
		i++
	}
	if i == len(w) || len(w)-i > 4 {
		return parts, 1
	}
	suffix := strings.ToLower(w[i:])
	if suffix == "k" || !gluedUnits[suffix] {
		return parts, 1
	}
	return [2]wordPart{{w[:i], 0}, {w[i:], i}}, 2
}

// canonicalNumber writes a number one way; ok is false for other words.
func canonicalNumber(w string) (string, bool) {
	if d, ok := numberWords[w]; ok {
		return d, true
	}
	if w == "" || w[0] < '0' || w[0] > '9' {
		return "", false
	}
	mult := 1.0
	if strings.HasSuffix(w, "k") {
		mult, w = 1000, w[:len(w)-1]
	}
	plain := strings.ReplaceAll(w, ",", "")
	f, err := strconv.ParseFloat(plain, 64)
	if err != nil {
		return "", false
	}
	if strings.Contains(w, ",") && !thousandsGrouped(w) {
		return "", false // "1,2" is two numbers in a list, not 12
	}
	return strconv.FormatFloat(f*mult, 'f', -1, 64), true
}

func thousandsGrouped(w string) bool {
	parts := strings.Split(strings.SplitN(w, ".", 2)[0], ",")
	for _, p := range parts[1:] {
		if len(p) != 3 {
			return false
		}
	}
	return len(parts[0]) >= 1 && len(parts[0]) <= 3
}

func isNumber(norm string) bool {
	_, err := strconv.ParseFloat(norm, 64)
	return err == nil
}

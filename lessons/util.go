package lessons

import (
	"strconv"
	"strings"
)

func itoa(i int) string { return strconv.Itoa(i) }

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

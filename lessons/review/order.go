package review

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
)

// Order is the order a checkpoint's n options are shown in when card id is
// reviewed for the (reps+1)th time: Order(...)[i] is the option shown in
// place i. Each review reorders them, so that a learner recalls the answer
// rather than its place; the same card and review count always give the
// same order, so the server can read a posted place back as the option it
// showed there without keeping anything (or trusting the form to say).
//
// The seed is hashed so that neighbouring ids and counts do not give
// related orders, and the shuffle is written out (Fisher–Yates over PCG,
// whose output math/rand/v2 specifies) rather than rand.Shuffle, whose
// algorithm a Go release may change: a page shown before an upgrade must
// be read the same after it.
func Order(id int64, reps, n int) []int {
	var seed [16]byte
	binary.BigEndian.PutUint64(seed[:8], uint64(id))
	binary.BigEndian.PutUint64(seed[8:], uint64(reps))
	h := sha256.Sum256(seed[:])
	src := rand.NewPCG(binary.BigEndian.Uint64(h[:8]), binary.BigEndian.Uint64(h[8:16]))
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := int(src.Uint64() % uint64(i+1)) // n is a handful: the bias is nil
		order[i], order[j] = order[j], order[i]
	}
	return order
}

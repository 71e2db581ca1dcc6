package web

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/alexedwards/scs/v2"
)

// sessionCodec stores the values this package keeps in a session as JSON.
// scs's gob codec builds a new decoder, type descriptions and all, for
// every session it reads: ~50 µs a page view against ~5 µs for JSON.
// Values it does not know, and sessions written before, stay gob.
type sessionCodec struct{ gob scs.GobCodec }

// sessionData is a session in JSON. A gob session starts with its first
// message's length (0x25 for scs's), never with '{'.
type sessionData struct {
	Deadline time.Time `json:"deadline"`
	UserID   int64     `json:"user_id,omitempty"`
	SignedIn int64     `json:"signed_in_at,omitempty"`
	Seen     int64     `json:"seen_at,omitempty"`
	// Visitor names an anonymous visitor's answers, which are kept in a
	// table of their own (progress's anonymous answers), and VisitorSince
	// is when they first answered. Sessions from before kept the answers
	// here, under "anonymous"; that field is no longer read.
	Visitor      string `json:"visitor,omitempty"`
	VisitorSince int64  `json:"visitor_since,omitempty"`
}

func (c sessionCodec) Encode(deadline time.Time, values map[string]any) ([]byte, error) {
	d := sessionData{Deadline: deadline}
	for k, v := range values {
		switch v := v.(type) {
		case int64:
			switch k {
			case sessionUserID:
				d.UserID = v
			case sessionSignedInAt:
				d.SignedIn = v
			case sessionSeenAt:
				d.Seen = v
			case sessionVisitorSince:
				d.VisitorSince = v
			default:
				return c.gob.Encode(deadline, values)
			}
		case string:
			if k != sessionVisitor {
				return c.gob.Encode(deadline, values)
			}
			d.Visitor = v
		default:
			return c.gob.Encode(deadline, values)
		}
	}
	return json.Marshal(d)
}

func (c sessionCodec) Decode(b []byte) (time.Time, map[string]any, error) {
	if len(b) == 0 || b[0] != '{' {
		return c.gob.Decode(b)
	}
	var d sessionData
	if err := json.Unmarshal(b, &d); err != nil {
		return time.Time{}, nil, fmt.Errorf("decoding session: %w", err)
	}
	values := map[string]any{}
	for k, v := range map[string]int64{sessionUserID: d.UserID, sessionSignedInAt: d.SignedIn, sessionSeenAt: d.Seen,
		sessionVisitorSince: d.VisitorSince} {
		if v != 0 {
			values[k] = v
		}
	}
	if d.Visitor != "" {
		values[sessionVisitor] = d.Visitor
	}
	return d.Deadline, values, nil
}

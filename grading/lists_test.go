package grading

import "testing"

func TestTerseNoteIsNotAKeywordList(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		note       bool
	}{
		{"terms separated by commas", "cache hit rate, warm pool, request hedging, tail latency, circuit breaker, canary, load shedding", false},
		{"terms separated by semicolons", "hot shard; rebalancing; read replicas; p99; connection pool; backpressure", false},
		{"bulleted terms", "- cold start\n- autoscaler lag\n- warm pool\n- min replicas\n- p95 latency", false},
		{"terms separated by slashes", "thundering herd / cold cache / request coalescing / warm hot keys / hit rate + CPU + p99 / falsifier", false},
		{"terms with the odd relation", "hot key; shard split; p99 vs p50; cache stampede; request coalescing; ttl jitter; warmup", false},
		{"note with arrows and verdicts", "cache misses up -> db reads x3. not a capacity problem. fix: coalesce requests, add ttl jitter. check: miss rate back under 5% within 10 min", true},
		{"note with colons and negation", "cause: autoscaler lag, not traffic. scaling: no. min replicas 4 -> 8. done when p95 < 300 ms at peak", true},
		{"short note", "Shard hot, not whole db. Split the key range first.", true},
		{"note of two-word states", "queue full, gpu idle, ttft up, decode flat, errors zero, cap the tenant", true},
		{"lines a role label opens", "Cause: DST end.\nFix: UTC schedule, run guard.\nAvoid: flock, revert, NTP.\nCheck: UTC starts, offsets.", true},
		{"lines of other labels", "Keywords: DST, cron, UTC.\nTools: journalctl, date, tzdata.\nTopics: idempotency, locks, NTP.", false},
		{"role labels over slash alternatives", "Fix: stats target / extended stats / index\nTools: pgss, EXPLAIN, auto_explain\nVerify: compare plans", false},
		{"terms that start with a state word", "low latency, high availability, fast path, slow start, full jitter", false},
		{"bulleted names joined by plus signs", "Key concepts here:\n- poison message / DLQ\n- redelivery + ack semantics\n- horizontal scaling anti-pattern\n- data loss from purge\n- monitor queue depth + pod restarts\n- root cause in decoder", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := statesRelations(fragmentsOf(tc.text, tokenize(tc.text))); got != tc.note {
				t.Errorf("statesRelations(%q) = %v, want %v", tc.text, got, tc.note)
			}
		})
	}
}

func TestNumberedStepsAreNotAList(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		listed     bool
	}{
		{"numbered steps", "1. scope: tenant / prompt len / version\n2. split TTFT -> queue vs prefill; look at ITL\n3. cap admission for the slice filling the queue, reversible\ndone when: queue depth back to baseline", false},
		{"a note naming alternatives with slashes", "- pool waits flat, hold time 3x\n- queries take longer bc rows grew\n- db cpu unchanged\n- bigger pool: not justified\n- next: what changed the query? index / ORM version / filter\n- check hold time per query shape before vs after", false},
		{"numbered terms", "Here is my plan for the incident, in short.\n1. goodput\n2. queue wait\n3. prefill\n4. decode gap\n5. oldest age\n6. KV cache", true},
		{"terms in a long chain of slashes", "Keywords for this one: tunnel MTU mismatch / ICMP filtered / size-dependent failure / MSS clamping / not the deploy / not a timeout problem / DF ping test / tracepath.", true},
		{"three alternatives after a slash", "Find what changed the query plan first: index / ORM version / filter / driver, then compare the hold times before and after.", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			toks := tokenize(tc.text)
			markListed(toks, fragmentsOf(tc.text, toks))
			listed := false
			for _, tok := range toks {
				listed = listed || tok.listed
			}
			if listed != tc.listed {
				t.Errorf("some words listed = %v, want %v", listed, tc.listed)
			}
		})
	}
}

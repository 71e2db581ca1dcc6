package grading

import "testing"

// TestMoveCalledUnneeded: a move its clause calls senseless, unneeded or
// no help is judged — it names the trap for the failure case, and is not
// offered — while a move called needed is offered.
func TestMoveCalledUnneeded(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{"rollback": {"rollback|roll back"}},
		Rules:    [4]Rule{{Criterion: FailureCase, Any: []string{"rollback"}}},
	}
	tests := []statusCase{
		{"A rollback makes no sense, the plan flipped at 02:10.", "framed"},
		{"A rollback does not make sense, the plan flipped at 02:10.", "framed"},
		{"A rollback doesn't make much sense, the plan flipped at 02:10.", "framed"},
		{"A rollback is not needed, the plan flipped at 02:10.", "framed"},
		{"A rollback isn't necessary, the plan flipped at 02:10.", "framed"},
		{"A rollback is really not needed, the plan flipped at 02:10.", "framed"},
		{"A rollback is unnecessary here, the plan flipped at 02:10.", "framed"},
		{"A rollback is no help at all, the plan flipped at 02:10.", "framed"},
		{"A rollback doesn't explain the jump at 02:10 either.", "framed"},
		{"A rollback is not useful here, the plan flipped at 02:10.", "framed"},
		{"A rollback is needed now, the plan flipped at 02:10.", "found"},
		{"A rollback is not what I would try first after 02:10.", "negated"},
	}
	checkStatuses(t, r, tests)
}

// TestMoveRuledOutInOtherWords: idioms that rule a move out ("off the
// table", "out of the question"), a refusal with words between the "I"
// and "refuse", "nobody touches", a "don't" after a lead-in ("Please
// don't", "Also don't"), warning or arguing against it, steering people
// away from it, "What I would not do:" and a move said to turn the
// incident into an outage or to just lose something all keep it from
// being offered — so does a terse note's step that is only a verdict
// ("restart -> worse") — while the same move offered plainly is found.
func TestMoveRuledOutInOtherWords(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{"restart": {"restart*|reboot*"}},
		Rules:    [4]Rule{{Criterion: FailureCase, Any: []string{"restart"}}},
	}
	tests := []statusCase{
		{"Restarting the brokers is off the table until the lag is read.", "framed"},
		{"A reboot is out of the question while the disk is at 96%.", "framed"},
		{"A restart is not an option, the leader would move again.", "framed"},
		{"Rebooting is a non-starter here, the cache would go cold.", "framed"},
		{"I would also refuse a restart, it wipes the evidence.", "refused"},
		{"Nobody restarts anything until the heap dump is taken.", "refused"},
		{"A full restart would turn a slow hour into an outage.", "framed"},
		{"An immediate reboot would make it worse, the cache starts cold.", "framed"},
		{"I would do a full restart now and watch the queue.", "found"},
		{"Restart the workers one at a time after the dump.", "found"},
		{"Nobody lasts long enough to see a restart finish; the queue is 25 s deep.", "found"},
		{"Please don't restart the node, the clients reconnect at once.", "refused"},
		{"Also don't reboot the workers mid-batch.", "refused"},
		{"And no to a restart, the pods come back cold.", "refused"},
		{"The cache doesn't need a restart to clear.", "negated"},
		{"What I'd warn against is the easy fixes: a restart or a bigger disk.", "refused"},
		{"I would argue against a reboot while the dump runs.", "refused"},
		{"I'd steer the room away from restarting the brokers.", "refused"},
		{"What I would not do: restart the brokers.", "refused"},
		{"Keep away from the old node and restart the brokers.", "found"},
		{"Rebooting the brokers just loses the leader again.", "framed"},
		{"restart -> worse, the cache starts cold", "framed"},
		{"Reboot every broker = more elections = even worse.", "framed"},
		{"restart the brokers -> lag drains -> done", "found"},
		{"Restart the brokers = cold caches, more elections, worse.", "framed"},
		{"Restart the brokers, clear the caches, worse for a bit but fine.", "found"},
		{"**Don't:** scale out — the CPU is at 20%. Restart the consumers either — the lag is upstream.", "refused"},
		{"Don't: scale out, the CPU is at 20%. Instead, restart the consumers one by one.", "found"},
		{"Not doing: scale out, the CPU is at 20%. To settle it, I'd restart one consumer and watch the lag.", "found"},
		{"Why not: the restart dropped the queue, so the numbers lie.", "found"},
		{"Not now: restart the brokers, scale out.", "refused"},
		{"Would not restart the brokers, the leader moves.", "refused"},
		{"lag upstream. restart pointless, the leader would move.", "framed"},
		{"A restart overkill here, lag is upstream.", "framed"},
		{"lag upstream. guess: restart the brokers.", "found"},
		{"### What I'd reject\n- **Restart the brokers**: the leader moves again.", "refused"},
		{"Someone will say \"just restart the brokers\". No, the leader would move again.", "refused"},
		{"The runbook line reads \"restart the brokers\". Nobody checked it.", "found"},
		{"My best guess: a restart of the brokers fixes it.", "found"},
		{"Meanwhile restart the brokers so the lag does not grow.", "found"},
		{"Restarting the brokers would not help, so no.", "framed"},
		{"- restart the brokers ✗ (the leader moves)\n- scale out ✓", "refused"},
		{"- ❌ restart the brokers\n- ✅ scale out", "refused"},
		{"restart the brokers ✓, lag drains", "found"},
		{"Lag is upstream. Will not restart the brokers.", "refused"},
		{"The brokers would not restart cleanly.", "negated"},
		{"Not tonight: a restart of the brokers.", "refused"},
		{"Now: restart the brokers. Later: scale out.", "found"},
		{"Failure case: restart the brokers and lose the leader.", "framed"},
		{"Risk: restart the brokers and lose the leader.", "framed"},
		{"Failure rate: restart the brokers and watch it.", "found"},
		{"Restart the brokers = new elections, no.", "framed"},
		{"Errors = no, lag = 0, restart the brokers now.", "found"},
	}
	checkStatuses(t, r, tests)
}

// statusCase is an answer and the status its failure case's first
// concept should have (Trace.Status).
type statusCase struct{ answer, want string }

func checkStatuses(t *testing.T, r *Rubric, tests []statusCase) {
	t.Helper()
	for _, tt := range tests {
		ex, err := r.Explain(tt.answer)
		if err != nil {
			t.Fatal(err)
		}
		if got := ex.Criteria[0].Concepts[0].Status; got != tt.want {
			t.Errorf("%q: %s, want %s", tt.answer, got, tt.want)
		}
	}
}

// TestOrderChainedToAnOrder: a ^ slot after "and" or "then" opens an
// order when its clause opens with one ("Set the timeout and scale out"),
// not when the clause is a statement whose subject or verb comes first.
func TestOrderChainedToAnOrder(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{"scale-out": {"^scal* out|^bump* + pods|nofile|replicas"}},
		Rules:    [4]Rule{{Criterion: FailureCase, Any: []string{"scale-out"}}},
	}
	checkStatuses(t, r, []statusCase{
		{"Go with the proposal and bump nofile to a million.", "found"},
		{"Set keepAliveTimeout to 65 s and scale out to 12 pods.", "found"},
		{"Fix the leak and then bump nofile later if needed.", "found"},
		{"Traffic doubled and scale out kicked in at noon for the pods.", "missing"},
		{"The pods restart and scale out on their own.", "missing"},
		{"Pods crash and scale out follows for the replicas.", "missing"},
		{"Restarting helps and scale out of the pods follows.", "missing"},
		{"Clamp the MSS, and in the meantime scale out the pods.", "found"},
		{"As a stopgap bump the replicas to twelve.", "found"},
		{"In the meantime the pods scale out on their own.", "missing"},
	})
	// What a modal or "is" follows is the clause's subject, not an order.
	retry := &Rubric{
		Concepts: map[string][]string{"retry": {"^=retry"}},
		Rules:    [4]Rule{{Criterion: FailureCase, Any: []string{"retry"}}},
	}
	checkStatuses(t, retry, []statusCase{
		{"The call is slow; retry will wait 5 s again and fail.", "missing"},
		{"The call is slow; retry is no help here at all.", "missing"},
		{"The call is slow; retry it once with a longer timeout.", "found"},
	})
}

// TestContractedNotInAPattern: `n't` alone in a pattern matches the words
// it ends ("doesn't", "can't"), which answers keep whole.
func TestContractedNotInAPattern(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{"no-close": {"our|we|app + n't|never + close*"}},
		Rules:    [4]Rule{{Criterion: FailureCase, Any: []string{"no-close"}}},
	}
	checkStatuses(t, r, []statusCase{
		{"Our app doesn't close the sockets after a 404.", "found"},
		{"We can't close them from our side until the peer does.", "found"},
		{"We never close them on the error path.", "found"},
		{"Our app closes them fine on every path.", "missing"},
	})
}

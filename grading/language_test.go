package grading

import "testing"

// languageRubric has one concept per criterion, so each case shows one
// reading of the language.
func languageRubric() *Rubric {
	return &Rubric{
		Concepts: map[string][]string{
			"cap-bulk":      {"limit + bulk"},
			"rollback":      {"roll back|rollback + release", "i'd revert + release", "revert* + immediately"},
			"rollback-risk": {"rollback|roll back + overload"},
			"two-minutes":   {"2 min + apart"},
			"fast-first":    {"0.6 s + first token", "poll interval + evict*", "preempt* + count", "retr* + budget"},
		},
		Rules: [4]Rule{
			{Criterion: Result, Requires: []string{"cap-bulk"}, Rejects: []string{"rollback"}},
			{Criterion: Reasoning, Requires: []string{"two-minutes"}},
			{Criterion: FailureCase, Requires: []string{"rollback-risk"}},
			{Criterion: Verification, Requires: []string{"fast-first"}},
		},
	}
}

func TestLanguage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		answer string
		want   [4]bool
	}{
		{"synonym earns the point", "I would restrict the bulk tenant for an hour while we look.", [4]bool{true, false, false, false}},
		{"numbers and units as written", "The two actions landed 2min apart, and the first token came back in 0.6s for everyone.", [4]bool{false, true, false, true}},
		{"number words and unit names", "They were two minutes apart, so I can't tell which one helped the service at all.", [4]bool{false, true, false, false}},
		{"a verdict after the move", "Limit the bulk tenant now. Rolling back the release tonight would be a mistake, since it can overload the old pool.", [4]bool{true, false, true, false}},
		{"a denied predicate after the move", "Limit the bulk tenant now. A rollback of the release is not going to help here.", [4]bool{true, false, false, false}},
		{"a tempting answer named", "The tempting answer is to roll back the release; instead I would limit the bulk tenant.", [4]bool{true, false, false, false}},
		{"a move weighed, not made", "Limit the bulk tenant. Rolling back the release would overload the old pool.", [4]bool{true, false, true, false}},
		{"a move said to fix it is offered", "Limit the bulk tenant. Rolling back the release would fix it quickly, so do that too.", [4]bool{false, false, false, false}},
		{"a move said to help, then taken back, is weighed", "Limit the bulk tenant. Rolling back the release would help, but not for long.", [4]bool{true, false, false, false}},
		{"a move said to fix it in a supposition is weighed", "Limit the bulk tenant. If the release were at fault, rolling back the release would fix it.", [4]bool{true, false, false, false}},
		{"a test failing in the condition is what the plan waits for", "Replay the traffic first. If the replay fails, I'd limit the bulk tenant.", [4]bool{true, false, false, false}},
		{"a falsifier is not a claim", "Limit the bulk tenant first. If the old pool is slow too, I'm wrong and we roll back the release.", [4]bool{true, false, false, false}},
		{"the wrong move offered", "Limit the bulk tenant and roll back the release right away to be safe.", [4]bool{false, false, false, false}},
		{"same for a move judged before", "Limit the bulk tenant. Restarting every replica would be a mistake. Same for a rollback of the release.", [4]bool{true, false, false, false}},
		{"every if of a sentence opens a condition", "Limit the bulk tenant; if the queue stays long we look again, and if a rollback of the release looks needed we ask first.", [4]bool{true, false, false, false}},
		{"a move denied help looking back is judged, and names the trap", "Limit the bulk tenant. A rollback wouldn't have saved us; it would overload the old pool.", [4]bool{true, false, true, false}},
		{"a move said to prevent it is offered", "Limit the bulk tenant. A rollback of the release would prevent this.", [4]bool{false, false, false, false}},
		{"a move denied help is judged, and names the trap", "Limit the bulk tenant. A rollback is not going to help; it would overload the old pool.", [4]bool{true, false, true, false}},
		{"a longer refusing heading over a numbered list", "Limit the bulk tenant first.\nTwo things I would refuse to do:\n1. Roll back the release.\n2. Restart every replica.", [4]bool{true, false, false, false}},
		{"a long subject of would, counted in content words", "Limit the bulk tenant. A rollback of the release or giving the whole old pool a few more minutes of warm-up would make the alerts stop for now.", [4]bool{true, false, false, false}},
		{"a move that hides the problem is judged", "Limit the bulk tenant. A rollback of the release is paying to hide the problem, since it can overload the old pool.", [4]bool{true, false, true, false}},
		{"another subject's denial does not judge the move", "Limit the bulk tenant and roll back the release right away so the old pool doesn't see the new code.", [4]bool{false, false, false, false}},
		{"what is called fine is cleared, not offered", "Limit the bulk tenant now; the release itself is fine, and a rollback can wait.", [4]bool{true, false, false, false}},
		{"a move offered outright and supposed later is offered", "Limit the bulk tenant and roll back the new release right away. If the rollback release job stalls, page me.", [4]bool{false, false, false, false}},
		{"negation before the move", "Limit the bulk tenant, but I would not roll back the release.", [4]bool{true, false, false, false}},
		{"a unit before a point ends the sentence", "Limit the bulk tenant so prefill stays under 0.6 s. First token times look fine to me.", [4]bool{true, false, false, false}},
		{"a move its clause says won't help is not offered", "Limit the bulk tenant. Rolling back the release tonight won't help at all.", [4]bool{true, false, false, false}},
		{"won't help reaches past the move's own later words", "Limit the bulk tenant. Rolling back release v43 won't help.", [4]bool{true, false, false, false}},
		{"a move that won't help is named as the trap", "Limit the bulk tenant. Rolling back into the overload won't help.", [4]bool{true, false, true, false}},
		{"a move that only hands the problem on is judged", "Limit the bulk tenant. Rolling back the release only hands the overload to the old pool.", [4]bool{true, false, true, false}},
		{"a move that only refills the queue", "Limit the bulk tenant. Rolling back the release only refills the queue.", [4]bool{true, false, false, false}},
		{"a verdict on a relative clause's subject is not on the move", "Limit the bulk tenant and roll back the release to clear whatever state is bad.", [4]bool{false, false, false, false}},
		{"a move put first and turned down in the first person", "Limit the bulk tenant. Rolling back the release I'd skip for now.", [4]bool{true, false, false, false}},
		{"a move the learner is against", "Limit the bulk tenant. I am against to roll back the release now.", [4]bool{true, false, false, false}},
		{"against as a comparison negates nothing", "Limit the bulk tenant, and roll back the release against the old pool's numbers.", [4]bool{false, false, false, false}},
		{"an arrow ends a note's step and its negation", "No new release -> limit the bulk tenant for an hour.", [4]bool{true, false, false, false}},
		{"so does a drawn arrow", "No new release → limit the bulk tenant for an hour.", [4]bool{true, false, false, false}},
		{"advice a source gives is reported, not offered", "Limit the bulk tenant. I know the runbook says to roll back the release right away, but not tonight.", [4]bool{true, false, false, false}},
		{"a move the learner cites a source for is offered", "Limit the bulk tenant and, as the runbook says, roll back the release right away.", [4]bool{false, false, false, false}},
		{"a limit the docs recommend is not the learner's", "The docs recommend that you limit the bulk tenant; I would wait and see.", [4]bool{false, false, false, false}},
		{"a move that only means more load", "Limit the bulk tenant. Rolling back the release only means more load.", [4]bool{true, false, false, false}},
		{"a move after a person's clause is offered", "Limit the bulk tenant and I will roll back the release or page the owner.", [4]bool{false, false, false, false}},
		{"a move asked about and answered no is turned down", "Is rolling back the release the answer? No. Limit the bulk tenant.", [4]bool{true, false, false, false}},
		{"a first-person refusal heads a series without a comma before or", "Limit the bulk tenant. I wouldn't restart anything, roll back the release or add GPUs.", [4]bool{true, false, false, false}},
		{"a series after a plain refusal may offer its alternative", "Limit the bulk tenant, don't wait, roll back the release or page the owner.", [4]bool{false, false, false, false}},
		{"joined subjects of a denied help are all judged", "Limit the bulk tenant. Rolling back the release, restarting every replica or adding GPUs would not help.", [4]bool{true, false, false, false}},
		{"joined subjects of a futile predicate are all judged", "Limit the bulk tenant. A rollback of the release or more GPUs would just buy time.", [4]bool{true, false, false, false}},
		{"joined subjects of a plain statement are offered", "Limit the bulk tenant. A rollback of the release and more GPUs will bring the queue down.", [4]bool{false, false, false, false}},
		{"an order before a judged subject stays the learner's own", "Limit the bulk tenant, and rolling back the release would not help.", [4]bool{true, false, false, false}},
		{"an order before joined subjects stays the learner's own", "Limit the bulk tenant; restarting every replica or adding GPUs would not help.", [4]bool{true, false, false, false}},
		{"a move other people suggest is theirs", "Limit the bulk tenant. People in the incident channel suggest rolling back the release.", [4]bool{true, false, false, false}},
		{"a move the team wants is theirs", "Limit the bulk tenant. The team wants to roll back the release, but I'd wait.", [4]bool{true, false, false, false}},
		{"the team's plan said as the learner's is the learner's", "Our team will limit the bulk tenant now.", [4]bool{true, false, false, false}},
		{"what is called harmless is cleared", "Limit the bulk tenant now; the release itself is harmless, and a rollback can wait.", [4]bool{true, false, false, false}},
		{"a reason after since is not under the negation before it", "Limit the bulk tenant; I would not wait since the bulk tenant's load is 2 min apart from the spike.", [4]bool{true, true, false, false}},
		{"a move put off until after a check is not offered", "Limit the bulk tenant. Before rolling back the release, I'd check the old pool's numbers.", [4]bool{true, false, false, false}},
		{"a move under a refusing heading names the trap", "Limit the bulk tenant first.\nThings I would not do:\n- roll back the release, it would overload the old pool", [4]bool{true, false, true, false}},
		{"a bold Markdown heading heads its list too", "Limit the bulk tenant first.\n**Not doing**\n- roll back the release, it would overload the old pool", [4]bool{true, false, true, false}},
		{"so does a # heading", "Limit the bulk tenant first.\n## Don't\n- roll back the release, it would overload the old pool", [4]bool{true, false, true, false}},
		{"a move called the worst thing to do is judged", "Limit the bulk tenant. Rolling back the release is the worst thing to do here.", [4]bool{true, false, false, false}},
		{"a move called even worse is judged", "Limit the bulk tenant. Rolling back the release is even worse, since it can overload the old pool.", [4]bool{true, false, true, false}},
		{"a negated relative clause does not reach the next order", "Find the tenant that isn't bulk and limit the bulk tenant.", [4]bool{true, false, false, false}},
		{"nor does it hide a move offered after it", "Limit the bulk tenant that isn't paying and roll back the release.", [4]bool{false, false, false, false}},
		{"a move that does nothing is judged", "Limit the bulk tenant. Rolling back the release does nothing for the queue.", [4]bool{true, false, false, false}},
		{"a move of two parts that does nothing names the trap", "Limit the bulk tenant. Rolling back into the overload does nothing for the queue.", [4]bool{true, false, true, false}},
		{"only after a later part of a move is not a verdict", "Limit the bulk tenant; roll back the release first and only move traffic once the old pool is warm.", [4]bool{false, false, false, false}},
		{"a phrasal verb earns what its one word earns", "I would rein in the bulk tenant for an hour while we look.", [4]bool{true, false, false, false}},
		{"a phrasal verb of another family word", "I would hold back the bulk tenant for now.", [4]bool{true, false, false, false}},
		{"a phrasal verb never takes a point away", "Limit the bulk tenant, and go back to the previous release.", [4]bool{true, false, false, false}},
		{"a move asked about and answered yes is offered", "Roll back the release? Yes, and limit the bulk tenant.", [4]bool{false, false, false, false}},
		{"a move labelled and answered no", "Limit the bulk tenant.\nRolling back the release: no, it would only refill the queue.", [4]bool{true, false, false, false}},
		{"a move the learner pushes back on", "Limit the bulk tenant. I'd push back on rolling back the release tonight.", [4]bool{true, false, false, false}},
		{"a plan before a semicolon and its falsifier is the learner's", "I would limit the bulk tenant right now; if the queue stays long after that, I'm wrong.", [4]bool{true, false, false, false}},
		{"a move its clause judges useless is not offered", "Limit the bulk tenant now. A rollback of the release to v41 doesn't help here, the new pool is fine.", [4]bool{true, false, false, false}},
		{"a plan before a colon and its falsifier is the learner's", "I would limit the bulk tenant right now and watch the queue: if it stays long after that, I'm wrong.", [4]bool{true, false, false, false}},
		{"so is one before a comma and an if", "I would limit the bulk tenant right now, and if the queue stays long after that, I'm wrong.", [4]bool{true, false, false, false}},
		{"a falsifier said before its if is a falsifier whole", "I'm wrong; if limiting the bulk tenant leaves the queue long, it is something else.", [4]bool{false, false, false, false}},
		{"a quotation a trap word opens is framed whole", "Limit the bulk tenant. The tempting answer is 'the pool is slow, roll back the release', and I don't buy it.", [4]bool{true, false, false, false}},
		{"so is one in curly quotes", "Limit the bulk tenant. The tempting answer is “the pool is slow, roll back the release”, and I don't buy it.", [4]bool{true, false, false, false}},
		{"an apostrophe opens no quotation", "Limit the bulk tenant. It's tempting, but don't wait: roll back the release's config too.", [4]bool{false, false, false, false}},
		{"what a move would avoid is not its denial", "A limit on bulk would avoid the pile-up, so I'd put it in first.", [4]bool{true, false, false, false}},
		{"a label the learner pushes back on heads what follows", "Limit the bulk tenant. What I'd push back on: rolling back the release tonight.", [4]bool{true, false, false, false}},
		{"a push back that is not the learner's offers the move", "Limit the bulk tenant, and roll back the release if the owners push back on the cap.", [4]bool{false, false, false, false}},
		{"a hyphenated prefix joins its word", "The pre-emption count stayed flat all morning on the new pool.", [4]bool{false, false, false, true}},
		{"a prefix pattern reaches its paraphrase family", "The resend budget at the gateway held all morning.", [4]bool{false, false, false, true}},
		{"a dotted name is words, not sentences", "The new consumers take longer than max.poll.interval.ms allows, so they get evicted from the group.", [4]bool{false, false, false, true}},
		{"a falsifier in the negative names the check", "Limit the bulk tenant. If the first token is not back under 0.6 s by noon, I'm wrong.", [4]bool{true, false, false, true}},
		{"a move that only buys time", "Limit the bulk tenant. Rolling back the release only buys time while the queue refills.", [4]bool{true, false, false, false}},
		{"a move called tempting", "Rolling back the release is tempting, but I would limit the bulk tenant.", [4]bool{true, false, false, false}},
		{"a move that makes it worse", "Limit the bulk tenant. Rolling back the release makes the queue worse.", [4]bool{true, false, false, false}},
		{"a move that only makes more", "Limit the bulk tenant. Rolling back the release only makes more load for the old pool.", [4]bool{true, false, false, false}},
		{"a reason after because is not negated", "Limit the bulk tenant. I would not roll back the release because the rollback would overload the old pool.", [4]bool{true, false, true, false}},
		{"not because negates the reason", "Limit the bulk tenant. It is not because a rollback would overload the old pool.", [4]bool{true, false, false, false}},
		{"a negating heading over bullets", "Limit the bulk tenant for now.\nDon't:\n- roll back the release\n- restart the replicas", [4]bool{true, false, false, false}},
		{"a heading's reach ends with its list", "Don't:\n- restart the replicas\n\nLimit the bulk tenant, then roll back the release.", [4]bool{false, false, false, false}},
		{"a move called a band-aid", "Limit the bulk tenant. Rolling back the release is a band-aid.", [4]bool{true, false, false, false}},
		{"careful about a move", "Limit the bulk tenant. I would be careful about rolling back the release.", [4]bool{true, false, false, false}},
		{"a trap turned down names the failure case", "Limit the bulk tenant. I'd avoid a rollback since it can overload the old pool.", [4]bool{true, false, true, false}},
		{"a consequence denied names nothing", "Limit the bulk tenant. A rollback is fine: it will not overload the old pool.", [4]bool{true, false, false, false}},
		{"a move called a guess", "Limit the bulk tenant. Rolling back the release right now would be a guess.", [4]bool{true, false, false, false}},
		{"a verdict label", "Limit the bulk tenant.\nBad idea: roll back the release.", [4]bool{true, false, false, false}},
		{"a negating label", "Do: limit the bulk tenant.\nDon't: roll back the release.", [4]bool{true, false, false, false}},
		{"a framing label", "Limit the bulk tenant now.\nTrap: roll back the release.", [4]bool{true, false, false, false}},
		{"a question label negates nothing", "Why no rollback: limit the bulk tenant, then roll back the release.", [4]bool{false, false, false, false}},
		{"a negation heads its series of moves", "Limit the bulk tenant. I wouldn't restart the replicas, page everyone, or roll back the release.", [4]bool{true, false, false, false}},
		{"a label heads its series of moves", "Limit the bulk tenant.\nWhat I would not do: restart the replicas, page everyone, or roll back the release.", [4]bool{true, false, false, false}},
		{"after a refusal, a second clause is offered", "Don't restart the replicas, limit the bulk tenant or ask the owner.", [4]bool{true, false, false, false}},
		{"a stated fact heads no series", "Limit the bulk tenant. No errors in the old pool, roll back the release, or page the owner.", [4]bool{false, false, false, false}},
		{"a refusing label's colon opens a series", "Limit the bulk tenant.\nNot doing: restarting the replicas, paging everyone, or a roll back of the release.", [4]bool{true, false, false, false}},
		{"a move called not a fix", "Limit the bulk tenant. Rolling back the release is a gamble with the old pool, not a fix.", [4]bool{true, false, false, false}},
		{"not a fix of something else", "Limit the bulk tenant and roll back the release: the restart was not a fix.", [4]bool{false, false, false, false}},
		{"a move that makes no sense is not offered", "Limit the bulk tenant. Rolling back the release makes no sense.", [4]bool{true, false, false, false}},
		{"a move that makes little sense names the trap", "Limit the bulk tenant. Rolling back into the overload makes little sense.", [4]bool{true, false, true, false}},
		{"a move that is not the answer names the trap", "Limit the bulk tenant. Rolling back into the overload is not the answer.", [4]bool{true, false, true, false}},
		{"a move under the learner's own refusing label", "Limit the bulk tenant. What I wouldn't do: roll back into the overload.", [4]bool{true, false, true, false}},
		{"a move that does not touch the problem", "Limit the bulk tenant. A rollback of the release wouldn't touch the queue.", [4]bool{true, false, false, false}},
		{"a move that not help, in a learner's English", "Limit the bulk tenant. The release rollback not help here.", [4]bool{true, false, false, false}},
		{"a label with its own words is a reason", "Limit the bulk tenant. I don't wait: roll back the release now.", [4]bool{false, false, false, false}},
		{"a negation in a phrase's gap", "Limit the bulk tenant. I'd never revert the release.", [4]bool{true, false, false, false}},
		{"a label heads its items without an or", "Limit the bulk tenant.\nNot: restart the replicas (cold caches), roll back the release (it can overload the old pool), page everyone.", [4]bool{true, false, true, false}},
		{"a bracketed reason does not end a series", "Limit the bulk tenant. I wouldn't restart the replicas (cold caches), page everyone, or roll back the release.", [4]bool{true, false, false, false}},
		{"a verdict sentence after the moves", "Limit the bulk tenant. The obvious moves are to page everyone or roll back the release. Both are wrong.", [4]bool{true, false, false, false}},
		{"a flat refusal after a dash", "Limit the bulk tenant. Roll back the release right away \u2014 absolutely not.", [4]bool{true, false, false, false}},
		{"a move others would make", "Limit the bulk tenant. Some people would roll back the release right away to be safe.", [4]bool{true, false, false, false}},
		{"a move someone wanted", "Limit the bulk tenant. Somebody wanted to roll back the release, which would have made it worse.", [4]bool{true, false, false, false}},
		{"a which clause that makes it worse", "Limit the bulk tenant. We could roll back the release, which would make the queue worse.", [4]bool{true, false, false, false}},
		{"a verdict about a fact is not about a move", "Roll back the release. That is the safest move here.", [4]bool{false, false, false, false}},
		{"a which clause that helps is offered", "Limit the bulk tenant and roll back the release, which clears the queue.", [4]bool{false, false, false, false}},
		{"a refusal naming a kind of move opens its series", "Limit the bulk tenant. I'd explicitly avoid the quick fixes people reach for: paging everyone, or a roll back of the release.", [4]bool{true, false, false, false}},
		{"a predicate after a series of moves judges them", "Limit the bulk tenant. Paging everyone, or rolling back the release, would just delay the same outage.", [4]bool{true, false, false, false}},
		{"a move called riskier", "Limit the bulk tenant. Rolling back the release would be the riskier option anyway.", [4]bool{true, false, false, false}},
		{"a lowercase label opens its own line", "look at: the bulk tenant\ndo: limit the bulk tenant\ndon't: roll back the release (it can overload the old pool)", [4]bool{true, false, true, false}},
		{"nobody should is a refusal", "Limit the bulk tenant. And nobody should roll back the release.", [4]bool{true, false, false, false}},
		{"nobody as a fact heads nothing", "Limit the bulk tenant so nobody waits, then roll back the release.", [4]bool{false, false, false, false}},
		{"or opens a sentence that goes on refusing", "Limit the bulk tenant. I wouldn't page everyone. Or roll back the release.", [4]bool{true, false, false, false}},
		{"or after a plain sentence offers", "Limit the bulk tenant. Or roll back the release.", [4]bool{false, false, false, false}},
		{"a move that buys nothing", "Limit the bulk tenant. Rolling back the release buys nothing here.", [4]bool{true, false, false, false}},
		{"a typo in a long prefix", "Limit the bulk tenant: the preemtion count says so.", [4]bool{true, false, false, true}},
		{"another word is no typo of a short prefix", "Limit the bulk tenant, reversible immediately once the release settles.", [4]bool{true, false, false, false}},
		{"a hard-wrapped line stays in its clause", "Limit the bulk tenant. The trap is to act fast and\nroll back the release tonight.", [4]bool{true, false, false, false}},
		{"a label without a speaker heads its series", "Limit the bulk tenant.\nWhat not to do: paging everyone, restarting replicas, or rolling back the release.", [4]bool{true, false, false, false}},
		{"I'd refuse is a refusal", "Limit the bulk tenant. What I'd refuse to do is page everyone, restart replicas, or roll back the release.", [4]bool{true, false, false, false}},
		{"a long subject weighed with would", "Limit the bulk tenant. Rolling back the release or paging everyone in the building at this hour would stop the alerts.", [4]bool{true, false, false, false}},
		{"my own move is mine", "Limit the bulk tenant. People wait too long, so I'd roll back the release.", [4]bool{false, false, false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := languageRubric().Grade(tt.answer)
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range got.Criteria {
				if c.Awarded != tt.want[i] {
					t.Errorf("%s awarded %v, want %v (%s)", c.Criterion, c.Awarded, tt.want[i], c.Cues)
				}
			}
		})
	}
}

func TestCanonicalNumber(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"2,000", "2000"}, {"2000", "2000"}, {"0.60", "0.6"}, {"3k", "3000"}, {"two", "2"}, {"1,2", ""},
	}
	for _, tt := range tests {
		got, ok := canonicalNumber(tt.in)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("canonicalNumber(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestKnownWordsAreNotTypos: a typo inside a long prefix pattern is
// tolerated for a word the dictionary does not know, never for one it does.
func TestKnownWordsAreNotTypos(t *testing.T) {
	t.Parallel()
	rubric := &Rubric{
		Concepts: map[string][]string{"resolver-cache": {"resolver* + cache|caching"}},
		Rules: [4]Rule{
			{Criterion: Result, Requires: []string{"resolver-cache"}},
			{Criterion: Reasoning}, {Criterion: FailureCase}, {Criterion: Verification},
		},
	}
	tests := []struct {
		answer string
		want   bool
	}{
		{"The resolvers are caching the old record for far too long here.", true},
		{"The resolverrs are caching the old record for far too long here.", true},
		{"The JVM keeps caching the resolved address for far too long here.", false},
	}
	for _, tt := range tests {
		got, err := rubric.Grade(tt.answer)
		if err != nil {
			t.Fatal(err)
		}
		if got.Criteria[0].Awarded != tt.want {
			t.Errorf("%q: awarded %v, want %v", tt.answer, got.Criteria[0].Awarded, tt.want)
		}
	}
}

// TestNegationScopeAtAnd: "no" denies the noun it stands before, not a
// statement after "and"; "no need to …" refuses everything after it; and
// no negation reaches past "and" and a subject pronoun, which opens a
// clause of its own ("we can't vacuum it and it bloats"), except inside a
// condition, whose parts "and" joins.
func TestNegationScopeAtAnd(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{"check": {"df + du + line* up|match*"}, "scale": {"scale* out"}, "bloat": {"it|table + bloat*"}},
		Rules: [4]Rule{
			{Criterion: Result, Requires: []string{"check"}},
			{Criterion: Reasoning, Requires: []string{"scale"}},
			{Criterion: FailureCase},
			{Criterion: Verification, Requires: []string{"bloat"}},
		},
	}
	tests := []struct {
		answer             string
		check, move, bloat bool
	}{
		{"After the fix lsof shows no deleted files and df and du line up again.", true, false, false},
		{"After the fix lsof shows no deleted files, and df and du do not line up.", false, false, false},
		{"There is no need to restart the pods and scale out tonight at all.", false, false, false},
		{"Nothing is held open and we scale out the workers at noon every day.", false, true, false},
		{"Autovacuum can't remove the old rows and it bloats a little more every night.", false, false, true},
		{"We don't scale out the workers and they never bloat the table with retries.", false, false, false},
		// A condition supposes what it names, negated or not: "if it
		// never bloats" names the check as "if it bloats" does.
		{"If the vacuum never finishes and it bloats, we scale out the readers first.", false, true, true},
		{"If it doesn't bloat the table overnight, we scale out the readers.", false, true, true},
	}
	for _, tt := range tests {
		got, err := r.Grade(tt.answer)
		if err != nil {
			t.Fatal(err)
		}
		if a := [3]bool{got.Criteria[0].Awarded, got.Criteria[1].Awarded, got.Criteria[3].Awarded}; a != [3]bool{tt.check, tt.move, tt.bloat} {
			t.Errorf("%q: check, move, bloat %v; want %v", tt.answer, a, [3]bool{tt.check, tt.move, tt.bloat})
		}
	}
}

// TestOrderWeighedAfterAnd: a move an order pattern (^) finds, opening a
// clause after ", and" as the subject of "would", is weighed, not offered.
func TestOrderWeighedAfterAnd(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{"serve-old": {"serve* + old chain"}, "skip-verify": {"^turn* off + verification"}},
		Rules:    [4]Rule{{Criterion: Result, Requires: []string{"serve-old"}, Rejects: []string{"skip-verify"}}},
	}
	tests := []struct {
		answer string
		want   bool
	}{
		{"Serve the old chain, and turning off certificate verification in the app would trade an outage for a security hole.", true},
		{"Serve the old chain, and turn off certificate verification in the app for the old version.", false},
	}
	for _, tt := range tests {
		got, err := r.Grade(tt.answer)
		if err != nil {
			t.Fatal(err)
		}
		if got.Criteria[0].Awarded != tt.want {
			t.Errorf("%q: result %v, want %v (%s)", tt.answer, got.Criteria[0].Awarded, tt.want, got.Criteria[0].Cues)
		}
	}
}

// TestFalseFriendsAreNotSynonyms: WordNet synonyms and phrasal forms that
// mean something else in the subject's language do not match, while the
// subject's own paraphrases still do.
func TestFalseFriendsAreNotSynonyms(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{"revert": {"revert"}},
		Rules:    [4]Rule{{Criterion: Result, Requires: []string{"revert"}}},
	}
	tests := []struct {
		answer string
		want   bool
	}{
		{"This is a plan regression after the nightly analyze, nothing else.", false},
		{"Once latency returns to 80 ms, the incident is over for good.", false},
		{"I would undo the release and watch the queue for an hour.", true},
		// "Go back to" reverts only to an earlier build, not a level.
		{"Once the queue drains, the workers go back to normal and p99 goes back to 80 ms.", false},
		{"I would go back to the previous build tonight and watch the queue.", true},
	}
	for _, tt := range tests {
		got, err := r.Grade(tt.answer)
		if err != nil {
			t.Fatal(err)
		}
		if got.Criteria[0].Awarded != tt.want {
			t.Errorf("%q: revert found %v, want %v", tt.answer, got.Criteria[0].Awarded, tt.want)
		}
	}
}

// TestOperationsFamilies: a slot of a few words also matches the words
// operations people use for the same thing ("connection" for "socket",
// "handle" for "fd", "host" for "node"), and nothing else.
func TestOperationsFamilies(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{"leak": {"never + close* + socket|fd"}, "bad-node": {"one + node + stale"}},
		Rules:    [4]Rule{{Criterion: Result, Requires: []string{"leak"}}, {Criterion: Reasoning, Requires: []string{"bad-node"}}, {Criterion: FailureCase}, {Criterion: Verification}},
	}
	tests := []struct {
		answer      string
		leak, stale bool
	}{
		{"The client never closes the connection after a 404 from inventory.", true, false},
		{"The new code never closes the file handle on the error path.", true, false},
		{"The client never closes the door on the way out, sadly for everyone.", false, false},
		{"Only one host still serves the stale certificate to the clients.", false, true},
	}
	for _, tt := range tests {
		got, err := r.Grade(tt.answer)
		if err != nil {
			t.Fatal(err)
		}
		if got.Criteria[0].Awarded != tt.leak || got.Criteria[1].Awarded != tt.stale {
			t.Errorf("%q: leak %v, stale node %v; want %v, %v", tt.answer, got.Criteria[0].Awarded, got.Criteria[1].Awarded, tt.leak, tt.stale)
		}
	}
}

#!/usr/bin/env bash
# anon_growth.sh: anonymous visitors posting large answers from one address
# while GET / is measured, against a real `practicum serve` with a fresh
# database (dropped at the end). It reports, from one run, GET /'s rate
# without and with the attack and how much the tables that keep anonymous
# answers and sessions grew (issue 13, item 2).
#
#   cmd/loadtest/anon_growth.sh
#   SERVE_FLAGS='-anonymous-answers-per-minute 1000000000' cmd/loadtest/anon_growth.sh
#   PRACTICUM_BIN=/tmp/old/practicum SERVE_FLAGS= cmd/loadtest/anon_growth.sh   # another build
#   COOKIES=none ATTACK_CONNS=1000 cmd/loadtest/anon_growth.sh
#
# The attack is wrk with ATTACKERS threads on ATTACK_CONNS connections,
# each thread keeping the first session cookie it is given (its first
# requests, one per connection, start visitors of their own), posting a
# ~20 KB answer (5,000 four-byte characters, percent-encoded to ~60 KB) to
# each written item in turn (COOKIES=keep). COOKIES=none sends no cookie,
# a new visitor each time; COOKIES=madeup a made-up session cookie on each
# post. GET / is measured twice in each phase: as a
# new visitor (no cookie: the public page) and as a visitor with an
# answer (their session and answers are read). Traffic goes only to
# 127.0.0.1.
set -euo pipefail

GO=${GO:-go}
ADDR=${ADDR:-127.0.0.1:18081}
DURATION=${DURATION:-15}
CONNS=${CONNS:-8}
ATTACKERS=${ATTACKERS:-4}
ATTACK_CONNS=${ATTACK_CONNS:-8}
COOKIES=${COOKIES:-keep}
SERVE_FLAGS=${SERVE_FLAGS-}
DB=practicum_anon_$$
BASE=http://$ADDR
COURSE=/courses/serving-incidents

case $ADDR in
127.0.0.1:*) ;;
*) echo "anon_growth.sh: ADDR must be 127.0.0.1:PORT" >&2; exit 2 ;;
esac

work=$(mktemp -d)
server_pid=
attack_pid=
db_created=
cleanup() {
	status=$?
	for pid in $attack_pid $server_pid; do
		if kill -0 "$pid" 2>/dev/null; then
			kill "$pid" 2>/dev/null || true
			wait "$pid" 2>/dev/null || true
		fi
	done
	if [[ -n $db_created ]]; then
		dropdb --if-exists "$DB" || echo "anon_growth.sh: could not drop database $DB" >&2
	fi
	if [[ $status -ne 0 && -s $work/serve.log ]]; then
		tail -n 20 "$work/serve.log" >&2
	fi
	rm -rf "$work"
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

bin=${PRACTICUM_BIN:-}
if [[ -z $bin ]]; then
	$GO build -o "$work/practicum" ./cmd/practicum
	bin=$work/practicum
fi
createdb "$DB"
db_created=1
# shellcheck disable=SC2086 # SERVE_FLAGS is a list of flags
LOG_LEVEL=warn "$bin" serve -addr "$ADDR" -database-url "dbname=$DB" -base-url "$BASE" $SERVE_FLAGS >"$work/serve.log" 2>&1 &
server_pid=$!
for _ in $(seq 300); do
	curl -fsS -o /dev/null "$BASE/readyz" 2>/dev/null && break
	kill -0 "$server_pid" 2>/dev/null || { echo "anon_growth.sh: the server exited" >&2; exit 1; }
	sleep 0.1
done

# The written items' form addresses and revisions, from the lesson pages.
items=()
for lesson in $(curl -fsS "$BASE$COURSE" | grep -o "href=\"$COURSE/[a-z0-9-]*\"" | sed 's/href="//; s/"$//' | sort -u); do
	html=$(curl -fsS "$BASE$lesson")
	rev=$(grep -o 'name="revision" value="[0-9]*"' <<<"$html" | head -1 | grep -o '[0-9]*')
	for path in $(grep -o "action=\"$lesson/responses/[a-z0-9-]*\"" <<<"$html" | sed 's/action="//; s/"$//' | sort -u); do
		items+=("{path=\"$path\", rev=\"$rev\"}")
	done
done
[[ ${#items[@]} -gt 0 ]] || { echo "anon_growth.sh: found no written items" >&2; exit 1; }

python3 - "$work/answer.txt" <<'EOF'
import random, sys, urllib.parse
text = "".join(chr(0x1F300 + random.randrange(0x300)) for _ in range(5000))
open(sys.argv[1], "w").write(urllib.parse.quote(text))
EOF
cat >"$work/attack.lua" <<EOF
local items = { $(IFS=,; echo "${items[*]}") }
local answer = io.open("$work/answer.txt"):read("*a")
local cookie, i = nil, 0
n2, n3, n413, n422, n429, nother = 0, 0, 0, 0, 0, 0
local threads = {}
setup = function(thread) table.insert(threads, thread) end
request = function()
	i = i + 1
	local it = items[(i % #items) + 1]
	local h = {["Content-Type"] = "application/x-www-form-urlencoded", ["Sec-Fetch-Site"] = "same-origin"}
	if "$COOKIES" == "madeup" then
		h["Cookie"] = string.format("practicum_session=%08x%08x%08x", math.random(0, 0x7fffffff), math.random(0, 0x7fffffff), i)
	elseif cookie and "$COOKIES" == "keep" then
		h["Cookie"] = cookie
	end
	return wrk.format("POST", it.path, h, "revision=" .. it.rev .. "&confidence=confident&answer=" .. answer)
end
response = function(status, headers, body)
	local c = headers["Set-Cookie"]
	if c and not cookie then cookie = c:match("^([^;]+)") end
	if status < 300 then n2 = n2 + 1 elseif status < 400 then n3 = n3 + 1
	elseif status == 413 then n413 = n413 + 1 elseif status == 422 then n422 = n422 + 1
	elseif status == 429 then n429 = n429 + 1 else nother = nother + 1 end
end
done = function()
	local t = {0, 0, 0, 0, 0, 0}
	for _, th in ipairs(threads) do
		for k, name in ipairs({"n2", "n3", "n413", "n422", "n429", "nother"}) do t[k] = t[k] + th:get(name) end
	end
	io.write(string.format("attack statuses: 2xx %d, 3xx (saved) %d, 413 %d, 422 (refused) %d, 429 (limited) %d, other %d\n",
		t[1], t[2], t[3], t[4], t[5], t[6]))
end
EOF

size() {
	psql -d "$DB" -Atc "SELECT pg_total_relation_size('sessions')
		+ coalesce(pg_total_relation_size(to_regclass('anonymous_visitors')), 0)
		+ coalesce(pg_total_relation_size(to_regclass('anonymous_answers')), 0)"
}
rate() { awk '/Requests\/sec/ {print $2}' "$1"; }

# A visitor with one answer, whose GET / reads their session and answers.
first=${items[0]}
path=$(sed 's/.*path="\([^"]*\)".*/\1/' <<<"$first")
rev=$(sed 's/.*rev="\([^"]*\)".*/\1/' <<<"$first")
curl -fsS -o /dev/null -c "$work/jar" -H 'Sec-Fetch-Site: same-origin' --data "revision=$rev&confidence=confident&answer=Mine" "$BASE$path"
cookie=$(awk '$6 == "practicum_session" {print $6 "=" $7}' "$work/jar")
[[ -n $cookie ]] || { echo "anon_growth.sh: no session cookie after an anonymous answer" >&2; exit 1; }

measure() { # measure PHASE: GET / for DURATION as a new visitor, then as one with an answer
	wrk -t1 -c"$CONNS" -d"${DURATION}s" "$BASE/" >"$work/$1-new.txt"
	wrk -t1 -c"$CONNS" -d"${DURATION}s" -H "Cookie: $cookie" "$BASE/" >"$work/$1-answered.txt"
}
wrk -t1 -c"$CONNS" -d2s "$BASE/" >/dev/null # warm up
measure unloaded
before=$(size)
wrk -t"$ATTACKERS" -c"$ATTACK_CONNS" -d"$((2 * DURATION + 2))s" -s "$work/attack.lua" "$BASE/" >"$work/attack.txt" &
attack_pid=$!
sleep 1
measure loaded
wait "$attack_pid"
attack_pid=
after=$(size)
visitors=$(psql -d "$DB" -Atc "SELECT count(*) - 1 FROM sessions") # less the measuring visitor's

echo "== $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, ${#items[@]} written items, serve flags: ${SERVE_FLAGS:-none}"
for who in new answered; do
	unloaded=$(rate "$work/unloaded-$who.txt")
	loaded=$(rate "$work/loaded-$who.txt")
	echo "GET / as a $who visitor: unloaded $unloaded req/s, during the attack $loaded req/s, ratio $(awk -v a="$loaded" -v b="$unloaded" 'BEGIN {printf "%.2f", a / b}')"
done
echo "attack: $(awk '/requests in/ {print $1, "posts in", $4}' "$work/attack.txt") from $visitors visitors ($ATTACKERS threads, $ATTACK_CONNS connections, cookies: $COOKIES)"
grep 'attack statuses' "$work/attack.txt"
echo "sessions + anonymous tables: $before -> $after bytes, grew $((after - before)) bytes ($(awk -v g="$((after - before))" -v n="$visitors" 'BEGIN {printf "%.0f", g / n / 1024}') KB per visitor)"
psql -d "$DB" -Atc "SELECT 'largest session row ' || coalesce(max(octet_length(data)), 0) || ' bytes, ' || count(*) || ' sessions' FROM sessions"
if [[ -n $(psql -d "$DB" -Atc "SELECT to_regclass('anonymous_answers')") ]]; then
	psql -d "$DB" -Atc "SELECT 'anonymous answers: ' || count(DISTINCT visitor_id) || ' visitors, at most ' || coalesce(max(b), 0) || ' bytes each'
		FROM (SELECT visitor_id, sum(octet_length(answer)) AS b FROM anonymous_answers GROUP BY visitor_id) v"
fi

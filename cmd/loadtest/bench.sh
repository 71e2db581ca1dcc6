#!/usr/bin/env bash
# bench.sh: an HTTP load run against a real `practicum serve` on this machine,
# with a fresh database that is dropped at the end (also on failure or ^C).
#
#   cmd/loadtest/bench.sh            # 64 connections, 10 s per scenario
#   CONNS=16 DURATION=5s cmd/loadtest/bench.sh
#
# The load is sent by wrk (Debian's wrk 4.1; cmd/loadtest/wrk.lua writes
# each run's figures), with a browser's Accept-Encoding, and every rate is
# read as a ratio of /healthz measured in the same run: the machine is
# shared, so absolute rates move with other people's work. It ends with a
# table (cmd/loadtest -report) and the issue's targets met or missed.
#
# Traffic goes only to 127.0.0.1. Needs wrk, curl, jq, createdb/dropdb and a
# local Postgres that libpq finds with its defaults (PGHOST, PGUSER, ... are
# honoured).
set -euo pipefail

GO=${GO:-go}
WRK=${WRK:-wrk}
ADDR=${ADDR:-127.0.0.1:18080}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-2s}
ACCEPT_ENCODING=${ACCEPT_ENCODING:-gzip, deflate, br}
DB=practicum_bench_$$
BASE=http://$ADDR
LESSON=/courses/serving-incidents/work-a-serving-incident
PASSWORD='correct horse battery'
here=$(cd "$(dirname "$0")" && pwd)

case $ADDR in
127.0.0.1:*) ;;
*) echo "bench.sh: ADDR must be 127.0.0.1:PORT" >&2; exit 2 ;;
esac
for tool in "$WRK" curl jq createdb dropdb; do
	command -v "$tool" >/dev/null || { echo "bench.sh: needs $tool (wrk: apt-get install wrk)" >&2; exit 2; }
done

work=$(mktemp -d)
server_pid=
db_created=
cleanup() {
	status=$?
	if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
		kill "$server_pid" 2>/dev/null || true
		for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
		kill -9 "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	if [[ -n $db_created ]]; then
		dropdb --if-exists "$DB" || echo "bench.sh: could not drop database $DB" >&2
	fi
	if [[ $status -ne 0 && -s $work/serve.log ]]; then
		echo "--- server log (last 20 lines) ---" >&2
		tail -n 20 "$work/serve.log" >&2
	fi
	rm -rf "$work"
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "== building ($(git -C "$here" describe --always --dirty 2>/dev/null || echo 'no git'))"
$GO build -o "$work/practicum" ./cmd/practicum
$GO build -o "$work/loadtest" ./cmd/loadtest

echo "== database $DB"
createdb "$DB"
db_created=1

echo "== starting practicum serve on $ADDR"
# One account posts every answer of a load run: lift its per-minute limit.
LOG_LEVEL=warn "$work/practicum" serve -addr "$ADDR" -database-url "dbname=$DB" \
	-base-url "$BASE" -answers-per-minute 1000000000 -anonymous-answers-per-minute 1000000000 >"$work/serve.log" 2>&1 &
server_pid=$!
ready=
for _ in $(seq 300); do
	if ! kill -0 "$server_pid" 2>/dev/null; then
		echo "bench.sh: the server exited" >&2
		exit 1
	fi
	if curl -fsS -o /dev/null "$BASE/readyz" 2>/dev/null; then ready=1; break; fi
	sleep 0.1
done
[[ -n $ready ]] || { echo "bench.sh: $BASE/readyz not ready after 30 s" >&2; exit 1; }

# signin EMAIL: adds a learner, signs them in once and prints their
# session cookie as a Cookie header value (sign-ins are limited per
# account, so every connection shares it).
signin() {
	echo "$PASSWORD" | "$work/practicum" user add --email "$1" --role learner --name Bench \
		--database-url "dbname=$DB" >/dev/null
	local jar=$work/jar.$1
	curl -fsS -o /dev/null -c "$jar" -H 'Sec-Fetch-Site: same-origin' \
		--data-urlencode "email=$1" --data-urlencode "password=$PASSWORD" "$BASE/signin"
	awk -F'\t' '$6 == "practicum_session" { print $6 "=" $7 }' "$jar"
}
fresh=$(signin bench@example.com)     # no answers while its page is measured
answered=$(signin answered@example.com) # every item answered once
[[ -n $fresh && -n $answered ]] || { echo "bench.sh: signing in gave no session cookie" >&2; exit 1; }

page=$(curl -fsS -H "Cookie: $fresh" "$BASE$LESSON")
revision=$(grep -o -m1 'name="revision" value="[0-9]*"' <<<"$page" | grep -o '[0-9]*' | head -n1)
mapfile -t checkpoints < <(grep -o 'action="[^"]*/checkpoints/[^"/?]*"' <<<"$page" | sed 's,.*/checkpoints/,,; s,"$,,')
[[ -n $revision && ${#checkpoints[@]} -gt 0 ]] || { echo "bench.sh: no revision or checkpoint on $LESSON" >&2; exit 1; }

# ~120 words, on topic for the release-and-traffic exercise so that the
# scorer does real work.
ANSWER="First I would compare the old and new model versions on the same long prompts \
at the same traffic level, for example by routing a small fixed slice of traffic to each, \
because if both are slow the release alone is not the cause. Second I would compare latency \
for long prompts before and after the traffic rise on the old version only, and look at queue \
depth, batch size and KV cache memory, since a traffic rise that fills the batches slows long \
prompts first. As a bounded mitigation I would cap the maximum prompt length or rate limit long \
requests for one hour, and roll back if the error budget burns. I would verify the fix by \
checking that p99 latency for long prompts returns to its baseline while short prompts stay healthy."
printf 'revision=%s&option=0' "$revision" >"$work/checkpoint.form"
printf 'revision=%s&confidence=confident&answer=%s' "$revision" "$(jq -rn --arg a "$ANSWER" '$a|@uri')" >"$work/exercise.form"

# post COOKIE PATH FORMFILE: one answer, which must be accepted (303).
post() {
	local code
	code=$(curl -sS -o /dev/null -w '%{http_code}' -H "Cookie: $1" -H 'Sec-Fetch-Site: same-origin' \
		-H 'Content-Type: application/x-www-form-urlencoded' --data-binary "@$3" "$BASE$LESSON$2")
	[[ $code == 303 ]] || { echo "bench.sh: POST $2 answered $code, want 303" >&2; exit 1; }
}
for i in "${!checkpoints[@]}"; do
	printf 'revision=%s&option=%d' "$revision" $((i % 2)) >"$work/answer.form"
	post "$answered" "/checkpoints/${checkpoints[$i]}" "$work/answer.form"
done
post "$answered" /responses/release-and-traffic "$work/exercise.form"

# check NAME COOKIE: the lesson page is what the scenario means to measure:
# 200, signed in (or not) as intended.
check() {
	local body signed_in=no
	body=$(curl -fsS ${2:+-H "Cookie: $2"} "$BASE$LESSON") || { echo "bench.sh: $1: GET $LESSON failed" >&2; exit 1; }
	grep -q '>Sign out<' <<<"$body" && signed_in=yes
	if [[ ( -n $2 && $signed_in == no ) || ( -z $2 && $signed_in == yes ) ]]; then
		echo "bench.sh: $1: the page is not the one meant (signed in: $signed_in)" >&2
		exit 1
	fi
}

results=$work/results.jsonl
# scenario NAME PATH [COOKIE [METHOD FORMFILE]]: WARMUP unmeasured, then
# DURATION measured.
scenario() {
	local name=$1 path=$2 cookie=${3:-} method=${4:-GET} form=${5:-}
	local args=(-t "$THREADS" -c "$CONNS" -s "$here/wrk.lua" -H "Accept-Encoding: $ACCEPT_ENCODING")
	[[ -n $cookie ]] && args+=(-H "Cookie: $cookie")
	echo "-- $name" >&2
	BENCH_NAME=$name BENCH_METHOD=$method BENCH_BODY_FILE=$form BENCH_CONNS=$CONNS BENCH_OUT=/dev/null \
		"$WRK" "${args[@]}" -d "$WARMUP" "$BASE$path" >/dev/null
	BENCH_NAME=$name BENCH_METHOD=$method BENCH_BODY_FILE=$form BENCH_CONNS=$CONNS BENCH_OUT=$results \
		"$WRK" "${args[@]}" -d "$DURATION" "$BASE$path" >"$work/wrk.out"
	tail -n 1 "$results" | jq -r '"   \(.rps | floor) req/s, p99 \(.p99_ms) ms, \(.errors) errors"' >&2
}

echo "== load: wrk, $CONNS connections, $THREADS threads, $DURATION per scenario (after $WARMUP warm-up)"
echo "   $(date -u '+%Y-%m-%d %H:%M:%S UTC'); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
scenario healthz /healthz
check lesson-anon ""
scenario lesson-anon "$LESSON"
check lesson-signed-in "$fresh"
scenario lesson-signed-in "$LESSON" "$fresh"
check lesson-signed-in "$fresh"
check lesson-signed-in-answered "$answered"
scenario lesson-signed-in-answered "$LESSON" "$answered"
post "$fresh" "/checkpoints/${checkpoints[0]}" "$work/checkpoint.form"
scenario checkpoint-answer "$LESSON/checkpoints/${checkpoints[0]}" "$fresh" POST "$work/checkpoint.form"
post "$fresh" /responses/release-and-traffic "$work/exercise.form"
scenario exercise-scored "$LESSON/responses/release-and-traffic" "$fresh" POST "$work/exercise.form"
echo "   load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "== results ($(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date -u '+%Y-%m-%d %H:%M UTC'))"
"$work/loadtest" -report "$results"
if [[ -s $work/serve.log ]]; then
	echo
	echo "== server warnings/errors: $(wc -l <"$work/serve.log") lines (first 5)"
	head -n 5 "$work/serve.log"
fi

#!/usr/bin/env bash
# bench.sh: an HTTP load run against a real `practicum serve` on this machine,
# with a fresh database that is dropped at the end (also on failure or ^C).
#
#   cmd/loadtest/bench.sh            # 64 connections, 10 s per scenario
#   CONNS=16 DURATION=5s cmd/loadtest/bench.sh
#
# Traffic goes only to 127.0.0.1. Needs createdb/dropdb and a local Postgres
# that libpq finds with its defaults (PGHOST, PGUSER, ... are honoured).
set -euo pipefail

GO=${GO:-go}
ADDR=${ADDR:-127.0.0.1:18080}
CONNS=${CONNS:-64}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-2s}
MAXREQ=${MAXREQ:-1000000}
DB=practicum_bench_$$
BASE=http://$ADDR
LESSON=/courses/serving-incidents/work-a-serving-incident
EMAIL=bench@example.com
PASSWORD='correct horse battery'

case $ADDR in
127.0.0.1:*) ;;
*) echo "bench.sh: ADDR must be 127.0.0.1:PORT" >&2; exit 2 ;;
esac

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

echo "== building"
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

echo "$PASSWORD" | "$work/practicum" user add --email "$EMAIL" --role learner --name Bench \
	--database-url "dbname=$DB"

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

lt=("$work/loadtest" -c "$CONNS" -d "$DURATION" -n "$MAXREQ" -warmup "$WARMUP" -json)
results=$work/results.jsonl
scenario() {
	local name=$1; shift
	echo "-- $name" >&2
	"${lt[@]}" -name "$name" "$@" >>"$results"
	tail -n 1 "$results" | sed 's/^/   /' >&2
}

echo "== load: $CONNS connections, $DURATION per scenario (after $WARMUP warm-up)"
scenario healthz -url "$BASE/healthz"
scenario lesson-anon -url "$BASE$LESSON"
scenario lesson-signed-in -url "$BASE$LESSON" -signin "$EMAIL:$PASSWORD"
scenario checkpoint-answer -method POST -expect 303 -signin "$EMAIL:$PASSWORD" \
	-page "$BASE$LESSON" -url "$BASE$LESSON/checkpoints/{checkpoint}" \
	-form 'revision={revision}&option=0'
scenario exercise-scored -method POST -expect 303 -signin "$EMAIL:$PASSWORD" \
	-page "$BASE$LESSON" -url "$BASE$LESSON/responses/release-and-traffic" \
	-form "revision={revision}&confidence=confident&answer=$(jq -rn --arg a "$ANSWER" '$a|@uri')"

echo
echo "== results ($(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
"$work/loadtest" -report "$results"
if [[ -s $work/serve.log ]]; then
	echo
	echo "== server warnings/errors: $(wc -l <"$work/serve.log") lines (first 5)"
	head -n 5 "$work/serve.log"
fi

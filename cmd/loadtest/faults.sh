#!/usr/bin/env bash
# faults.sh: two fault drills against a real `practicum serve` on this
# machine, with a fresh database that is dropped at the end:
#
#   1. restart  — `pg_ctlcluster VERSION NAME restart` in the middle of a
#                 load run of scored submissions; the server is not restarted;
#   2. sigterm  — SIGTERM to the server in the middle of another.
#
# Each drill reports the statuses, the slowest response, when the server
# served again and how many acknowledged (303) submissions are in the
# database. Every submission carries its own reference (Ref r123.), so the
# count is exact.
#
#   cmd/loadtest/faults.sh                       # a throwaway cluster
#   PG_CLUSTER="15 main" cmd/loadtest/faults.sh  # restart an existing one
#   PG_CLUSTER=none cmd/loadtest/faults.sh       # skip the restart drill
#
# By default (PG_CLUSTER=scratch) the drills run on a throwaway cluster
# made with pg_createcluster (Debian's postgresql-common, as root) and
# dropped at the end, so restarting it disturbs no one. Naming an existing
# cluster restarts that one: every connection to it is cut, other people's
# included. Without pg_createcluster/pg_ctlcluster the restart drill is
# skipped and says so. Traffic goes only to 127.0.0.1.
set -euo pipefail

GO=${GO:-go}
ADDR=${ADDR:-127.0.0.1:18081}
CONNS=${CONNS:-16}
RESTART_RUN=${RESTART_RUN:-15}   # seconds of load in the restart drill
RESTART_AFTER=${RESTART_AFTER:-5} # seconds into it
TERM_AFTER=${TERM_AFTER:-4}       # seconds into the sigterm drill
REQUEST_TIMEOUT_S=${REQUEST_TIMEOUT_S:-10}
SHUTDOWN_TIMEOUT_S=${SHUTDOWN_TIMEOUT_S:-15}
DB=practicum_faults_$$
BASE=http://$ADDR
LESSON=/courses/serving-incidents/work-a-serving-incident
EMAIL=faults@example.com
PASSWORD='correct horse battery'

case $ADDR in
127.0.0.1:*) ;;
*) echo "faults.sh: ADDR must be 127.0.0.1:PORT" >&2; exit 2 ;;
esac
PG_CLUSTER=${PG_CLUSTER:-scratch}
if [[ $PG_CLUSTER == scratch ]] && ! { command -v pg_createcluster >/dev/null && [[ $(id -u) -eq 0 ]]; }; then
	echo "faults.sh: no pg_createcluster (or not root): no throwaway cluster, so no restart drill" >&2
	PG_CLUSTER=none
fi
if [[ $PG_CLUSTER != none ]] && ! command -v pg_ctlcluster >/dev/null; then
	echo "faults.sh: no pg_ctlcluster: Postgres is not controlled by it here, so no restart drill" >&2
	PG_CLUSTER=none
fi

now_ms() { date +%s%3N; }

work=$(mktemp -d)
server_pid=
lt_pid=
db_created=
restarting=
scratch=
cleanup() {
	status=$?
	for pid in $lt_pid $server_pid; do
		if kill -0 "$pid" 2>/dev/null; then
			kill "$pid" 2>/dev/null || true
			for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
			kill -9 "$pid" 2>/dev/null || true
			wait "$pid" 2>/dev/null || true
		fi
	done
	if [[ -n $restarting ]] && ! pg_isready -q; then
		echo "faults.sh: Postgres is not up after the drill; starting cluster $PG_CLUSTER" >&2
		# shellcheck disable=SC2086 # "15 main" is two arguments
		pg_ctlcluster $PG_CLUSTER start || true
	fi
	if [[ -n $scratch ]]; then
		# shellcheck disable=SC2086 # "15 faults_123" is two arguments
		pg_dropcluster --stop $scratch || echo "faults.sh: could not drop cluster $scratch" >&2
	elif [[ -n $db_created ]]; then
		for _ in $(seq 100); do pg_isready -q && break; sleep 0.1; done
		dropdb --if-exists "$DB" || echo "faults.sh: could not drop database $DB" >&2
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

if [[ $PG_CLUSTER == scratch ]]; then
	version=$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V | tail -n 1)
	scratch="$version faults_$$"
	echo "== throwaway cluster $scratch"
	# shellcheck disable=SC2086
	pg_createcluster $scratch --start -- --auth-local=trust --auth-host=trust >/dev/null
	PG_CLUSTER=$scratch
	# shellcheck disable=SC2086
	PGPORT=$(pg_lsclusters -h $scratch | awk '{ print $3 }')
	export PGPORT PGUSER=postgres
	for _ in $(seq 100); do pg_isready -q && break; sleep 0.1; done
fi

echo "== database $DB"
createdb "$DB"
db_created=1

echo "== starting practicum serve on $ADDR (request timeout ${REQUEST_TIMEOUT_S}s, shutdown timeout ${SHUTDOWN_TIMEOUT_S}s)"
# One account posts every answer of a load run: lift its per-minute limit.
LOG_LEVEL=warn "$work/practicum" serve -addr "$ADDR" -database-url "dbname=$DB" -base-url "$BASE" \
	-answers-per-minute 1000000000 -anonymous-answers-per-minute 1000000000 -request-timeout "${REQUEST_TIMEOUT_S}s" -shutdown-timeout "${SHUTDOWN_TIMEOUT_S}s" >"$work/serve.log" 2>&1 &
server_pid=$!
ready=
for _ in $(seq 300); do
	kill -0 "$server_pid" 2>/dev/null || { echo "faults.sh: the server exited" >&2; exit 1; }
	if curl -fsS -o /dev/null "$BASE/readyz" 2>/dev/null; then ready=1; break; fi
	sleep 0.1
done
[[ -n $ready ]] || { echo "faults.sh: $BASE/readyz not ready after 30 s" >&2; exit 1; }
echo "$PASSWORD" | "$work/practicum" user add --email "$EMAIL" --role learner --name Faults \
	--database-url "dbname=$DB" >/dev/null

ANSWER=$(jq -rn --arg a "Compare long-prompt latency on the old and new versions at the same arrival rate, \
and queue time against prefill time, because both versions slow only on long prompts. The release and the \
traffic rise coincide, so a blanket rollback is not supported. Limit long-prompt admission; recovery means \
oldest queue age falls and completions return." '$a|@uri')

# load NAME SECONDS: scored submissions in the background, each with
# "Ref <NAME's first letter><seq>.", one line per request in $work/NAME.log.
load() {
	"$work/loadtest" -name "$1" -c "$CONNS" -d "${2}s" -n 0 -warmup 0 -json -timeout 60s \
		-log "$work/$1.log" -method POST -signin "$EMAIL:$PASSWORD" -page "$BASE$LESSON" \
		-url "$BASE$LESSON/responses/release-and-traffic" \
		-form "revision={revision}&confidence=confident&answer=$ANSWER%20Ref%20${1:0:1}{seq}." \
		>"$work/$1.json" &
	lt_pid=$!
}

# acked PREFIX LOG: the references of the acknowledged submissions, sorted.
acked() { awk -v p="$1" '$3 == 303 { print p $4 }' "$2" | sort; }

# stored PREFIX: the references of the stored submissions, sorted.
stored() {
	psql -X -At -d "$DB" -c "SELECT substring(answer from 'Ref ($1[0-9]+)\.') FROM responses
		WHERE item_key = 'release-and-traffic' AND answer LIKE '%Ref $1%'" | sort
}

# pg_event TEXT: the time (Unix ms) of the first line of $pglog at or
# after $t0 that contains TEXT (log_line_prefix starts with %m).
pg_event() {
	grep -F -- "$1" "$pglog" 2>/dev/null | while read -r day time zone _; do
		ms=$(date -d "$day $time $zone" +%s%3N 2>/dev/null) || continue
		if ((ms >= t0)); then echo "$ms"; break; fi
	done
}

# summary LOG: statuses, the slowest response and the slowest failure.
summary() {
	awk -v limit="$((REQUEST_TIMEOUT_S * 1000))" '
		{ n++; s[$3 == 0 ? "no response" : $3]++; if ($2 > max) max = $2
		  if ($3 != 303 && $2 > maxfail) maxfail = $2; if ($2 > limit) over++ }
		END {
			printf "requests        %d:", n; for (k in s) printf " %s×%d", k, s[k]; print ""
			printf "slowest         %.0f ms (slowest failure %.0f ms; over the %d s request timeout: %d)\n", max, maxfail, limit / 1000, over
		}' "$1"
}

# lost PREFIX LOG: acknowledged submissions missing from the database.
lost() {
	acked "$1" "$2" >"$work/acked"
	stored "$1" >"$work/stored"
	echo "acknowledged    $(wc -l <"$work/acked") (303); stored $(wc -l <"$work/stored");" \
		"acknowledged but not stored: $(comm -23 "$work/acked" "$work/stored" | wc -l);" \
		"stored without an acknowledgement: $(comm -13 "$work/acked" "$work/stored" | wc -l)"
}

echo "== machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(psql -X -At -d "$DB" -c 'SHOW server_version' | cut -d' ' -f1)"

echo
echo "== drill 1: restart Postgres ($PG_CLUSTER) ${RESTART_AFTER}s into ${RESTART_RUN}s of $CONNS connections"
if [[ $PG_CLUSTER == none ]] || ! command -v pg_ctlcluster >/dev/null; then
	echo "skipped: Postgres is not controlled by pg_ctlcluster here (or PG_CLUSTER=none)"
else
	# shellcheck disable=SC2086 # "15 main" is two arguments
	pglog=$(pg_lsclusters -h $PG_CLUSTER | awk '{ print $NF }')
	load restart "$RESTART_RUN"
	sleep "$RESTART_AFTER"
	restarting=1
	t0=$(now_ms)
	# shellcheck disable=SC2086
	pg_ctlcluster $PG_CLUSTER restart
	t1=$(now_ms)
	until pg_isready -q; do sleep 0.05; done
	restarting=
	wait "$lt_pid"
	lt_pid=
	# When Postgres stopped and was ready again, from its own log: polling
	# it from here lags by as much as a second on a busy machine, and
	# pg_ctlcluster returns well after the server is ready.
	stopping=$(pg_event "received fast shutdown request")
	ready=$(pg_event "database system is ready to accept connections")
	echo "restart         pg_ctlcluster restart returned after $((t1 - t0)) ms; Postgres log:" \
		"shutdown request at ${stopping:+$((stopping - t0)) ms}, ready again at ${ready:+$((ready - t0)) ms}"
	summary "$work/restart.log"
	awk -v t0="$t0" -v ready="${ready:-0}" '
		$3 != 303 { if (!ff || $1 < ff) ff = $1; if ($1 + $2 > lf) lf = $1 + $2; if (ready && $1 > ready) late++ }
		$3 == 303 && ready && $1 + $2 > ready && (!rec || $1 + $2 < rec) { rec = $1 + $2 }
		END {
			if (ff) printf "failures        from %d ms to %d ms after the restart command; %d began after Postgres was ready\n", ff - t0, lf - t0, late
			else print "failures        none"
			if (rec) printf "recovered       first 303 %d ms after Postgres was ready\n", rec - ready
		}' "$work/restart.log"
	lost r "$work/restart.log"
fi

echo
echo "== drill 2: SIGTERM to the server ${TERM_AFTER}s into a run of $CONNS connections"
load sigterm $((TERM_AFTER + 1))
sleep "$TERM_AFTER"
t0=$(now_ms)
kill -TERM "$server_pid"
rc=0
wait "$server_pid" || rc=$?
t1=$(now_ms)
server_pid=
wait "$lt_pid"
lt_pid=
echo "exit            status $rc, $((t1 - t0)) ms after SIGTERM (shutdown timeout ${SHUTDOWN_TIMEOUT_S}s)"
summary "$work/sigterm.log"
awk -v t0="$t0" '
	$1 < t0 && $1 + $2 >= t0 { n++; s[$3 == 0 ? "no response" : $3]++ }
	END { printf "in flight       %d requests open at SIGTERM:", n; for (k in s) printf " %s×%d", k, s[k]; print "" }' "$work/sigterm.log"
lost s "$work/sigterm.log"
if [[ -s $work/serve.log ]]; then
	echo
	echo "== server warnings/errors: $(wc -l <"$work/serve.log") lines (first 3)"
	head -n 3 "$work/serve.log" | cut -c1-300
fi
[[ $rc -eq 0 ]]

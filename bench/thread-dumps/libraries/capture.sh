#!/usr/bin/env bash
# Captures the library fixtures: for each JDK and each scenario of LibraryScenarios.java (services that
# break through logback, or spin in HikariCP against the lab's throwaway PostgreSQL), starts the scenario,
# waits for READY, takes two JSON thread dumps 1 s apart with that JDK's own jcmd (and, on JDK 25, the
# virtual-thread scheduler's state), keeps the program's own lines (what it counted), then stops it.
#
#   bench/thread-dumps/libraries/capture.sh [--jdk 21|25|both] [SCENARIO...]     (default: both JDKs, all)
#
# Scenarios: logback-async logback-console hikari-7.0.2 hikari-7.1.0. Writes
# lab/src/test/resources/thread-dumps/libraries/jdk{21,25}/SCENARIO-{1,2}.json, SCENARIO-program.txt
# (its stderr: READY and what it counted) and, on JDK 25, SCENARIO-scheduler.txt. The libraries come from
# Maven (pom.xml beside this script; ~/.m2, else Maven Central), the program is compiled with JDK 25's
# javac --release 21 and run from its classes on both JDKs; the hikari scenarios need the lab built
# (cli/target/loomlab.jar, for its throwaway PostgreSQL, which needs the machine's PostgreSQL binaries).
# JDKs as bench/thread-dumps/capture.sh finds them ($JDK25_HOME, $JDK21_HOME, .loomlab/jdks).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out="$root/lab/src/test/resources/thread-dumps/libraries"
all_scenarios=(logback-async logback-console hikari-7.0.2 hikari-7.1.0)

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
database_pid=""
stop_pid() { # PID: TERM, then KILL after 5 s
    local pid="$1"
    [[ -n "$pid" ]] || return 0
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
}
stop_scenario() { stop_pid "$scenario_pid"; scenario_pid=""; }
stop_database() { # closing its stdin ends it politely; TERM runs its shutdown hook
    [[ -n "$database_pid" ]] || return 0
    exec 8>&- 2>/dev/null || true
    for _ in $(seq 100); do
        kill -0 "$database_pid" 2>/dev/null || break
        sleep 0.1
    done
    stop_pid "$database_pid"
    database_pid=""
}
trap 'stop_scenario; stop_database; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

jdk25_home="${JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
jdk21_home="${JDK21_HOME:-}"
if [[ -z "$jdk21_home" ]]; then
    while IFS= read -r java; do
        if "$java" -version 2>&1 | head -n1 | grep -q '"21\.'; then
            jdk21_home=$(dirname "$(dirname "$java")")
            break
        fi
    done < <(find "$root/.loomlab/jdks" -path '*/bin/java' -type f 2>/dev/null | sort)
fi
home_of() { if [[ "$1" == 25 ]]; then echo "$jdk25_home"; else echo "$jdk21_home"; fi; }
for jdk in "${jdks[@]}"; do
    home=$(home_of "$jdk")
    [[ -n "$home" && -x "$home/bin/java" && -x "$home/bin/jcmd" ]] \
        || { echo "JDK $jdk: no java and jcmd found (set JDK${jdk}_HOME, or ./loomlab install jdk21)" >&2; exit 1; }
done

class_path() { # HIKARICP_VERSION: the libraries' class path, from Maven
    local file="$work/classpath-$1.txt"
    if [[ ! -s "$file" ]]; then
        JAVA_HOME="$jdk25_home" "$root/mvnw" -B -ntp -q -f "$here/pom.xml" -Dhikaricp.version="$1" \
            dependency:build-classpath -Dmdep.outputFile="$file" >"$work/maven.log" 2>&1 \
            || { cat "$work/maven.log" >&2; return 1; }
    fi
    cat "$file"
}
classes_for() { # HIKARICP_VERSION: the program compiled against those libraries
    local classes="$work/classes-$1"
    if [[ ! -d "$classes" ]]; then
        "$jdk25_home/bin/javac" --release 21 -cp "$(class_path "$1")" -d "$classes" "$here/LibraryScenarios.java"
    fi
    echo "$classes"
}

database=""
start_database() { # the lab's throwaway PostgreSQL, until its stdin (fd 8) closes
    [[ -z "$database" ]] || return 0
    local jar="$root/cli/target/loomlab.jar"
    [[ -f "$jar" ]] || { echo "the hikari scenarios need the lab built ($jar): ./loomlab build" >&2; return 1; }
    mkfifo "$work/database.in"
    "$jdk25_home/bin/java" -cp "$jar" "$here/ThrowawayDatabase.java" "$work/postgres" \
        <"$work/database.in" >"$work/database.out" 2>"$work/database.err" &
    database_pid=$!
    exec 8>"$work/database.in"
    for _ in $(seq 1200); do
        [[ -s "$work/database.out" ]] && break
        kill -0 "$database_pid" 2>/dev/null || break
        sleep 0.1
    done
    [[ -s "$work/database.out" ]] || { echo "no PostgreSQL:" >&2; cat "$work/database.err" >&2; return 1; }
    database=$(head -n1 "$work/database.out")
}

jcmd_into() { # FILE JDK_HOME COMMAND...: the scenario's jcmd COMMAND, its stdout into FILE (bounded: 30 s)
    local file="$1" home="$2"
    if ! timeout 30 "$home/bin/jcmd" "$scenario_pid" "${@:3}" >"$file" 2>"$file.err"; then
        echo "jcmd ${*:3} failed:" >&2
        cat "$file" "$file.err" >&2
        return 1
    fi
}

capture() { # JDK SCENARIO
    local jdk="$1" scenario="$2" home run dest version program args config
    home=$(home_of "$jdk")
    run="$work/jdk$jdk-$scenario"
    dest="$out/jdk$jdk"
    mkdir -p "$run" "$dest"
    case "$scenario" in
        hikari-*) version="${scenario#hikari-}"; program=hikari; start_database
                  # shellcheck disable=SC2206 # url, user and password are one word each
                  args=($database); config="$here/logback-console.xml" ;;
        *) version=7.1.0; program="$scenario"; args=(); config="$here/$scenario.xml" ;;
    esac
    : >"$run/stderr" # exists before the program starts writing it, for the READY check
    "$home/bin/java" -Djdk.virtualThreadScheduler.parallelism=2 -Djdk.virtualThreadScheduler.maxPoolSize=2 \
        -Dlogback.configurationFile="$config" -cp "$(classes_for "$version"):$(class_path "$version")" \
        LibraryScenarios "$program" "${args[@]}" >"$run/stdout" 2>"$run/stderr" &
    scenario_pid=$!
    for _ in $(seq 450); do
        grep -qx READY "$run/stderr" && break
        kill -0 "$scenario_pid" 2>/dev/null || break
        sleep 0.1
    done
    if ! grep -qx READY "$run/stderr"; then
        echo "jdk$jdk $scenario: no READY within 45 s; its stderr:" >&2
        tail -n 20 "$run/stderr" >&2
        return 1
    fi
    jcmd_into "$run/jcmd-1.out" "$home" Thread.dump_to_file -format=json "$run/$scenario-1.json"
    sleep 1
    jcmd_into "$run/jcmd-2.out" "$home" Thread.dump_to_file -format=json "$run/$scenario-2.json"
    if [[ "$jdk" == 25 ]]; then
        jcmd_into "$run/$scenario-scheduler.txt" "$home" Thread.vthread_scheduler
    fi
    sleep 2 # the program's counts after the dumps, for the record
    kill -0 "$scenario_pid" 2>/dev/null || { echo "jdk$jdk $scenario: ended before its dumps were taken" >&2; return 1; }
    stop_scenario
    for dump in "$run/$scenario-1.json" "$run/$scenario-2.json"; do
        python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$dump" \
            || { echo "jdk$jdk $scenario: $dump is not JSON" >&2; return 1; }
    done
    cp "$run/$scenario-1.json" "$run/$scenario-2.json" "$dest/"
    sed "s#$work#WORK#g; s#$HOME#~#g" "$run/stderr" >"$dest/$scenario-program.txt"
    if [[ "$jdk" == 25 ]]; then
        cp "$run/$scenario-scheduler.txt" "$dest/"
    fi
    echo "jdk$jdk $scenario: $(grep -E '^(hung|running|warm-up)' "$run/stderr" | tr '\n' ' ')"
}

for jdk in "${jdks[@]}"; do
    echo "JDK $jdk: $("$(home_of "$jdk")/bin/java" -version 2>&1 | sed -n 2p)"
    for scenario in "${scenarios[@]}"; do
        capture "$jdk" "$scenario"
    done
done

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
# The JDKs as ../capture-lib.sh finds them ($JDK25_HOME, $JDK21_HOME, .loomlab/jdks, ./loomlab install jdk21).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out="$root/lab/src/test/resources/thread-dumps/libraries"
all_scenarios=(logback-async logback-console hikari-7.0.2 hikari-7.1.0)

# shellcheck source=../capture-lib.sh
source "$here/../capture-lib.sh"

database_pid=""
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
stop_hooks+=(stop_database)

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

capture() { # JDK SCENARIO HOME
    local jdk="$1" scenario="$2" home="$3" run dest version program args config
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
    await_ready "$jdk" "$scenario" "$run/stderr" 45 "$run/stderr"
    take_dumps "$jdk" "$scenario" "$home" "$run"
    sleep 2 # the program's counts after the dumps, for the record
    keep_dumps "$jdk" "$scenario" "$run" "$dest"
    sed "s#$work#WORK#g; s#$HOME#~#g" "$run/stderr" >"$dest/$scenario-program.txt"
    echo "jdk$jdk $scenario: $(grep -E '^(hung|running|warm-up)' "$run/stderr" | tr '\n' ' ')"
}

for jdk in "${jdks[@]}"; do # both JDKs found before any scenario starts
    jdk_home "$jdk"
done
for jdk in "${jdks[@]}"; do
    jdk_home "$jdk"
    echo "JDK $jdk: $("$home/bin/java" -version 2>&1 | sed -n 2p)"
    for scenario in "${scenarios[@]}"; do
        capture "$jdk" "$scenario" "$home"
    done
done

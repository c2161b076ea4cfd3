# shellcheck shell=bash
# What the two capture scripts share (bench/thread-dumps/capture.sh, bench/thread-dumps/libraries/capture.sh):
# their command line, the JDKs they run on, stopping what they started, and the two JSON thread dumps taken
# of a scenario that printed READY, with that JDK's own jcmd.
#
# Sourced with root (the lab's checkout) and all_scenarios set, and the script's arguments; it sets jdks
# and scenarios from them, work (a folder removed at exit) and jdk25_home. A script that starts more than
# its scenario adds a function of its own that stops it to stop_hooks.
#
# JDK 25: $JDK25_HOME, else /usr/lib/jvm/temurin-25-jdk-amd64. JDK 21: $JDK21_HOME, else one the lab
# installed under .loomlab/jdks, else the one `./loomlab install jdk21` finds or installs.

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
stop_hooks=()
stop_pid() { # PID: TERM, then KILL after 5 s
    local pid="$1"
    [[ -n "$pid" ]] || return 0
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$pid" 2>/dev/null; then
            kill -KILL "$pid" 2>/dev/null || true
        fi
    fi
    wait "$pid" 2>/dev/null || true
}
stop_scenario() { stop_pid "$scenario_pid"; scenario_pid=""; }
stop_installer() { # the installer may be building the lab: stop its whole process group
    [[ -n "$installer_pid" ]] || return 0
    kill -TERM -- "-$installer_pid" 2>/dev/null || true
    wait "$installer_pid" 2>/dev/null || true
    installer_pid=""
}
stop_all() {
    local hook
    stop_scenario
    stop_installer
    for hook in "${stop_hooks[@]}"; do
        "$hook"
    done
    rm -rf "$work"
}
trap stop_all EXIT
trap 'exit 130' INT TERM

jdk25_home="${JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
jdk21_home="${JDK21_HOME:-}"
resolve_jdk21() { # sets jdk21_home (not in a subshell, so the traps can stop the installer)
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
jdk_home() { # JDK: sets home to that JDK's, with a java and a jcmd, else stops the script
    if [[ "$1" == 25 ]]; then
        home="$jdk25_home"
    else
        resolve_jdk21
        home="$jdk21_home"
    fi
    [[ -n "$home" && -x "$home/bin/java" && -x "$home/bin/jcmd" ]] \
        || { echo "JDK $1: no java and jcmd under '$home' (set JDK$1_HOME, or ./loomlab install jdk21)" >&2; exit 1; }
}

await_ready() { # JDK SCENARIO FILE SECONDS LOG: until the scenario prints READY on FILE, else LOG's tail
    local jdk="$1" scenario="$2" file="$3" seconds="$4" log="$5"
    for _ in $(seq $((seconds * 10))); do
        grep -qx READY "$file" && break
        kill -0 "$scenario_pid" 2>/dev/null || break
        sleep 0.1
    done
    if ! grep -qx READY "$file"; then
        echo "jdk$jdk $scenario: no READY within $seconds s; its stderr:" >&2
        tail -n 40 "$log" >&2
        return 1
    fi
}

jcmd_into() { # FILE JDK_HOME COMMAND...: the scenario's jcmd COMMAND, its stdout into FILE (bounded: 30 s)
    local file="$1" home="$2"
    if ! timeout 30 "$home/bin/jcmd" "$scenario_pid" "${@:3}" >"$file" 2>"$file.err"; then
        echo "jcmd ${*:3} failed:" >&2
        cat "$file" "$file.err" >&2
        return 1
    fi
}

take_dumps() { # JDK SCENARIO HOME RUN: two JSON dumps 1 s apart into RUN, and on JDK 25 the scheduler's state
    local jdk="$1" scenario="$2" home="$3" run="$4"
    jcmd_into "$run/jcmd-1.out" "$home" Thread.dump_to_file -format=json "$run/$scenario-1.json"
    sleep 1
    jcmd_into "$run/jcmd-2.out" "$home" Thread.dump_to_file -format=json "$run/$scenario-2.json"
    if [[ "$jdk" == 25 ]]; then
        jcmd_into "$run/$scenario-scheduler.txt" "$home" Thread.vthread_scheduler
    fi
}

keep_dumps() { # JDK SCENARIO RUN DEST: stops the scenario, still running, and copies its dumps, read as JSON
    local jdk="$1" scenario="$2" run="$3" dest="$4" dump
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
}

package loomlab.lab.report;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;
import static loomlab.core.Figures.percent;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import loomlab.core.Figures;
import loomlab.core.OneLine;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.ConnectionWait;
import loomlab.core.arm.ConnectionsArmResult;
import loomlab.core.arm.DiagnosedJvm;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.JdbcFigures;
import loomlab.core.arm.LoadModel;
import loomlab.core.arm.NoisyServerArmResult;
import loomlab.core.arm.PlainArmResult;
import loomlab.core.arm.Published;
import loomlab.core.arm.Repeats;
import loomlab.core.arm.SeedColumns;
import loomlab.core.arm.ServerUsage;
import loomlab.core.arm.Spread;
import loomlab.core.bound.Bound;
import loomlab.core.finding.JdbcLimit;
import loomlab.core.result.ExperimentResult;
import loomlab.lab.report.verdict.FlagText;

/**
 * The seed-versus-lab table of an experiment. HTTP arms get a curated set of columns; any other
 * kind of arm is shown by its figures as they appear in results.json, so a new experiment needs
 * no table code.
 */
public final class ArmTables {
    static final List<String> HTTP_COLUMNS = List.of("arm", "requests", "elapsed s", "req/s", "mean ms",
            "p50 ms", "p99 ms", "max ms", "errors", "bound", "efficiency", "published", "server CPU s",
            "peak RSS MB", "peak threads", "pinned", "flags and notes");
    /** Seed 004's siege columns first, the seed's own beside them, then what explains them. */
    static final List<String> JDBC_COLUMNS = List.of("arm", "requests", "elapsed s", "avg response s",
            "trans/s", "MB/s", "seed: elapsed s, avg s, trans/s, MB/s", "p50 ms", "p99 ms", "errors", "bound",
            "efficiency", "conn wait ms avg/max", "server CPU s", "DB CPU s", "pinned", "limit", "flags and notes");

    private static final String PUBLISHED = "published";

    private ArmTables() {
    }

    /** A table and the arms of its rows, in order: a row's arm marks it (flagged, did not run) in HTML. */
    public record Part(Table table, List<ArmResult> arms) {
        public Part {
            arms = List.copyOf(arms);
        }
    }

    /**
     * The experiment's tables: one, or one per kind of arm where an experiment mixes kinds that share no
     * columns (fairness: task programs, then loomcat's /hello beside /cpu), so no table is mostly empty.
     */
    public static List<Part> parts(ExperimentResult experiment) {
        List<ArmResult> arms = experiment.arms();
        if (arms.isEmpty()) {
            return List.of(new Part(of(experiment), arms));
        }
        return curated(arms).map(table -> List.of(new Part(table, arms)))
                .orElseGet(() -> byKind(arms).stream().map(kind -> new Part(genericTable(kind), kind)).toList());
    }

    /**
     * Arms grouped by their kind of result, in the order kinds first appear; an arm that did not run goes
     * with the arm before it (its experiment's neighbours are planned alike), or after it when it leads.
     */
    static List<List<ArmResult>> byKind(List<ArmResult> arms) {
        Class<?> firstKind = arms.stream().filter(ArmResult::ran).findFirst().<Class<?>>map(Object::getClass)
                .orElse(FailedArm.class);
        Map<Class<?>, List<ArmResult>> groups = new LinkedHashMap<>();
        Class<?> kind = firstKind;
        for (ArmResult arm : arms) {
            kind = arm.ran() ? arm.getClass() : kind;
            groups.computeIfAbsent(kind, k -> new ArrayList<>()).add(arm);
        }
        return List.copyOf(groups.values());
    }

    public static Table of(ExperimentResult experiment) {
        return curated(experiment.arms()).orElseGet(() -> genericTable(experiment.arms()));
    }

    /** The table of columns chosen for these arms' kind, or empty for arms shown by their results.json fields. */
    private static Optional<Table> curated(List<ArmResult> arms) {
        return arms.stream().map(ArmTables::curated).flatMap(Optional::stream).min(Comparator.naturalOrder())
                .map(kind -> switch (kind) {
                    case ASSESSED -> AssessTable.of(arms);
                    case CONNECTIONS -> ConnectionsTable.of(arms);
                    case JDBC -> jdbcTable(arms);
                    case HTTP -> httpTable(arms);
                });
    }

    /** The tables of chosen columns, in the order they win where an experiment mixes kinds of arm. */
    private enum Curated { ASSESSED, CONNECTIONS, JDBC, HTTP }

    private static Optional<Curated> curated(ArmResult arm) {
        return switch (arm) {
            case AssessArmResult _ -> Optional.of(Curated.ASSESSED);
            case ConnectionsArmResult _ -> Optional.of(Curated.CONNECTIONS);
            case HttpArmResult h -> Optional.of(h.jdbc() != null ? Curated.JDBC : Curated.HTTP);
            case NoisyServerArmResult _, DiagnosedJvm _, FailedArm _, PlainArmResult _ -> Optional.empty();
        };
    }

    /** Failures and skips in full, for printing under the table. */
    /** The command lines of arms a command switched, each under its arm's name: too long for the table. */
    public static List<String> commands(ExperimentResult experiment) {
        return AssessTable.commands(experiment.arms());
    }

    public static List<String> failures(ExperimentResult experiment) {
        List<String> failures = new ArrayList<>();
        for (ArmResult arm : experiment.arms()) {
            if (arm instanceof FailedArm f) {
                failures.add(f.name() + " " + f.status() + ": " + f.failure());
            } else if (arm instanceof AssessArmResult a && a.failure() != null) {
                // An assessed service that died partway keeps its figures; its log's tail is told here.
                failures.add(a.name() + " stopped partway: " + a.failure());
            }
        }
        return failures;
    }

    static Table httpTable(List<ArmResult> arms) {
        Table table = new Table(HTTP_COLUMNS);
        for (ArmResult arm : arms) {
            if (arm instanceof HttpArmResult h) {
                table.row(httpRow(h));
            } else {
                table.row(failedRow(arm, HTTP_COLUMNS.size()));
            }
        }
        return table;
    }

    private static List<String> httpRow(HttpArmResult h) {
        ServerUsage server = h.serverProcess() == null ? ServerUsage.UNKNOWN : h.serverProcess();
        Repeats runs = h.repeats();
        return List.of(h.name(), count(h.requests()),
                withSpread(optional(h.elapsedS()), runs == null ? null : runs.elapsedS()),
                withSpread(num(h.throughputRps()), runs == null ? null : runs.throughputRps()),
                optional(h.latencyMs().mean()), optional(h.latencyMs().p50()),
                withSpread(optional(h.latencyMs().p99()), runs == null ? null : runs.p99Ms()),
                optional(h.latencyMs().max()), count(h.errors()), bound(h), percent(h.efficiency()),
                h.published() == null ? "" : h.published().display(), optional(server.cpuS()),
                optional(server.peakRssMb()), server.peakThreads() == null ? "" : count(server.peakThreads()),
                pinned(h), String.join("; ", notes(h)));
    }

    static Table jdbcTable(List<ArmResult> arms) {
        Table table = new Table(JDBC_COLUMNS);
        for (ArmResult arm : arms) {
            if (arm instanceof HttpArmResult h) {
                table.row(jdbcRow(h));
            } else {
                table.row(failedRow(arm, JDBC_COLUMNS.size()));
            }
        }
        return table;
    }

    private static List<String> jdbcRow(HttpArmResult h) {
        ServerUsage server = h.serverProcess() == null ? ServerUsage.UNKNOWN : h.serverProcess();
        JdbcFigures jdbc = h.jdbc();
        SeedColumns seed = jdbc == null ? null : jdbc.seed();
        ConnectionWait wait = server.connectionWait();
        List<String> notes = notes(h);
        if (jdbc != null && jdbc.databaseStopped()) {
            notes.add(0, "database stopped during the arm");
        }
        if (jdbc != null && !jdbc.databaseLocal()) {
            notes.add("database CPU unknown (not run by the lab)");
        }
        Repeats runs = h.repeats();
        return List.of(h.name(), count(h.requests()),
                withSpread(optional(h.elapsedS()), runs == null ? null : runs.elapsedS()),
                jdbc == null ? "" : optional(jdbc.avgResponseS()), jdbc == null ? "" : optional(jdbc.transactionRate()),
                jdbc == null ? "" : optional(jdbc.mbPerS()),
                seed == null ? "" : num(seed.elapsedS()) + ", " + num(seed.avgResponseS()) + ", "
                        + num(seed.transactionRate()) + ", " + num(seed.mbPerS()),
                optional(h.latencyMs().p50()), withSpread(optional(h.latencyMs().p99()), runs == null ? null
                        : runs.p99Ms()), count(h.errors()), bound(h),
                percent(h.efficiency()),
                // The pool's longest wait is kept over the server's life; when it came in the warm-up, the
                // window's own is unknown and reads n/a, as every unknown figure does.
                wait == null ? "" : num(wait.averageMs()) + " / " + num(wait.maxMs()),
                optional(server.cpuS()), jdbc == null ? "" : optional(jdbc.databaseCpuS()), pinned(h),
                jdbc == null ? "" : JdbcLimit.of(h).kind().label(), String.join("; ", notes));
    }

    private static String bound(HttpArmResult h) {
        if (!h.check().bound().exists()) {
            return "none";
        }
        String basis = h.check().bound().basis() == Bound.Basis.CPU ? " (CPU)" : "";
        return (h.countsRequests() ? num(h.boundElapsedS()) + " s" : num(h.boundRps()) + " req/s") + basis;
    }

    /**
     * Pinned virtual threads: JFR's count and total time (blank when the server left no recording),
     * and the carriers its thread dumps showed pinned, which JFR misses for a pin that never ended.
     */
    private static String pinned(HttpArmResult h) {
        Long events = h.server().pinnedEvents();
        String recorded = events == null ? "" : events == 0 ? "0" : count(events) + " (" + num(h.server().pinnedMs()) + " ms)";
        return recorded + dumpedPins(h.watch().pinnedCarriersSeen(), recorded.isEmpty());
    }

    /** {@code ; dumps: 2 carriers pinned}, or nothing when no dump showed a pinned carrier. */
    static String dumpedPins(Integer pinnedCarriersSeen, boolean alone) {
        if (pinnedCarriersSeen == null || pinnedCarriersSeen == 0) {
            return "";
        }
        return (alone ? "" : "; ") + "dumps: " + pinnedCarriersSeen + " carrier" + (pinnedCarriersSeen == 1 ? "" : "s")
                + " pinned";
    }

    /** The arm's flags in brief (the verdict has them in full), then the engine and an open model. */
    private static List<String> notes(HttpArmResult h) {
        List<String> notes = new ArrayList<>(FlagText.brief(h.flags()));
        if (h.engine() != null && !h.engine().equals(HttpMeasurement.LAB_ENGINE)) {
            notes.add("measured by " + h.engine() + (h.measured().distributed() == null ? ""
                    : " with " + h.measured().distributed().workers() + " worker(s)"));
        }
        if (h.measured().loadModel() == LoadModel.OPEN) {
            notes.add("open model: latency from the intended send time");
        }
        return notes;
    }

    static List<String> failedRow(ArmResult arm, int columns) {
        List<String> row = new ArrayList<>();
        row.add(arm.name());
        while (row.size() < columns - 1) {
            row.add("");
        }
        String why = arm instanceof FailedArm f ? f.status() + ": " + OneLine.of(f.failure())
                : "did not run";
        row.add(why);
        return row;
    }

    static Table genericTable(List<ArmResult> arms) {
        List<Map<String, String>> flattened = new ArrayList<>();
        Set<String> columns = new LinkedHashSet<>();
        columns.add("arm");
        for (ArmResult arm : arms) {
            Map<String, String> cells = new LinkedHashMap<>();
            cells.put("arm", arm.name());
            if (arm instanceof FailedArm f) {
                cells.put("notes", f.status() + ": " + OneLine.of(f.failure()));
            } else {
                flatten("", Json.mapper().valueToTree(arm), cells);
                cells.remove("name");
                cells.keySet().removeIf(column -> column.startsWith("key."));
            }
            columns.addAll(cells.keySet());
            flattened.add(cells);
        }
        columns.remove("notes");
        columns.add("notes");
        List<String> shown = new ArrayList<>();
        for (String column : columns) {
            if (!repeatsAColumn(column, shown, flattened)) {
                shown.add(column);
            }
        }
        Table table = new Table(shown.stream().map(ArmTables::columnTitle).toList());
        for (Map<String, String> cells : flattened) {
            table.row(shown.stream().map(c -> cells.getOrDefault(c, "")).toList());
        }
        return table;
    }

    /**
     * A column of words whose every cell is an earlier column's (structured concurrency's {@code style},
     * its {@code mode} again) says nothing the table does not; results.json keeps it. Figures that agree
     * (a thread cap and the threads started up to it) are findings, and stay.
     */
    private static boolean repeatsAColumn(String column, List<String> earlier, List<Map<String, String>> rows) {
        boolean words = rows.size() > 1 && rows.stream().allMatch(r -> r.containsKey(column)
                && r.get(column).chars().anyMatch(Character::isLetter));
        return words && earlier.stream().anyMatch(e -> rows.stream().allMatch(r -> r.get(column).equals(r.get(e))));
    }

    /**
     * A results.json field as a column's title, its unit as people write it: {@code peak_rss_mb} reads
     * {@code peak RSS MB}, {@code in_process_s} reads {@code in process s}. Only the title changes; the
     * field's name stays what results.json calls it.
     */
    static String columnTitle(String field) {
        List<String> words = new ArrayList<>();
        for (String word : field.split("[_.]")) {
            words.add(switch (word) {
                case "mb", "kb", "rss", "cpu", "jdk", "gc", "jfr" -> word.toUpperCase(Locale.ROOT);
                case "rps" -> "req/s";
                case "us" -> "µs";
                default -> word;
            });
        }
        return String.join(" ", words);
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> cells) {
        if (prefix.equals(PUBLISHED) && node.isObject()) {
            // The seed's figure in one cell, as in every table; its note is the verdict's to give.
            cells.put(PUBLISHED, Json.mapper().convertValue(node, Published.class).display());
            return;
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                flatten(prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey(), field.getValue(), cells);
            }
        } else if (node.isNumber()) {
            cells.put(prefix, node.isIntegralNumber() ? count(node.asLong()) : num(node.asDouble()));
        } else if (!node.isNull() && !node.isArray()) {
            cells.put(prefix, node.asText());
        }
    }

    /** A figure of an arm that ran several times, with the lowest and highest of its runs. */
    private static String withSpread(String figure, Spread spread) {
        return spread == null ? figure : figure + " (" + num(spread.min()) + "-" + num(spread.max()) + ")";
    }

    private static String optional(Double value) {
        return value == null ? "" : num(value);
    }
}

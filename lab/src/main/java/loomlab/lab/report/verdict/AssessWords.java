package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;
import static loomlab.core.Figures.times;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.stream.Collectors;
import loomlab.core.Figures;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Spread;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.ServiceCosts;
import loomlab.core.assess.Warming;
import loomlab.core.finding.ArmsNotSwitched;
import loomlab.core.finding.AssessCosts;
import loomlab.core.finding.AssessFinding;
import loomlab.core.finding.Bottleneck;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.CarriersEffect;
import loomlab.core.finding.Chance;
import loomlab.core.finding.CurveFell;
import loomlab.core.finding.JvmSpread;
import loomlab.core.finding.ExtractionEffect;
import loomlab.core.finding.LeadAtCores;
import loomlab.core.finding.NotSteady;
import loomlab.core.finding.PathTail;
import loomlab.core.finding.PinningSitesFound;
import loomlab.core.finding.PinsOnSomeJdks;
import loomlab.core.finding.PoolCeiling;
import loomlab.core.finding.WarmingThroughSearch;
import loomlab.core.pinning.PinningSite;

/** The assessment's findings in words: who carried more at the target, where the limit sat, costs, pinning. */
final class AssessWords {
    /** Sites named in a sentence; the table and report.html list them all. */
    static final int SITES_NAMED = 3;

    private AssessWords() {
    }

    /**
     * The capacities side by side and who led: over repeated runs each the median run's with the least and
     * most of the runs, and a lead only where the ranges of every run's bracket keep apart; one run names
     * no lead, since it measured no spread, and says whose bracket lay above.
     */
    static String capacity(CapacityLead lead) {
        String figures = lead.runs() >= 2 ? overRuns(lead) : lead.virtual() + " " + capacity(lead.virtualCapacity())
                + ", " + lead.platform() + " " + capacity(lead.platformCapacity()) + " (capacity at the p99 target in"
                + " the open model, latency from the intended send time)";
        boolean byWindows = lead.decidingRateRps() != null;
        String beyond = byWindows ? ", side by side: " + windows(lead) : " in every one of " + lead.runs()
                + " runs, beyond their spread" + (lead.chance() == null ? "" : " (" + chance(lead.chance()) + ")");
        String above = switch (lead.ahead()) {
            case FIRST -> "virtual threads' " + (lead.runs() >= 2 ? "range" : "bracket") + " lay above, " + ratio(lead);
            case SECOND -> "the pool's " + (lead.runs() >= 2 ? "range" : "bracket") + " lay above, " + inverse(lead)
                    + " what virtual threads carried";
            case NEITHER -> "the ranges overlap";
        };
        return switch (lead.leader()) {
            case FIRST -> "Virtual threads carried more" + beyond + ": " + figures + ": " + ratio(lead) + ".";
            case SECOND -> "The platform pool carried more" + beyond + ": " + figures + ": " + inverse(lead)
                    + " what virtual threads carried, so they bought this service nothing here.";
            case NEITHER -> switch (lead.why()) {
                case OVERLAP -> "Neither thread model led: " + figures + "; " + (lead.runs() >= 2 ? "their ranges over"
                        + " the runs overlap, so the measurements cannot tell them apart." : "the brackets overlap, so"
                        + " the measurements cannot tell them apart (one run: spread not measured).");
                case ONE_RUN -> ONE_RUN + ", so no lead is named: " + figures + "; " + above + ". A lead needs the"
                        + " spread of repeated runs (--repeat " + Chance.samplesNeeded() + ").";
                case TOO_FEW -> "No lead yet: " + figures + "; " + above + ", but " + (byWindows ? windows(lead)
                        : chance(lead.chance())) + ", too often to call it a lead (--repeat " + Chance.samplesNeeded()
                        + " or more).";
                case WINDOWS_DISAGREE -> "No lead: " + figures + "; " + above + ", but at " + num(lead.decidingRateRps())
                        + " req/s, offered to each arm in turn after both searches, their p99s were not apart in"
                        + " every window, so the search's one draw each is not borne out.";
                case NOT_STEADY -> "No lead: an arm was not steady after its warm-up (below), so its figures may"
                        + " measure the JIT rather than the service: " + figures + "; " + above + ".";
            };
        };
    }

    /**
     * {@code at 199 req/s, the rate the pool failed, offered to each arm in turn after both searches, every one
     * of the leader's 5 windows had a lower p99 than every one of the other's 5 (ranges apart 1 time in 126 when
     * the two arms measure the same)}.
     */
    static String windows(CapacityLead lead) {
        Chance chance = lead.chance();
        String counts = chance.first() == chance.second() ? chance.first() + " windows each"
                : chance.first() + " and " + chance.second() + " windows";
        return "at " + num(lead.decidingRateRps()) + " req/s, offered to each arm in turn after both searches, "
                + switch (lead.ahead()) {
                    case FIRST -> "virtual threads' p99 lay below the pool's";
                    case SECOND -> "the pool's p99 lay below virtual threads'";
                    case NEITHER -> "neither arm's p99 lay below the other's";
                } + " in every one of " + counts + " (ranges apart 1 time in " + oneIn(chance)
                + " when the two arms measure the same)";
    }

    /**
     * {@code ranges of 3 runs each come apart 1 time in 10 when the two arms measure the same}: the check
     * a reader can make on ranges apart.
     */
    static String chance(Chance chance) {
        String each = chance.first() == chance.second() ? chance.first() + " runs each"
                : chance.first() + " and " + chance.second() + " runs";
        return "ranges of " + each + " come apart 1 time in " + oneIn(chance) + " when the two arms measure"
                + " the same";
    }

    /** {@code 10}, {@code 126}, {@code 17.5}: whole where the figure is. */
    static String oneIn(Chance chance) {
        return Figures.plain(chance.oneIn());
    }

    /** What a single run says in place of a lead. */
    static final String ONE_RUN = "One run: spread not measured";
    /** A comparison of two figures that each come from one run. */
    static final String ONE_RUN_EACH = "one run each: spread not measured";

    /**
     * {@code virtual 950 (900-990) req/s and platform:10 190 (185-199) req/s over 3 runs (...; ranges with every
     * run's bracket: 900-1,050 and 185-205 req/s)}.
     */
    private static String overRuns(CapacityLead lead) {
        return lead.virtual() + " " + median(lead.virtualRuns(), lead.virtualCapacity()) + " req/s and " + lead.platform()
                + " " + median(lead.platformRuns(), lead.platformCapacity()) + " req/s over " + lead.runs() + " runs (the"
                + " median run's capacity at the p99 target in the open model, with the least and most of the runs;"
                + " ranges with every run's bracket: " + range(lead.virtualCapacity()) + " and "
                + range(lead.platformCapacity()) + " req/s)";
    }

    /** {@code 950 (900-990)}: the median run's figure with the least and most; the span's own words without one. */
    static String median(Spread runs, Capacity span) {
        return runs == null ? span.figure() : num(runs.median()) + " (" + num(runs.min()) + "-"
                + num(runs.max()) + ")";
    }

    /** A capacity range without its unit: {@code 900-1,050}, {@code at least 900}, {@code below 100}. */
    static String range(Capacity span) {
        return switch (span.kind()) {
            case BRACKETED -> num(span.low()) + "-" + num(span.high());
            case AT_LEAST -> "at least " + num(span.low());
            case BELOW_LOWEST -> "below " + num(span.high());
            case NOT_MEASURED -> "not measured";
        };
    }

    /** {@code given the brackets}, or over runs {@code given the ranges of 3 runs}. */
    private static String given(CapacityLead lead) {
        return lead.runs() >= 2 ? "given the ranges of " + lead.runs() + " runs" : "given the brackets";
    }

    /** e.g. {@code 5.0x (4.8x to 5.2x given the brackets)}; an open end is said as such. */
    private static String ratio(CapacityLead lead) {
        String range = lead.ratioHigh() == null ? "at least " + times(lead.ratioLow())
                : times(lead.ratioLow()) + " to " + times(lead.ratioHigh());
        return withPoint(lead.ratio(), range, given(lead));
    }

    /**
     * Platform over virtual: {@code 2.0x (1.9x to 2.1x given the brackets)}. The platform arm's range lay
     * above, so its lower end is above the virtual arm's upper end and the smallest ratio is known.
     */
    private static String inverse(CapacityLead lead) {
        String least = times(1 / lead.ratioHigh());
        String range = lead.ratioLow() > 0 ? least + " to " + times(1 / lead.ratioLow()) : "at least " + least;
        return withPoint(lead.ratio() == null ? null : 1 / lead.ratio(), range, given(lead));
    }

    /** {@code 5.0x (4.8x to 5.2x given the brackets)}, or the range alone when there is no point figure. */
    private static String withPoint(Double ratio, String range, String given) {
        return ratio == null ? range + " " + given : times(ratio) + " (" + range + " " + given + ")";
    }

    /** e.g. {@code 1,050 req/s (1,050 to 1,100)}, {@code at least 20,000 req/s}, {@code below 1 req/s}. */
    static String capacity(Capacity capacity) {
        return switch (capacity.kind()) {
            case BRACKETED -> num(capacity.low()) + " req/s (passed at " + num(capacity.low()) + oneStep(capacity)
                    + ", failed at " + num(capacity.high()) + backlogAtFailure(capacity) + ")";
            case AT_LEAST -> "at least " + num(capacity.low()) + " req/s (" + switch (capacity.limit()) {
                case CAP -> "every rate up to the most the search offers met the target";
                case GENERATOR -> generatorLimit(capacity);
                case STEPS -> "the search ran out of steps before a rate failed";
                case WARMING -> "a rate above it failed while the service was still warming";
            } + (Boolean.FALSE.equals(capacity.confirmed()) ? "; it passed in one step, not measured again" : "")
                    + ")";
            case BELOW_LOWEST -> "below " + num(capacity.high()) + " req/s (even the lowest rate tried missed the"
                    + " target)";
            case NOT_MEASURED -> "not measured";
        };
    }

    /**
     * The lab's generator as the limit, with what it showed it can send when its CPU said so, and the way
     * past it: load from other machines, which one machine's generator cannot be.
     */
    static String generatorLimit(Capacity capacity) {
        String figure = capacity.ceiling() == null ? "it fell behind the next rate"
                : "at " + num(capacity.ceiling().fromRps()) + " req/s it used " + num(capacity.ceiling().labCores())
                + " cores on " + capacity.ceiling().loops() + (capacity.ceiling().loops() == 1 ? " loop" : " loops")
                + ", so about " + num(capacity.ceiling().rps()) + " is the most it sends here";
        return "the lab's generator's limit on this machine, not the service's: " + figure + "; load from other"
                + " machines goes further (Locust workers, --engine locust --worker-hosts, drive the curve from"
                + " them)";
    }

    /** Said of a capacity whose rate passed in one step only: the search ran out of steps to measure it again. */
    static String oneStep(Capacity capacity) {
        return Boolean.FALSE.equals(capacity.confirmed()) ? " in one step, not measured again" : "";
    }

    /**
     * The listen backlog's part in the failed step, when the kernel dropped connections in it: the drops
     * beside the step's requests, and whether they are enough on their own to fail its p99.
     */
    private static String backlogAtFailure(Capacity capacity) {
        return capacity.backlogDropsWhereFailed().map(drops -> ", with " + backlogDrops(drops)).orElse("");
    }

    /** {@code 25 connections dropped at a full listen backlog, 4.19 % of its requests: ...} */
    static String backlogDrops(Capacity.BacklogDrops drops) {
        return FlagText.droppedAtBacklog(drops.overflows()) + ", " + num(drops.share() * 100) + " % of its requests: "
                + (drops.enoughForTheP99()
                ? "each such client retries after about 1 s, enough on their own to put its p99 past a target under 1 s"
                : "too few on their own to move its p99");
    }

    static String poolCeiling(PoolCeiling ceiling) {
        String steps = ceiling.beyondPool().stream().map(s -> num(s.throughputRps()) + " req/s at " + count(s.users())
                + " users").collect(Collectors.joining(", "));
        String bound = ceiling.pool() + " / " + num(ceiling.waitMs()) + " ms = " + num(ceiling.ceilingRps()) + " req/s";
        if (ceiling.flattened()) {
            return ceiling.platform() + "'s curve flattened at pool / W once users outnumbered its " + ceiling.pool()
                    + " threads: " + steps + " against " + bound + " (W: one user's p50): its thread pool was its"
                    + " limit in the closed model.";
        }
        return ceiling.platform() + "'s curve did not stay at pool / W = " + bound + " with more users than its "
                + ceiling.pool() + " threads (" + steps + "), so the pool is not shown to be its limit.";
    }

    static String bottleneck(Bottleneck b) {
        return switch (b.kind()) {
            case CPU -> "Where the limit sat: the machine's CPU. At capacity " + b.platform() + " used "
                    + cpu(b.platformCpu()) + " and " + b.virtual() + " " + cpu(b.virtualCpu()) + " of the machine's "
                    + b.cores() + " cores; a service whose limit is the CPU gains nothing from virtual threads"
                    + (b.generatorShareNotable() ? ", and the generator's share of it is this machine's, not the service's." : ".");
            case SHARED_LIMIT -> "Where the limit sat: not the CPU (at capacity " + b.platform() + " used "
                    + cpu(b.platformCpu()) + " and " + b.virtual() + " " + cpu(b.virtualCpu()) + " of " + b.cores()
                    + " cores) and not the thread model, so something both arms share: a pool the service holds"
                    + " (Tomcat's max-connections, a JDBC or HTTP-client pool), a lock, a service it calls"
                    + generator(b)
                    + "; the lab cannot tell which from outside.";
            case TARGET_BELOW_ONE_REQUEST -> "One request alone took " + num(b.unloadedP99Ms()) + " ms at p99 (the"
                    + " curve's first step), above the " + num(b.sloP99Ms()) + " ms target: no thread model can meet"
                    + " it.";
        };
    }

    /** {@code 1.90 (the service 1.20, the lab's generator 0.50, the machine's other work 0.20)}. */
    private static String cpu(Bottleneck.CpuAtCapacity cpu) {
        return num(cpu.machine()) + " (the service " + num(cpu.service()) + ", the lab's generator " + num(cpu.lab())
                + other(cpu) + ")";
    }

    /** {@code , the machine's other work 0.20}, or nothing where it was not read. */
    private static String other(Bottleneck.CpuAtCapacity cpu) {
        return cpu.other() == null ? "" : ", the machine's other work " + num(cpu.other());
    }

    /** The lab's generator as a candidate for a shared limit only where the core judged it busy enough to be one. */
    private static String generator(Bottleneck b) {
        return b.generatorMayLimit()
                ? ", or the lab's generator, whose event loop used up to " + num(b.generatorCores()) + " cores on this"
                + " machine"
                : " (not the lab's generator, which used at most " + num(b.generatorCores()) + " cores)";
    }

    static String leadAtCores(LeadAtCores at) {
        return at.arm() + "'s capacity is where this machine's cores ran out: at " + num(at.capacityRps())
                + " req/s the service used " + num(at.cpu().service()) + (at.cpu().other() == null
                ? " and the lab's generator " + num(at.cpu().lab())
                : ", the lab's generator " + num(at.cpu().lab()) + " and the machine's other work "
                + num(at.cpu().other())) + " of its " + at.cores() + " cores, so with the load sent from another"
                + " machine the lead may be larger.";
    }

    /** The costs both arms have a figure for, or one of them; nothing when neither arm's were read. */
    static String costs(AssessCosts c) {
        ServiceCosts p = c.platformCosts();
        ServiceCosts v = c.virtualCosts();
        List<String> parts = new ArrayList<>();
        if (p.peakRssMb() != null || v.peakRssMb() != null) {
            parts.add("peak RSS " + num(p.peakRssMb()) + " against " + num(v.peakRssMb()) + " MB"
                    + (c.peakRssUnderHeavierLoad() ? "" : difference(p.peakRssMb(), v.peakRssMb(),
                    mb -> num(mb) + " MB", "less", "more")));
        }
        if (p.peakThreads() != null || v.peakThreads() != null) {
            parts.add("peak OS threads " + count(p.peakThreads()) + " against " + count(v.peakThreads())
                    + difference(wide(p.peakThreads()), wide(v.peakThreads()), threads -> count(Math.round(threads)),
                    "fewer", "more"));
        }
        if (p.cpuPerRequestMs() != null || v.cpuPerRequestMs() != null) {
            parts.add("CPU per request at capacity " + num(p.cpuPerRequestMs()) + " against "
                    + num(v.cpuPerRequestMs()) + " ms" + (c.cpuAtDifferentRates() ? " (taken at " + num(
                    c.platformCapacityRps()) + " and " + num(c.virtualCapacityRps()) + " req/s: figures at rates this"
                    + " far apart compare loads as much as thread models)" : ""));
        }
        boolean searched = c.platformTopRps() > 0 || c.virtualTopRps() > 0;
        String head = parts.isEmpty() ? "" : "Costs, " + c.platform() + " against " + c.virtual() + ": "
                + String.join(", ", parts) + (searched ? " (peaks over each arm, whose search offered up to "
                + num(c.platformTopRps()) + " and " + num(c.virtualTopRps()) + " req/s)" : " (no capacity step ran)")
                + ".";
        return (head + atCommonRate(c) + wholeRunGc(p, v)).strip();
    }

    /**
     * The collector's pauses from each service's start to its exit: totals over runs whose searches
     * offered different rates for different lengths, so a labelled detail, never a comparison (the
     * comparison is read inside the common rate's window, {@link #atCommonRate}).
     */
    private static String wholeRunGc(ServiceCosts p, ServiceCosts v) {
        if (p.gcPauseMs() == null && v.gcPauseMs() == null) {
            return "";
        }
        return " Over each whole run, start-up to exit, the collector paused " + num(p.gcPauseMs()) + " against "
                + num(v.gcPauseMs()) + " ms in all: totals over runs of different lengths, a detail, not a comparison.";
    }

    /**
     * The costs at a rate both arms measured and carried: one run's at its rate; over runs each figure the
     * median run's with the least and most, the runs without such a rate named; or that there was none.
     */
    private static String atCommonRate(AssessCosts c) {
        List<AssessCosts.AtCommonRate> runs = c.atCommonRate();
        if (runs.isEmpty()) {
            return "";
        }
        if (!c.anyCommonRate()) {
            return " No rate both arms measured and carried" + (runs.size() > 1 ? " in any run" : "") + ", so their"
                    + " costs are not compared at one rate.";
        }
        List<AssessCosts.AtCommonRate> with = runs.stream().filter(r -> r.rateRps() != null).toList();
        List<String> parts = new ArrayList<>();
        List<Double> pCpu = with.stream().map(r -> r.platform().cpuPerRequestMs()).toList();
        List<Double> vCpu = with.stream().map(r -> r.virtual().cpuPerRequestMs()).toList();
        if (!pCpu.contains(null) && !vCpu.contains(null)) {
            parts.add("CPU per request " + figure(pCpu) + " against " + figure(vCpu) + " ms");
        }
        List<Double> pRss = with.stream().map(r -> r.platform().rssMb()).toList();
        List<Double> vRss = with.stream().map(r -> r.virtual().rssMb()).toList();
        if (!pRss.contains(null) && !vRss.contains(null)) {
            // Memory a higher rate grew stays with the process: say when the step came after one.
            boolean after = with.stream().anyMatch(r -> r.platform().afterHigherRates() || r.virtual()
                    .afterHigherRates());
            parts.add("RSS " + figure(pRss) + " against " + figure(vRss) + " MB" + (after ? " (read after steps that"
                    + " offered more in the same processes, up to " + num(with.stream().mapToDouble(r -> Math.max(
                    Math.max(r.rateRps(), r.platform().offeredBeforeRps()), r.virtual().offeredBeforeRps())).max()
                    .orElseThrow()) + " req/s, so not this rate's alone)" : ""));
        }
        List<Double> pGc = with.stream().map(r -> r.platform().gcMsPerThousandRequests()).toList();
        List<Double> vGc = with.stream().map(r -> r.virtual().gcMsPerThousandRequests()).toList();
        if (!pGc.contains(null) && !vGc.contains(null)) {
            List<Double> pShare = with.stream().map(r -> r.platform().gcShareOfWall()).toList();
            List<Double> vShare = with.stream().map(r -> r.virtual().gcShareOfWall()).toList();
            parts.add("GC pauses " + figure(pGc) + " against " + figure(vGc) + " ms per 1,000 requests"
                    + (!pShare.contains(null) && !vShare.contains(null) ? " (" + figure(percent(pShare)) + " % against "
                    + figure(percent(vShare)) + " % of the step's wall time, from the recording's timestamps inside its"
                    + " window)" : ""));
        }
        if (parts.isEmpty()) {
            return "";
        }
        List<String> none = runs.stream().filter(r -> r.rateRps() == null).map(r -> "run " + r.run()).toList();
        String where = runs.size() == 1 ? "At " + num(with.getFirst().rateRps()) + " req/s, a rate both measured and"
                + " carried: " : "At a rate both measured and carried in " + (none.isEmpty() ? "each run" : "runs "
                + VerdictWriter.inSentence(with.stream().map(r -> String.valueOf(r.run())).toList())) + " ("
                + VerdictWriter.inSentence(with.stream().map(r -> num(r.rateRps())).toList()) + " req/s; each figure"
                + " the median of the runs with the least and most): ";
        return " " + where + String.join(", ", parts) + "." + (none.isEmpty() ? "" : " No such rate in "
                + VerdictWriter.inSentence(none) + ".");
    }

    private static List<Double> percent(List<Double> shares) {
        return shares.stream().map(share -> share * 100).toList();
    }

    /** One figure, or over several runs the median with the least and most: {@code 0.90 (0.80-1.00)}. */
    private static String figure(List<Double> runs) {
        if (runs.size() == 1) {
            return num(runs.getFirst());
        }
        Spread spread = Spread.of(runs);
        return num(spread.median()) + " (" + num(spread.min()) + "-" + num(spread.max()) + ")";
    }

    static String notSwitched(ArmsNotSwitched not) {
        return switch (not.reason()) {
            case CANNOT_SWITCH -> "No lead: " + not.platform() + " and " + not.virtual() + " ran the same thread model ("
                    + not.detail() + "), so their figures compare two runs of one service, not thread models.";
            case NO_VIRTUAL_THREAD_SEEN -> "No lead: " + not.virtual() + " did not run on virtual threads: a thread"
                    + " dump taken while its curve ran showed " + not.detail() + ", so its figures compare the same"
                    + " thread model twice.";
        };
    }

    /**
     * A path's tail on both arms: a percentile where both paths held enough requests for it, else each
     * arm's slowest request with its count, and no tail compared.
     */
    static String pathTail(PathTail tail) {
        String stalls = tail.stalls().isEmpty() ? "" : " The watchdog caught " + tail.stalls().size()
                + (tail.stalls().size() == 1 ? " stall" : " stalls") + " there: " + BreakageWords.of(
                tail.stalls().getFirst().classification()) + ".";
        String runs = tail.runs() > 1 ? " (in each of " + tail.runs() + " runs; the first run's figures)" : "";
        if (!tail.claimed()) {
            return "At " + num(tail.rateRps()) + " req/s" + runs + ", " + tail.path() + "'s slowest request took "
                    + num(tail.worseMs()) + " ms on " + tail.worse() + " (of " + count(tail.worseCount()) + ") against "
                    + num(tail.betterMs()) + " ms on " + tail.better() + " (of " + count(tail.betterCount()) + "),"
                    + " from the intended send time: too few requests for a p99 (" + count(PathTail.Percentile.P99
                    .needs()) + ") or a p99.9 (" + count(PathTail.Percentile.P999.needs()) + "), so no tail is"
                    + " compared." + stalls;
        }
        String percentile = tail.percentile() == PathTail.Percentile.P999 ? "p99.9" : "p99";
        return "At " + num(tail.rateRps()) + " req/s" + runs + ", " + tail.path() + "'s " + percentile + " was "
                + num(tail.worseMs()) + " ms on " + tail.worse() + " against " + num(tail.betterMs()) + " ms on "
                + tail.better() + " (" + times(tail.worseMs() / tail.betterMs()) + ", from the intended send time; "
                + count(tail.worseCount()) + " and " + count(tail.betterCount()) + " requests" + (tail.runs() > 1 ? ""
                : "; seen once: one run measured no spread") + ")." + stalls;
    }

    static String carriersEffect(CarriersEffect e) {
        String tail = switch (e.tail()) {
            case CURVE_WORST_P99 -> "the curve's worst p99 ";
            case HELLO_P99 -> "/hello's p99 ";
        };
        String capacity = e.usualCapacityRps() == null && e.carrierCapacityRps() == null ? ""
                : ", capacity " + num(e.carrierCapacityRps()) + " against " + num(e.usualCapacityRps()) + " req/s";
        // Stall counts that chance could split as they fell are given as counts, never as a change.
        String stalls = "stalls " + e.carrierStalls() + " against " + e.usualStalls()
                + (e.stallsChanged() || e.carrierStalls() == e.usualStalls() ? ""
                : " (counts only: " + (e.carrierStalls() + e.usualStalls() == 1 ? "one stall" : "so few stalls")
                + " could fall this way by chance)");
        String figures = e.withCarriers() + " against " + e.usual() + ": " + stalls + ", " + tail
                + num(e.carrierTailMs()) + " against " + num(e.usualTailMs()) + " ms" + capacity;
        // Each arm's tail is one run's figure: a ratio past the threshold is a difference seen once, not a
        // change beyond a measured spread, and the words say so.
        String tailOnce = "the tail differed by more than " + times(CarriersEffect.CLEAR) + " (" + ONE_RUN_EACH + ")";
        String what = e.stallsChanged() && e.tailChanged() ? "the stalls changed and " + tailOnce
                : e.stallsChanged() ? "the stalls changed" : e.tailChanged() ? tailOnce : null;
        return what != null ? "With " + e.carriers() + " carriers " + what + ": " + figures + "."
                : "With " + e.carriers() + " carriers neither the stalls nor the tail changed clearly (the tail by"
                + " more than " + times(CarriersEffect.CLEAR) + ", the stalls beyond what chance splits): "
                + figures + ".";
    }

    /**
     * What running the extracted jar bought on one thread model: its capacity against the fat jar's, a lead
     * only as every capacity comparison names one (beyond the spread of repeated runs), then the curve's worst
     * p99 and the stalls, each one figure per arm and said as such.
     */
    static String extraction(ExtractionEffect e) {
        String model = e.fat().mode().onVirtualThreads() ? "virtual threads" : "the platform pool";
        String figures = e.extracted() + " " + median(e.extractedRuns(), e.extractedCapacity()) + " req/s against "
                + e.fat() + " " + median(e.fatRuns(), e.fatCapacity()) + " req/s"
                + (e.runs() >= 2 ? " over " + e.runs() + " runs (ranges " : " (brackets ") + range(e.extractedCapacity())
                + " and " + range(e.fatCapacity()) + " req/s) at the p99 target"
                + (e.ratio() == null ? "" : ", " + times(e.ratio()) + " the fat jar's");
        String above = switch (e.ahead()) {
            case FIRST -> "the extracted jar's " + (e.runs() >= 2 ? "range" : "bracket") + " lay above";
            case SECOND -> "the fat jar's " + (e.runs() >= 2 ? "range" : "bracket") + " lay above";
            case NEITHER -> "the ranges overlap";
        };
        String beyond = " beyond the spread of " + e.runs() + " runs" + (e.chance() == null ? ""
                : " (" + chance(e.chance()) + ")");
        String capacity = !e.compared() ? "its capacity is not compared, since an arm hung or died: " + figures
                : switch (e.leader()) {
                    case FIRST -> "the extracted jar carried more" + beyond + ": " + figures;
                    case SECOND -> "the fat jar carried more" + beyond + ", so extracting bought nothing here: "
                            + figures;
                    case NEITHER -> switch (e.why() == null ? CapacityLead.Tie.OVERLAP : e.why()) {
                        case OVERLAP -> "neither form led, the ranges overlap: " + figures;
                        case ONE_RUN -> "one run, so no lead is named (" + above + "; a lead needs --repeat "
                                + Chance.samplesNeeded() + "): " + figures;
                        case TOO_FEW -> "no lead yet (" + above + ", but " + chance(e.chance()) + "): " + figures;
                        case WINDOWS_DISAGREE -> "no lead (" + above + ", but the deciding windows disagreed): "
                                + figures;
                        case NOT_STEADY -> "no lead, since an arm was not steady after its warm-up (" + above
                                + "): " + figures;
                    };
                };
        String tail = "; the curve's worst p99 " + num(e.extractedWorstP99Ms()) + " against " + num(e.fatWorstP99Ms())
                + " ms" + (e.tailChanged() ? " (apart by more than " + times(CarriersEffect.CLEAR) + ", "
                + ONE_RUN_EACH + ")" : "");
        String stalls = "; stalls " + e.extractedStalls() + " against " + e.fatStalls()
                + (e.stallsChanged() || e.extractedStalls() == e.fatStalls() ? ""
                : " (counts only: " + (e.extractedStalls() + e.fatStalls() == 1 ? "one stall" : "so few stalls")
                + " could fall this way by chance)");
        return "The extracted jar (--extracted) on " + model + ": " + capacity + tail + stalls + ".";
    }

    /** {@code (virtual threads: 190 fewer)}, when both figures are known. */
    private static String difference(Double platform, Double virtual, DoubleFunction<String> amount, String less,
                                     String more) {
        if (platform == null || virtual == null) {
            return "";
        }
        // Figures that read the same at the precision shown are the same to the reader.
        return num(virtual).equals(num(platform)) ? " (the same)" : " (virtual threads: "
                + amount.apply(Math.abs(virtual - platform)) + " " + (virtual < platform ? less : more) + ")";
    }

    private static Double wide(Long value) {
        return value == null ? null : value.doubleValue();
    }

    /** Nothing for a platform arm that pinned nothing: its requests run on no virtual thread. */
    static String pinning(PinningSitesFound found) {
        ArmKey arm = found.arm();
        boolean virtual = arm.mode().onVirtualThreads();
        if (!found.pinning().read()) {
            return virtual ? arm + ": no flight recording could be read, so its pinning is unknown." : "";
        }
        if (found.pinning().events() == 0) {
            if (!found.zeroMeansNoneEnded()) {
                return arm + ": JFR recorded no pin that ended, but " + (found.hung() ? "the service hung, and a pin"
                        + " still held when it stopped is never recorded" : "its thread dumps showed pinned carriers")
                        + (found.pinnedCarriersSeen() == null ? "" : " (the dumps showed " + found.pinnedCarriersSeen()
                        + " carriers pinned)") + ".";
            }
            return virtual ? arm + ": JFR recorded no pin of 20 ms or longer that ended (jdk.VirtualThreadPinned is"
                    + " written when a pin ends)." : "";
        }
        List<PinningSite> sites = found.pinning().sites();
        String named = sites.stream().limit(SITES_NAMED).map(s -> s.frame() + " (" + count(s.events()) + ", "
                + num(s.pinnedMs()) + " ms)").collect(Collectors.joining("; "));
        return arm + ": " + count(found.pinning().events()) + " pinned virtual threads (jdk.VirtualThreadPinned, "
                + num(found.pinning().pinnedMs()) + " ms in all) at " + sites.size() + (sites.size() == 1 ? " site: "
                : " sites, the first " + Math.min(SITES_NAMED, sites.size()) + ": ") + named + ".";
    }

    static String pinsOnSomeJdks(PinsOnSomeJdks partial) {
        List<String> sentences = new ArrayList<>();
        for (Map.Entry<String, List<Integer>> site : partial.sites().entrySet()) {
            if (sentences.size() == SITES_NAMED) {
                int more = partial.sites().size() - SITES_NAMED;
                sentences.add(count(more) + (more == 1 ? " more site pins" : " more sites pin") + " on some of the"
                        + " JDKs only (the pinning table lists them).");
                break;
            }
            List<Integer> others = partial.jdks().stream().filter(j -> !site.getValue().contains(j)).toList();
            sentences.add(site.getKey() + " pins only on " + jdks(site.getValue()) + ", not on " + jdks(others) + ".");
        }
        return String.join(" ", sentences);
    }

    private static String jdks(List<Integer> jdks) {
        return "JDK " + jdks.stream().map(String::valueOf).collect(Collectors.joining(" and "));
    }

    /** The sentence of a finding of this family. */
    static String of(AssessFinding finding) {
        return switch (finding) {
            case CapacityLead lead -> capacity(lead);
            case PoolCeiling ceiling -> poolCeiling(ceiling);
            case Bottleneck bottleneck -> bottleneck(bottleneck);
            case LeadAtCores at -> leadAtCores(at);
            case AssessCosts costs -> costs(costs);
            case PinningSitesFound sites -> pinning(sites);
            case PinsOnSomeJdks partial -> pinsOnSomeJdks(partial);
            case ArmsNotSwitched not -> notSwitched(not);
            case PathTail tail -> pathTail(tail);
            case CarriersEffect effect -> carriersEffect(effect);
            case ExtractionEffect effect -> extraction(effect);
            case WarmingThroughSearch warming -> warming(warming);
            case NotSteady unsteady -> notSteady(unsteady);
            case CurveFell fell -> curveFell(fell);
            case JvmSpread spread -> jvmSpread(spread);
        };
    }

    /**
     * An arm whose capacity moved from run to run while the other, bound by the machine in every run, held:
     * the spread is the arm's own JVMs', which only more runs measure.
     */
    static String jvmSpread(JvmSpread s) {
        return s.arm() + "'s capacity moved " + times(s.spread()) + " over its " + s.runs() + " runs ("
                + num(s.least()) + " to " + num(s.most()) + " req/s"
                + (s.cpuLeastMs() == null ? "" : ", its CPU per request at capacity " + num(s.cpuLeastMs()) + " to "
                + num(s.cpuMostMs()) + " ms") + "), each a fresh JVM, while " + s.other() + "'s, measured in turn"
                + " beside it, moved " + times(s.otherSpread()) + " (" + num(s.otherLeast()) + " to "
                + num(s.otherMost()) + " req/s) with its capacity where the machine's cores ran out in every run: a"
                + " slower machine would have lowered both, so the spread is " + s.arm() + "'s own, from one JVM to"
                + " the next. One run of it is one draw from that spread; its figures need more runs (--repeat)"
                + " than " + s.other() + "'s do.";
    }

    /**
     * An arm that served fewer requests a second with more users in the closed model, as measured once: no
     * cause is named, since one reading cannot tell the service's fall from the machine's.
     */
    static String curveFell(CurveFell fell) {
        return (fell.run() > 1 ? "In run " + fell.run() + ", " : "") + fell.arm() + "'s curve fell with more users: "
                + num(fell.lastRps()) + " req/s at " + count(fell.lastUsers()) + " users against "
                + num(fell.bestRps()) + " at " + count(fell.bestUsers()) + " (" + Figures.percent(fell.fall())
                + " fewer): more requests in flight at once were served fewer times a second. Each point was"
                + " measured once, so this is one reading with no spread, and a fall that --repeat does not show"
                + " again may be the machine's.";
    }

    /** An arm whose warm-up ended at its cap unsettled: what the last windows showed, and the rule. */
    static String notSteady(NotSteady n) {
        return n.arm() + (n.run() > 1 ? " (run " + n.run() + ")" : "") + " was "
                + WarmupText.summary(n.evidence()) + " (" + WarmupText.rule(n.evidence().rule()) + "). Its figures are"
                + " kept as measured, and no lead rests on them; a longer cap, or a service that settles, would say"
                + " more.";
    }

    /**
     * An arm still warming through its search, with the two steps that show it, their CPU counted the way
     * that cannot favour the finding; the JIT named only where the recording's compilations inside the
     * failed step's window account for its extra CPU.
     */
    static String warming(WarmingThroughSearch w) {
        Warming evidence = w.warming();
        String steps = "the step that failed, at " + num(evidence.failedRps()) + " req/s, cost at least "
                + num(evidence.failedCpuMs()) + " ms of CPU a request (counted against every request it served, failed"
                + " or left in flight), and a later step at " + num(evidence.laterRps()) + " req/s passed at no more"
                + " than " + num(evidence.laterCpuMs()) + " ms (" + times(evidence.ratio()) + " less, where a steady"
                + " service costs more per request at a lower rate). " + jit(evidence.jit());
        return evidence.stillWarming()
                ? w.arm() + " was still warming through its search: " + steps + " Its capacity reads as at least "
                + num(w.capacityRps()) + " req/s, and no comparison rests on that failure; a longer warm-up would say"
                + " more."
                : w.arm() + "'s failed step cost more per request while overloaded, cause not measured: " + steps
                + " Its capacity stands as measured.";
    }

    /** What the JIT's compiler threads used inside the failed step's window, and no more. */
    private static String jit(Warming.Jit jit) {
        if (jit == null) {
            return "The JIT's CPU in that step was not read, so what that CPU went to is not known.";
        }
        String used = "the JIT's compiler threads used " + num(jit.jitCpuMs()) + " ms of CPU inside its window"
                + (jit.compilations() == null ? "" : " (" + count(jit.compilations())
                + (jit.compilations() == 1 ? " compilation" : " compilations") + " in the flight recording)");
        return jit.accountsForTheExtra()
                ? "The JIT was at work in that step: " + used + ", " + num(jit.shareOfExtra() * 100) + " % of its "
                + num(jit.extraCpuMs()) + " ms of CPU above the later step's cost."
                : "In that step " + used + ", too little to account for its " + num(jit.extraCpuMs())
                + " ms of CPU above the later step's cost: what that CPU went to was not measured.";
    }
}

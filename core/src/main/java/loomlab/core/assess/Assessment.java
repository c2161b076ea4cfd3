package loomlab.core.assess;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import loomlab.core.OneLine;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.Carriers;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.PathFigures;
import loomlab.core.arm.ServerId;
import loomlab.core.breakage.Outcome;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Profile;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.ArmsNotSwitched;
import loomlab.core.finding.AssessCosts;
import loomlab.core.finding.Bottleneck;
import loomlab.core.finding.BreakageFindings;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.CarriersEffect;
import loomlab.core.finding.CurveFell;
import loomlab.core.finding.JvmSpread;
import loomlab.core.finding.ExtractionEffect;
import loomlab.core.finding.Finding;
import loomlab.core.finding.KeyFact;
import loomlab.core.finding.KeyFacts;
import loomlab.core.finding.LeadAtCores;
import loomlab.core.finding.Leader;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.NotSteady;
import loomlab.core.finding.PathTail;
import loomlab.core.finding.PinningSitesFound;
import loomlab.core.finding.PinsOnSomeJdks;
import loomlab.core.finding.PoolCeiling;
import loomlab.core.finding.WarmingThroughSearch;
import loomlab.core.pinning.PinningSite;
import loomlab.core.pinning.SitesByJdk;
import loomlab.threads.ExecutorMode;

/**
 * {@code loomlab assess}: what virtual threads buy the user's own service. Per JDK, the service on
 * its platform pool and on virtual threads; the findings compare their capacities at the p99
 * target (brackets and all), say whether the pool was the platform arm's limit where the curve
 * shows it, where the limit sat when neither led, what each cost, and where virtual threads pinned.
 */
public final class Assessment implements Experiment {
    public static final String NAME = "assess";

    private final String service;
    private final Integer pool;
    private final List<Integer> jdks;
    private final List<Carriers> carriers;
    /** Whether each thread model runs again from the extracted jar ({@code --extracted}). */
    private final boolean extracted;

    /**
     * @param service  how the service is named in the summary (its jar or command)
     * @param pool     the platform pool size given, or null for the framework's own
     * @param jdks     feature versions chosen with {@code --jdk}, or empty for the lab's JDK
     * @param carriers the carrier counts of the virtual arms added with {@code --carriers}, or empty
     */
    public Assessment(String service, Integer pool, List<Integer> jdks, List<Carriers> carriers) {
        this(service, pool, jdks, carriers, false);
    }

    private Assessment(String service, Integer pool, List<Integer> jdks, List<Carriers> carriers,
                       boolean extracted) {
        this.service = Objects.requireNonNull(service);
        this.pool = pool;
        this.jdks = List.copyOf(jdks);
        this.carriers = List.copyOf(carriers);
        this.extracted = extracted;
    }

    /**
     * This assessment with, when {@code extracted}, an arm per thread model on the extracted jar
     * ({@link ExtractedJar}) beside the fat jar's, compared with it ({@link ExtractionEffect}).
     */
    public Assessment withExtracted(boolean extracted) {
        return new Assessment(service, pool, jdks, carriers, extracted);
    }

    public Assessment(String service, Integer pool, List<Integer> jdks) {
        this(service, pool, jdks, List.of());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String question() {
        return "What do virtual threads buy " + service + "?";
    }

    @Override
    public String summary() {
        return "What virtual threads buy " + service + ": a closed-model curve, the capacity at the p99 target in the"
                + " open model, the costs, and the pinning sites, on its platform pool and on virtual threads";
    }

    @Override
    public List<Integer> jdks() {
        return jdks;
    }

    /**
     * The platform arm then the virtual arm; the run puts them on each chosen JDK ({@link #jdks()}),
     * the JDKs of one arm side by side.
     */
    @Override
    public List<ArmPlan> plan(Profile profile) {
        // Without --pool the framework keeps its own pool, of a size the lab does not know: "platform".
        ArmKey platformKey = ArmKey.of(ServerId.SERVICE, pool == null ? ArmMode.FRAMEWORK_POOL
                : ArmMode.of(ExecutorMode.platform(pool)));
        ArmKey virtualKey = ArmKey.of(ServerId.SERVICE, ArmMode.of(ExecutorMode.virtual()));
        List<ArmPlan> plans = new ArrayList<>(List.of(new AssessArmPlan(platformKey, pool, null, null),
                new AssessArmPlan(virtualKey, pool, null, null)));
        if (extracted) {
            plans.add(new AssessArmPlan(ExtractedJar.of(platformKey), pool, null, null));
            plans.add(new AssessArmPlan(ExtractedJar.of(virtualKey), pool, null, null));
        }
        for (Carriers count : carriers) {
            plans.add(new AssessArmPlan(virtualKey.withParam(Carriers.PARAM, ParamValue.count(count.count())), pool, null, count));
        }
        return plans;
    }

    @Override
    public List<Finding> findings(List<ArmResult> arms) {
        List<AssessArmResult> assessed = arms.stream().filter(AssessArmResult.class::isInstance)
                .map(AssessArmResult.class::cast).toList();
        Map<Integer, List<AssessArmResult>> byJdk = new LinkedHashMap<>();
        for (AssessArmResult arm : assessed) {
            byJdk.computeIfAbsent(arm.key().jdk(), j -> new ArrayList<>()).add(arm);
        }
        List<Finding> findings = new ArrayList<>();
        findings.addAll(BreakageFindings.of(assessed));
        for (List<AssessArmResult> all : byJdk.values()) {
            // The extracted arms are compared with their fat siblings alone; every other comparison is the fat jar's.
            List<AssessArmResult> onJdk = all.stream().filter(a -> !ExtractedJar.runs(a.key())).toList();
            Optional<AssessArmResult> platform = onJdk.stream().filter(a -> a.key().mode().onPlatformThreads())
                    .findFirst();
            Optional<AssessArmResult> virtual = onJdk.stream()
                    .filter(a -> a.key().mode().onVirtualThreads() && a.setup().carriers() == null).findFirst();
            Optional<PoolCeiling> ceiling = platform.flatMap(Assessment::poolCeiling);
            if (platform.isPresent() && virtual.isPresent()) {
                compare(platform.get(), virtual.get(), ceiling, findings);
                JvmSpread.of(platform.get(), virtual.get()).ifPresent(findings::add);
                JvmSpread.of(virtual.get(), platform.get()).ifPresent(findings::add);
            }
            ceiling.ifPresent(findings::add);
            virtual.ifPresent(usual -> onJdk.stream().filter(a -> a.setup().carriers() != null)
                    .forEach(more -> findings.add(carriersEffect(usual, more))));
            extractionEffects(all).forEach(findings::add);
        }
        for (AssessArmResult arm : assessed) {
            List<AssessArmResult> runs = arm.runs();
            for (int i = 0; i < runs.size(); i++) {
                CurveFell.of(arm.key(), i + 1, runs.get(i).curve()).ifPresent(findings::add);
            }
        }
        for (AssessArmResult arm : assessed) {
            findings.add(new PinningSitesFound(arm.key(), arm.pinning(), arm.watch().hung(),
                    arm.watch().pinnedCarriersSeen()));
        }
        pinsOnSomeJdks(assessed).ifPresent(findings::add);
        notMeasured(arms).ifPresent(findings::add);
        return findings;
    }

    /**
     * One fact per JDK, the oldest first whatever order the arms ran in (repeats alternate it), so that a
     * headline reads the same way every time: an arm that hung, else the capacities side by side, else why
     * they are not. Every arm measured has its pinning sites and every other is not measured, so together
     * they name the JDKs, a JDK none of whose arms ran among them.
     */
    @Override
    public KeyFacts keyFacts(List<Finding> findings) {
        Stream<ArmKey> measured = KeyFacts.all(findings, PinningSitesFound.class).stream().map(PinningSitesFound::arm);
        Stream<ArmKey> lost = KeyFacts.all(findings, NotMeasured.class).stream().flatMap(n -> n.arms().stream())
                .map(NotMeasured.Arm::key);
        List<Integer> jdks = Stream.concat(measured, lost).map(ArmKey::jdk).distinct()
                .sorted(Comparator.nullsFirst(Comparator.naturalOrder())).toList();
        return jdks.isEmpty() ? KeyFacts.NONE : KeyFacts.byJdk(jdks.stream()
                .map(jdk -> new KeyFacts.Key(jdk, onJdk(jdk, findings).orElse(null))).toList());
    }

    /** A JDK's fact: an arm that hung, else the capacity lead, else why its arms were not compared. */
    static Optional<KeyFact> onJdk(Integer jdk, List<Finding> findings) {
        Optional<KeyFact> hung = findings.stream().filter(f -> f instanceof ArmHung h
                && Objects.equals(h.arm().jdk(), jdk)).findFirst().map(f -> new KeyFact.Hung((ArmHung) f));
        Optional<KeyFact> lead = findings.stream().filter(f -> f instanceof CapacityLead c
                && Objects.equals(c.virtual().jdk(), jdk)).findFirst().map(f -> capacity((CapacityLead) f, findings));
        Optional<KeyFact> notSwitched = findings.stream().filter(f -> f instanceof ArmsNotSwitched n
                && Objects.equals(n.virtual().jdk(), jdk)).findFirst().map(KeyFact.NotCompared::new);
        Optional<KeyFact> lost = findings.stream().filter(f -> f instanceof NotMeasured)
                .map(f -> ((NotMeasured) f).arms().stream().filter(a -> Objects.equals(a.key().jdk(), jdk)).toList())
                .filter(arms -> !arms.isEmpty()).findFirst().map(arms -> new KeyFact.NotCompared(
                        new NotMeasured(arms, null)));
        return hung.or(() -> lead).or(() -> notSwitched).or(() -> lost);
    }

    /** The capacity lead with the sites where its virtual arm pinned, when JFR recorded pins at one. */
    private static KeyFact capacity(CapacityLead lead, List<Finding> findings) {
        PinningSitesFound pins = KeyFacts.all(findings, PinningSitesFound.class).stream()
                .filter(p -> p.arm().equals(lead.virtual()) && p.pinning().read() && p.pinning().events() > 0
                        && !p.pinning().sites().isEmpty()).findFirst().orElse(null);
        return new KeyFact.Capacity(lead, pins);
    }

    private static void compare(AssessArmResult platform, AssessArmResult virtual, Optional<PoolCeiling> ceiling,
                                List<Finding> findings) {
        Optional<ArmsNotSwitched> notSwitched = notSwitched(platform, virtual);
        if (notSwitched.isPresent()) {
            findings.add(notSwitched.get()); // first: nothing below compares thread models
            return;
        }
        pathTails(platform, virtual).forEach(findings::add);
        for (AssessArmResult arm : List.of(platform, virtual)) {
            arm.warming().ifPresent(w -> findings.add(new WarmingThroughSearch(arm.key(), w, arm.capacity().low())));
        }
        List<NotSteady> unsteady = notSteady(platform, virtual);
        findings.addAll(unsteady);
        // Over repeated runs each capacity is the span of every run's bracket, and a lead needs spans apart;
        // one run measures no spread and names no lead, though whose bracket lay above is still said.
        CapacityLead lead = hungOrDied(platform) || hungOrDied(virtual) ? null
                : CapacityLead.of(platform.key(), platform.comparedAs(platform.capacityOverRuns()), virtual.key(),
                virtual.comparedAs(virtual.capacityOverRuns()), Math.min(platform.runs().size(),
                        virtual.runs().size()), platform.capacityOverRunsSpread(), virtual.capacityOverRunsSpread(),
                DecidingWindows.judge(virtual.runs().stream().map(AssessArmResult::deciding).toList(),
                        platform.runs().stream().map(AssessArmResult::deciding).toList()).orElse(null));
        if (lead != null && !unsteady.isEmpty()) {
            lead = lead.notSteady(); // figures that may measure the JIT carry no lead
        }
        if (lead != null) {
            findings.add(lead);
            if (lead.ahead() == Leader.NEITHER) {
                bottleneckOverRuns(platform, virtual, ceiling).ifPresent(findings::add);
            } else {
                leadAtCores(lead.ahead() == Leader.FIRST ? virtual : platform).ifPresent(findings::add);
            }
        }
        findings.add(new AssessCosts(platform.key(), platform.costs(), topRate(platform), virtual.key(),
                virtual.costs(), topRate(virtual), platform.capacity().rps(), virtual.capacity().rps(),
                atCommonRate(platform, virtual)));
    }

    /** Every run of either arm whose warm-up ended at its cap unsettled, the platform arm's first. */
    static List<NotSteady> notSteady(AssessArmResult platform, AssessArmResult virtual) {
        List<NotSteady> unsteady = new ArrayList<>();
        for (AssessArmResult arm : List.of(platform, virtual)) {
            List<AssessArmResult> runs = arm.runs();
            for (int i = 0; i < runs.size(); i++) {
                WarmupEvidence evidence = runs.get(i).warmup();
                if (evidence != null && !evidence.steady()) {
                    unsteady.add(new NotSteady(arm.key(), i + 1, evidence));
                }
            }
        }
        return unsteady;
    }

    /**
     * Per run, both arms' costs at the highest rate both measured and carried ({@link CommonRate#of}), the
     * runs paired in the order they ran: the platform arm's first run with the virtual arm's first, and so on.
     */
    static List<AssessCosts.AtCommonRate> atCommonRate(AssessArmResult platform, AssessArmResult virtual) {
        List<AssessCosts.AtCommonRate> runs = new ArrayList<>();
        for (int i = 0; i < Math.min(platform.runs().size(), virtual.runs().size()); i++) {
            Capacity p = platform.runs().get(i).capacity();
            Capacity v = virtual.runs().get(i).capacity();
            Double rate = CommonRate.of(List.of(p, v)).orElse(null);
            runs.add(new AssessCosts.AtCommonRate(i + 1, rate, rate == null ? null : RateCosts.at(rate, p),
                    rate == null ? null : RateCosts.at(rate, v)));
        }
        return runs;
    }

    /**
     * Whether the two arms ran different thread models at all: the lab knew it could not switch the
     * service, or the dumps during the virtual arm's curve showed platform threads serving and no
     * virtual thread. Dumps that showed no request either way leave the arms compared.
     */
    static Optional<ArmsNotSwitched> notSwitched(AssessArmResult platform, AssessArmResult virtual) {
        String cannot = virtual.setup().switchedBy().cannotSwitch();
        if (cannot != null) {
            return Optional.of(new ArmsNotSwitched(platform.key(), virtual.key(), ArmsNotSwitched.Reason.CANNOT_SWITCH,
                    cannot));
        }
        ThreadsSeen seen = virtual.switched();
        if (seen != null && Boolean.FALSE.equals(seen.ranVirtual())) {
            return Optional.of(new ArmsNotSwitched(platform.key(), virtual.key(),
                    ArmsNotSwitched.Reason.NO_VIRTUAL_THREAD_SEEN, seen.platformServing() + " platform threads in the"
                    + " service's code and no virtual thread" + (seen.dumps().isEmpty() ? ""
                    : " (" + String.join(", ", seen.dumps()) + ")")));
        }
        return Optional.empty();
    }

    private static boolean hungOrDied(AssessArmResult arm) {
        return arm.watch().outcome() != Outcome.COMPLETED;
    }

    /**
     * Paths whose tail at a rate both arms measured and carried was more than {@link PathTail#WORSE} times
     * worse on one arm, at the highest percentile both paths' counts support, with that arm's stalls on the
     * path. Over repeated runs a path is named only when every run, paired in the order they ran, found it
     * worse on the same arm at the same percentile; a run with no common rate names none.
     */
    static List<PathTail> pathTails(AssessArmResult platform, AssessArmResult virtual) {
        int runs = Math.min(platform.runs().size(), virtual.runs().size());
        List<List<PathTail>> perRun = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            perRun.add(pathTailsOfRun(platform.runs().get(i), virtual.runs().get(i)));
        }
        if (perRun.isEmpty()) {
            return List.of();
        }
        List<PathTail> agreed = new ArrayList<>();
        for (PathTail first : perRun.getFirst()) {
            boolean everyRun = perRun.stream().allMatch(run -> run.stream().anyMatch(t -> t.path().equals(first.path())
                    && t.worse().equals(first.worse()) && t.percentile() == first.percentile()));
            if (everyRun) {
                agreed.add(first.inRuns(runs));
            }
        }
        return agreed;
    }

    private static List<PathTail> pathTailsOfRun(AssessArmResult platform, AssessArmResult virtual) {
        Optional<Double> rate = CommonRate.of(List.of(platform.capacity(), virtual.capacity()));
        if (rate.isEmpty()) {
            return List.of();
        }
        Optional<CapacityStep> pStep = stepAt(platform, rate.get());
        Optional<CapacityStep> vStep = stepAt(virtual, rate.get());
        if (pStep.isEmpty() || vStep.isEmpty()) {
            return List.of();
        }
        List<PathTail> tails = new ArrayList<>();
        for (PathFigures pp : pStep.get().paths()) {
            vStep.get().paths().stream().filter(vp -> vp.path().equals(pp.path())).findFirst()
                    .flatMap(vp -> PathTail.judge(rate.get(), platform.key(), pp, platform.watch().stalls(),
                            virtual.key(), vp, virtual.watch().stalls()))
                    .ifPresent(tails::add);
        }
        return tails;
    }

    /** The first step the generator offered near the rate, the one the costs there come from ({@link RateCosts#at}). */
    private static Optional<CapacityStep> stepAt(AssessArmResult arm, double rate) {
        return RateCosts.standingFor(arm.capacity().steps(), rate).stream().map(Capacity.TriedStep::step).findFirst();
    }

    /** The virtual arm with set carriers against the one with the scheduler's default: stalls, worst p99, capacity. */
    static CarriersEffect carriersEffect(AssessArmResult usual, AssessArmResult more) {
        return CarriersEffect.judge(usual.key(), more.key(), more.setup().carriers(), CarriersEffect.Tail.CURVE_WORST_P99,
                usual.watch().stalls().size(), more.watch().stalls().size(), worstP99(usual), worstP99(more),
                usual.capacity().rps(), more.capacity().rps());
    }

    /**
     * Each extracted arm of one JDK against its fat sibling (the same key without {@link ExtractedJar#PARAM}):
     * capacities by the rules of every capacity comparison, no lead when either arm hung or died, or was not
     * steady after its warm-up; the curve's worst p99 and the stalls beside them.
     */
    static List<ExtractionEffect> extractionEffects(List<AssessArmResult> onJdk) {
        List<ExtractionEffect> effects = new ArrayList<>();
        for (AssessArmResult extracted : onJdk) {
            if (!ExtractedJar.runs(extracted.key())) {
                continue;
            }
            ArmKey fatKey = ExtractedJar.fat(extracted.key());
            onJdk.stream().filter(a -> a.key().equals(fatKey)).findFirst().ifPresent(fat -> {
                CapacityLead lead = hungOrDied(fat) || hungOrDied(extracted) ? null
                        : CapacityLead.of(fat.key(), fat.comparedAs(fat.capacityOverRuns()), extracted.key(),
                        extracted.comparedAs(extracted.capacityOverRuns()), Math.min(fat.runs().size(),
                                extracted.runs().size()), fat.capacityOverRunsSpread(),
                        extracted.capacityOverRunsSpread());
                if (lead != null && !notSteady(fat, extracted).isEmpty()) {
                    lead = lead.notSteady();
                }
                effects.add(ExtractionEffect.judge(fat.key(), extracted.key(), fat.capacityOverRuns(),
                        extracted.capacityOverRuns(), lead, worstP99(fat), worstP99(extracted),
                        fat.watch().stalls().size(), extracted.watch().stalls().size()));
            });
        }
        return effects;
    }

    private static Double worstP99(AssessArmResult arm) {
        return arm.curve().stream().map(CurvePoint::p99Ms).filter(Objects::nonNull).max(Double::compare).orElse(null);
    }

    /**
     * Where the limit sat when neither led, over repeated runs: named only when every run, the arms' runs
     * paired in the order they ran, shows the same kind of limit (the first run's figures given); the median
     * runs of the two arms may come from different runs, and a limit read across two runs is no run's.
     */
    static Optional<Finding> bottleneckOverRuns(AssessArmResult platform, AssessArmResult virtual,
                                                Optional<PoolCeiling> ceiling) {
        int runs = Math.min(platform.runs().size(), virtual.runs().size());
        if (runs <= 1) {
            return bottleneck(platform, virtual, ceiling);
        }
        List<Bottleneck> each = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            AssessArmResult p = platform.runs().get(i);
            Optional<Finding> found = bottleneck(p, virtual.runs().get(i), poolCeiling(p));
            if (found.isEmpty()) {
                return Optional.empty();
            }
            each.add((Bottleneck) found.get());
        }
        return each.stream().allMatch(b -> b.kind() == each.getFirst().kind()) ? Optional.of(each.getFirst())
                : Optional.empty();
    }

    /**
     * Where the limit sat when neither led: one request alone over the target (both below the lowest
     * rate); or the CPU, when both arms spent it at capacity; or, when neither did, something both
     * arms share. Only bracketed capacities are read, since only they measured a step at their rate:
     * an arm cut off by the search's top ("at least") showed no limit to name. A shared limit is
     * named only when neither arm showed one of its own: the platform curve did not flatten at
     * pool / W, and the virtual arm's recording was read and held no pinning. When one arm spent the
     * CPU and the other did not, no single limit explains both, and none is named.
     */
    static Optional<Finding> bottleneck(AssessArmResult platform, AssessArmResult virtual,
                                        Optional<PoolCeiling> ceiling) {
        Capacity.Kind p = platform.capacity().kind();
        Capacity.Kind v = virtual.capacity().kind();
        double slo = platform.setup().sloP99Ms();
        int cores = platform.setup().cores();
        if (p == Capacity.Kind.BELOW_LOWEST && v == Capacity.Kind.BELOW_LOWEST) {
            Double alone = platform.curve().isEmpty() ? null : platform.curve().getFirst().p99Ms();
            if (alone != null && alone > slo && platform.curve().getFirst().users() == 1) {
                return Optional.of(new Bottleneck(platform.key(), virtual.key(),
                        Bottleneck.Kind.TARGET_BELOW_ONE_REQUEST, null, null, cores, alone, slo));
            }
            return Optional.empty();
        }
        Optional<Bottleneck.CpuAtCapacity> platformCpu = cpuAtCapacity(platform);
        Optional<Bottleneck.CpuAtCapacity> virtualCpu = cpuAtCapacity(virtual);
        if (platformCpu.isEmpty() || virtualCpu.isEmpty()) {
            return Optional.empty();
        }
        boolean platformSpent = platformCpu.get().spent(cores);
        if (platformSpent != virtualCpu.get().spent(cores)) {
            return Optional.empty();
        }
        if (platformSpent) {
            return Optional.of(new Bottleneck(platform.key(), virtual.key(), Bottleneck.Kind.CPU, platformCpu.get(),
                    virtualCpu.get(), cores, null, slo));
        }
        boolean ownLimits = ceiling.map(PoolCeiling::flattened).orElse(false) || !virtual.pinning().read()
                || virtual.pinning().events() > 0;
        return ownLimits ? Optional.empty() : Optional.of(new Bottleneck(platform.key(), virtual.key(),
                Bottleneck.Kind.SHARED_LIMIT, platformCpu.get(), virtualCpu.get(), cores, null, slo));
    }

    /** The service's, the lab's and the machine's other CPU in a bracketed capacity's step, when the first two were read. */
    private static Optional<Bottleneck.CpuAtCapacity> cpuAtCapacity(AssessArmResult arm) {
        ServiceCosts costs = arm.costs();
        if (arm.capacity().kind() != Capacity.Kind.BRACKETED || costs.serviceCores() == null
                || costs.labCores() == null) {
            return Optional.empty();
        }
        return Optional.of(new Bottleneck.CpuAtCapacity(costs.serviceCores(), costs.labCores(), costs.otherCores()));
    }

    /**
     * Whether the leading arm's capacity was where the machine's cores ran out (service and lab
     * together at {@link Bottleneck#CPU_SHARE} of them or more): only for a bracketed capacity, whose
     * step at that rate was measured.
     */
    static Optional<LeadAtCores> leadAtCores(AssessArmResult leader) {
        int cores = leader.setup().cores();
        return cpuAtCapacity(leader).filter(cpu -> cpu.spent(cores))
                .map(cpu -> new LeadAtCores(leader.key(), leader.capacity().rps(), cpu, cores));
    }

    /** The platform curve against pool / W, where it has steps with more users than threads. */
    static Optional<PoolCeiling> poolCeiling(AssessArmResult platform) {
        Integer pool = platform.setup().pool();
        if (pool == null || platform.curve().isEmpty()) {
            return Optional.empty();
        }
        CurvePoint alone = platform.curve().getFirst();
        if (alone.users() != 1 || alone.p50Ms() == null || !(alone.p50Ms() > 0)) {
            return Optional.empty();
        }
        List<PoolCeiling.Step> beyond = platform.curve().stream().filter(p -> p.users() > pool)
                .map(p -> new PoolCeiling.Step(p.users(), p.throughputRps())).toList();
        if (beyond.isEmpty()) {
            return Optional.empty();
        }
        double ceiling = pool / (alone.p50Ms() / 1000);
        return Optional.of(new PoolCeiling(platform.key(), pool, alone.p50Ms(), beyond,
                PoolCeiling.flat(ceiling, beyond)));
    }

    /** Virtual arms' sites side by side per JDK, when more than one JDK's recording was read. */
    static Optional<Finding> pinsOnSomeJdks(List<AssessArmResult> arms) {
        Map<Integer, List<PinningSite>> byJdk = new LinkedHashMap<>();
        arms.stream().filter(a -> a.key().mode().onVirtualThreads() && a.key().jdk() != null
                        && a.pinning().read() && !ExtractedJar.runs(a.key()))
                .sorted(Comparator.comparing(a -> a.key().jdk()))
                .forEach(a -> byJdk.put(a.key().jdk(), a.pinning().sites()));
        if (byJdk.size() < 2) {
            return Optional.empty();
        }
        Map<String, List<Integer>> partial = SitesByJdk.notOnEvery(byJdk);
        return partial.isEmpty() ? Optional.empty()
                : Optional.of(new PinsOnSomeJdks(partial, List.copyOf(byJdk.keySet())));
    }

    /** Arms that did not run, and arms that stopped partway (their figures up to then are kept). */
    /** The arms that did not run or stopped partway, for any experiment of assessed arms. */
    public static Optional<Finding> notMeasured(List<ArmResult> arms) {
        List<NotMeasured.Arm> missing = new ArrayList<>();
        for (ArmResult arm : arms) {
            if (arm instanceof FailedArm f) {
                missing.add(new NotMeasured.Arm(f.key(), f.status(), OneLine.of(f.failure())));
            } else if (arm instanceof AssessArmResult a && !a.complete()) {
                missing.add(new NotMeasured.Arm(a.key(), "stopped partway, figures up to then kept",
                        OneLine.of(a.failure())));
            }
        }
        return missing.isEmpty() ? Optional.empty() : Optional.of(new NotMeasured(missing, null));
    }

    /** The highest rate the generator did offer the arm (a rate it could not offer was not offered). */
    public static double topRate(AssessArmResult arm) {
        return arm.capacity().steps().stream().filter(s -> s.outcome() != Capacity.Outcome.NOT_OFFERED)
                .mapToDouble(s -> s.step().rateRps()).max().orElse(0);
    }

}

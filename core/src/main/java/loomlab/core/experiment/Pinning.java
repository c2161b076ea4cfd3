package loomlab.core.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.Endpoint.Sleep.Holding;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.LoadShape;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.PinningArmPlan;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.bound.Pause;
import loomlab.core.finding.Finding;
import loomlab.core.finding.KeyFact;
import loomlab.core.finding.KeyFacts;
import loomlab.core.finding.PinnedByJdk;
import loomlab.core.finding.PinningCollapse;
import loomlab.core.finding.Workaround;
import loomlab.threads.ExecutorMode;

/**
 * The pinning that JEP 491 removed, and the deadlock it caused: the same loomcat jar on JDK 21 and
 * on JDK 25 (or the JDKs the run names), virtual threads on two carriers, 8 users. A request that
 * sleeps inside {@code synchronized} on a monitor of its own pins its carrier on JDK 21, so
 * throughput falls to carriers / W, while on JDK 25 it follows users / W; the same with a
 * ReentrantLock (the JDK 21 workaround) pins on neither; a platform pool as large as the users is
 * the reference. The production deadlock: requests that wait for one shared lock from inside
 * {@code synchronized} and then hold it through a sleep; on JDK 21 the waiters pin every carrier
 * and the holder cannot get one back to finish, so the server stops answering, which the lab
 * detects, documents with a thread dump and stops. A sleep inside a class initializer still pins
 * on JDK 25.
 */
public final class Pinning implements Experiment {
    /** The key's parameter naming the case: one of the five below. */
    public static final String CASE = "case";
    static final String SYNCHRONIZED = "synchronized";
    static final String REENTRANT_LOCK = "reentrant-lock";
    static final String PLATFORM = "platform";
    static final String DEADLOCK = "deadlock";
    static final String CLASS_INIT = "class-init";
    static final int CARRIERS = 2;
    static final int USERS = 8;
    static final long WAIT_MS = 100;
    /** Serialised requests hold the one lock in turn: a shorter sleep keeps that arm's rate readable. */
    static final long DEADLOCK_WAIT_MS = 50;
    /** The JDK whose synchronized pins and the first that does not, when the run names none. */
    static final List<Integer> JDKS = List.of(21, 25);
    /** The pinning arm must come this close to carriers / W for its collapse to be put down to pinning. */
    static final double NEAR_CARRIER_BOUND = 0.25;

    @Override
    public String name() {
        return "pinning";
    }

    @Override
    public String question() {
        return "What does pinning inside synchronized cost on JDK 21, and does it deadlock?";
    }

    @Override
    public String summary() {
        return "JEP 491: loomcat on JDK 21 and 25 with 2 carriers; sleeping inside synchronized vs a ReentrantLock vs"
                + " a platform pool, the production deadlock (detected, dumped, stopped), and class-initializer pinning";
    }

    @Override
    public List<Integer> jdks() {
        return JDKS;
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        // Quick: 1 s holds about 20 requests of a pinned arm (two carriers, 100 ms each) and 80 of an
        // unpinned one, enough for the fourfold gap between them; the warm-up only loads the server's code.
        Duration measured = profile.pick(Duration.ofSeconds(1), Duration.ofSeconds(20));
        Warmup warmup = new Warmup(profile.pick(Duration.ofMillis(500), Duration.ofSeconds(3)), new Endpoint.Hello());
        return List.of(
                arm(SYNCHRONIZED, ExecutorMode.virtual(), new Endpoint.Sleep(WAIT_MS, Holding.MONITOR), measured, warmup),
                arm(REENTRANT_LOCK, ExecutorMode.virtual(), new Endpoint.Sleep(WAIT_MS, Holding.LOCK), measured, warmup),
                arm(PLATFORM, ExecutorMode.platform(USERS), new Endpoint.Sleep(WAIT_MS, Holding.MONITOR), measured, warmup),
                arm(DEADLOCK, ExecutorMode.virtual(), new Endpoint.Sleep(DEADLOCK_WAIT_MS, Holding.SHARED_LOCK), measured,
                        warmup),
                arm(CLASS_INIT, ExecutorMode.virtual(), new Endpoint.Sleep(WAIT_MS, Holding.CLASS_INIT), measured, warmup));
    }

    private static PinningArmPlan arm(String variant, ExecutorMode mode, Endpoint endpoint, Duration measured,
                                      Warmup warmup) {
        LoadShape load = new LoadShape(USERS, 0, measured, Pause.NONE, warmup);
        return new PinningArmPlan(HttpArmPlan.of(ServerId.LOOMCAT, mode, endpoint, load).withParam(CASE, ParamValue.named(variant)),
                CARRIERS);
    }

    @Override
    public List<Finding> findings(List<ArmResult> arms) {
        List<HttpArmResult> http = Arms.all(arms, HttpArmResult.class);
        List<Integer> jdks = http.stream().map(a -> a.key().jdk()).filter(Objects::nonNull).distinct().sorted()
                .toList();
        if (jdks.size() < 2) {
            return Arms.noVerdict(arms, "the synchronized arm on two JDKs");
        }
        int older = jdks.getFirst();
        int newer = jdks.getLast();
        List<Finding> findings = new ArrayList<>();
        collapse(http, older, newer).ifPresent(findings::add);
        workaround(http, older).ifPresent(findings::add);
        for (String variant : List.of(SYNCHRONIZED, REENTRANT_LOCK, PLATFORM, CLASS_INIT, DEADLOCK)) {
            pinnedByJdk(http, variant).ifPresent(findings::add);
        }
        for (HttpArmResult arm : http) {
            if (!hung(arm)) {
                Arms.againstBound(arm).ifPresent(findings::add);
            }
        }
        findings.addAll(Arms.closing(arms));
        return findings;
    }

    /**
     * The collapse the experiment exists to show comes first: synchronized on a JDK that pins, against
     * one that frees carriers.
     */
    @Override
    public KeyFacts keyFacts(List<Finding> findings) {
        return KeyFacts.of(KeyFacts.first(findings, PinningCollapse.class).<KeyFact>map(KeyFact.Collapse::new)
                .or(() -> KeyFacts.comparison(findings)));
    }

    /** A hung arm's figures end at the hang, and its pins were never recorded: it sets no pace and no count. */
    private static boolean hung(HttpArmResult arm) {
        return arm.watch().hung();
    }

    private static Optional<HttpArmResult> arm(List<HttpArmResult> arms, String variant, int jdk) {
        return arms.stream().filter(a -> a.key().has(CASE, ParamValue.named(variant)) && Integer.valueOf(jdk).equals(a.key().jdk()))
                .findFirst();
    }

    /** The synchronized arm on the older JDK against the newer, with the ceilings that explain them. */
    static Optional<Finding> collapse(List<HttpArmResult> arms, int older, int newer) {
        Optional<HttpArmResult> pinning = arm(arms, SYNCHRONIZED, older);
        Optional<HttpArmResult> free = arm(arms, SYNCHRONIZED, newer);
        if (pinning.isEmpty() || free.isEmpty()) {
            return Optional.empty();
        }
        HttpArmResult p = pinning.get();
        HttpArmResult f = free.get();
        if (hung(p) || hung(f)) {
            return Optional.empty(); // figures that end at a hang are no rate to set beside another
        }
        long pinnedEvents = events(p);
        boolean collapsed = pinnedEvents > 0 && nearCarriersBound(p);
        // JEP 491's effect is shown only where the newer JDK has it, recorded no pin, and kept up with its users.
        boolean freed = newer >= 24 && f.server().pinnedEvents() != null && events(f) == 0 && nearUsersBound(f);
        return Optional.of(new PinningCollapse(p.key(), p.goodputRps(), pinnedEvents, f.key(), f.goodputRps(),
                events(f), carriers(p), p.users(), waitS(p), collapsed, freed));
    }

    /**
     * ReentrantLock on the older JDK pinned nothing where synchronized pinned: counts, not one figure each
     * set against the other, so no spread is needed; the rates are given beside them, and no lead is named.
     */
    static Optional<Finding> workaround(List<HttpArmResult> arms, int older) {
        Optional<HttpArmResult> lock = arm(arms, REENTRANT_LOCK, older);
        Optional<HttpArmResult> sync = arm(arms, SYNCHRONIZED, older);
        if (lock.isEmpty() || sync.isEmpty() || events(lock.get()) != 0
                || events(sync.get()) == 0) {
            return Optional.empty();
        }
        return Optional.of(new Workaround(lock.get().key(), lock.get().goodputRps(), 0, sync.get().key(),
                sync.get().goodputRps()));
    }

    private static Optional<Finding> pinnedByJdk(List<HttpArmResult> arms, String variant) {
        List<PinnedByJdk.OnJdk> jdks = arms.stream()
                .filter(a -> a.key().has(CASE, ParamValue.named(variant)) && a.key().jdk() != null
                        && a.server().pinnedEvents() != null && !hung(a))
                .sorted(Comparator.comparing(a -> a.key().jdk()))
                .map(a -> new PinnedByJdk.OnJdk(a.key().jdk(), a.server().pinnedEvents(),
                        a.server().pinnedMs() == null ? 0 : a.server().pinnedMs(), a.goodputRps(),
                        a.server().pinnedEvents() > 0 && nearCarriersBound(a)))
                .toList();
        return jdks.size() < 2 ? Optional.empty() : Optional.of(new PinnedByJdk(variant, jdks));
    }

    /** Within {@link #NEAR_CARRIER_BOUND} of carriers / W, with the arm's own carriers and wait. */
    private static boolean nearCarriersBound(HttpArmResult arm) {
        return Math.abs(arm.goodputRps() / carriersBoundRps(arm) - 1) <= NEAR_CARRIER_BOUND;
    }

    private static double carriersBoundRps(HttpArmResult arm) {
        return carriers(arm) / waitS(arm);
    }

    /** Within {@link #NEAR_CARRIER_BOUND} of users / W: nothing but the users' pace held it back. */
    private static boolean nearUsersBound(HttpArmResult arm) {
        return Math.abs(arm.goodputRps() / (arm.users() / waitS(arm)) - 1) <= NEAR_CARRIER_BOUND;
    }

    private static int carriers(HttpArmResult arm) {
        return arm.extras().carriers() == null ? CARRIERS : arm.extras().carriers();
    }

    private static double waitS(HttpArmResult arm) {
        return arm.check().bound().waiting() == null ? WAIT_MS / 1000.0 : arm.check().bound().waiting().waitS();
    }

    private static long events(HttpArmResult arm) {
        return arm.server().pinnedEvents() == null ? 0 : arm.server().pinnedEvents();
    }
}

package loomlab.core.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.Figures;
import loomlab.core.arm.ArmFlag;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.ConnectionsArmPlan;
import loomlab.core.arm.ConnectionsArmResult;
import loomlab.core.finding.ConnectionsHeld;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Flagged;
import loomlab.core.finding.KeyFact;
import loomlab.core.finding.KeyFacts;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Measure;
import loomlab.threads.Threads;

/**
 * Open connections by the ten thousand, a thread each: a server on blocking {@code java.net}
 * sockets, a platform thread per connection against a virtual thread per connection, holding many
 * mostly idle keep-alive connections (chat, long polling, gateways). No seed measures it; c5m
 * (ebarlas/project-loom-c5m) published the virtual side at scale. Each arm stops at its target or
 * at the first limit in force, which it names.
 */
public final class Connections implements Experiment {
    /** The arms' modes: a platform thread per connection, or a virtual thread per connection. */
    public static final ArmMode PLATFORM = ArmMode.named(Threads.PLATFORM);
    public static final ArmMode VIRTUAL = ArmMode.named(Threads.VIRTUAL);
    public static final int QUICK_CONNECTIONS = 10_000;
    /** The full profile asks for this many; each arm stops at the limits in force. */
    public static final int FULL_CONNECTIONS = 100_000;
    public static final int DEFAULT_CONNECT_RATE = 10_000;
    public static final int MAX_CONNECT_RATE = 1_000_000;
    public static final int QUICK_INTERVAL_MS = 3_000;
    public static final int FULL_INTERVAL_MS = 10_000;
    public static final int MIN_INTERVAL_MS = 10;
    public static final int MAX_INTERVAL_MS = 600_000;
    private static final int QUICK_HOLD_S = 3;
    private static final int FULL_HOLD_S = 30;

    /**
     * What the user set; a null one follows the profile.
     *
     * @param fileLimit the open-files limit for both processes, lowered to reach a limit on purpose
     */
    public record Settings(Integer connections, Integer connectRatePerS, Integer intervalMs, Integer fileLimit) {
        public static final Settings FROM_PROFILE = new Settings(null, null, null, null);

        /** Only the connection count set, the rest as the profile says. */
        public static Settings connections(int count) {
            return new Settings(count, null, null, null);
        }

        public Settings {
            if (connections != null && (connections < 1 || connections > ConnectionsArmPlan.MAX_CONNECTIONS)) {
                throw new IllegalArgumentException("--connections must be from 1 to "
                        + Figures.count(ConnectionsArmPlan.MAX_CONNECTIONS) + ", got " + Figures.count(connections));
            }
            if (connectRatePerS != null && (connectRatePerS < 1 || connectRatePerS > MAX_CONNECT_RATE)) {
                throw new IllegalArgumentException("--connect-rate must be from 1 to " + Figures.count(MAX_CONNECT_RATE)
                        + " per second, got " + connectRatePerS);
            }
            if (intervalMs != null && (intervalMs < MIN_INTERVAL_MS || intervalMs > MAX_INTERVAL_MS)) {
                throw new IllegalArgumentException("--message-interval must be from " + MIN_INTERVAL_MS + " ms to "
                        + Figures.count(MAX_INTERVAL_MS) + " ms, got " + intervalMs);
            }
        }
    }

    private final Settings settings;

    public Connections() {
        this(Settings.FROM_PROFILE);
    }

    public Connections(Settings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return "connections";
    }

    @Override
    public String question() {
        return "How many keep-alive connections does a thread-per-connection server hold, at what memory each?";
    }

    @Override
    public String summary() {
        return "no seed: keep-alive connections by the ten thousand on blocking sockets, a platform or a virtual"
                + " thread each; the memory per connection and the limit that stops each arm";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        int connections = or(settings.connections(), profile.pick(QUICK_CONNECTIONS, FULL_CONNECTIONS));
        int rate = or(settings.connectRatePerS(), DEFAULT_CONNECT_RATE);
        int interval = or(settings.intervalMs(), profile.pick(QUICK_INTERVAL_MS, FULL_INTERVAL_MS));
        int hold = profile.pick(QUICK_HOLD_S, FULL_HOLD_S);
        return List.of(arm(PLATFORM, connections, rate, interval, hold), arm(VIRTUAL, connections, rate, interval, hold));
    }

    private ConnectionsArmPlan arm(ArmMode mode, int connections, int rate, int interval, int hold) {
        return new ConnectionsArmPlan(ArmKey.program(mode), connections, rate, interval, hold, settings.fileLimit());
    }

    @Override
    public List<Finding> findings(List<ArmResult> arms) {
        Optional<ConnectionsArmResult> platform = Arms.find(arms, ConnectionsArmResult.class,
                k -> k.mode().equals(PLATFORM));
        Optional<ConnectionsArmResult> virtual = Arms.find(arms, ConnectionsArmResult.class,
                k -> k.mode().equals(VIRTUAL));
        List<Finding> findings = new ArrayList<>();
        for (ConnectionsArmResult arm : List.of(platform, virtual).stream().flatMap(Optional::stream).toList()) {
            findings.add(held(arm));
            if (arm.client() != null && arm.client().behindSchedule() && arm.client().maxSendLagMs() != null) {
                findings.add(new Flagged(arm.key(), List.of(new ArmFlag.ClientBehind(arm.client().maxSendLagMs(),
                        arm.intervalMs()))));
            }
            if (arm.rssNotAboveIdle()) {
                findings.add(new Flagged(arm.key(), List.of(new ArmFlag.RssNotAboveIdle(arm.rssMb(),
                        arm.rssBaselineMb()))));
            }
        }
        if (platform.isEmpty() || virtual.isEmpty()) {
            Arms.notMeasured(arms, "the platform and the virtual arm").ifPresent(findings::add);
            return findings;
        }
        ConnectionsArmResult p = platform.get();
        ConnectionsArmResult v = virtual.get();
        if (p.connectionsHeld() != v.connectionsHeld()) {
            findings.add(new Lead(Measure.CONNECTIONS_HELD, v.key(), v.connectionsHeld(), p.key(),
                    p.connectionsHeld()));
        }
        if (positive(p.rssPerConnectionKb()) && positive(v.rssPerConnectionKb())) {
            findings.add(new Lead(Measure.RSS_PER_CONNECTION, v.key(), v.rssPerConnectionKb(), p.key(),
                    p.rssPerConnectionKb()));
        }
        if (positive(p.connectRatePerS()) && positive(v.connectRatePerS())) {
            findings.add(new Lead(Measure.CONNECT_RATE, v.key(), v.connectRatePerS(), p.key(), p.connectRatePerS()));
        }
        // Round trips compare only at the same load: the same connections, each messaging at the same pace.
        if (p.connectionsHeld() == v.connectionsHeld() && positive(p.messageP99Ms()) && positive(v.messageP99Ms())) {
            findings.add(new Lead(Measure.MESSAGE_P99, v.key(), v.messageP99Ms(), p.key(), p.messageP99Ms()));
        }
        Arms.notMeasured(arms, null).ifPresent(findings::add);
        return findings;
    }

    /** What each thread model held comes first, once both arms held some. */
    @Override
    public KeyFacts keyFacts(List<Finding> findings) {
        List<ConnectionsHeld> held = KeyFacts.all(findings, ConnectionsHeld.class);
        Optional<ConnectionsHeld> virtual = held.stream().filter(h -> h.arm().mode().onVirtualThreads()).findFirst();
        Optional<ConnectionsHeld> platform = held.stream().filter(h -> h.arm().mode().onPlatformThreads())
                .findFirst();
        return KeyFacts.of(virtual.isEmpty() || platform.isEmpty() ? KeyFacts.comparison(findings)
                : Optional.of(new KeyFact.Held(virtual.get(), platform.get())));
    }

    private static ConnectionsHeld held(ConnectionsArmResult arm) {
        List<ConnectionsArmResult.ConnectionCap> further = arm.limitsInForce().stream()
                .filter(c -> !c.equals(arm.expectedCap())).toList();
        return new ConnectionsHeld(arm.key(), arm.connectionsTarget(), arm.connectionsHeld(), arm.limit(),
                arm.expectedCap(), further, arm.errors(), arm.firstError(), arm.rssPerConnectionKb(), arm.connectRatePerS(),
                arm.threads(), arm.cappedAt(), arm.collections());
    }

    private static boolean positive(Double value) {
        return value != null && value > 0;
    }

    private static int or(Integer chosen, int fallback) {
        return chosen != null ? chosen : fallback;
    }
}

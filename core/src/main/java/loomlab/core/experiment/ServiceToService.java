package loomlab.core.experiment;

import static loomlab.core.experiment.Figures.httpArm;
import static loomlab.core.experiment.Figures.num;
import static loomlab.core.experiment.Figures.percent;
import static loomlab.core.experiment.Figures.times;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.Published;
import loomlab.threads.ExecutorMode;

/**
 * Seed 000, "A Tour of the Loom": loomcat calls a downstream service that answers after 50 ms, once
 * with a single platform thread (the seed's TomCatApp) and once with a virtual thread per request
 * (LoomCatApp), each with 1 user and with 20.
 */
public final class ServiceToService implements Experiment {
    static final int DOWNSTREAM_DELAY_MS = 50;
    static final ExecutorMode ONE_PLATFORM_THREAD = ExecutorMode.platform(1);
    static final ExecutorMode VIRTUAL = ExecutorMode.virtual();

    @Override
    public String name() {
        return "service-to-service";
    }

    @Override
    public String summary() {
        return "seed 000: loomcat calls a 50 ms downstream service; platform:1 vs virtual, 1 and 20 users";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        Duration duration = profile.pick(Duration.ofSeconds(5), Duration.ofSeconds(60));
        Duration warmup = profile.pick(Duration.ofSeconds(1), Duration.ofSeconds(5));
        String path = "/downstream?delay=" + DOWNSTREAM_DELAY_MS;
        List<ArmPlan> arms = new ArrayList<>();
        for (ExecutorMode mode : List.of(ONE_PLATFORM_THREAD, VIRTUAL)) {
            for (int users : List.of(1, 20)) {
                HttpArmPlan arm = HttpArmPlan.forDuration("loomcat", mode, path, users, duration, warmup,
                        DOWNSTREAM_DELAY_MS / 1000.0).withDownstream(DOWNSTREAM_DELAY_MS);
                arms.add(arm.withPublished(published(mode, users)));
            }
        }
        return arms;
    }

    private static Published published(ExecutorMode mode, int users) {
        if (mode.equals(ONE_PLATFORM_THREAD) && users == 1) {
            return new Published(17.2, "req/s", "seed 000 TomCatApp, 1 user, 60 s: 1,049 requests");
        }
        if (mode.equals(VIRTUAL) && users == 20) {
            return new Published(213, "req/s", "seed 000 LoomCatApp, 20 users, 60 s: 12,785 requests, avg 88 ms");
        }
        return null;
    }

    @Override
    public String verdict(List<ArmResult> arms) {
        Optional<HttpArmResult> virtual20 = httpArm(arms, VIRTUAL.toString(), 20);
        Optional<HttpArmResult> platform20 = httpArm(arms, ONE_PLATFORM_THREAD.toString(), 20);
        if (virtual20.isEmpty() || platform20.isEmpty()) {
            return "No verdict: the 20-user arms did not both run. " + Figures.missing(arms);
        }
        HttpArmResult v = virtual20.get();
        HttpArmResult p = platform20.get();
        StringBuilder verdict = new StringBuilder();
        verdict.append(Figures.leader("Virtual threads", v.throughputRps(), "The platform pool", p.throughputRps(), true))
                .append(": with 20 users virtual threads served ").append(num(v.throughputRps()))
                .append(" req/s, ").append(percent(v.efficiency())).append(" of the ").append(num(v.boundRps()))
                .append(" req/s bound (the seed published 213 req/s, 53%), ")
                .append(times(v.throughputRps() / p.throughputRps())).append(" the ")
                .append(num(p.throughputRps()))
                .append(" req/s of a single platform thread, which Little's law caps at 1 / 50 ms = 20 req/s"
                        + " however many users wait: each virtual thread parks during its downstream call and"
                        + " frees its carrier, so 20 calls wait at once.");
        httpArm(arms, ONE_PLATFORM_THREAD.toString(), 1).ifPresent(p1 -> verdict.append(" With one user there is no"
                + " concurrency to exploit and both models sit near 20 req/s (platform:1 ")
                .append(num(p1.throughputRps())).append(httpArm(arms, VIRTUAL.toString(), 1)
                        .map(v1 -> ", virtual " + num(v1.throughputRps())).orElse(""))
                .append("; the seed published 17.2)."));
        if (v.errors() > 0 || p.errors() > 0) {
            verdict.append(" Errors: virtual ").append(v.errors()).append(", platform:1 ").append(p.errors()).append('.');
        }
        return verdict.toString();
    }
}

package loomlab.core.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import loomlab.core.BadInput;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.SweepPoint;
import loomlab.core.experiment.BlockingEndpoint;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ServiceToService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SweepTest {
    private final List<ArmPlan> serviceToService = new ServiceToService().plan(Profile.QUICK);
    private final List<ArmPlan> blockingEndpoint = new BlockingEndpoint().plan(Profile.QUICK);

    @Test
    void parsesAParameterAndItsValuesInOrder() {
        Sweep sweep = Sweep.parse("users=1,10, 50,100,200");
        assertEquals(SweepParameter.USERS, sweep.parameter());
        assertEquals(List.of(1, 10, 50, 100, 200), sweep.values());
        assertEquals("users=1,10,50,100,200", sweep.toString());
        assertEquals(SweepParameter.DELAY, Sweep.parse("delay=20").parameter());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "threads=1,2     | --sweep: unknown parameter 'threads'; choose from: users, pool, delay",
            "users           | --sweep takes PARAMETER=V1,V2,... with PARAMETER one of: users, pool, delay (e.g. users=1,10,50); got 'users'",
            "users=          | no values given for users",
            "users=1,,3      | --sweep users: '' is not a whole number from 1 to 10000",
            "users=0,5       | --sweep users: 0 is not a whole number from 1 to 10000",
            "pool=-2         | --sweep pool: -2 is not a whole number from 1 to 10000",
            "delay=1.5       | --sweep delay: '1.5' is not a whole number from 1 to 600000",
            "users=20000     | --sweep users: 20000 is not a whole number from 1 to 10000",
            "users=5,6,5     | --sweep users: 5 is listed twice",
    })
    void rejectsMistakesWithOneLine(String text, String message) {
        BadInput error = assertThrows(BadInput.class, () -> Sweep.parse(text));
        assertEquals(1, error.getMessage().lines().count());
        assertEquals(true, error.getMessage().contains(message), error.getMessage());
    }

    @Test
    void aUsersSweepTurnsEachModeIntoOneArmPerValue() {
        List<HttpArmPlan> arms = http(Sweep.parse("users=1,20,100").apply("service-to-service", serviceToService));
        assertEquals(List.of("platform:1, users=1", "platform:1, users=20", "platform:1, users=100",
                "virtual, users=1", "virtual, users=20", "virtual, users=100"), names(arms));
        assertEquals(List.of(1, 20, 100, 1, 20, 100), arms.stream().map(HttpArmPlan::users).toList());
        assertEquals(new SweepPoint("users", 100), arms.get(5).sweep());
        assertEquals("/downstream?delay=50", arms.get(5).path());
        assertEquals(0.05, arms.get(5).serviceSeconds(), 1e-12);
    }

    @Test
    void aSweptArmKeepsTheSeedsFigureOnlyWhereTheExperimentPlannedThatValue() {
        List<HttpArmPlan> arms = http(Sweep.parse("users=1,20,100").apply("service-to-service", serviceToService));
        assertEquals(17.2, arms.get(0).published().value());
        assertNull(arms.get(1).published());
        assertEquals(213, arms.get(4).published().value());
        assertNull(arms.get(5).published());
    }

    @Test
    void aPoolSweepVariesSizedModesAndKeepsTheOthersAsReferences() {
        List<ArmPlan> swept = Sweep.parse("pool=1,10").apply("service-to-service", serviceToService);
        assertEquals(List.of("platform, 1 user, pool=1", "platform, 1 user, pool=10", "platform, 20 users, pool=1",
                "platform, 20 users, pool=10", "virtual, 1 user", "virtual, 20 users"), names(http(swept)));
        assertEquals("platform:10", swept.get(3).mode());
        assertSame(serviceToService.get(3), swept.get(5));
        assertNull(((HttpArmPlan) swept.get(5)).sweep());
    }

    @Test
    void aDelaySweepRewritesThePathTheDownstreamDelayAndTheServiceTime() {
        HttpArmPlan arm = http(Sweep.parse("delay=10,200").apply("service-to-service", serviceToService)).get(1);
        assertEquals("platform:1, 1 user, delay=200", arm.name());
        assertEquals("/downstream?delay=200", arm.path());
        assertEquals("/downstream?delay=200", arm.warmupPath());
        assertEquals(200, arm.downstreamDelayMs());
        assertEquals(0.2, arm.serviceSeconds(), 1e-12);
    }

    @Test
    void aDelaySweepOfTheBlockingEndpointChangesTheSleepOfBothServersButNotTheShortWarmUp() {
        List<HttpArmPlan> arms = http(Sweep.parse("delay=500").apply("blocking-endpoint", blockingEndpoint));
        assertEquals(List.of("loomcat platform:10, 20 users, 60 requests, delay=500",
                "loomcat virtual, 20 users, 60 requests, delay=500",
                "loomcat platform:200, 200 users, 600 requests, delay=500",
                "loomcat virtual, 200 users, 600 requests, delay=500",
                "spring platform:10, 20 users, 60 requests, delay=500",
                "spring virtual, 20 users, 60 requests, delay=500",
                "spring platform:200, 200 users, 600 requests, delay=500",
                "spring virtual, 200 users, 600 requests, delay=500"), names(arms));
        assertEquals("/blocking/500", arms.get(0).path());
        assertEquals("/blocking/1", arms.get(0).warmupPath());
        assertEquals(0.5, arms.get(0).serviceSeconds(), 1e-12);
        assertNull(arms.get(0).downstreamDelayMs());
        assertEquals(60, arms.get(0).requests());
        assertEquals("/blocking-ms/500", arms.get(4).path());
        assertEquals("/blocking-ms/1", arms.get(4).warmupPath());
        assertEquals("spring", arms.get(4).server());
    }

    @Test
    void aUsersSweepOfRequestCountArmsKeepsTheirCountsAndNamesEachServer() {
        List<HttpArmPlan> arms = http(Sweep.parse("users=5").apply("blocking-endpoint", blockingEndpoint));
        assertEquals(List.of("loomcat platform:10, 60 requests, users=5", "loomcat virtual, 60 requests, users=5",
                "loomcat platform:200, 600 requests, users=5", "loomcat virtual, 600 requests, users=5",
                "spring platform:10, 60 requests, users=5", "spring virtual, 60 requests, users=5",
                "spring platform:200, 600 requests, users=5", "spring virtual, 600 requests, users=5"), names(arms));
        assertEquals(arms.size(), names(arms).stream().distinct().count());
    }

    @Test
    void aSweepKeepsEachArmsPause() {
        HttpArmPlan paused = ((HttpArmPlan) serviceToService.get(3)).withThinkTime(java.time.Duration.ofSeconds(1));
        for (String sweep : List.of("users=3", "delay=10")) {
            HttpArmPlan swept = http(Sweep.parse(sweep).apply("x", List.of(paused))).getFirst();
            assertEquals(java.time.Duration.ofSeconds(1), swept.thinkTime(), sweep);
        }
    }

    @Test
    void aSweepThatChangesNoArmIsBadInput() {
        List<ArmPlan> unbounded = List.of(serviceToService.get(2), serviceToService.get(3));
        BadInput error = assertThrows(BadInput.class, () -> Sweep.parse("pool=1,2").apply("x", unbounded));
        assertEquals("--sweep pool changes no arm of x: it needs an HTTP arm whose mode has a size"
                + " (platform:N, virtual:N)", error.getMessage());
    }

    private static List<HttpArmPlan> http(List<ArmPlan> plans) {
        return plans.stream().map(p -> (HttpArmPlan) p).toList();
    }

    private static List<String> names(List<HttpArmPlan> plans) {
        return plans.stream().map(HttpArmPlan::name).toList();
    }
}

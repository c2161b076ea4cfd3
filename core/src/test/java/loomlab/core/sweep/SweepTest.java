package loomlab.core.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import loomlab.core.BadInput;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.SweepPoint;
import loomlab.core.bound.Pause;
import loomlab.core.experiment.BlockingEndpoint;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ServiceToService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SweepTest {
    private final List<ArmPlan> serviceToService = new ServiceToService().plan(Profile.QUICK);
    private final List<ArmPlan> blockingEndpoint = new BlockingEndpoint().plan(Profile.FULL);

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
        assertEquals(List.of("loomcat platform:1, 1 user", "loomcat platform:1, 20 users", "loomcat platform:1, 100 users",
                "loomcat virtual, 1 user", "loomcat virtual, 20 users", "loomcat virtual, 100 users"), names(arms));
        assertEquals(List.of(1, 20, 100, 1, 20, 100), arms.stream().map(HttpArmPlan::users).toList());
        assertEquals(new SweepPoint("users", 100), arms.get(5).sweep());
        assertEquals(new Endpoint.DownstreamCall(50), arms.get(5).endpoint());
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
        assertEquals(List.of("loomcat platform:1, 1 user", "loomcat platform:10, 1 user", "loomcat platform:1, 20 users",
                "loomcat platform:10, 20 users", "loomcat virtual, 1 user", "loomcat virtual, 20 users"),
                names(http(swept)));
        assertSame(serviceToService.get(3), swept.get(5));
        assertNull(((HttpArmPlan) swept.get(5)).sweep());
        assertEquals("loomcat platform, 20 users", SweepParameter.POOL.curveKey(swept.get(3).key()).name());
    }

    @Test
    void aDelaySweepChangesTheEndpointsWaitAndSaysSoInTheKey() {
        HttpArmPlan arm = http(Sweep.parse("delay=10,200").apply("service-to-service", serviceToService)).get(1);
        assertEquals("loomcat platform:1, 1 user, delay 200 ms", arm.name());
        assertEquals(new Endpoint.DownstreamCall(200), arm.endpoint());
        assertEquals(new Endpoint.DownstreamCall(200), arm.load().warmup().endpoint());
        assertEquals("loomcat platform:1, 1 user", SweepParameter.DELAY.curveKey(arm.key()).name());
        HttpArmPlan again = http(Sweep.parse("delay=30").apply("x", List.of(arm))).getFirst();
        assertEquals("loomcat platform:1, 1 user, delay 30 ms", again.name(), "a swept delay replaces the old one");
    }

    @Test
    void aDelaySweepOfTheBlockingEndpointChangesTheSleepOfBothServersButNotTheShortWarmUp() {
        List<HttpArmPlan> arms = http(Sweep.parse("delay=500").apply("blocking-endpoint", blockingEndpoint));
        assertEquals(8, arms.size());
        assertEquals("spring virtual, 200 users, delay 500 ms", arms.get(7).name());
        assertEquals(new Endpoint.Sleep(500), arms.get(0).endpoint());
        assertEquals(new Endpoint.Sleep(1), arms.get(0).load().warmup().endpoint());
        assertEquals(60, arms.get(0).load().requests());
        assertEquals(ServerId.SPRING, arms.get(4).server());
    }

    @Test
    void aUsersSweepOfRequestCountArmsKeepsTheirCountsAndTheirCurvesApart() {
        List<HttpArmPlan> arms = http(Sweep.parse("users=5").apply("blocking-endpoint", blockingEndpoint));
        assertEquals(8, arms.size());
        assertEquals(List.of(60L, 60L, 600L, 600L), arms.subList(0, 4).stream().map(a -> a.load().requests()).toList());
    }

    @Test
    void aSweepKeepsEachArmsPause() {
        HttpArmPlan plain = (HttpArmPlan) serviceToService.get(3);
        HttpArmPlan paused = plain.withLoad(plain.load().withPause(Pause.fixed(Duration.ofSeconds(1))));
        for (String sweep : List.of("users=3", "delay=10")) {
            HttpArmPlan swept = http(Sweep.parse(sweep).apply("x", List.of(paused))).getFirst();
            assertEquals(Pause.fixed(Duration.ofSeconds(1)), swept.load().pause(), sweep);
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

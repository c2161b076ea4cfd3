package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class WhoseLimitTest {
    private static final Capacity BRACKETED = new Capacity(Capacity.Kind.BRACKETED, 1_000.0, 1_000, 1_050.0, null,
            List.of());

    private static ServiceCosts cores(Double service, Double lab) {
        return new ServiceCosts(1.0, service, lab, null, null, null, null, null);
    }

    @Test
    void aBracketWhereTheCoresRanOutIsTheMachinesAndOneWithCoresToSpareTheServices() {
        assertEquals(WhoseLimit.MACHINE, WhoseLimit.of(BRACKETED, cores(1.4, 0.3), 2), "1.7 of 2 cores");
        assertEquals(WhoseLimit.SERVICE, WhoseLimit.of(BRACKETED, cores(0.97, 0.25), 2), "1.22 of 2 cores");
        assertEquals(WhoseLimit.SERVICE, WhoseLimit.of(BRACKETED, cores(1.4, 0.3), 16), "the same on 16 cores");
        assertEquals(WhoseLimit.SERVICE, WhoseLimit.of(BRACKETED, cores(1.4, null), 2),
                "the lab's CPU unread: nothing shows the machine's limit");
    }

    @Test
    void theMachinesOtherWorkCountsTowardsItsCoresBothWays() {
        ServiceCosts withOthers = new ServiceCosts(1.0, 1.2, 0.3, null, null, null, null, null, null, 0.3, 0.1);
        assertEquals(1.8, withOthers.machineCores(), 1e-9);
        assertEquals(WhoseLimit.MACHINE, WhoseLimit.of(BRACKETED, withOthers, 2),
                "1.5 of 2 cores the service's and the lab's, 0.3 the machine's other work: the machine was full");
        ServiceCosts quiet = new ServiceCosts(1.0, 1.2, 0.3, null, null, null, null, null, null, 0.05, 0.0);
        assertEquals(WhoseLimit.SERVICE, WhoseLimit.of(BRACKETED, quiet, 2), "1.55 of 2 cores: some to spare");
        assertEquals(WhoseLimit.SERVICE, WhoseLimit.of(BRACKETED, cores(1.2, 0.3), 2),
                "the machine's other work unread: 1.5 of 2 cores as before");
    }

    @Test
    void anAtLeastIsTheGeneratorsTheSearchsOrTheWarmUpsByWhatEndedIt() {
        assertEquals(WhoseLimit.GENERATOR, WhoseLimit.of(atLeast(Capacity.Limit.GENERATOR), cores(0.5, 1.0), 2));
        assertEquals(WhoseLimit.SEARCH, WhoseLimit.of(atLeast(Capacity.Limit.CAP), cores(0.5, 1.0), 2));
        assertEquals(WhoseLimit.SEARCH, WhoseLimit.of(atLeast(Capacity.Limit.STEPS), cores(1.9, 0.1), 2),
                "every rate passed: the cores spent do not make it the machine's");
        assertEquals(WhoseLimit.WARM_UP, WhoseLimit.of(atLeast(Capacity.Limit.WARMING), cores(0.5, 0.1), 2));
    }

    @Test
    void belowTheLowestRateIsTheServicesAndNothingMeasuredIsNoOnes() {
        assertEquals(WhoseLimit.SERVICE, WhoseLimit.of(new Capacity(Capacity.Kind.BELOW_LOWEST, null, 0, 1.0, null,
                List.of()), cores(null, null), 2));
        assertNull(WhoseLimit.of(Capacity.NOT_MEASURED, cores(null, null), 2));
    }

    private static Capacity atLeast(Capacity.Limit limit) {
        return new Capacity(Capacity.Kind.AT_LEAST, 5_000.0, 5_000, null, limit, List.of());
    }
}

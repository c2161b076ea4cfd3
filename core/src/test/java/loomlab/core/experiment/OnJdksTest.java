package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import loomlab.core.arm.ArmPlan;
import org.junit.jupiter.api.Test;

class OnJdksTest {
    @Test
    void everyServerArmRunsOnEachJdkSideBySideAndTheJdkIsInItsKey() {
        List<ArmPlan> plan = new ServiceToService().plan(Profile.QUICK).subList(0, 2);
        List<ArmPlan> onBoth = OnJdks.apply(plan, List.of(21, 25));
        assertEquals(List.of("loomcat platform:1, 1 user, JDK 21", "loomcat platform:1, 1 user, JDK 25",
                "loomcat platform:1, 20 users, JDK 21", "loomcat platform:1, 20 users, JDK 25"),
                onBoth.stream().map(ArmPlan::name).toList());
        assertEquals(Integer.valueOf(21), onBoth.getFirst().key().jdk());
    }

    @Test
    void programsOfTheLabsOwnJdkRunOnceAndNoChoiceLeavesThePlanAlone() {
        List<ArmPlan> tasks = new ThreadLimit().plan(Profile.QUICK);
        assertEquals(tasks, OnJdks.apply(tasks, List.of(21, 25)));
        List<ArmPlan> plan = new ServiceToService().plan(Profile.QUICK);
        assertSame(plan, OnJdks.apply(plan, List.of()));
    }
}

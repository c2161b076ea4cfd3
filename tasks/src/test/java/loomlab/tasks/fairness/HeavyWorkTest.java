package loomlab.tasks.fairness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

class HeavyWorkTest {

    @Test
    void addsOneAsOftenAsAskedWithOrWithoutYielding() {
        assertEquals(1000, HeavyWork.addOnes(1000, 0));
        assertEquals(1000, HeavyWork.observed());
        assertEquals(7, HeavyWork.addOnes(7, 3));
    }

    @Test
    void parsesModesAndListsChoices() {
        assertEquals(FairnessMode.SPLIT, FairnessMode.parse("split"));
        assertEquals(Threads.PLATFORM, FairnessMode.SPLIT.heavyThreads());
        assertEquals(Threads.VIRTUAL, FairnessMode.SPLIT.lightThreads());
        assertEquals("platform, virtual, virtual-parallelism, virtual-offload, virtual-yield, split", FairnessMode.choices());
    }
}

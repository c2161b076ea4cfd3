package loomlab.lab.report;

import static loomlab.core.assess.AssessFixtures.NONE_PINNED;
import static loomlab.core.assess.AssessFixtures.arm;
import static loomlab.core.assess.AssessFixtures.bracketed;
import static loomlab.core.assess.AssessFixtures.costs;
import static loomlab.core.assess.AssessFixtures.curve;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.assess.ArmSetup;
import loomlab.core.assess.AssessFixtures;
import loomlab.core.assess.ServiceSwitch;
import org.junit.jupiter.api.Test;

/** A command line is too long for a table's cell: the cell says where it is, the list below has it. */
class AssessCommandsTest {
    private static AssessArmResult byCommand(AssessArmResult arm, List<String> command) {
        ArmSetup s = arm.setup();
        ArmSetup setup = new ArmSetup(s.pool(), s.jdk(), new ServiceSwitch(ServiceSwitch.COMMAND, command,
                List.of(), null), s.sloP99Ms(), s.cores(), s.curveEngine(), s.carriers(), s.arrivals(), s.endpointLines());
        return new AssessArmResult(arm.key(), setup, arm.curve(), arm.capacity(), arm.costs(), arm.pinning(),
                arm.failure(), arm.watch(), arm.switched());
    }

    @Test
    void commandsGoBelowTheTableAndTheCellSaysSo() {
        AssessArmResult platform = byCommand(arm(AssessFixtures.PLATFORM, 16, null, bracketed(190, 199),
                curve(16, List.of(1, 16)), costs(0.4, 0.3, 0.1, 200, 30, 10), NONE_PINNED),
                List.of("/opt/java", "-cp", "/tmp/shop", "shop.ShopService", "--threads", "platform"));
        AssessArmResult spring = arm(AssessFixtures.VIRTUAL, 16, null, bracketed(950, 990), curve(null, List.of(1, 16)),
                costs(0.2, 0.3, 0.1, 200, 30, 10), NONE_PINNED);
        assertEquals(List.of("platform:16: /opt/java -cp /tmp/shop shop.ShopService --threads platform"),
                AssessTable.commands(List.of(platform, spring)), "a Spring jar's switch is a property: no command");
        String markdown = AssessTable.of(List.of(platform, spring)).toMarkdown();
        assertTrue(markdown.contains("| command below |"), markdown);
        assertTrue(!markdown.contains("/opt/java"), markdown);
    }
}

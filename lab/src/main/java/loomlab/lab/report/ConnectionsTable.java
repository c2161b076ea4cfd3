package loomlab.lab.report;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;

import java.util.List;
import loomlab.core.Figures;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.ConnectionsArmResult;
import loomlab.core.arm.FailedArm;

/**
 * The connections experiment's table: what each arm held and what each connection cost, a few
 * words for the limit that stopped it; every figure is in results.json, and the limit in full in
 * the verdict.
 */
final class ConnectionsTable {
    private static final List<String> COLUMNS = List.of("arm", "held", "of", "opened per s", "RSS MB", "idle RSS MB",
            "KB per connection", "server threads", "CPU µs per message", "message p50 ms", "p99 ms", "max ms",
            "errors", "stopped or capped by");

    private ConnectionsTable() {
    }

    static Table of(List<ArmResult> arms) {
        Table table = new Table(COLUMNS);
        for (ArmResult arm : arms) {
            if (arm instanceof ConnectionsArmResult c) {
                table.row(List.of(c.name(), count(c.connectionsHeld()), count(c.connectionsTarget()),
                        whole(c.connectRatePerS()), optional(c.rssMb()), optional(c.rssBaselineMb()),
                        optional(c.rssPerConnectionKb()), c.threads() == null ? "" : count(c.threads()),
                        optional(c.cpuPerMessageUs()), optional(c.messageP50Ms()), optional(c.messageP99Ms()),
                        optional(c.messageMaxMs()), count(c.errors()), stoppedBy(c)));
            } else if (arm instanceof FailedArm f) {
                table.row(List.of(f.name(), "", "", "", "", "", "", "", "", "", "", "", "", f.status().toString()));
            }
        }
        return table;
    }

    /** The limit the ramp met, or the lab's cap, said as one: a cap is predicted, not met. */
    private static String stoppedBy(ConnectionsArmResult c) {
        if (c.limit() != null) {
            return c.limit().name() + (c.limit().value() == null ? "" : " " + count(c.limit().value()));
        }
        return c.cappedAt() == null ? "" : "capped by the lab: " + c.cappedAt().limitName() + " "
                + count(c.cappedAt().limitValue());
    }

    private static String whole(Double value) {
        return value == null ? "" : count(Math.round(value));
    }

    private static String optional(Double value) {
        return value == null ? "" : num(value);
    }
}

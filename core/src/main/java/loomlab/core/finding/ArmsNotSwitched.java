package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * Two arms meant to differ by their thread model that did not: the lab could not switch the service
 * (a command without {@code {threads}}, a Spring Boot without the switch), or a thread dump during
 * the virtual arm's curve showed no virtual thread serving requests. Their figures compare two runs
 * of one thing, so no lead is given.
 *
 * @param reason why, in the lab's words: what the launcher knew, or what the dump showed
 */
public record ArmsNotSwitched(ArmKey platform, ArmKey virtual, Reason reason, String detail) implements AssessFinding {
    public enum Reason {
        /** The lab had no way to switch this service's threads. */
        CANNOT_SWITCH,
        /** The dump taken while the virtual arm ran showed platform threads serving, and no virtual thread. */
        NO_VIRTUAL_THREAD_SEEN
    }
}

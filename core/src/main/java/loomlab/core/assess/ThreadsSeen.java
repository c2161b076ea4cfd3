package loomlab.core.assess;

import java.util.List;
import java.util.Set;
import loomlab.core.breakage.ThreadDump;
import loomlab.core.frames.Frames;

/**
 * What thread dumps taken while an arm's curve ran showed of the threads serving requests: whether
 * the arm really ran on the thread model it was switched to. A service the lab cannot switch (a
 * command without {@code {threads}}, a framework too old to know the switch) runs the same in both
 * arms, and the noise between two identical runs must not read as a lead.
 *
 * @param virtualServing  virtual threads in the service's code or a framework's, in the dump that showed most
 * @param platformServing platform threads in the user's own code (not the framework's idle ones)
 * @param dumps           the dumps kept, relative to the results folder
 */
public record ThreadsSeen(int virtualServing, int platformServing, List<String> dumps) {
    public ThreadsSeen {
        dumps = List.copyOf(dumps);
    }

    /**
     * Read from dumps taken while requests ran: virtual threads in any code outside the JDK (the
     * service's or its framework's: they exist only while they serve), and platform threads in the
     * user's code called by a server's (a framework's idle pool threads stand in its frames only, and
     * the main thread that started the server calls it rather than being called). The dump that
     * showed the most serving threads counts.
     */
    public static ThreadsSeen of(List<ThreadDump> dumps, Set<String> userPackages) {
        int virtual = 0;
        int platform = 0;
        for (ThreadDump dump : dumps) {
            int v = (int) dump.virtualThreads().stream()
                    .filter(t -> t.frames().stream().anyMatch(f -> !Frames.isJdk(f))).count();
            int p = (int) dump.threads().stream().filter(t -> !dump.isVirtual(t) && !dump.isCarrier(t))
                    .filter(t -> Frames.servesRequests(t.frames(), userPackages)).count();
            if (v + p > virtual + platform) {
                virtual = v;
                platform = p;
            }
        }
        return new ThreadsSeen(virtual, platform, dumps.stream().map(ThreadDump::file).filter(f -> f != null).toList());
    }

    /** True when virtual threads served requests, false when only platform threads did, null when none was seen. */
    public Boolean ranVirtual() {
        if (virtualServing > 0) {
            return true;
        }
        return platformServing > 0 ? false : null;
    }
}

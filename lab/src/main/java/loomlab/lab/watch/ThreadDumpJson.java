package loomlab.lab.watch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.breakage.DumpedThread;
import loomlab.core.breakage.ThreadDump;
import loomlab.lab.process.ToolJson;

/**
 * Reads the JSON of {@code jcmd PID Thread.dump_to_file -format=json}: every thread container's
 * threads, in JDK 21's layout (name and stack) and in the detailed one of later JDKs. Fields it does
 * not know are ignored; fields a layout lacks stay null, and {@link ThreadDump} says what that means.
 */
public final class ThreadDumpJson {
    private ThreadDumpJson() {
    }

    /** @throws IllegalArgumentException when the text is not a thread dump */
    public static ThreadDump parse(String json) {
        JsonNode root;
        try {
            root = ToolJson.read(json);
        } catch (JsonProcessingException e) {
            // Jackson's own words name tokens and parser states; the line and column say where to look.
            throw new IllegalArgumentException("not a JSON thread dump: not JSON" + (e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr()));
        }
        JsonNode dump = root.path("threadDump");
        if (!dump.path("threadContainers").isArray()) {
            throw new IllegalArgumentException("not a JSON thread dump: no threadDump.threadContainers");
        }
        List<DumpedThread> threads = new ArrayList<>();
        for (JsonNode container : dump.path("threadContainers")) {
            String name = text(container.path("container"));
            for (JsonNode thread : container.path("threads")) {
                threads.add(thread(thread, name));
            }
        }
        return new ThreadDump(text(dump.path("runtimeVersion")), text(dump.path("time")), threads, null, null);
    }

    private static DumpedThread thread(JsonNode thread, String container) {
        JsonNode blocker = thread.path("parkBlocker");
        List<String> owned = new ArrayList<>();
        for (JsonNode depth : thread.path("monitorsOwned")) {
            depth.path("locks").forEach(lock -> owned.add(lock.asText()));
        }
        return new DumpedThread(text(thread.path("tid")), text(thread.path("name")), container,
                thread.has("virtual") ? thread.path("virtual").asBoolean() : null, state(thread.path("state")),
                text(thread.path("carrier")), frames(thread.path("stack")), text(thread.path("blockedOn")),
                text(thread.path("waitingOn")), text(blocker.path("object")), text(blocker.path("owner")), owned);
    }

    /** Frames without the module prefix: {@code java.lang.Thread.sleep(Thread.java:509)}. */
    private static List<String> frames(JsonNode stack) {
        List<String> frames = new ArrayList<>();
        for (JsonNode frame : stack) {
            String text = frame.asText();
            int slash = text.indexOf('/');
            int paren = text.indexOf('(');
            frames.add(slash >= 0 && (paren < 0 || slash < paren) ? text.substring(slash + 1) : text);
        }
        return frames;
    }

    private static Thread.State state(JsonNode node) {
        if (!node.isTextual()) {
            return null;
        }
        try {
            return Thread.State.valueOf(node.asText());
        } catch (IllegalArgumentException e) {
            return null; // a state this JDK does not know: as if the dump had said none
        }
    }

    private static String text(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? null : node.asText();
    }
}

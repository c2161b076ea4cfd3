package loomlab.core.finding;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pinning sites of the virtual arms that pinned on some of the JDKs assessed but not on all, with
 * the JDKs they pinned on: a site that pins only on JDK 21 is one an upgrade removes.
 *
 * @param sites frame to the JDKs (feature versions, ascending) it pinned on
 * @param jdks  every JDK whose virtual arm had a readable recording
 */
public record PinsOnSomeJdks(Map<String, List<Integer>> sites, List<Integer> jdks) implements AssessFinding {
    public PinsOnSomeJdks {
        sites = Collections.unmodifiableMap(new LinkedHashMap<>(sites));
        jdks = List.copyOf(jdks);
    }
}

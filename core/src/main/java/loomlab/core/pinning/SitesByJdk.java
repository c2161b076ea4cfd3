package loomlab.core.pinning;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Pinning sites side by side per JDK: which site pins on which JDKs, to name a site that pins on 21 only. */
public final class SitesByJdk {
    private SitesByJdk() {
    }

    /**
     * For every site frame, the JDKs (in ascending order) on which it pinned.
     *
     * @param sites each JDK's sites, by feature version
     */
    public static Map<String, List<Integer>> jdksPerSite(Map<Integer, List<PinningSite>> sites) {
        Map<String, TreeSet<Integer>> byFrame = new LinkedHashMap<>();
        sites.forEach((jdk, list) -> list.forEach(site -> byFrame.computeIfAbsent(site.frame(), f -> new TreeSet<>())
                .add(jdk)));
        Map<String, List<Integer>> result = new LinkedHashMap<>();
        byFrame.forEach((frame, jdks) -> result.put(frame, List.copyOf(jdks)));
        return result;
    }

    /** The sites that pinned on some of the JDKs but not on all of them, with the JDKs they pinned on. */
    public static Map<String, List<Integer>> notOnEvery(Map<Integer, List<PinningSite>> sites) {
        Map<String, List<Integer>> partial = new LinkedHashMap<>();
        jdksPerSite(sites).forEach((frame, jdks) -> {
            if (jdks.size() < sites.size()) {
                partial.put(frame, jdks);
            }
        });
        return partial;
    }
}

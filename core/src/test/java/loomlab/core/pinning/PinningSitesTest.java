package loomlab.core.pinning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PinningSitesTest {
    private static final List<String> ORDERS = List.of("java.lang.VirtualThread.parkOnCarrierThread:600",
            "java.lang.Thread.sleep:509", "com.example.Orders.reserve:42", "com.example.OrdersController.post:17",
            "org.springframework.web.servlet.FrameworkServlet.service:885");
    private static final List<String> DRIVER = List.of("java.lang.Object.wait0",
            "org.postgresql.core.v3.QueryExecutorImpl.execute:360", "com.zaxxer.hikari.pool.ProxyStatement.execute:94");

    @Test
    void groupsByTheFirstFrameOutsideTheJdkAndFrameworksWithTheUsersCodeFirst() {
        List<PinningSite> sites = PinningSites.group(List.of(new PinnedEvent(30, DRIVER), new PinnedEvent(120, ORDERS),
                new PinnedEvent(80, ORDERS), new PinnedEvent(500, DRIVER)), Set.of());
        assertEquals(2, sites.size());
        PinningSite orders = sites.get(0);
        assertEquals("com.example.Orders.reserve:42", orders.frame(), "the user's own code comes first");
        assertEquals(2, orders.events());
        assertEquals(200, orders.pinnedMs(), 1e-9);
        assertEquals(ORDERS, orders.stack());
        PinningSite driver = sites.get(1);
        assertEquals("java.lang.Object.wait0", driver.frame(), "only JDK and framework frames: named by the top one");
        assertEquals(530, driver.pinnedMs(), 1e-9);
    }

    @Test
    void theUsersPackagesWhenKnownDecideWhatIsTheirs() {
        List<String> library = List.of("java.lang.Thread.sleep:509", "org.acme.cache.Cache.load:10",
                "com.example.Orders.reserve:42");
        List<PinningSite> sites = PinningSites.group(List.of(new PinnedEvent(900, library),
                new PinnedEvent(10, ORDERS)), Set.of("com.example"));
        assertEquals(List.of("com.example.Orders.reserve:42", "org.acme.cache.Cache.load:10"),
                sites.stream().map(PinningSite::frame).toList());
    }

    @Test
    void aStackOfManyFramesKeepsItsTopAndAnEventWithoutOneSaysSo() {
        List<String> deep = java.util.stream.IntStream.range(0, 20).mapToObj(i -> "com.example.Deep.f" + i + ":" + i)
                .toList();
        assertEquals(8, PinningSites.group(List.of(new PinnedEvent(25, deep)), Set.of()).getFirst().stack().size());
        assertEquals("(no stack recorded)", PinningSites.group(List.of(new PinnedEvent(25, List.of())), Set.of())
                .getFirst().frame());
    }

    @Test
    void aSiteDeepUnderJdkFramesKeepsItsStackDownToJustBelowIt() {
        List<String> classInit = new java.util.ArrayList<>(java.util.stream.IntStream.range(0, 10)
                .mapToObj(i -> "java.lang.invoke.Frame.f" + i).toList());
        classInit.addAll(List.of("loomlab.loomcat.Pinning.blockInClassInitializer:27", "loomlab.loomcat.Endpoints.pin:74",
                "loomlab.http.Router.handle:42", "loomlab.http.Connection.answer:118", "java.lang.VirtualThread.run:460"));
        PinningSite site = PinningSites.group(List.of(new PinnedEvent(50, classInit)), Set.of("loomlab.loomcat"))
                .getFirst();
        assertEquals("loomlab.loomcat.Pinning.blockInClassInitializer:27", site.frame());
        assertEquals(classInit.subList(0, 13), site.stack());
    }

    @Test
    void theCopiesOfAHiddenClassAreOneSite() {
        List<PinningSite> sites = PinningSites.group(List.of(
                new PinnedEvent(50, List.of("java.lang.Thread.sleep:540", "a.Pin$Init.0x0000000031053000.<clinit>:37",
                        "a.Pin.block:27")),
                new PinnedEvent(50, List.of("java.lang.Thread.sleep:540", "a.Pin$Init/0x0000000031053800.<clinit>:37",
                        "a.Pin.block:27")),
                new PinnedEvent(50, List.of("java.lang.Thread.sleep:540",
                        "a.Pin$Init+0x000000080019d000.1729953389.<clinit>:37", "a.Pin.block:27"))), Set.of("a"));
        assertEquals(1, sites.size());
        assertEquals("a.Pin$Init.<clinit>:37", sites.getFirst().frame());
        assertEquals(3, sites.getFirst().events());
    }

    @Test
    void aSiteThatPinsOnOneJdkOnlyIsFound() {
        PinningSite sync = new PinningSite("com.example.Orders.reserve:42", 3, 300, List.of());
        PinningSite init = new PinningSite("com.example.Cache.<clinit>:7", 1, 100, List.of());
        Map<String, List<Integer>> partial = SitesByJdk.notOnEvery(Map.of(21, List.of(sync, init), 25, List.of(init)));
        assertEquals(Map.of("com.example.Orders.reserve:42", List.of(21)), partial);
    }
}

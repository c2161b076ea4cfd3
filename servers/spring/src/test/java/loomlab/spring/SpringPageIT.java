package loomlab.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /shop/items}: Thymeleaf rendering rows that JPA reads from the embedded H2 the server seeds at
 * start (500 items, pages of 25), on a platform pool and on virtual threads. Counts, never timings.
 */
class SpringPageIT {
    private static final int POOL = 10;

    @Test
    void rendersPagesOfItemsFromTheEmbeddedDatabaseOnAPlatformPool() throws Exception {
        try (var server = RunningSpringServer.start("--server.tomcat.threads.max=" + POOL)) {
            HttpResponse<String> first = server.get("/shop/items");
            assertEquals(200, first.statusCode(), first.body());
            assertTrue(first.headers().firstValue("Content-Type").orElse("").startsWith("text/html"),
                    first.headers().toString());
            ShopPage rows = ShopPage.of(first.body());
            assertEquals(ShopPage.ids(1, 25), rows.ids(), first.body());
            assertEquals("item 1", rows.names().getFirst());
            assertEquals(Collections.nCopies(25, "1,000,000"), rows.stocks());
            assertTrue(first.body().contains("Items 1 to 25 of 500, page 1 of 20"), first.body());
            assertTrue(first.body().contains("Rendered on a platform thread."), first.body());
            assertTrue(first.body().contains("href=\"/shop/items?page=2\""), "a link to the next page");

            String last = server.get("/shop/items?page=20").body();
            assertEquals(ShopPage.ids(476, 500), ShopPage.of(last).ids(), last);
            assertFalse(last.contains("rel=\"next\""), "no page after the last");

            assertEquals(404, server.get("/shop/items?page=21").statusCode());
            assertEquals(400, server.get("/shop/items?page=0").statusCode());
            assertEquals(400, server.get("/shop/items?page=two").statusCode());
        }
    }

    @Test
    void rendersThePageOnVirtualThreadsManyAtOnce() throws Exception {
        try (var server = RunningSpringServer.start("--server.tomcat.threads.max=" + POOL,
                "--spring.threads.virtual.enabled=true")) {
            String third = server.get("/shop/items?page=3").body();
            assertEquals(ShopPage.ids(51, 75), ShopPage.of(third).ids(), third);
            assertTrue(third.contains("Rendered on a virtual thread."), third);

            // More requests at once than the platform pool and the connection pool (Hikari's 10) hold.
            int clients = 3 * POOL;
            server.burst("/shop/items?page=7", clients);
            JsonNode stats = server.statsOnceServed(1 + clients);
            assertEquals(1 + clients, stats.get("requestsServed").asLong(), stats.toString());
        }
    }

    @Test
    void theShopsJdbcEndpointsStillNeedPostgres() throws Exception {
        try (var server = RunningSpringServer.start()) {
            for (String path : List.of("/items/7", "/orders/count")) {
                HttpResponse<String> answer = server.get(path);
                assertEquals(503, answer.statusCode(), path + ": " + answer.body());
                assertTrue(answer.body().contains("--spring.datasource.url"), answer.body());
            }
            assertEquals(200, server.get("/shop/items").statusCode(), "while the page reads the embedded database");
        }
    }
}

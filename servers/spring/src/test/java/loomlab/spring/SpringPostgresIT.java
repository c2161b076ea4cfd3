package loomlab.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The server on PostgreSQL with the shop's tables, as {@code assess --postgres --db-init
 * servers/spring/db/shop.sql} runs it: the JDBC endpoints place and read orders, and the page renders the
 * same rows through JPA, on virtual threads. Skipped where the machine has no PostgreSQL server programs.
 */
class SpringPostgresIT {

    @Test
    void theJdbcEndpointsAndThePageShareTheGivenDatabase() throws Exception {
        Optional<Path> binaries = ShopPostgres.binaries();
        assumeTrue(binaries.isPresent(), "no PostgreSQL server programs (initdb, pg_ctl) on this machine");
        try (ShopPostgres postgres = ShopPostgres.start(binaries.get());
             var server = RunningSpringServer.start(arguments(postgres, "--spring.threads.virtual.enabled=true"));
             HttpClient client = HttpClient.newHttpClient()) {
            assertEquals("{\"orders\":0}", server.get("/orders/count").body());
            HttpResponse<String> placed = client.send(HttpRequest.newBuilder(URI.create(server.baseUri() + "/orders"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"item\": 7, \"quantity\": 2}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(201, placed.statusCode(), placed.body());
            assertEquals("{\"id\":7,\"name\":\"item 7\",\"stock\":999998}", server.get("/items/7").body());
            assertEquals("{\"orders\":1}", server.get("/orders/count").body());

            HttpResponse<String> first = server.get("/shop/items");
            assertEquals(200, first.statusCode(), first.body());
            ShopPage rows = ShopPage.of(first.body());
            assertEquals(ShopPage.ids(1, 25), rows.ids(), first.body());
            assertEquals("999,998", rows.stocks().get(6), "item 7's stock after the order, read through JPA");
            assertTrue(first.body().contains("Items 1 to 25 of 500, page 1 of 20"), first.body());
            assertTrue(first.body().contains("Rendered on a virtual thread."), first.body());
            assertEquals(ShopPage.ids(476, 500), ShopPage.of(server.get("/shop/items?page=20").body()).ids());
        }
    }

    private static String[] arguments(ShopPostgres postgres, String... more) {
        List<String> all = new ArrayList<>(postgres.springArguments());
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }
}

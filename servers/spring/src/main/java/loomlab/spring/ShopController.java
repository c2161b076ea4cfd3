package loomlab.spring;

import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * A shop on PostgreSQL through Spring's own datasource ({@code spring.datasource.*}, the tables of
 * {@code servers/spring/db/shop.sql}): {@code POST /orders} places an order and takes its quantity off the
 * item's stock in one transaction (the item's row is locked until it commits), {@code GET /items/{id}}
 * reads an item. Their SQL is PostgreSQL's: without {@code spring.datasource.url} the server starts on its
 * embedded H2 ({@link ShopPageController}'s page reads it) and these answer 503.
 */
@RestController
class ShopController {
    /** The given database's, or null on the embedded one. */
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;

    ShopController(@Value("${spring.datasource.url:}") String givenUrl, JdbcTemplate jdbc,
                   TransactionTemplate transactions) {
        this.jdbc = givenUrl.isBlank() ? null : jdbc;
        this.transactions = transactions;
    }

    /** An order as the request's JSON body gives it. */
    record Order(Integer item, Integer quantity) {
    }

    @PostMapping("/orders")
    ResponseEntity<Object> place(@RequestBody Order order) {
        JdbcTemplate db = jdbc;
        if (db == null) {
            return noDatabase();
        }
        if (order.item() == null || order.quantity() == null || order.quantity() < 1) {
            return ResponseEntity.badRequest().body(Map.of("error", "an order is {\"item\": ID, \"quantity\": N > 0}"));
        }
        try {
            Long id = transactions.execute(status -> {
                int updated = db.update("UPDATE items SET stock = stock - ? WHERE id = ?", order.quantity(),
                        order.item());
                return updated == 0 ? null : db.queryForObject("INSERT INTO orders (item_id, quantity) VALUES (?, ?)"
                        + " RETURNING id", Long.class, order.item(), order.quantity());
            });
            return id == null ? ResponseEntity.status(HttpStatus.NOT_FOUND).body(Map.of("error", "no item "
                    + order.item())) : ResponseEntity.status(HttpStatus.CREATED).body(Map.of("id", id));
        } catch (DataIntegrityViolationException e) {
            return ResponseEntity.status(HttpStatus.CONFLICT).body(Map.of("error", "out of stock"));
        }
    }

    @GetMapping("/items/{id}")
    ResponseEntity<Object> item(@PathVariable int id) {
        JdbcTemplate db = jdbc;
        if (db == null) {
            return noDatabase();
        }
        List<Map<String, Object>> rows = db.queryForList("SELECT id, name, stock FROM items WHERE id = ?", id);
        return rows.isEmpty() ? ResponseEntity.status(HttpStatus.NOT_FOUND).body(Map.of("error", "no item " + id))
                : ResponseEntity.ok(rows.getFirst());
    }

    /** How many orders there are: for a test that checks what an arm wrote. */
    @GetMapping("/orders/count")
    ResponseEntity<Object> count() {
        JdbcTemplate db = jdbc;
        return db == null ? noDatabase() : ResponseEntity.ok(Map.of("orders",
                db.queryForObject("SELECT count(*) FROM orders", Long.class)));
    }

    private static ResponseEntity<Object> noDatabase() {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(Map.of("error", "no PostgreSQL: start the"
                + " server with --spring.datasource.url (loomlab assess --postgres gives one); without it, only "
                + ShopPageController.PATH + " reads the embedded database"));
    }
}

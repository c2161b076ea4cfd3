package loomlab.spring;

import loomlab.threads.Threads;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;

/**
 * A page as applications have them: {@code GET /shop/items?page=N} (from 1) renders a page of the shop's
 * items with Thymeleaf ({@code templates/shop/items.html}), read through Spring Data JPA (Hibernate) in one
 * read-only transaction: the rows counted, then one page of them by id. The rows are the embedded H2's,
 * seeded at start, or PostgreSQL's when the server is given a datasource URL ({@code assess --postgres
 * --db-init servers/spring/db/shop.sql}). Its cost is a framework's: the template engine, the ORM, the
 * pool and the database's driver, the JIT's work on all of them.
 */
@Controller
class ShopPageController {
    static final String PATH = "/shop/items";
    static final int PAGE_SIZE = 25;

    private final ItemRepository items;

    ShopPageController(ItemRepository items) {
        this.items = items;
    }

    @GetMapping(PATH)
    String items(@RequestParam(defaultValue = "1") int page, Model model) {
        if (page < 1) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "pages count from 1, got " + page);
        }
        Page<Item> rows = items.findAll(PageRequest.of(page - 1, PAGE_SIZE, Sort.by("id")));
        if (page > Math.max(1, rows.getTotalPages())) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND, "no page " + page + " of "
                    + rows.getTotalPages());
        }
        model.addAttribute("rows", rows);
        model.addAttribute("page", page);
        model.addAttribute("thread", Threads.of(Thread.currentThread()).id());
        return "shop/items";
    }
}

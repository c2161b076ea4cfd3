package loomlab.spring;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A row of the shop's {@code items} table ({@code db/shop.sql} on PostgreSQL, {@code db/embedded-shop.sql} on H2). */
@Entity
@Table(name = "items")
public class Item {
    @Id
    private Integer id;
    private String name;
    private int stock;

    protected Item() {
        // for JPA
    }

    public Integer getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public int getStock() {
        return stock;
    }
}

-- The Spring server's shop tables, for `loomlab assess --postgres --db-init servers/spring/db/shop.sql`:
-- loaded once into the template database; every arm starts from a copy of these rows. The items are the
-- ones the server seeds its embedded H2 with when it has no PostgreSQL (src/main/resources/db/embedded-shop.sql),
-- so GET /shop/items renders the same 20 pages of 25 from either.
CREATE TABLE items (
    id    integer PRIMARY KEY,
    name  text    NOT NULL,
    stock integer NOT NULL
);
INSERT INTO items (id, name, stock)
SELECT n, 'item ' || n, 1000000 FROM generate_series(1, 500) AS n;

CREATE TABLE orders (
    id       bigserial PRIMARY KEY,
    item_id  integer   NOT NULL REFERENCES items (id),
    quantity integer   NOT NULL CHECK (quantity > 0),
    placed   timestamptz NOT NULL DEFAULT now()
);

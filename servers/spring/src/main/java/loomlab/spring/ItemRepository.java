package loomlab.spring;

import org.springframework.data.jpa.repository.JpaRepository;

/** The shop's items through Spring Data JPA: its paged {@code findAll} counts the rows and reads one page. */
interface ItemRepository extends JpaRepository<Item, Integer> {
}

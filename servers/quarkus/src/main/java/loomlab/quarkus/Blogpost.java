package loomlab.quarkus;

/** One row of {@code blogposts}, as every sandbox endpoint returns it. */
public record Blogpost(long id, String author, String content, String tags) {
}

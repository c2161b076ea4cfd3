package loomlab.blogposts;

/** A row before the database has given it an id. */
public record NewBlogpost(String author, String content, String tags) {

    /**
     * The bytes this post takes once stored and served as JSON: its text plus the field names,
     * quotes and punctuation of a {@code Blogpost} object with an id of up to four digits. The
     * generated text never needs escaping, so the estimate is within a few bytes.
     */
    public int approximateJsonLength() {
        int punctuationAndNames = "{\"id\":0000,\"author\":\"\",\"content\":\"\",\"tags\":\"\"},".length();
        return punctuationAndNames + author.length() + content.length() + tags.length();
    }
}

package loomlab.blogposts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BlogpostJsonTest {
    /** The shape Quarkus serves: its own record with the same components, written by Jackson. */
    record Served(long id, String author, String content, String tags) {
    }

    private final ObjectMapper jackson = new ObjectMapper();

    @Test
    void theSamplePostsComeOutExactlyAsJacksonWritesThem() throws Exception {
        List<NewBlogpost> drafts = SampleBlogposts.generate();
        List<Served> served = IntStream.range(0, drafts.size()).mapToObj(i -> new Served(i + 1,
                drafts.get(i).author(), drafts.get(i).content(), drafts.get(i).tags())).toList();
        StringBuilder ours = new StringBuilder("[");
        for (Served post : served) {
            if (ours.length() > 1) {
                ours.append(',');
            }
            BlogpostJson.appendPost(ours, post.id(), post.author(), post.content(), post.tags());
        }
        ours.append(']');
        assertEquals(jackson.writeValueAsString(served), ours.toString());
    }

    @Test
    void escapesWhatJacksonEscapes() throws Exception {
        for (String text : List.of("say \"hi\"", "back\\slash", "line\nbreak\ttab\r\b\f", "\u0001\u001f",
                "caf\u00e9 \u2603 /slash", "")) {
            StringBuilder ours = new StringBuilder();
            BlogpostJson.appendString(ours, text);
            assertEquals(jackson.writeValueAsString(text), ours.toString(), text);
        }
        StringBuilder none = new StringBuilder();
        BlogpostJson.appendString(none, null);
        assertEquals("null", none.toString());
    }
}

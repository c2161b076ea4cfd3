package loomlab.blogposts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SampleBlogpostsTest {
    private static final double MIB = 1024 * 1024;

    @Test
    void everyRunGeneratesTheSamePosts() {
        assertEquals(SampleBlogposts.generate(), SampleBlogposts.generate());
    }

    @Test
    void allPostsServedAsJsonComeToAboutOnePointTwoMebibytes() throws Exception {
        List<NewBlogpost> drafts = SampleBlogposts.generate();
        List<BlogpostJsonTest.Served> served = IntStream.range(0, drafts.size())
                .mapToObj(i -> new BlogpostJsonTest.Served(i + 1, drafts.get(i).author(), drafts.get(i).content(),
                        drafts.get(i).tags()))
                .toList();

        int bytes = new ObjectMapper().writeValueAsBytes(served).length;

        assertTrue(bytes / MIB > 1.18 && bytes / MIB < 1.22, bytes + " bytes");
        // The generator's own estimate steers the row count, so it must track the real size closely.
        int estimate = 2 + drafts.stream().mapToInt(NewBlogpost::approximateJsonLength).sum();
        assertTrue(Math.abs(estimate - bytes) < drafts.size() * 4, "estimate " + estimate + " vs " + bytes);
    }

    @Test
    void postsFitTheTableColumns() {
        for (NewBlogpost post : SampleBlogposts.generate()) {
            assertTrue(post.author().length() <= 256 && post.tags().length() <= 256, post.toString());
            assertTrue(!post.content().isEmpty() && post.content().endsWith("."), post.content());
        }
    }
}

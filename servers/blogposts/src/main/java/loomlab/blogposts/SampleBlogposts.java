package loomlab.blogposts;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The table's contents: invented posts from a fixed seed, so every run serves identical bytes.
 * {@link Random} is used because its sequence for a seed is fixed by its specification, unlike
 * newer generators whose algorithm may change between JDKs.
 */
public final class SampleBlogposts {
    /** The seed article's responses were about 1.2 MiB of JSON each. */
    public static final int TARGET_JSON_BYTES = 1_258_291;
    private static final long SEED = 20230308L;

    private static final String[] FIRST_NAMES = {
        "Ada", "Bruno", "Celia", "Dmitri", "Elif", "Farah", "Goran", "Hana", "Ivo", "Jorun",
        "Kemal", "Lucia", "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tamsin",
    };
    private static final String[] LAST_NAMES = {
        "Abara", "Bellweather", "Castellano", "Drozdov", "Eklund", "Fairbanks", "Gallardo", "Holm",
        "Ishikawa", "Jansen", "Kowalczyk", "Lindqvist", "Moreau", "Novak", "Okafor", "Petrescu",
    };
    private static final String[] TAGS = {
        "java", "loom", "threads", "jdbc", "postgres", "quarkus", "latency", "throughput",
        "scheduling", "pooling", "benchmarks", "reactive", "carriers", "blocking", "memory",
    };
    private static final String[] WORDS = (
            "thread carrier scheduler request queue pool socket buffer latency throughput connection "
            + "driver statement cursor row column table index transaction commit lock monitor park "
            + "unpark yield mount unmount stack heap frame continuation task executor worker loop "
            + "event handler callback future promise stream channel selector kernel core cache "
            + "page disk network packet window timeout retry backoff budget quota limit burst wave "
            + "client server service gateway proxy route filter header body payload record field "
            + "measure sample histogram percentile median tail outlier warmup steady load user "
            + "session token batch chunk slice shard replica leader follower snapshot journal "
            + "slowly quietly quickly rarely often always never eventually briefly steadily "
            + "waits blocks spins sleeps wakes runs serves answers queues drains fills grows shrinks "
            + "the a one every each no some many few small large busy idle cheap costly fair "
            + "with without under over before after during between across into from onto").split(" ");

    private SampleBlogposts() {
    }

    /** Posts in a fixed order, just enough of them to reach {@link #TARGET_JSON_BYTES}. */
    public static List<NewBlogpost> generate() {
        Random random = new Random(SEED);
        List<NewBlogpost> posts = new ArrayList<>();
        int jsonBytes = 2; // the enclosing brackets
        while (jsonBytes < TARGET_JSON_BYTES) {
            NewBlogpost post = new NewBlogpost(author(random), content(random), tags(random));
            posts.add(post);
            jsonBytes += post.approximateJsonLength();
        }
        return List.copyOf(posts);
    }

    private static String author(Random random) {
        return pick(random, FIRST_NAMES) + " " + pick(random, LAST_NAMES);
    }

    private static String content(Random random) {
        int length = 700 + random.nextInt(1000);
        StringBuilder text = new StringBuilder(length + 120);
        while (text.length() < length) {
            if (!text.isEmpty()) {
                text.append(' ');
            }
            appendSentence(random, text);
        }
        return text.toString();
    }

    private static void appendSentence(Random random, StringBuilder text) {
        int words = 5 + random.nextInt(10);
        for (int i = 0; i < words; i++) {
            String word = pick(random, WORDS);
            if (i == 0) {
                text.append(Character.toUpperCase(word.charAt(0))).append(word, 1, word.length());
            } else {
                text.append(i == words / 2 && random.nextInt(4) == 0 ? ", " : " ").append(word);
            }
        }
        text.append('.');
    }

    private static String tags(Random random) {
        int count = 1 + random.nextInt(3);
        List<String> chosen = new ArrayList<>(count);
        while (chosen.size() < count) {
            String tag = pick(random, TAGS);
            if (!chosen.contains(tag)) {
                chosen.add(tag);
            }
        }
        return String.join(",", chosen);
    }

    private static String pick(Random random, String[] choices) {
        return choices[random.nextInt(choices.length)];
    }
}

package loomlab.spring;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/** What a test reads off {@code GET /shop/items}: the items' rows as the template renders them. */
record ShopPage(List<Integer> ids, List<String> names, List<String> stocks) {
    private static final Pattern ROW = Pattern.compile("<tr class=\"item\">\\s*<td>(\\d+)</td>\\s*"
            + "<td><a href=\"/items/(\\d+)\">([^<]*)</a></td>\\s*<td class=\"stock\">([\\d,]+)</td>\\s*</tr>");

    static ShopPage of(String html) {
        var rows = ROW.matcher(html).results().toList();
        for (var row : rows) {
            if (!row.group(1).equals(row.group(2))) {
                throw new AssertionError("row " + row.group(1) + " links to item " + row.group(2));
            }
        }
        return new ShopPage(rows.stream().map(r -> Integer.parseInt(r.group(1))).toList(),
                rows.stream().map(r -> r.group(3)).toList(), rows.stream().map(r -> r.group(4)).toList());
    }

    /** The ids from {@code first} to {@code last}, both included. */
    static List<Integer> ids(int first, int last) {
        return IntStream.rangeClosed(first, last).boxed().toList();
    }
}

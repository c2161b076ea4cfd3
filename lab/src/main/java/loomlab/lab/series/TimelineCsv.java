package loomlab.lab.series;

import java.util.List;
import java.util.Locale;
import loomlab.core.arm.TimelinePoint;

/**
 * An arm's per-second time series as CSV, for spreadsheets and plotting tools: one header line with
 * units in the column names, one line per second, empty cells where the server could not be read.
 */
public final class TimelineCsv {
    static final String HEADER = "t_s,requests_per_second,p99_ms,errors,server_cpu_percent,server_rss_mb,server_threads";

    private TimelineCsv() {
    }

    public static String render(List<TimelinePoint> timeline) {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (TimelinePoint point : timeline) {
            csv.append(number(point.tS())).append(',').append(number(point.requestsPerSecond())).append(',')
                    .append(number(point.p99Ms())).append(',').append(point.errors()).append(',')
                    .append(point.serverCpuPercent() == null ? "" : number(point.serverCpuPercent())).append(',')
                    .append(point.serverRssMb() == null ? "" : number(point.serverRssMb())).append(',')
                    .append(point.serverThreads() == null ? "" : point.serverThreads().toString()).append('\n');
        }
        return csv.toString();
    }

    /** Up to three decimals, no exponent, no locale: what every CSV reader parses. */
    private static String number(double value) {
        if (!Double.isFinite(value)) {
            return "";
        }
        String text = String.format(Locale.ROOT, "%.3f", value);
        return text.replaceAll("\\.?0+$", "");
    }
}

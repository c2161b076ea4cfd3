import java.util.concurrent.*;
import java.util.concurrent.atomic.*;

/** A platform pool of 4 where fast requests pass through ShopRates.fetch while one request stays in it. */
public class BusyPoolCpu {
    static final AtomicLong served = new AtomicLong();

    public static void main(String[] args) throws Exception {
        AtomicInteger n = new AtomicInteger();
        ExecutorService pool = new ThreadPoolExecutor(4, 4, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                r -> new Thread(r, "shop-exec-" + n.incrementAndGet()));
        pool.submit(() -> ShopOrders.handle(60_000));
        Thread.sleep(100);
        Thread producer = new Thread(() -> {
            Semaphore inFlight = new Semaphore(6);
            while (true) {
                inFlight.acquireUninterruptibly();
                pool.submit(() -> {
                    try {
                        ShopOrders.handle(2);
                    } finally {
                        inFlight.release();
                    }
                });
            }
        }, "shop-load");
        producer.setDaemon(true);
        producer.start();
        Thread.sleep(2000);
        System.out.println("READY " + ProcessHandle.current().pid());
        Thread.sleep(120_000);
        System.exit(0);
    }
}

class ShopOrders {
    static void handle(long waitMs) {
        long sum = 0;
        for (int i = 0; i < 20_000; i++) {
            sum += Long.numberOfTrailingZeros(i * 31L + sum);
        }
        ShopRates.fetch(waitMs, sum);
        BusyPoolCpu.served.incrementAndGet();
    }
}

class ShopRates {
    static void fetch(long waitMs, long seed) {
        try {
            Thread.sleep(waitMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

// Builds one way a Java service can hang or stall, holds it, and lets jcmd take thread dumps of it.
//
//   java DumpScenarios.java SCENARIO        (JDK 21 and JDK 25; no dependencies)
//
// The program prints READY on stdout once the situation is established, holds it, and halts by
// itself HOLD_SECONDS after it started, so nothing it starts can outlive it for long. capture.sh
// runs every scenario on both JDKs and keeps the dumps as test fixtures.
//
// Whose code is whose, as a reader of a dump sees it: every class named Shop* is "the user's"
// service code (the JDK 22+ source launcher wants a file declaring `package shop;` to sit in a
// directory named shop/, so the classes carry the prefix instead of a package). Everything else in
// this file is the harness: the incoming requests (ClosedLoopUsers, RequestTicker), a downstream
// that never answers (SilentDownstream) and the deadline. The harness keeps off the stacks while a
// situation is held: main returns after READY, requests are handed over as method references
// (their lambda classes are hidden frames), and the deadline waits in java.util.Timer.

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

public class DumpScenarios {
    /** How long a scenario lives at most; capture.sh takes its dumps within a few seconds of READY. */
    static final long HOLD_SECONDS = 30;
    /** How long a scenario may take to establish its situation before it gives up. */
    static final long SETUP_MILLIS = 10_000;

    /** A scenario sets its situation up on the main thread and returns once it is established. */
    @FunctionalInterface
    interface Scenario {
        void establish() throws Exception;
    }

    static final Map<String, Scenario> SCENARIOS = new LinkedHashMap<>();
    static {
        SCENARIOS.put("healthy", DumpScenarios::healthy);
        SCENARIOS.put("carrier-deadlock", DumpScenarios::carrierDeadlock);
        SCENARIOS.put("carriers-monopolised", DumpScenarios::carriersMonopolised);
        SCENARIOS.put("monitor-successor-wait", DumpScenarios::monitorSuccessorWait);
        SCENARIOS.put("pool-exhausted", DumpScenarios::poolExhausted);
        SCENARIOS.put("slow-call", DumpScenarios::slowCall);
        SCENARIOS.put("slow-call-platform", DumpScenarios::slowCallPlatform);
        SCENARIOS.put("slow-io", DumpScenarios::slowIo);
        SCENARIOS.put("busy-pool-platform", DumpScenarios::busyPoolPlatform);
        SCENARIOS.put("busy-pool-virtual", DumpScenarios::busyPoolVirtual);
        SCENARIOS.put("cpu-saturated", DumpScenarios::cpuSaturated);
        SCENARIOS.put("cpu-saturated-platform", DumpScenarios::cpuSaturatedPlatform);
        SCENARIOS.put("carrier-deadlock-monitor", DumpScenarios::carrierDeadlockMonitor);
        SCENARIOS.put("carrier-deadlock-successor", DumpScenarios::carrierDeadlockSuccessor);
        SCENARIOS.put("carrier-deadlock-clinit", DumpScenarios::carrierDeadlockClinit);
        SCENARIOS.put("own-forkjoinpool", DumpScenarios::ownForkJoinPool);
        SCENARIOS.put("monitor-contention", DumpScenarios::monitorContention);
        SCENARIOS.put("monitor-contention-platform", DumpScenarios::monitorContentionPlatform);
        SCENARIOS.put("successor-beside-cpu", DumpScenarios::successorBesideCpu);
    }

    public static void main(String[] args) throws Exception {
        Scenario scenario = args.length == 1 ? SCENARIOS.get(args[0]) : null;
        if (scenario == null) {
            System.err.println("usage: java DumpScenarios.java SCENARIO, one of: " + String.join(", ", SCENARIOS.keySet()));
            System.exit(2);
        }
        haltAfter(HOLD_SECONDS);
        scenario.establish();
        System.out.println("READY");
        System.out.flush();
        // main returns here: the JVM lives on in the scenario's threads until the deadline halts it.
    }

    /** Halts the JVM after {@code seconds}, from a JDK timer thread, whatever state the scenario left. */
    static void haltAfter(long seconds) {
        new Timer("scenario-deadline").schedule(new TimerTask() {
            @Override
            public void run() {
                System.err.println("scenario: deadline, halting");
                Runtime.getRuntime().halt(0);
            }
        }, TimeUnit.SECONDS.toMillis(seconds));
    }

    // ---------------------------------------------------------------- scenarios

    /**
     * An idle service: four request threads idle in their pool, an acceptor in accept(), and a few
     * short virtual-thread requests coming and going. Nothing is stuck.
     */
    static void healthy() throws Exception {
        ThreadPoolExecutor requestPool = platformPool("shop-exec-", 4);
        requestPool.prestartAllCoreThreads();
        ShopServer.startAcceptor("shop-acceptor");
        ExecutorService virtualRequests = Executors.newVirtualThreadPerTaskExecutor();
        // Two 150 ms requests every 100 ms: about three alive at any moment, each gone soon.
        RequestTicker.start(virtualRequests, ShopCatalog::browse, 2, 100);
        Thread.sleep(500);
        System.err.println("scenario: pool idle " + (requestPool.getPoolSize() - requestPool.getActiveCount())
                + " of " + requestPool.getPoolSize() + ", product pages served " + ShopCatalog.SERVED.get());
    }

    /**
     * JDK 21's production deadlock: eight users, each request on a virtual thread of its own, wait
     * for ONE shared ReentrantLock from inside synchronized (each on a monitor of its own) and then
     * hold the lock through a 50 ms sleep outside synchronized. On JDK 21 with two carriers the
     * waiters park while pinned and hold both carriers; the holder's sleep ends and it needs a
     * carrier that never comes. On JDK 25 the waiters unmount and requests pass one at a time.
     */
    static void carrierDeadlock() throws Exception {
        ExecutorService virtualRequests = Executors.newVirtualThreadPerTaskExecutor();
        ShopCheckout checkout = new ShopCheckout();
        ClosedLoopUsers users = ClosedLoopUsers.start(virtualRequests, checkout::checkout, 8);
        // Established when either it hung (no completion for 1.5 s) or requests flow (40 done).
        long lastCount = -1;
        long lastChange = System.nanoTime();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETUP_MILLIS);
        while (System.nanoTime() < deadline) {
            long count = users.completed();
            if (count >= 40) {
                System.err.println("scenario: requests pass through the lock in turn (" + count + " completed)");
                return;
            }
            if (count != lastCount) {
                lastCount = count;
                lastChange = System.nanoTime();
            } else if (System.nanoTime() - lastChange > TimeUnit.MILLISECONDS.toNanos(1500)) {
                System.err.println("scenario: hung, no request completed for 1.5 s (" + count + " completed)");
                return;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("neither hung nor flowing after " + SETUP_MILLIS + " ms");
    }

    /**
     * Three CPU-bound requests (more than the two carriers) run ~20 s loops; four requests that would
     * take a moment arrive after them and wait for a carrier that no loop gives back.
     */
    static void carriersMonopolised() throws Exception {
        ExecutorService virtualRequests = Executors.newVirtualThreadPerTaskExecutor();
        for (int i = 0; i < 3; i++) {
            virtualRequests.submit(ShopPricing::compute);
        }
        awaitOrFail("two pricing loops running", () -> ShopPricing.RUNNING.get() >= 2);
        for (int i = 0; i < 4; i++) {
            virtualRequests.submit(ShopHello::answer);
        }
        Thread.sleep(300);
        System.err.println("scenario: pricing loops running " + ShopPricing.RUNNING.get()
                + ", hello answered " + ShopHello.ANSWERED.get() + " of 4");
    }

    /**
     * A platform thread holds monitor M; three virtual threads block on M; two CPU-bound virtual
     * threads take both carriers; a second platform thread blocks on M too; then the holder exits M,
     * so the virtual thread chosen to go next needs a carrier and none is free, while the others,
     * the platform thread among them, wait on a monitor nobody owns. On JDK 21 the blocked virtual
     * threads are pinned on the carriers instead and the loops cannot start until they are through.
     */
    static void monitorSuccessorWait() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        ShopStock stock = new ShopStock(release);
        Thread holder = Thread.ofPlatform().name("shop-stock-sync").start(stock::reconcile);
        awaitOrFail("holder owns the stock monitor", () -> stock.reconciling);
        RecordingThreadFactory virtualThreads = new RecordingThreadFactory(Thread.ofVirtual().factory());
        ExecutorService virtualRequests = Executors.newThreadPerTaskExecutor(virtualThreads);
        for (int i = 0; i < 3; i++) {
            virtualRequests.submit(stock::update);
        }
        // A virtual thread blocked on a monitor says BLOCKED on both JDKs (pinned on 21, unmounted on 25);
        // on JDK 21 the third cannot block yet: both carriers are held by the first two.
        boolean allBlocked = awaitQuietly(2000, () -> virtualThreads.countIn(Thread.State.BLOCKED) == 3);
        System.err.println("scenario: virtual threads blocked on the stock monitor " + virtualThreads.countIn(Thread.State.BLOCKED)
                + (allBlocked ? "" : " of 3"));
        for (int i = 0; i < 2; i++) {
            virtualRequests.submit(ShopPricing::compute);
        }
        boolean loopsRunning = awaitQuietly(2000, () -> ShopPricing.RUNNING.get() >= 2);
        System.err.println("scenario: pricing loops running " + ShopPricing.RUNNING.get() + (loopsRunning ? "" : " (carriers held elsewhere)"));
        // The second platform thread queues for M before the holder leaves it: one that came after
        // would take the free monitor at once (HotSpot lets an arriving thread barge past the
        // successor), so it must already wait when the successor is chosen.
        Thread latecomer = Thread.ofPlatform().name("shop-stock-audit").start(stock::update);
        awaitQuietly(2000, () -> latecomer.getState() == Thread.State.BLOCKED);
        release.countDown();
        holder.join(2000);
        Thread.sleep(300);
        System.err.println("scenario: updates done " + ShopStock.UPDATED.get() + " of 4, holder " + holder.getState()
                + ", audit thread " + latecomer.getState());
    }

    /**
     * A fixed pool of four request threads, every one in a slow call in Inventory.reserve (two
     * sleeping, two waiting for a reply that does not come), six more tasks queued behind them.
     */
    static void poolExhausted() throws Exception {
        ThreadPoolExecutor requestPool = platformPool("shop-exec-", 4);
        ShopInventory inventory = new ShopInventory();
        for (int i = 0; i < 10; i++) {
            Runnable reservation = i % 2 == 0 ? inventory::reserve : inventory::reserveAwaitingReply;
            requestPool.submit(reservation);
        }
        awaitOrFail("four busy threads and six queued tasks",
                () -> requestPool.getActiveCount() == 4 && requestPool.getQueue().size() == 6);
        Thread.sleep(200);
        System.err.println("scenario: pool busy " + requestPool.getActiveCount() + " of " + requestPool.getPoolSize()
                + ", queued " + requestPool.getQueue().size());
    }

    /**
     * Virtual-thread requests come and go (100 ms each, two every 50 ms) while ONE request sits in
     * Payment.charge waiting 20 s for a slow downstream.
     */
    static void slowCall() throws Exception {
        ExecutorService virtualRequests = Executors.newVirtualThreadPerTaskExecutor();
        virtualRequests.submit(ShopPayment::charge);
        RequestTicker.start(virtualRequests, ShopCatalog::lookup, 2, 50);
        awaitOrFail("the charge in its slow call", () -> ShopPayment.CHARGING.get() == 1);
        Thread.sleep(500);
        System.err.println("scenario: charging " + ShopPayment.CHARGING.get() + ", lookups served " + ShopCatalog.SERVED.get());
    }

    /** A platform pool of four: one thread sits 20 s in Payment.charge, the other three are idle. */
    static void slowCallPlatform() throws Exception {
        ThreadPoolExecutor requestPool = platformPool("shop-exec-", 4);
        requestPool.prestartAllCoreThreads();
        requestPool.submit(ShopPayment::charge);
        awaitOrFail("the charge in its slow call", () -> ShopPayment.CHARGING.get() == 1);
        Thread.sleep(300);
        System.err.println("scenario: charging " + ShopPayment.CHARGING.get() + ", pool busy " + requestPool.getActiveCount()
                + " of " + requestPool.getPoolSize());
    }

    /** One virtual thread blocked reading a socket whose other end (in this JVM) never answers. */
    static void slowIo() throws Exception {
        SilentDownstream ledger = SilentDownstream.start("ledger-downstream");
        ExecutorService virtualRequests = Executors.newVirtualThreadPerTaskExecutor();
        ShopLedger ledgerClient = new ShopLedger(ledger.port());
        virtualRequests.submit(ledgerClient::fetch);
        awaitOrFail("the fetch waiting for an answer", () -> ShopLedger.AWAITING.get() == 1 && ledger.accepted() == 1);
        Thread.sleep(300);
        System.err.println("scenario: fetches awaiting the ledger " + ShopLedger.AWAITING.get());
    }

    /**
     * A healthy pool of eight platform threads under a slow downstream: three requests every 100 ms,
     * each waiting 200 ms for the downstream's answer in Quotes.fetch, so about six threads sit in that
     * call at any moment, each serving a new request every 200 ms. Nothing is stuck.
     */
    static void busyPoolPlatform() throws Exception {
        SlowDownstream quotes = SlowDownstream.start("quote-downstream", 200);
        ThreadPoolExecutor requestPool = platformPool("shop-exec-", 8);
        requestPool.prestartAllCoreThreads();
        ShopQuotes client = new ShopQuotes(quotes.port());
        RequestTicker.start(requestPool, client::fetch, 3, 100);
        awaitOrFail("five quotes served", () -> ShopQuotes.SERVED.get() >= 5);
        Thread.sleep(500);
        System.err.println("scenario: pool busy " + requestPool.getActiveCount() + " of " + requestPool.getPoolSize()
                + ", quotes served " + ShopQuotes.SERVED.get());
    }

    /** The same healthy load on a virtual thread per request. */
    static void busyPoolVirtual() throws Exception {
        SlowDownstream quotes = SlowDownstream.start("quote-downstream", 200);
        ExecutorService virtualRequests = Executors.newVirtualThreadPerTaskExecutor();
        ShopQuotes client = new ShopQuotes(quotes.port());
        RequestTicker.start(virtualRequests, client::fetch, 3, 100);
        awaitOrFail("five quotes served", () -> ShopQuotes.SERVED.get() >= 5);
        Thread.sleep(500);
        System.err.println("scenario: quotes served " + ShopQuotes.SERVED.get());
    }

    /**
     * Short CPU-bound requests (about 20 ms of arithmetic each) arrive faster than two carriers run them:
     * four every 20 ms, up to 24 outstanding. Both carriers are busy with a different request every few
     * tens of milliseconds, and the rest queue for one. No request holds a carrier for long.
     */
    static void cpuSaturated() throws Exception {
        ExecutorService virtualRequests = Executors.newVirtualThreadPerTaskExecutor();
        BoundedTicker ticker = BoundedTicker.start(virtualRequests, ShopPricing::quote, 4, 20, 24);
        awaitOrFail("a queue of CPU requests", () -> ticker.outstanding() >= 20 && ShopPricing.QUOTED.get() >= 20);
        Thread.sleep(300);
        System.err.println("scenario: outstanding " + ticker.outstanding() + ", quotes " + ShopPricing.QUOTED.get());
    }

    /** The same short CPU-bound requests on a pool of four platform threads on this machine's cores. */
    static void cpuSaturatedPlatform() throws Exception {
        ThreadPoolExecutor requestPool = platformPool("shop-exec-", 4);
        requestPool.prestartAllCoreThreads();
        BoundedTicker ticker = BoundedTicker.start(requestPool, ShopPricing::quote, 4, 20, 24);
        awaitOrFail("a queue of CPU requests", () -> ticker.outstanding() >= 20 && ShopPricing.QUOTED.get() >= 20);
        Thread.sleep(300);
        System.err.println("scenario: outstanding " + ticker.outstanding() + ", pool queue "
                + requestPool.getQueue().size() + ", quotes " + ShopPricing.QUOTED.get());
    }

    /**
     * Issue 39's deadlock of a plain service: a posting takes the books' ReentrantLock and sleeps holding
     * it (outside synchronized); an audit enters the register's monitor and waits for the books' lock
     * inside it (pinned on JDK 21); a second audit blocks entering the register's monitor (which pins on
     * JDK 21 too, with no park frame to show it). The posting's sleep ends and it needs a carrier: on JDK
     * 21 both are held. On JDK 25 neither audit holds a carrier, and all three complete.
     */
    static void carrierDeadlockMonitor() throws Exception {
        ExecutorService virtualRequests = Executors.newVirtualThreadPerTaskExecutor();
        ShopAccounts accounts = new ShopAccounts();
        virtualRequests.submit(accounts::post);
        awaitOrFail("the posting holding the books", accounts::booksHeld);
        virtualRequests.submit(accounts::audit);
        awaitQuietly(2000, () -> accounts.booksQueue() >= 1);
        virtualRequests.submit(accounts::audit);
        for (int i = 0; i < 4; i++) {
            virtualRequests.submit(accounts::post); // more requests, queued behind the carriers
        }
        holdOrFlow("postings and audits", () -> ShopAccounts.DONE.get() >= 7);
    }

    /**
     * The production (Netflix) shape on JDK 21: a platform thread holds the order book's ReentrantLock; a
     * virtual thread waits for it outside synchronized (it unmounts, first in the lock's queue); two
     * more wait for it inside synchronized (pinned: both carriers). Then the platform thread releases the
     * lock: the queue's first, off any carrier, is woken to take it and never gets a carrier. The lock is
     * free, and nothing runs. On JDK 25 the pinned ones are not pinned and every request completes.
     */
    static void carrierDeadlockSuccessor() throws Exception {
        ExecutorService virtualRequests = Executors.newVirtualThreadPerTaskExecutor();
        ShopTokens tokens = new ShopTokens();
        CountDownLatch release = new CountDownLatch(1);
        Thread refresher = Thread.ofPlatform().name("shop-token-refresher").start(() -> tokens.refreshUntil(release));
        awaitOrFail("the refresher holding the lock", tokens::held);
        virtualRequests.submit(tokens::renew);
        awaitOrFail("the renewal queued on the lock", () -> tokens.queued() == 1);
        virtualRequests.submit(tokens::charge);
        virtualRequests.submit(tokens::charge);
        awaitOrFail("three queued on the lock", () -> tokens.queued() == 3);
        Thread.sleep(200);
        release.countDown();
        refresher.join(2000);
        holdOrFlow("renewals and charges", () -> ShopTokens.DONE.get() >= 3);
    }

    /**
     * A deadlock that JDK 25 has too: two requests initialise a rate table each, and each table's static
     * initializer waits for the rates' ReentrantLock, which a reload holds while it sleeps. A virtual
     * thread parked inside a class initializer stays pinned on every JDK here, so both carriers are held;
     * the reload's sleep ends and it needs a carrier.
     */
    static void carrierDeadlockClinit() throws Exception {
        ExecutorService virtualRequests = Executors.newVirtualThreadPerTaskExecutor();
        virtualRequests.submit(ShopRates::reload);
        awaitOrFail("the reload holding the rates", ShopRates::held);
        virtualRequests.submit(ShopRates::euro);
        virtualRequests.submit(ShopRates::dollar);
        awaitOrFail("two initializers waiting", () -> ShopRates.queued() == 2);
        holdOrFlow("the reload and both tables", () -> ShopRates.DONE.get() >= 3);
    }

    /**
     * The service's own ForkJoinPool, made before any virtual thread (so it is ForkJoinPool-1 and the
     * scheduler ForkJoinPool-2), runs three report tasks, while the checkout deadlock of carrier-deadlock
     * holds the scheduler's two carriers on JDK 21. Only the scheduler's workers are carriers.
     */
    static void ownForkJoinPool() throws Exception {
        ForkJoinPool reports = new ForkJoinPool(3);
        for (int i = 0; i < 3; i++) {
            reports.submit(ShopReport::render);
        }
        awaitOrFail("three reports rendering", () -> ShopReport.RENDERING.get() == 3);
        carrierDeadlock();
    }

    /**
     * Requests on a virtual thread each look an entry up in one synchronized index, which holds its
     * monitor 5 ms a time (as a jar loader reading an entry does): 200 lookups a second at most, four
     * arriving every 10 ms, up to 30 outstanding. Most of them wait for the monitor.
     */
    static void monitorContention() throws Exception {
        ExecutorService virtualRequests = Executors.newVirtualThreadPerTaskExecutor();
        ShopJarIndex index = new ShopJarIndex();
        BoundedTicker ticker = BoundedTicker.start(virtualRequests, index::hasEntry, 4, 10, 30);
        awaitOrFail("a queue at the index", () -> ticker.outstanding() >= 25 && ShopJarIndex.LOOKUPS.get() >= 20);
        Thread.sleep(300);
        System.err.println("scenario: outstanding " + ticker.outstanding() + ", lookups " + ShopJarIndex.LOOKUPS.get());
    }

    /** The same lookups on a pool of ten platform threads: at most ten wait, nine of them for the monitor. */
    static void monitorContentionPlatform() throws Exception {
        ThreadPoolExecutor requestPool = platformPool("shop-exec-", 10);
        requestPool.prestartAllCoreThreads();
        ShopJarIndex index = new ShopJarIndex();
        BoundedTicker ticker = BoundedTicker.start(requestPool, index::hasEntry, 4, 10, 30);
        awaitOrFail("a queue at the index", () -> ticker.outstanding() >= 25 && ShopJarIndex.LOOKUPS.get() >= 20);
        Thread.sleep(300);
        System.err.println("scenario: outstanding " + ticker.outstanding() + ", pool queue "
                + requestPool.getQueue().size() + ", lookups " + ShopJarIndex.LOOKUPS.get());
    }

    /**
     * monitor-successor-wait's free monitor, but the carriers busy with short CPU requests (200 ms each,
     * a different one every 100 ms) rather than two long loops: 60 of them queued ahead of the moment the
     * holder leaves the monitor, so the successor it chooses waits about 6 s for a carrier. Both carriers
     * are busy and change hands; the successor waits for one of them (JDK 25).
     */
    static void successorBesideCpu() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        ShopStock stock = new ShopStock(release);
        Thread holder = Thread.ofPlatform().name("shop-stock-sync").start(stock::reconcile);
        awaitOrFail("the holder inside the monitor", () -> stock.reconciling);
        RecordingThreadFactory factory = new RecordingThreadFactory(Thread.ofVirtual().factory());
        ExecutorService virtualRequests = Executors.newThreadPerTaskExecutor(factory);
        for (int i = 0; i < 3; i++) {
            virtualRequests.submit(stock::update);
        }
        awaitQuietly(2000, () -> factory.countIn(Thread.State.BLOCKED) >= 3);
        for (int i = 0; i < 60; i++) {
            virtualRequests.submit(ShopPricing::batch);
        }
        awaitQuietly(2000, () -> ShopPricing.RUNNING.get() >= 2);
        release.countDown();
        holder.join(2000);
        Thread.sleep(100);
        System.err.println("scenario: updates done " + ShopStock.UPDATED.get() + " of 3, batches running "
                + ShopPricing.RUNNING.get());
    }

    // ---------------------------------------------------------------- harness helpers

    /**
     * Established when either it hung (nothing done for 1.5 s after the last change) or requests flow
     * ({@code flowing} true): says which on stderr.
     */
    static void holdOrFlow(String what, BooleanSupplier flowing) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while (System.nanoTime() < deadline) {
            if (flowing.getAsBoolean()) {
                System.err.println("scenario: " + what + " completed");
                return;
            }
            Thread.sleep(50);
        }
        System.err.println("scenario: hung, " + what + " not completed after 3 s");
    }

    /** A fixed pool of {@code size} platform threads named {@code prefix1..size}, like a server's. */
    static ThreadPoolExecutor platformPool(String prefix, int size) {
        return new ThreadPoolExecutor(size, size, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                Thread.ofPlatform().name(prefix, 1).factory());
    }

    static void awaitOrFail(String what, BooleanSupplier condition) throws InterruptedException {
        if (!awaitQuietly(SETUP_MILLIS, condition)) {
            throw new IllegalStateException("not established within " + SETUP_MILLIS + " ms: " + what);
        }
    }

    /** Polls {@code condition} for up to {@code millis}; whether it became true. */
    static boolean awaitQuietly(long millis, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }
}

// -------------------------------------------------------------------- harness: incoming requests

/**
 * Users who each send a request, wait for its answer and send the next; every request runs on a
 * thread of its own from the service's executor, as a thread-per-request server does.
 */
final class ClosedLoopUsers {
    private final ExecutorService executor;
    private final Runnable request;
    private final AtomicLong completed = new AtomicLong();

    private ClosedLoopUsers(ExecutorService executor, Runnable request) {
        this.executor = executor;
        this.request = request;
    }

    static ClosedLoopUsers start(ExecutorService executor, Runnable request, int users) {
        ClosedLoopUsers loop = new ClosedLoopUsers(executor, request);
        for (int i = 0; i < users; i++) {
            executor.submit(loop::serveOne);
        }
        return loop;
    }

    long completed() {
        return completed.get();
    }

    private void serveOne() {
        request.run();
        completed.incrementAndGet();
        executor.submit(this::serveOne);
    }
}

/** An open stream of short requests: {@code perTick} requests every {@code periodMillis}. */
final class RequestTicker {
    static void start(ExecutorService executor, Runnable request, int perTick, long periodMillis) {
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("request-ticker").daemon(true).factory());
        ticker.scheduleAtFixedRate(new Tick(executor, request, perTick), 0, periodMillis, TimeUnit.MILLISECONDS);
    }

    private record Tick(ExecutorService executor, Runnable request, int perTick) implements Runnable {
        @Override
        public void run() {
            for (int i = 0; i < perTick; i++) {
                executor.submit(request);
            }
        }
    }
}

/**
 * An open stream of requests with a cap: {@code perTick} requests every {@code periodMillis} while fewer
 * than {@code cap} are outstanding, so a queue builds up to the cap and stays there.
 */
final class BoundedTicker {
    private final ExecutorService executor;
    private final Runnable request;
    private final int perTick;
    private final int cap;
    private final AtomicInteger outstanding = new AtomicInteger();

    private BoundedTicker(ExecutorService executor, Runnable request, int perTick, int cap) {
        this.executor = executor;
        this.request = request;
        this.perTick = perTick;
        this.cap = cap;
    }

    static BoundedTicker start(ExecutorService executor, Runnable request, int perTick, long periodMillis, int cap) {
        BoundedTicker ticker = new BoundedTicker(executor, request, perTick, cap);
        Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("request-ticker").daemon(true).factory())
                .scheduleAtFixedRate(ticker::tick, 0, periodMillis, TimeUnit.MILLISECONDS);
        return ticker;
    }

    int outstanding() {
        return outstanding.get();
    }

    private void tick() {
        for (int i = 0; i < perTick && outstanding.get() < cap; i++) {
            outstanding.incrementAndGet();
            executor.submit(this::serve);
        }
    }

    private void serve() {
        try {
            request.run();
        } finally {
            outstanding.decrementAndGet();
        }
    }
}

/**
 * A downstream service that answers each line after {@code delayMillis}: one platform thread accepts
 * and reads, and the answer is written from a scheduler thread, so no thread of it waits in a frame of
 * its own while a request waits.
 */
final class SlowDownstream {
    private final ServerSocket server;
    private final long delayMillis;
    private final ScheduledExecutorService answers = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("downstream-answers").daemon(true).factory());

    private SlowDownstream(ServerSocket server, long delayMillis) {
        this.server = server;
        this.delayMillis = delayMillis;
    }

    static SlowDownstream start(String threadName, long delayMillis) throws IOException {
        ServerSocket server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        SlowDownstream downstream = new SlowDownstream(server, delayMillis);
        Thread.ofPlatform().name(threadName).daemon(true).start(downstream::acceptForever);
        return downstream;
    }

    int port() {
        return server.getLocalPort();
    }

    private void acceptForever() {
        try {
            while (true) {
                Socket client = server.accept();
                client.getInputStream().read(new byte[64]); // the caller's one short line
                answers.schedule(new Answer(client), delayMillis, TimeUnit.MILLISECONDS);
            }
        } catch (IOException e) {
            System.err.println("scenario: downstream stopped: " + e);
        }
    }

    private record Answer(Socket client) implements Runnable {
        @Override
        public void run() {
            try (client) {
                client.getOutputStream().write("42\n".getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                System.err.println("scenario: downstream answer failed: " + e);
            }
        }
    }
}

/** Hands out the threads of {@code delegate}, remembering them so the harness can see their states. */
final class RecordingThreadFactory implements ThreadFactory {
    private final ThreadFactory delegate;
    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    RecordingThreadFactory(ThreadFactory delegate) {
        this.delegate = delegate;
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread thread = delegate.newThread(task);
        threads.add(thread);
        return thread;
    }

    long countIn(Thread.State state) {
        return threads.stream().filter(thread -> thread.getState() == state).count();
    }
}

/** A downstream service that accepts connections, reads nothing and never answers. */
final class SilentDownstream {
    private final ServerSocket server;
    private final List<Socket> held = new ArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();

    private SilentDownstream(ServerSocket server) {
        this.server = server;
    }

    static SilentDownstream start(String threadName) throws IOException {
        ServerSocket server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        SilentDownstream downstream = new SilentDownstream(server);
        Thread.ofPlatform().name(threadName).daemon(true).start(downstream::acceptForever);
        return downstream;
    }

    int port() {
        return server.getLocalPort();
    }

    int accepted() {
        return accepted.get();
    }

    private void acceptForever() {
        try {
            while (true) {
                held.add(server.accept()); // kept open so the caller's read waits, not fails
                accepted.incrementAndGet();
            }
        } catch (IOException e) {
            System.err.println("scenario: downstream stopped: " + e);
        }
    }
}

// -------------------------------------------------------------------- the user's service code

/** The service's acceptor: a platform thread in ServerSocket.accept, idle until a client comes. */
final class ShopServer {
    private final ServerSocket server;

    private ShopServer(ServerSocket server) {
        this.server = server;
    }

    static void startAcceptor(String threadName) throws IOException {
        ServerSocket server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread.ofPlatform().name(threadName).start(new ShopServer(server)::acceptLoop);
    }

    void acceptLoop() {
        try {
            while (true) {
                try (Socket client = server.accept()) {
                    client.getOutputStream().write("HTTP/1.1 204 No Content\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                }
            }
        } catch (IOException e) {
            System.err.println("shop: acceptor stopped: " + e);
        }
    }
}

/** Short requests: a product page and a catalogue lookup, each a 150 ms or 100 ms wait. */
final class ShopCatalog {
    static final AtomicInteger SERVED = new AtomicInteger();

    static void browse() {
        pause(150);
    }

    static void lookup() {
        pause(100);
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        SERVED.incrementAndGet();
    }
}

/** The checkout that deadlocks JDK 21: the one shared lock, taken from inside synchronized. */
final class ShopCheckout {
    private final ReentrantLock orderBook = new ReentrantLock();

    void checkout() {
        Object cart = new Object();
        synchronized (cart) {
            orderBook.lock(); // waits here while holding the cart's monitor: pins on JDK 21
        }
        try {
            Thread.sleep(50); // the holder sleeps outside synchronized: it unmounts and needs a carrier back
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            orderBook.unlock();
        }
    }
}

/** A CPU-bound request: ~20 s of BigInteger arithmetic that never blocks, so never yields its carrier. */
final class ShopPricing {
    static final AtomicInteger RUNNING = new AtomicInteger();
    static final AtomicInteger QUOTED = new AtomicInteger();
    static volatile BigInteger lastPrice;

    /** A long request: ~20 s. */
    static void compute() {
        RUNNING.incrementAndGet();
        lastPrice = price(TimeUnit.SECONDS.toNanos(20));
        RUNNING.decrementAndGet();
    }

    /** A short request: ~20 ms. */
    static void quote() {
        lastPrice = price(TimeUnit.MILLISECONDS.toNanos(20));
        QUOTED.incrementAndGet();
    }

    /** A medium request: ~200 ms. */
    static void batch() {
        RUNNING.incrementAndGet();
        lastPrice = price(TimeUnit.MILLISECONDS.toNanos(200));
        RUNNING.decrementAndGet();
    }

    private static BigInteger price(long nanos) {
        long end = System.nanoTime() + nanos;
        BigInteger modulus = BigInteger.valueOf(1_000_000_007L);
        BigInteger price = BigInteger.ONE;
        while (System.nanoTime() < end) {
            price = price.multiply(BigInteger.valueOf(31)).add(BigInteger.TWO).mod(modulus);
        }
        return price;
    }
}

/** A request that takes a moment, once it has a thread to run on. */
final class ShopHello {
    static final AtomicInteger ANSWERED = new AtomicInteger();

    static String answer() {
        ANSWERED.incrementAndGet();
        return "hello";
    }
}

/** Stock kept under the monitor of the ShopStock instance. */
final class ShopStock {
    static final AtomicInteger UPDATED = new AtomicInteger();
    volatile boolean reconciling;
    private int units;

    private final CountDownLatch release;

    ShopStock(CountDownLatch release) {
        this.release = release;
    }

    /** Holds this monitor until released, as a long batch job would. */
    synchronized void reconcile() {
        reconciling = true;
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        reconciling = false;
    }

    synchronized void update() {
        units++;
        UPDATED.incrementAndGet();
    }
}

/** Reserves stock through a warehouse that answers slowly, or not at all. */
final class ShopInventory {
    /** The warehouse's reply, which does not come while the scenario lasts. */
    private final CompletableFuture<String> warehouseReply = new CompletableFuture<>();

    void reserve() {
        try {
            Thread.sleep(TimeUnit.SECONDS.toMillis(25)); // the slow call, done in place
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void reserveAwaitingReply() {
        try {
            warehouseReply.get(25, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (TimeoutException | ExecutionException e) {
            System.err.println("shop: warehouse gave no reply: " + e);
        }
    }
}

/** A payment whose downstream takes 20 s to answer. */
final class ShopPayment {
    static final AtomicInteger CHARGING = new AtomicInteger();

    static void charge() {
        CHARGING.incrementAndGet();
        try {
            Thread.sleep(TimeUnit.SECONDS.toMillis(20));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        CHARGING.decrementAndGet();
    }
}

/** Fetches a balance from the ledger service over a plain socket. */
final class ShopLedger {
    static final AtomicInteger AWAITING = new AtomicInteger();
    private final int port;

    ShopLedger(int port) {
        this.port = port;
    }

    int fetch() throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = socket.getOutputStream();
            out.write("BALANCE 42\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            AWAITING.incrementAndGet();
            return in.read(); // the ledger never answers: blocks here
        }
    }
}

/** Fetches a quote from the quotes service over a plain socket: the downstream call of a healthy, busy pool. */
final class ShopQuotes {
    static final AtomicInteger SERVED = new AtomicInteger();
    private final int port;

    ShopQuotes(int port) {
        this.port = port;
    }

    void fetch() {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.getOutputStream().write("QUOTE 7\n".getBytes(StandardCharsets.US_ASCII));
            socket.getInputStream().read(new byte[16]); // the downstream answers after 200 ms
            SERVED.incrementAndGet();
        } catch (IOException e) {
            System.err.println("shop: quote failed: " + e);
        }
    }
}

/** Postings take the books' lock and hold it through a pause; audits wait for it inside the register's monitor. */
final class ShopAccounts {
    static final AtomicInteger DONE = new AtomicInteger();
    private final ReentrantLock books = new ReentrantLock();
    private final Object register = new Object();

    void post() {
        books.lock();
        try {
            Thread.sleep(300); // holds the books while it sleeps: it unmounts and needs a carrier back
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            books.unlock();
        }
        DONE.incrementAndGet();
    }

    void audit() {
        synchronized (register) {
            books.lock(); // waits here inside synchronized: pinned on JDK 21
            books.unlock();
        }
        DONE.incrementAndGet();
    }

    boolean booksHeld() {
        return books.isLocked();
    }

    int booksQueue() {
        return books.getQueueLength();
    }
}

/** Tokens renewed under one lock, and charges that need it from inside synchronized. */
final class ShopTokens {
    static final AtomicInteger DONE = new AtomicInteger();
    private final ReentrantLock lock = new ReentrantLock();

    void refreshUntil(CountDownLatch release) {
        lock.lock();
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }

    void renew() {
        lock.lock(); // outside synchronized: it unmounts while it waits
        lock.unlock();
        DONE.incrementAndGet();
    }

    void charge() {
        Object wallet = new Object();
        synchronized (wallet) {
            lock.lock(); // inside synchronized: pinned on JDK 21
            lock.unlock();
        }
        DONE.incrementAndGet();
    }

    boolean held() {
        return lock.isLocked();
    }

    int queued() {
        return lock.getQueueLength();
    }
}

/** Exchange rates behind one lock; each currency's table loads them in its static initializer. */
final class ShopRates {
    static final AtomicInteger DONE = new AtomicInteger();
    static final ReentrantLock TABLE = new ReentrantLock();

    static void reload() {
        TABLE.lock();
        try {
            Thread.sleep(300); // holds the table while it sleeps: it unmounts and needs a carrier back
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            TABLE.unlock();
        }
        DONE.incrementAndGet();
    }

    static int rate() {
        TABLE.lock(); // called from a class initializer: parks pinned on every JDK here
        try {
            return 1;
        } finally {
            TABLE.unlock();
        }
    }

    static void euro() {
        DONE.addAndGet(ShopEuroRates.RATE);
    }

    static void dollar() {
        DONE.addAndGet(ShopDollarRates.RATE);
    }

    static boolean held() {
        return TABLE.isLocked();
    }

    static int queued() {
        return TABLE.getQueueLength();
    }
}

final class ShopEuroRates {
    static final int RATE = ShopRates.rate();
}

final class ShopDollarRates {
    static final int RATE = ShopRates.rate();
}

/** A report rendered on the service's own ForkJoinPool: a long wait in each task. */
final class ShopReport {
    static final AtomicInteger RENDERING = new AtomicInteger();

    static void render() {
        RENDERING.incrementAndGet();
        try {
            Thread.sleep(TimeUnit.SECONDS.toMillis(25));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

/** An index of a jar's entries behind one monitor, held 5 ms a lookup, as a jar loader reading an entry holds it. */
final class ShopJarIndex {
    static final AtomicInteger LOOKUPS = new AtomicInteger();
    private final Object entries = new Object();

    void hasEntry() {
        synchronized (entries) {
            LOOKUPS.incrementAndGet();
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

package loomlab.core.breakage;

import java.util.List;
import loomlab.core.frames.Frames;

/**
 * Frames near the top of a stack that mean a thread waits for work by design: an accept, a selector or
 * an event loop's poll, a pool's idle worker (timed or not: a pool keeps spare threads in a timed poll
 * and retires them when it times out), a consumer's untimed take from its queue, a timer between tasks,
 * and the JDK's reference handlers. A timed poll outside a pool's own machinery may be a request waiting
 * for a reply, and is not here.
 */
public final class AtRest {
    static final List<String> FRAMES = List.of(
            // The JDK's sockets, selectors, pools, queues and timers.
            "sun.nio.ch.Net.accept", "sun.nio.ch.EPoll.wait", "sun.nio.ch.ServerSocketChannelImpl.accept",
            "sun.nio.ch.SelectorImpl.select", "sun.nio.ch.KQueue.poll",
            "java.util.concurrent.ThreadPoolExecutor.getTask", "java.util.concurrent.ForkJoinPool.awaitWork",
            "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take",
            "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.poll", "java.lang.ref.",
            "java.util.concurrent.ArrayBlockingQueue.take", "java.util.concurrent.LinkedBlockingQueue.take",
            "java.util.concurrent.LinkedBlockingDeque.take", "java.util.concurrent.LinkedTransferQueue.take",
            "java.util.concurrent.PriorityBlockingQueue.take", "java.util.concurrent.DelayQueue.take",
            "java.util.TimerThread.mainLoop",
            // Tomcat's own executor: its workers beyond the spare ones wait in a timed TaskQueue.poll.
            "org.apache.tomcat.util.threads.ThreadPoolExecutor.getTask", "org.apache.tomcat.util.threads.TaskQueue.poll",
            "org.apache.tomcat.util.threads.TaskQueue.take",
            // Jetty's pool: an idle runner polls its BlockingArrayQueue; a reserved thread waits to be handed a job.
            "org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.idleJobPoll",
            "org.eclipse.jetty.util.thread.QueuedThreadPool.idleJobPoll",
            "org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread.reservedWait",
            // Jetty 12's reserved thread: a timed Semaphore.tryAcquire until it is handed a job.
            "org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread.waitForTask",
            // Netty's event loops (Vert.x runs on them), native epoll or kqueue, and their task queues and timer.
            "io.netty.channel.epoll.Native.epollWait", "io.netty.channel.epoll.EpollEventLoop.epollWait",
            "io.netty.channel.epoll.EpollIoHandler.epollWait", "io.netty.channel.kqueue.Native.keventWait",
            "io.netty.channel.kqueue.KQueueEventLoop.kqueueWait", "io.netty.channel.nio.NioEventLoop.select",
            "io.netty.util.concurrent.SingleThreadEventExecutor.takeTask",
            "io.netty.util.concurrent.GlobalEventExecutor.takeTask", "io.netty.util.HashedWheelTimer$Worker.waitForNextTick");
    private static final int DEPTH = 10;

    private AtRest() {
    }

    /**
     * Waits for work by design: one of {@link #FRAMES} among its top frames. A library's frame may come
     * shaded under another package ({@code org.apache.hbase.thirdparty.org.eclipse.jetty...}), so those match
     * after a dot as well as at the start; the JDK's are never shaded.
     */
    public static boolean waitsForWork(DumpedThread thread) {
        return thread.frames().stream().limit(DEPTH).anyMatch(f -> FRAMES.stream()
                .anyMatch(rest -> f.startsWith(rest) || !Frames.isJdk(rest) && f.contains("." + rest)));
    }
}

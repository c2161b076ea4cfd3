package loomlab.load;

/**
 * The closed model: a fixed set of users, each sending its next request when its previous one is
 * answered (plus the think time). A user's intended send time is the end of its think time, so a
 * late wake-up still counts against latency.
 */
final class ClosedWorkload implements Workload {
    private final EventLoop loop;
    private final Connection[] users;
    private final RunWindow window;
    private final RequestBudget budget;
    private final long thinkNanos;
    private final DeadlineQueue thinking;
    private int activeUsers;

    ClosedWorkload(EventLoop loop, int users, RunWindow window, RequestBudget budget, long thinkNanos) {
        this.loop = loop;
        this.users = new Connection[users];
        this.window = window;
        this.budget = budget;
        this.thinkNanos = thinkNanos;
        this.thinking = new DeadlineQueue(thinkNanos);
        for (int i = 0; i < users; i++) {
            this.users[i] = loop.newConnection();
        }
    }

    @Override
    public void start(long now) {
        activeUsers = users.length;
        for (Connection user : users) {
            issue(user, now);
        }
    }

    @Override
    public void onTick(long now) {
        if (budget.exhausted()) {
            retireThinking(); // another loop took the last claim and woke this one
        }
        for (DeadlineQueue.Entry due; (due = thinking.pollDue(now)) != null; ) {
            issue((Connection) due, due.deadline());
        }
    }

    @Override
    public long nextDeadline() {
        return thinking.nextDeadline();
    }

    @Override
    public void onFree(Connection user, long now) {
        if (thinkNanos == 0) {
            issue(user, now);
        } else if (window.phaseOf(now + thinkNanos) == RunWindow.Phase.OVER
                || window.phaseOf(now) == RunWindow.Phase.MEASURED && budget.exhausted()) {
            // It would wake after the end, or to find no request left to send: stop now rather than
            // hold the run open for a think time that measures nothing.
            retire(user);
        } else {
            thinking.add(user, now);
        }
    }

    @Override
    public void onBackoffOver(Connection user, long since, long now) {
        issue(user, since);
    }

    @Override
    public boolean finished() {
        return activeUsers == 0;
    }

    private void issue(Connection user, long intendedNanos) {
        switch (window.phaseOf(intendedNanos)) {
            case WARMUP -> {
                loop.metrics().recordWarmupRequest();
                user.send(intendedNanos, false);
            }
            case MEASURED -> {
                if (budget.tryClaim()) {
                    user.send(intendedNanos, true);
                    if (budget.exhausted()) {
                        retireThinking();
                    }
                } else {
                    retire(user);
                }
            }
            case OVER -> retire(user);
        }
    }

    /**
     * The last request was claimed: a user still thinking would only wake to find none left, so it stops
     * now, and the run ends at its last answer rather than up to a think time later (a user that was
     * answered early, sent again and took the last claims leaves slower users thinking). With several
     * loops, the budget wakes the others, whose next tick retires theirs.
     */
    private void retireThinking() {
        for (DeadlineQueue.Entry waiting; (waiting = thinking.first()) != null; ) {
            thinking.remove(waiting);
            retire((Connection) waiting);
        }
    }

    private void retire(Connection user) {
        activeUsers--;
        user.close();
    }
}

package loomlab.load;

/** Decides when an event loop sends what: the closed model (users) or the open model (arrivals). */
sealed interface Workload permits ClosedWorkload, OpenWorkload {

    /** Creates this loop's connections and sends the first requests. */
    void start(long now);

    /** Fires the workload's own timers that are due (think times, arrivals). */
    void onTick(long now);

    /** When {@link #onTick} next has something to do; {@code Long.MAX_VALUE} if nothing is scheduled. */
    long nextDeadline();

    /** The connection's request ended (answered or failed) and the connection may carry another. */
    void onFree(Connection connection, long now);

    /** The connection's reconnect back-off is over; {@code since} is when it ended. */
    void onBackoffOver(Connection connection, long since, long now);

    /** Nothing more will be sent (in-flight requests may still be finishing). */
    boolean finished();
}

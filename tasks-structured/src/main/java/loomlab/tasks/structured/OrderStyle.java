package loomlab.tasks.structured;

import java.util.concurrent.Callable;

/**
 * One way to write seed 003's handleOrder: run the inventory and order updates concurrently and
 * combine their results. A style is opened per call; {@link #close()} waits for whatever work the
 * call left behind, so that one experiment case cannot bleed into the next.
 */
public interface OrderStyle extends AutoCloseable {

    String label();

    int handleOrder(Callable<Integer> inventory, Callable<Integer> order) throws Exception;

    @Override
    void close();
}

package dev.hudilayout.continuous;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.function.Supplier;

/**
 * Runs the continuous plan in a pool of its own. The local engine context plans the partitions in
 * a parallel stream, which on the common pool would hold its workers (one on two cores) in requests
 * to the embedded timeline server, whose handlers need that pool to answer; each such request then
 * waited out the remote view's timeout (300 s) before falling back to a local view. The pool's
 * thread carries the caller's context class loader: a new pool thread gets the system loader, which
 * cannot see the Hudi bundle when it came in through Spark's --jars or --packages, and Avro then
 * decodes the metadata table's records as generic ones (0.15 fails with a ClassCastException
 * reading the partitions list).
 */
final class PlanPool {
  private PlanPool() {
  }

  /** What {@code plan} returns, run on a pool thread; a refusal of ours is thrown as it was thrown. */
  static <T> T call(Supplier<T> plan) {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    ForkJoinPool pool = new ForkJoinPool(1, owner -> {
      ForkJoinWorkerThread thread = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(owner);
      thread.setContextClassLoader(loader);
      return thread;
    }, null, false);
    try {
      return pool.submit(plan::get).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("hudi-layout: the continuous plan was interrupted", e);
    } catch (ExecutionException e) {
      // a refusal of ours reaches the user as it was thrown, not inside Hudi's wrappers of the plan's map
      for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
        if (cause instanceof IllegalArgumentException && String.valueOf(cause.getMessage()).startsWith("hudi-layout:")) {
          throw (IllegalArgumentException) cause;
        }
      }
      Throwable cause = e.getCause();
      throw cause instanceof RuntimeException ? (RuntimeException) cause : new IllegalStateException(cause);
    } finally {
      pool.shutdown();
    }
  }
}

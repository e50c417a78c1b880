package dev.hudilayout.continuous;

import dev.hudilayout.hudi.HudiLine;
import dev.hudilayout.plan.RecentWrites;

import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieReplaceCommitMetadata;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.apache.hudi.common.model.WriteOperationType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieInstantTimeGenerator;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.exception.HoodieException;

import java.io.IOException;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the completed commits on the active timeline wrote, read once from their write statistics:
 * the instant that created each file group (the commit whose statistics name it with no previous
 * commit, {@link HoodieWriteStat#NULL_COMMIT}), and per partition the bytes ingested (every write)
 * and rewritten (clusterings), whose ratio is the layout's write amplification so far.
 *
 * <p>A region's layers are file groups of one origin
 * ({@link Regions#layers}): a copy-on-write upsert that rewrites a file in place gives its new
 * version the upsert's instant, but the file keeps the layer of the clustering or write that made
 * it. Layered by the newest version's instant instead, an upsert that touches every file of a
 * region would make them all one layer, its base, and the region would never fall due (its
 * pending layers folded into its base by every update).
 */
final class CommitHistory {
  /** The origin of a file group created before the active timeline begins: older than any instant. */
  static final String BEFORE_TIMELINE = "";

  private final Map<String, String> created = new HashMap<>();
  /** Per partition: {bytes ingested, bytes rewritten by clusterings}. */
  private final Map<String, long[]> written = new HashMap<>();
  private final List<HoodieCommitMetadata> replaces = new ArrayList<>();
  /** The writes (not clusterings or compactions), with the file groups each created and updated. */
  private final List<RecentWrites.Write> writes = new ArrayList<>();
  /** When the writes completed, and when the newest clustering did (ms; Long.MIN_VALUE for none). */
  private final List<Long> writeTimes = new ArrayList<>();
  /** The partitions the writes on the active timeline wrote into. */
  private final Set<String> writtenPartitions = new TreeSet<>();
  private long newestClustering = Long.MIN_VALUE;
  /** Whether a write is requested or in flight on the timeline. */
  private boolean writing;

  private CommitHistory() {
  }

  /** What the completed commits of {@code metaClient}'s active timeline wrote (the timeline reloaded, each commit read once). */
  static CommitHistory read(HoodieTableMetaClient metaClient) {
    var active = metaClient.reloadActiveTimeline();
    HoodieTimeline timeline = active.getCommitsTimeline().filterCompletedInstants();
    CommitHistory out = new CommitHistory();
    out.writing = active.getCommitsTimeline().filterInflightsAndRequested().getInstantsAsStream()
        .anyMatch(i -> HoodieTimeline.COMMIT_ACTION.equals(i.getAction())
            || HoodieTimeline.DELTA_COMMIT_ACTION.equals(i.getAction()));
    for (HoodieInstant instant : timeline.getInstants()) {
      HoodieCommitMetadata commit = metadata(timeline, instant);
      if (commit instanceof HoodieReplaceCommitMetadata) {
        out.replaces.add(0, commit);
      }
      int kind = commit.getOperationType() == WriteOperationType.CLUSTER ? 1 : 0;
      String time = HudiLine.get().instantTime(instant);
      boolean write = isWrite(commit.getOperationType());
      Set<String> made = new HashSet<>();
      Set<String> updated = new HashSet<>();
      for (HoodieWriteStat stat : commit.getWriteStats()) {
        String previous = stat.getPrevCommit();
        if (stat.getFileId() != null && (previous == null || HoodieWriteStat.NULL_COMMIT.equals(previous))) {
          out.created.merge(stat.getFileId(), time, (a, b) -> a.compareTo(b) <= 0 ? a : b);
          made.add(stat.getFileId());
        } else if (stat.getFileId() != null) {
          updated.add(stat.getFileId());
        }
        String partition = stat.getPartitionPath() == null ? "" : stat.getPartitionPath();
        out.written.computeIfAbsent(partition, p -> new long[2])[kind] += stat.getTotalWriteBytes();
        if (write) {
          out.writtenPartitions.add(partition);
        }
      }
      long completed = millis(HudiLine.get().completionTime(instant), time);
      if (write) {
        out.writes.add(new RecentWrites.Write(time, made, updated));
        out.writeTimes.add(completed);
      } else if (kind == 1) {
        out.newestClustering = Math.max(out.newestClustering, completed);
      }
    }
    return out;
  }

  /**
   * The file groups the next write is likely to touch, from the writes on the active timeline
   * ({@link RecentWrites}); none once the writers have paused ({@link RecentWrites#writersActive}).
   */
  RecentWrites recentWrites() {
    return writersActive(System.currentTimeMillis()) ? RecentWrites.of(writes, created) : RecentWrites.PAUSED;
  }

  /** The partitions the writes on the active timeline wrote into. */
  Set<String> writtenPartitions() {
    return writtenPartitions;
  }

  /** Whether the writers are active at {@code now} (ms), see {@link RecentWrites#writersActive}. */
  boolean writersActive(long now) {
    return RecentWrites.writersActive(writing, writeTimes, newestClustering, now);
  }

  /** When the writers count as paused without a clustering after their newest write (ms), see {@link RecentWrites#pausedAt}. */
  long writersPausedAt() {
    return RecentWrites.pausedAt(writeTimes);
  }

  /**
   * An instant's completion time in ms (the timeline's time zone, as Hudi parses its instants);
   * its instant time where the completion time is unknown or not an instant.
   */
  private static long millis(String completed, String instantTime) {
    for (String t : new String[] {completed, instantTime}) {
      try {
        if (t != null) {
          return HoodieInstantTimeGenerator.parseDateFromInstantTime(t).getTime();
        }
      } catch (ParseException | RuntimeException e) {
        // not an instant: try the next
      }
    }
    return Long.MIN_VALUE;
  }

  /** A write of rows (insert, upsert, delete, bulk insert, overwrite): not a clustering or compaction. */
  private static boolean isWrite(WriteOperationType operation) {
    return operation != WriteOperationType.CLUSTER && operation != WriteOperationType.COMPACT
        && operation != WriteOperationType.LOG_COMPACT;
  }

  /** Bytes the writes (not clusterings) on the active timeline wrote into {@code partition}. */
  long ingested(String partition) {
    return written.getOrDefault(partition, new long[2])[0];
  }

  /** Bytes the clusterings on the active timeline wrote into {@code partition}. */
  long rewritten(String partition) {
    return written.getOrDefault(partition, new long[2])[1];
  }

  /** The instant that created file group {@code fileId}, or {@link #BEFORE_TIMELINE} if no commit on the timeline did. */
  String origin(String fileId) {
    return created.getOrDefault(fileId, BEFORE_TIMELINE);
  }

  /** The replacecommits on the timeline (clusterings among them), newest first: where layouts are recorded. */
  List<HoodieCommitMetadata> replacesNewestFirst() {
    return replaces;
  }

  private static HoodieCommitMetadata metadata(HoodieTimeline timeline, HoodieInstant instant) {
    try {
      return HudiLine.get().commitMetadata(timeline, instant);
    } catch (IOException e) {
      throw new HoodieException("hudi-layout: cannot read the commit " + instant, e);
    }
  }
}

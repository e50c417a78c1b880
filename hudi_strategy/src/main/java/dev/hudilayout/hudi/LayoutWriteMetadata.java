package dev.hudilayout.hudi;

import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.table.action.HoodieWriteMetadata;

import java.util.Map;

/**
 * Stage "record", on the commit: the clustering result as Hudi's {@link HoodieWriteMetadata},
 * plus the layout we applied. Hudi builds the replacecommit's metadata after the execution
 * strategy returns and hands it to {@link #setCommitMetadata}; that is where our entries join its
 * extra metadata, so they land on the timeline with the commit itself.
 */
public final class LayoutWriteMetadata<O> extends HoodieWriteMetadata<O> {
  private final Map<String, String> layout;

  private LayoutWriteMetadata(Map<String, String> layout) {
    this.layout = layout;
  }

  public static <O> HoodieWriteMetadata<O> wrap(HoodieWriteMetadata<O> result, Map<String, String> layout) {
    if (layout.isEmpty()) {
      return result;
    }
    LayoutWriteMetadata<O> out = new LayoutWriteMetadata<>(layout);
    out.setWriteStatuses(result.getWriteStatuses());
    out.setPartitionToReplaceFileIds(result.getPartitionToReplaceFileIds());
    out.setCommitted(result.isCommitted());
    result.getWriteStats().ifPresent(out::setWriteStats);
    result.getIndexLookupDuration().ifPresent(out::setIndexLookupDuration);
    result.getIndexUpdateDuration().ifPresent(out::setIndexUpdateDuration);
    result.getFinalizeDuration().ifPresent(out::setFinalizeDuration);
    result.getSourceReadAndIndexDurationMs().ifPresent(out::setSourceReadAndIndexDurationMs);
    out.setCommitMetadata(result.getCommitMetadata());
    return out;
  }

  @Override
  public void setCommitMetadata(Option<HoodieCommitMetadata> commitMetadata) {
    if (commitMetadata != null && commitMetadata.isPresent()) {
      HoodieCommitMetadata m = commitMetadata.get();
      layout.forEach(m::addMetadata);
    }
    super.setCommitMetadata(commitMetadata);
  }
}

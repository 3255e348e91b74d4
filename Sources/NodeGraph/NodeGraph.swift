/// NodeGraph: typed node graphs with cycle-safe linking and exactly-once incremental evaluation.
public enum NodeGraphModule {}

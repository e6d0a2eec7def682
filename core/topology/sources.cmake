# Sources of core/topology.

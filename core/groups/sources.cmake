# Sources of core/groups.

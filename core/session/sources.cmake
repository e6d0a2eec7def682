# Sources of core/session.

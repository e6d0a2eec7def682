# Sources of core/report.

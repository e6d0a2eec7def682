# Sources of widgets/reports.

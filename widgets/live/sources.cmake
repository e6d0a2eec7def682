# Sources of widgets/live.

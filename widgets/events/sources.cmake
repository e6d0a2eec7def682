# Sources of widgets/events.

# Sources of widgets/setup.

"""The rule book as small pure functions, one per rule, each citing its rule ID."""

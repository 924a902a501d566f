// Placeholder until this module gains its first public type.

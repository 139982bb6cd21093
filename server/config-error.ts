/** A setting the server cannot start with; its message is one sentence saying what to change. */
export class ConfigError extends Error {}

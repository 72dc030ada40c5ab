/** The error of an invalid setting. */

/** Thrown when a setting is invalid; the message names the setting and its source and is fit to print as is. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

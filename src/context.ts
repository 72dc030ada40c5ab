/**
 * The composition root: builds every service once from the config and holds the current snapshot.
 */
import type { Config } from './config/config.js';
import type { AppContext } from './http/context.js';
import type { Snapshot } from './snapshot/snapshot.js';

/** The process-wide context: what the HTTP app reads, plus the means to swap the snapshot. */
export interface ServerContext extends AppContext {
  /** Replaces the current snapshot atomically; requests in flight keep the one they read. */
  swapSnapshot(next: Snapshot): void;
}

/** Creates the context around a first snapshot. */
export function createContext(config: Config, first: Snapshot): ServerContext {
  let current = first;
  return {
    config,
    snapshot: () => current,
    swapSnapshot(next) {
      current = next;
    },
  };
}

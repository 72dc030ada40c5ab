/** What the answers (and the HTTP layer that serves them) need from the composition root. Framework-free, so tests can build one. */
import type { Snapshot } from '../snapshot/snapshot.js';
import type { Config } from '../config/config.js';
import type { AuthServices } from '../auth/authenticate.js';
import type { ReadinessProbe } from '../readiness.js';
import type { SignInService } from '../signin/service.js';
import type { AgentServices } from '../oauth/context.js';
import type { LiveReload } from './live-reload.js';
import type { BuildIndex } from '../built/build-index.js';

/** Services the routes use; built once per process by `src/context.ts`. */
export interface AppContext {
  config: Config;
  /** The current snapshot; read once per request so a swap never mixes two snapshots. */
  snapshot(): Snapshot;
  auth: AuthServices;
  /** Whether the server should get traffic (the readiness probe, `GET /api/v1/health/ready`). */
  readiness: ReadinessProbe;
  /**
   * Told of each full-text search (HTTP `q`, MCP `search`) with how many results it found in all
   * (analytics: searches that found nothing). Absent when nothing listens.
   */
  searched?: (query: string, found: number) => void;
  /**
   * People sign-in through the identity provider (signin/service.ts): the `/_sitegate/login`,
   * `callback` and `logout` routes. Undefined when `auth.oidc` is not set (they answer 404).
   */
  signin?: SignInService;
  /**
   * The authorization server for agents acting for a person (issue 30): clients, codes, grants.
   * Undefined where a test context builds none (the authorization code and refresh grants then
   * answer `unsupported_grant_type`, the authorize endpoint 404).
   */
  agents?: AgentServices;
  /**
   * The live-reload streams of `serve --watch` (answers/live-reload.ts, issue 32): their route is in
   * the table only when this is set, and the app ends them before it closes.
   */
  liveReload?: LiveReload;
  /**
   * The generator's build folder of `serve --html` (issue 33, src/built/), indexed and scanned for
   * leaks at start: the page route answers people from it. Undefined: sitegate's own HTML.
   */
  built?: BuildIndex;
}

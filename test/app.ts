/**
 * The app `serve` builds, plus `inject` for tests: requests go through the very listener the server
 * installs, without a socket (light-my-request, a dev dependency, so the installed package never
 * loads it).
 */
import { inject, type InjectOptions, type Response } from 'light-my-request';
import type { AppContext } from '../src/answers/context.js';
import { buildApp, type App, type AppOptions } from '../src/http/app.js';

/** A built app (src/http/app.ts) that tests can send requests to. */
export interface InjectableApp extends App {
  /** Sends a request through {@link App.listener} without a socket (light-my-request `inject`). */
  inject(options: InjectOptions | string): Promise<Response>;
}

/**
 * Builds the production app (src/http/app.ts `buildApp`) and adds {@link InjectableApp.inject}.
 * @throws {Error} when the route table is incomplete, as `buildApp` does
 */
export function buildInjectableApp(ctx: AppContext, options: AppOptions = {}): InjectableApp {
  const app = buildApp(ctx, options);
  return { ...app, inject: (injectOptions) => inject(app.listener, injectOptions) };
}

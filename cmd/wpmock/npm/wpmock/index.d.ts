/// <reference types="node" />
import type { ChildProcess } from 'node:child_process';

/**
 * How to start the mock. Every option but `args`, `env`, `cwd`, `binary`, `timeout` and
 * `log` is a wpmock flag, named in camelCase: `wpVersion: '6.8'` is `-wp-version=6.8`,
 * an array repeats its flag (`wpmock -h` lists them all; docs/mock.md explains them).
 */
export interface StartOptions {
  /** Listen address (-addr); default `127.0.0.1:0`, a free port the system picks. */
  addr?: string;
  /** Seed of the generated site (-seed); the same seed gives the same site. Default 1. */
  seed?: number;
  /** The WordPress version to answer as (-wp-version): `6.1`, `6.8` or `7.1`. */
  wpVersion?: string;
  /** Start from this dataset file instead of a generated site (-data). */
  data?: string;
  /** With `data`: write changes made through the API back to the file (-persist). */
  persist?: boolean;
  /** Size of the generated site (-posts, -comments, -users, -terms, -media, -pages). */
  posts?: number;
  comments?: number;
  users?: number;
  terms?: number;
  media?: number;
  pages?: number;
  /** `open` makes every request act as admin (-auth); default `app-password`. */
  auth?: 'app-password' | 'open';
  /** The admin's application password (-admin-app-password); default derived from the seed. */
  adminAppPassword?: string;
  /** Site URL used in links (-url); default from each request's Host. */
  url?: string;
  /** Delay every answer (-latency): `200ms`, or a range `50ms-400ms`. */
  latency?: string;
  /** Share of REST answers, 0 to 1, replaced by a 500 or 503 (-fault-rate). */
  faultRate?: number;
  /** No request log (-quiet); default true here (false: see `log`). */
  quiet?: boolean;
  /** Limits (-max-body, -max-conns, -max-header-bytes, and the timeouts as durations: `30s`). */
  maxBody?: number;
  maxConns?: number;
  maxHeaderBytes?: number;
  readHeaderTimeout?: string;
  bodyTimeout?: string;
  readTimeout?: string;
  writeTimeout?: string;
  idleTimeout?: string;

  /** More arguments, passed as they are after the flags above. */
  args?: string[];
  /** Environment of the mock, on top of this process's (the WPMOCK_* variables apply). */
  env?: Record<string, string>;
  /** Working directory of the mock (a relative `data` is read from it). */
  cwd?: string;
  /** The binary to run; default $WPMOCK_BINARY, else the one of this platform's package. */
  binary?: string;
  /** Milliseconds to wait for the mock to be ready; default 30000. */
  timeout?: number;
  /**
   * The mock's output once started (the request log with `quiet: false`): true writes it
   * to this process's stderr, a function gets each line; default: dropped.
   */
  log?: boolean | ((line: string) => void);
}

/** A user whose application password the mock knows. */
export interface MockUser {
  login: string;
  /** administrator, editor, author, contributor or subscriber. */
  role: string;
  /** Application password, for HTTP Basic: `login:password`. */
  password: string;
}

/** A running mock. */
export interface Mock {
  /** The site, such as `http://127.0.0.1:40123`. */
  url: string;
  /** The REST root, such as `http://127.0.0.1:40123/wp-json/`, ending in a slash. */
  restUrl: string;
  /** The WordPress version the mock answers as, such as `6.1`. */
  wpVersion: string;
  /** `app-password`, or `open` when every request acts as admin. */
  auth: 'app-password' | 'open';
  /** The administrator's login (`admin` on a generated site). */
  user: string;
  /** The administrator's application password. */
  password: string;
  /** `Basic ...` for the Authorization header, from `user` and `password`. */
  authorization: string;
  /** Every user with a known application password, admin first. */
  users: MockUser[];
  /** The mock's process id. */
  pid: number;
  /** The mock's process. */
  process: ChildProcess;
  /**
   * Ends the mock (SIGTERM: a graceful shutdown; killed if it has not ended in 10 s; on
   * Windows, which has no SIGTERM, ended at once) and resolves once it has exited.
   * Calling it again returns the same promise.
   */
  stop(): Promise<void>;
}

/**
 * Starts a mock and resolves once it is listening, with its URL and the admin's
 * credentials; rejects with the mock's output if it exits or is not ready in time.
 * A mock still running when Node exits is stopped.
 */
export function start(options?: StartOptions): Promise<Mock>;

/** The binary `start()` and the `wpmock` command run on this machine. */
export function binaryPath(): string;

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
  /** Named sites (`site(name)`) alive at once (-max-sites); default 64, 0: no limit. */
  maxSites?: number;
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

/** A snapshot of a site's content, as the mock describes it. */
export interface Snapshot {
  name: string;
  /** When it was saved (RFC 3339, UTC). */
  saved: string;
  /** The size of the saved dataset in bytes. */
  bytes: number;
}

/**
 * What `reset()` answers: `reset: true` and the counts of the start-up dataset
 * (`posts`, `media`, `revisions`, `users`, `categories`, `tags`, `meta`).
 */
export interface ResetResult {
  reset: true;
  [count: string]: number | boolean;
}

/**
 * The mock's own routes of one site (`wpmock/v1`), called as the admin. A refusal
 * rejects with an `Error` whose `status` is the HTTP status and `code` WordPress's
 * error code (`wpmock_snapshot_not_found`, `rest_forbidden`, ...).
 */
export interface SiteControls {
  /** Puts the site back to the start-up dataset (`POST wpmock/v1/reset`); its snapshots stay. */
  reset(): Promise<ResetResult>;
  /** Saves the site's current content under a name, replacing a snapshot of that name. */
  snapshot(name: string): Promise<Snapshot>;
  /** Puts back the content saved under a name, exactly as it was. */
  restore(name: string): Promise<Snapshot & { restored: true }>;
  /** The site's snapshots, by name. */
  snapshots(): Promise<Snapshot[]>;
  /** Forgets a snapshot. */
  deleteSnapshot(name: string): Promise<void>;
}

/**
 * A named site of a mock, served under `/sites/<name>/` by the same process: its own
 * content, reset and snapshots, made by the mock from the same dataset on its first
 * request, with the same users and application passwords.
 */
export interface Site extends SiteControls {
  name: string;
  /** The site, such as `http://127.0.0.1:40123/sites/w1`. */
  url: string;
  /** Its REST root, such as `http://127.0.0.1:40123/sites/w1/wp-json/`. */
  restUrl: string;
  /** The admin's `Basic ...` header, the same in every site. */
  authorization: string;
  /** Ends the site (`DELETE wpmock/v1/sites/<name>`); its next request makes it again, from the start. */
  remove(): Promise<void>;
}

/** A named site alive in the mock, as `sites()` lists it. */
export interface SiteInfo {
  name: string;
  url: string;
  rest: string;
}

/** A mock's default site and its named sites: what `start()` and `connect()` give. */
export interface Connection extends SiteControls {
  /** The site, such as `http://127.0.0.1:40123`. */
  url: string;
  /** The REST root, such as `http://127.0.0.1:40123/wp-json/`, ending in a slash. */
  restUrl: string;
  /** `Basic ...` for the Authorization header: the administrator's credentials. */
  authorization: string;
  /**
   * The named site `name` (1 to 64 letters, digits, `-` and `_`; a TypeError otherwise),
   * such as one per test worker. No request is made: the mock makes the site on the
   * first request to its URL.
   */
  site(name: string): Site;
  /** The named sites alive, by name. */
  sites(): Promise<SiteInfo[]>;
}

/** A running mock. */
export interface Mock extends Connection {
  /** The WordPress version the mock answers as, such as `6.1`. */
  wpVersion: string;
  /** The mock's dashboard page with the token that signs a browser in, such as
   * `http://127.0.0.1:40123/wpmock/?token=...` (docs/mock.md, "The dashboard"). */
  dashboardUrl: string;
  /** `app-password`, or `open` when every request acts as admin. */
  auth: 'app-password' | 'open';
  /** The administrator's login (`admin` on a generated site). */
  user: string;
  /** The administrator's application password. */
  password: string;
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

/**
 * A handle on a mock started elsewhere, such as by a test runner's global set-up in
 * another process: its control routes (`reset`, `snapshot`, `restore`) and its named
 * sites (`site(name)`), called as the administrator whose `Basic ...` header is given.
 * `url` is where the mock listens; `restUrl` its REST root as links show it (default
 * `url` + `/wp-json/`).
 */
export function connect(options: { url: string; restUrl?: string; authorization?: string }): Connection;

/** The binary `start()` and the `wpmock` command run on this machine. */
export function binaryPath(): string;

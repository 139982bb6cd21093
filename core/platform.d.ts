/**
 * The web platform that browsers, workers, Deno and Node (20 and later) all provide, as far as
 * core uses it: only `core/tsconfig.json` includes this file, in place of the DOM or Node types,
 * so core's code type-checks against what every runtime it runs in has and nothing more. A member
 * core starts to use is added here, with its standard signature.
 */

declare function setTimeout(callback: () => void, delay?: number): unknown;
declare function clearTimeout(timer: unknown): void;

declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
  readonly origin: string;
  readonly username: string;
  readonly password: string;
}

declare class URLSearchParams {
  constructor(init?: string[][] | Record<string, string> | string);
  toString(): string;
}

declare class AbortSignal {
  readonly aborted: boolean;
}

declare class AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

/** Only passed along: core reads no stream itself. */
interface ReadableStream<R = unknown> {
  readonly locked: boolean;
  getReader(): { read(): Promise<{ done: boolean; value?: R }> };
}

interface Headers {
  get(name: string): string | null;
  set(name: string, value: string): void;
  /** Each `Set-Cookie` line of an answer, apart (a browser never shows them). */
  getSetCookie(): string[];
}

declare var Headers: {
  prototype: Headers;
  new (init?: Headers | Record<string, string> | [string, string][]): Headers;
};

interface RequestInit {
  method?: string;
  headers?: Headers | Record<string, string> | [string, string][];
  body?: string;
  credentials?: 'include' | 'omit' | 'same-origin';
  signal?: AbortSignal;
}

interface Response {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: Headers;
  readonly body: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
}

declare function fetch(input: string, init?: RequestInit): Promise<Response>;

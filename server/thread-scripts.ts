/**
 * The scripts of the server's threads, each built beside `dist/server/main.js` under its name
 * (by tsup.config.ts, and for the test servers by `test-support/server-process.ts`), where
 * main.ts starts them ({@link threadScriptUrl}).
 */
export const SERVER_THREAD_SCRIPTS = {
  // React Email's renderer (email/email-render-thread.ts).
  'email-render-thread': 'server/email/render-thread.ts',
  // Email's SMTP sending (threadedSmtpTransport in email/transport.ts).
  'email-send-thread': 'server/email/send-thread.ts',
  // The embedded database's long reads (db/sqlite-read-thread.ts).
  'sqlite-read-thread': 'server/db/read-thread.ts',
  // Checkpoints of its write-ahead log (db/sqlite-checkpoint-thread.ts).
  'sqlite-checkpoint-thread': 'server/db/checkpoint-thread.ts',
} as const;

export type ServerThread = keyof typeof SERVER_THREAD_SCRIPTS;

/** Where a thread's built script lies, beside the module at `base` (main.ts's `import.meta.url`). */
export const threadScriptUrl = (thread: ServerThread, base: string | URL): URL => new URL(`./${thread}.js`, base);

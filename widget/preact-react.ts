/**
 * The React APIs the widget's components use, on Preact's core and hooks: the widget's build
 * aliases `react` here (see tsup.config.ts), so components are written and type-checked as
 * React components.
 *
 * Not preact/compat: its React emulation (event renaming, Suspense, class component patches)
 * costs 2.1 kB gzipped, which the 20 kB budget cannot carry with the widget's features; none
 * of it is needed by this code, which keeps to what Preact and React both do the same way
 * (`className`, `htmlFor`, `onInput` for typing, `onChange` for selects and radios). Pointing
 * the alias back at `preact/compat` works unchanged.
 */
export { createContext, Fragment } from 'preact';
export { useContext, useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';

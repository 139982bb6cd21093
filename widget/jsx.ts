/**
 * Injected into the widget's build: the classic JSX factory (`h(type, props, ...children)`)
 * writes smaller code than the automatic runtime's `jsx(type, { children: [...] })`. Type
 * checking still uses the React JSX types (tsconfig's `react-jsx`).
 */
export { Fragment, h } from 'preact';

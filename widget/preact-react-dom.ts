import { render, type ComponentChild } from 'preact';

/** `react-dom/client`'s `createRoot` on Preact's `render` (see preact-react.ts). */
export function createRoot(container: Element) {
  return {
    render: (children: ComponentChild) => render(children, container),
    unmount: () => render(null, container),
  };
}

import 'react';

/**
 * `<kindly-rsvp>` in React's JSX (the dashboard's preview, the React example site): a custom
 * element that `{api}/widget.js` defines.
 */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'kindly-rsvp': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        /** The occasion's id. */
        occasion: string;
        /** The API's URL; the origin `widget.js` came from unless given. */
        api?: string | undefined;
        /** The widget's language (`en`, `en-GB`…); the page's `<html lang>` unless given. */
        lang?: string | undefined;
      };
    }
  }
}

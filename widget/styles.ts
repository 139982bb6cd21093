/**
 * The widget's stylesheet, adopted by each shadow root, in two parts (`firstCss`, `laterCss`).
 *
 * Isolation: the page's selectors never match inside the shadow root, but inherited properties
 * flow in through the host element, and a page's rules on `kindly-rsvp` itself beat `:host`.
 * So `.k`, the one element under the root, resets everything with `all: initial` and declares
 * every inherited property again; only the font family is inherited on purpose (the page's
 * font, unless `--kindly-font` says otherwise). Every control sets its own font, colours,
 * border and spacing, so browser defaults do not vary with the page either.
 *
 * Theming: `--kindly-accent`, `--kindly-accent-text`, `--kindly-font`, `--kindly-font-size`,
 * `--kindly-radius`, `--kindly-text`, `--kindly-muted`, `--kindly-background`,
 * `--kindly-surface`, `--kindly-border`, `--kindly-error`, `--kindly-success`; and
 * `::part(card | heading | button | secondary | link | input | label | hint | error | notice)`.
 */
/**
 * The rules of the sign-in form `widget.js` paints (in the whole stylesheet's order): the
 * first sheet, parsed before the first paint. The rest (`laterCss`) is parsed when the app
 * mounts and adopted after it; none of its rules sets a property on an element of the sign-in
 * form that a rule here with the same specificity sets too, so splitting the one stylesheet
 * into these two changes no computed style (widget.e2e.test.ts compares the painted form
 * with the app's).
 */
export const firstCss = /* css */ `
:host{all:initial;display:block;font-family:inherit}
.k{all:initial;display:block;
--a:var(--kindly-accent,#6d3b8f);--at:var(--kindly-accent-text,#fff);--t:var(--kindly-text,#1f2328);
--m:var(--kindly-muted,#57606a);--bg:var(--kindly-background,#fff);--b:var(--kindly-border,#d0d7de);
--e:var(--kindly-error,#b3261e);--ok:var(--kindly-success,#1a7f37);
--r:var(--kindly-radius,8px);
font-family:var(--kindly-font,inherit);font-size:var(--kindly-font-size,16px);line-height:1.5;
color:var(--t);background:var(--bg);overflow-wrap:anywhere;color-scheme:light;accent-color:var(--a);text-size-adjust:100%}
*{box-sizing:border-box}
h2,h3,h4,p,ul,dl,dd,fieldset,legend,form{margin:0;padding:0;border:0;min-width:0}
h2,h3,h4{font-weight:700;line-height:1.25}
h2{font-size:1.5em}
.stack,.card,fieldset,.field{display:flex;flex-direction:column;gap:1em}
.row{display:flex;flex-wrap:wrap;align-items:center;gap:.5em 1em}
.card,.block{padding:1.25em;border:1px solid var(--b);border-radius:var(--r)}
.muted,.hint{color:var(--m)}
.hint{font-size:.875em}
.field{gap:.3em}
label,legend,dt{font-weight:600}
input,select,textarea,button{font:inherit;margin:0;color:inherit;letter-spacing:inherit;text-transform:none}
input:not([type=radio]),select,textarea{display:block;width:100%;min-height:2.75em;padding:.5em .75em;color:var(--t);
background:#fff;border:1px solid var(--kindly-field-border,#6e7781);border-radius:var(--r);line-height:1.4}
button{min-height:2.75em;padding:.55em 1.25em;font-weight:600;line-height:1.2;cursor:pointer;
color:var(--at);background:var(--a);border:2px solid var(--a);border-radius:var(--r)}
.link{min-height:0;padding:.2em 0;font-weight:400;color:var(--a);background:0 0;border:0;text-decoration:underline}
:focus{outline:0}
:focus-visible{outline:3px solid var(--a);outline-offset:2px}
@media (max-width:30em){.card{padding:1em}}
`;

/** The rest of the stylesheet, after `firstCss` (a second sheet): every screen after sign-in. */
export const laterCss = /* css */ `
h3{font-size:1.2em}
ul{list-style:none}
a{color:var(--a)}
.between{justify-content:space-between}
.grid{display:grid;gap:1em;grid-template-columns:repeat(auto-fit,minmax(min(100%,13em),1fr))}
.wide{grid-column:1/-1}
.block{padding:1em}
.pad{padding:0 1.25em}
.fold{display:block}
summary{font-weight:700;font-size:1.2em;line-height:1.25;cursor:pointer;min-height:1.5em}
.fold[open]>summary{margin-bottom:1em}
.sep{padding-top:.75em;border-top:1px solid var(--b)}
.text{white-space:pre-line}
fieldset{gap:.5em}
legend{float:left;width:100%;padding-bottom:.25em}
.sub{display:block;font-weight:400}
textarea{min-height:5em;resize:vertical}
:is(input,select,textarea)[aria-invalid=true]{border:2px solid var(--e)}
[type=radio]{width:1.25em;height:1.25em;margin:0}
.choice{display:flex;align-items:center;gap:.5em;font-weight:400;min-height:2.75em;cursor:pointer}
.choices{display:flex;flex-wrap:wrap;gap:0 1.5em}
.secondary{color:var(--a);background:0 0}
[aria-disabled=true]{opacity:.65;cursor:default}
.error{color:var(--e);font-size:.9em}
.alert{padding:.75em 1em;border:1px solid;border-left-width:.35em;border-radius:var(--r)}
.bad{color:var(--e)}
.good{color:var(--ok)}
.info{border-color:var(--a)}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25em 1em}
@media (max-width:30em){.pad{padding:0 1em}dl{grid-template-columns:1fr}}
`;

/** The two sheets, made once per page and shared by every widget on it. */
const sheets: CSSStyleSheet[] = [];

/**
 * Gives a shadow root the widget's styles: constructed stylesheets shared by every widget on
 * the page where the browser has them, a `<style>` element otherwise. `firstOnly`: only the
 * sign-in form's rules (`widget.js`'s first paint), the rest left unparsed.
 *
 * @returns Removes the styles again.
 */
export function adoptStyles(root: ShadowRoot, firstOnly?: boolean): () => void {
  const texts = firstOnly ? [firstCss] : [firstCss, laterCss];
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const adopted = texts.map((text, index) => {
      if (!sheets[index]) (sheets[index] = new CSSStyleSheet()).replaceSync(text);
      return sheets[index];
    });
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...adopted];
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((entry) => !adopted.includes(entry));
    };
  }
  const style = document.createElement('style');
  style.textContent = texts.join('');
  root.prepend(style);
  return () => style.remove();
}

import { useEffect, useState } from 'react';

export interface WidgetPreviewProps {
  occasionId: string;
  /** The API's origin; the dashboard's own (which serves `/widget.js`) unless given. */
  apiOrigin?: string;
}

/**
 * The live RSVP widget of the occasion, as guests see it on the host's website: the real
 * `/widget.js` (loaded once for the page) and `<kindly-rsvp occasion="…">`. A host can sign in
 * here with a household's invite code to see that household's view. The dashboard's styles do
 * not reach it (it renders in a shadow root), so what shows is what guests get.
 *
 * Mount it in the occasion overview beside the embed snippet (the `.embed__preview` cell).
 */
export function WidgetPreview({ occasionId, apiOrigin = '' }: WidgetPreviewProps) {
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (customElements.get('kindly-rsvp')) return;
    const src = `${apiOrigin}/widget.js`;
    let script = document.querySelector<HTMLScriptElement>('script[data-kindly-widget]');
    if (!script) {
      script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.kindlyWidget = '';
      document.head.append(script);
    }
    const fail = () => setFailed(true);
    script.addEventListener('error', fail);
    return () => script.removeEventListener('error', fail);
  }, [apiOrigin]);

  return (
    <section className="widget-preview" aria-labelledby="widget-preview-title">
      <h3 id="widget-preview-title">Live preview</h3>
      <p className="small muted">This is the RSVP form your guests see. Try it with an invite code from your household list.</p>
      {failed ? (
        <p className="small" role="alert">
          The preview could not load the widget. Reload the page to try again.
        </p>
      ) : (
        <kindly-rsvp occasion={occasionId} api={apiOrigin || undefined} />
      )}
    </section>
  );
}

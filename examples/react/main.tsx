import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

// `<kindly-rsvp>` is typed for JSX in widget/kindly-rsvp-element.d.ts; a site of its own would
// declare it the same way.

const config = (document.getElementById('kindly-config')?.dataset ?? {}) as { occasion?: string };

/** A small single-page site: the RSVP page mounts the widget after load, and unmounts it. */
function App() {
  const [page, setPage] = useState<'home' | 'rsvp'>(location.hash === '#rsvp' ? 'rsvp' : 'home');
  const go = (next: 'home' | 'rsvp') => {
    history.replaceState(null, '', next === 'rsvp' ? '#rsvp' : '#');
    setPage(next);
  };
  return (
    <div className="site">
      <header>
        <strong>Jordan &amp; Lee</strong>
        <nav>
          <button type="button" onClick={() => go('home')} aria-current={page === 'home' ? 'page' : undefined}>
            Our story
          </button>
          <button type="button" onClick={() => go('rsvp')} aria-current={page === 'rsvp' ? 'page' : undefined}>
            RSVP
          </button>
        </nav>
      </header>
      <main>
        {page === 'home' ? (
          <section>
            <h1>We met at a bus stop in the rain.</h1>
            <p>Twelve years, two cats and one very long engagement later, we would love you to celebrate with us.</p>
            <button type="button" onClick={() => go('rsvp')}>
              RSVP now
            </button>
          </section>
        ) : (
          <section>
            <h1>RSVP</h1>
            <kindly-rsvp occasion={config.occasion ?? ''} />
          </section>
        )}
      </main>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import './styles.css';

/**
 * Starts the app from module graphs evaluated each in a task of its own: React DOM's (the
 * largest code of the first screen, asked for by the entry at once too) and the app's. As one
 * graph they were one task of ~120 ms at 4× CPU, the longest of the guest list's load.
 */
async function boot(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  const [{ createRoot }, { StrictMode }, { Router }, { App }] = await Promise.all([import('react-dom/client'), import('react'), import('wouter'), import('./app')]);
  createRoot(root).render(
    <StrictMode>
      <Router>
        <App />
      </Router>
    </StrictMode>,
  );
}

void boot();

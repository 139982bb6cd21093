import { warmIntlOffThread } from './intl/warm-intl';
import { preloadScreen } from './preload';

// The entry is tiny: it starts every download the screen needs, and the app (./boot) with them.
preloadScreen(window.location.pathname);
warmIntlOffThread();

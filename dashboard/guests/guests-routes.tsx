import { Route, Switch } from 'wouter';
import { chunk } from '../chunks/chunk';
import { lazyChunk } from '../chunks/lazy-chunk';
import { NoMatch } from '../components/error-screen';
import GuestsPage from './guests-page';

const InvitationGridPage = lazyChunk(chunk(() => import('./invitation-grid')), (module) => module.default);
const AttributeCategoriesPage = lazyChunk(chunk(() => import('./attribute-categories-page')), (module) => module.default);
const ImportPage = lazyChunk(chunk(() => import('../csv/import-page')), (module) => module.default);

/** `.../guests/*`: the list, the invitation grid, attributes and the CSV import. */
export default function GuestsRoutes() {
  return (
    <Switch>
      <Route path="/" component={GuestsPage} />
      <Route path="/grid" component={InvitationGridPage} />
      <Route path="/attributes" component={AttributeCategoriesPage} />
      <Route path="/import" component={ImportPage} />
      <Route component={NoMatch} />
    </Switch>
  );
}

import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { NoMatch } from '../components/error-screen';
import GuestsPage from './guests-page';

const InvitationGridPage = lazy(() => import('./invitation-grid'));
const AttributeCategoriesPage = lazy(() => import('./attribute-categories-page'));
const ImportPage = lazy(() => import('../csv/import-page'));

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

import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { NoMatch } from '../components/error-screen';
import HouseholdsPage from './households-page';

const PrintCodesPage = lazy(() => import('./print-codes-page'));

/** `.../households/*`: the list, and the printable invite codes. */
export default function HouseholdsRoutes() {
  return (
    <Switch>
      <Route path="/" component={HouseholdsPage} />
      <Route path="/print" component={PrintCodesPage} />
      <Route component={NoMatch} />
    </Switch>
  );
}
